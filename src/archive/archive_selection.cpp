// User SQL: the one way commands select games (an expression over the facts view, or a
// whole read-only SELECT). On SQLite it is prepared under the read-only authorizer; on
// PostgreSQL it runs in a read-only transaction with a statement timeout.
#include <cctype>
#include <cstdlib>

#include "archive_impl.h"
#include "dialect.h"
#include "facts_view.h"
#include "sqlite_backend.h"

namespace gibo::archive {

namespace {

// The names of the functions PostgreSQL's plan of a query calls: each name (the last part
// of a qualified one, unquoted) written just before a '(' outside a string literal.
std::vector<std::string> called_functions(std::string_view plan) {
  std::vector<std::string> out;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
  std::size_t i = 0;
  std::string last;  // the name just read
  while (i < plan.size()) {
    const char c = plan[i];
    if (c == '\'') {
      const std::size_t end = plan.find('\'', i + 1);
      i = end == std::string_view::npos ? plan.size() : end + 1;
      last.clear();
    } else if (c == '"') {
      const std::size_t end = plan.find('"', i + 1);
      last = std::string(plan.substr(i + 1, (end == std::string_view::npos ? plan.size() : end) - i - 1));
      i = end == std::string_view::npos ? plan.size() : end + 1;
    } else if (word(c)) {
      const std::size_t from = i;
      while (i < plan.size() && word(plan[i])) ++i;
      last = std::string(plan.substr(from, i - from));
    } else {
      if (c == '(' && !last.empty()) out.push_back(last);
      if (c != '.') last.clear();
      ++i;
    }
  }
  return out;
}

// On PostgreSQL, a selection may call only functions that cannot change anything: those
// its catalogue says are immutable or stable. A volatile one (set_config, nextval,
// pg_advisory_lock, pg_sleep, random, ...) is refused before the selection runs, by
// its name in the plan (EXPLAIN VERBOSE). Writes themselves are refused by the
// read-only transaction the selection runs in.
std::optional<Error> refuse_volatile_calls(sql::Connection& db, const std::string& query) {
  sql::Statement explain = db.prepare("EXPLAIN (VERBOSE) " + query);
  if (!explain.prepared()) return Error{db.current_error()};
  std::string plan;
  int rc;
  while ((rc = explain.step()) == sql::kRow) plan.append(explain.text(0)).append("\n");
  if (rc != sql::kDone) return Error{db.current_error()};
  std::string names = "{";
  for (const std::string& n : called_functions(plan)) {
    if (names.size() > 1) names += ",";
    names += "\"";
    for (char c : n) {
      if (c == '"' || c == '\\') names += '\\';
      names += c;
    }
    names += "\"";
  }
  names += "}";
  sql::Statement volatile_ones = db.prepare(
      "SELECT DISTINCT proname FROM pg_catalog.pg_proc WHERE proname = ANY (?1::text[]) AND provolatile = 'v' "
      "ORDER BY proname");
  if (!volatile_ones.prepared()) return Error{db.current_error()};
  volatile_ones.bind_text(1, names);
  std::string found;
  while ((rc = volatile_ones.step()) == sql::kRow) found += (found.empty() ? "" : ", ") + std::string(volatile_ones.text(0));
  if (rc != sql::kDone) return Error{db.current_error()};
  if (!found.empty())
    return Error{"the selection calls " + found +
                 ", which may change the database or the session: a selection may call only functions that read "
                 "(immutable or stable ones)"};
  return std::nullopt;
}

// How long a selection may run: GIBO_WHERE_SECONDS (1 to 86400) when set, else 60 s; the
// same on both backends (README, "Limits").
int selection_seconds() {
  if (const char* text = std::getenv("GIBO_WHERE_SECONDS")) {
    char* end = nullptr;
    const long n = std::strtol(text, &end, 10);
    if (end != text && *end == '\0' && n >= 1 && n <= 86400) return static_cast<int>(n);
  }
  return 60;
}

}  // namespace

Expected<sql::Statement> Archive::Impl::prepare_selection(const std::string& sql) {
  std::string_view tail;
  sql::Statement s;
  if (db.postgres()) {
    s = db.prepare(sql, &tail);
  } else {
    facts::ReadOnlyGuard guard(db);
    s = db.prepare(sql, &tail);
  }
  if (!s.prepared()) return Error{db.current_error()};
  for (char c : tail)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ';')
      return Error{"the selection must be a single statement"};
  if (!db.postgres() && !sqlite3_stmt_readonly(sql::sqlite_statement(s)))
    return Error{"the selection must not change the database"};
  if (s.column_count() < 1) return Error{"the selection must return game ids in its first column"};
  if (db.postgres())
    if (auto e = refuse_volatile_calls(db, sql)) return *e;
  return s;
}

// The first column of every row of a prepared selection.
Expected<std::vector<std::int64_t>> Archive::Impl::ids_of(sql::Statement& s) {
  std::vector<std::int64_t> ids;
  int rc;
  while ((rc = s.step()) == sql::kRow) ids.push_back(s.int64(0));
  if (rc != sql::kDone) return Error{db.current_error()};
  return ids;
}

std::optional<Error> Archive::Impl::ensure_facts() {
  if (!facts_pending) return std::nullopt;
  // The facts of an archive not derived by these rules, into the connection's own
  // tables (a reader writes nothing of the archive's), once.
  const bool own = !in_transaction;
  std::optional<Error> e = own ? db.exec(sql::begin_read(db.backend())) : std::nullopt;
  if (!e) e = derived::fill_temp(db, schema_version);
  if (own) db.exec(e ? "ROLLBACK" : "COMMIT");
  if (e) return *e;
  facts_pending = false;
  return std::nullopt;
}

Expected<std::vector<std::int64_t>> Archive::select_games(const std::string& where) {
  // The expression sits alone on its lines, so a trailing "--" comment cannot swallow
  // the closing parenthesis.
  const std::string facts = sql::schema_prefix(impl_->db, true) + "facts";
  const std::string sql = where.empty() ? "SELECT id FROM " + facts + " ORDER BY id"
                                        : "SELECT id FROM " + facts + " WHERE (\n" + where + "\n) ORDER BY id";
  return select_query(sql);
}

Expected<std::vector<std::int64_t>> Archive::select_query(const std::string& query) {
  Impl& m = *impl_;
  if (auto e = m.ensure_facts()) return *e;
  if (auto e = m.ensure_openings()) return *e;
  if (!m.db.postgres()) {
    Expected<sql::Statement> s = m.prepare_selection(query);
    if (!s) return s.error();
    const sql::SelectionLimits limits(m.db, selection_seconds());
    Expected<std::vector<std::int64_t>> ids = m.ids_of(*s);
    if (!limits.stopped().empty()) return Error{limits.stopped()};
    return ids;
  }
  // A read-only transaction of its own (or a savepoint in the caller's), so that nothing
  // the selection calls can write, with a time limit.
  const bool own = !m.in_transaction;
  // The time limit: selection_seconds(), unless the connection sets its own (a URI's
  // options=-c%20statement_timeout%3D...).
  if (auto e = m.db.exec(own ? "BEGIN READ ONLY; SELECT set_config('statement_timeout', CASE WHEN "
                               "current_setting('statement_timeout') = '0' THEN '" +
                                   std::to_string(selection_seconds()) +
                                   "s' ELSE current_setting('statement_timeout') END, true)"
                             : std::string("SAVEPOINT gibo_selection")))
    return Error{"cannot start the selection: " + e->message};
  Expected<std::vector<std::int64_t>> ids = [&]() -> Expected<std::vector<std::int64_t>> {
    Expected<sql::Statement> s = m.prepare_selection(query);
    if (!s) return s.error();
    return m.ids_of(*s);
  }();
  m.db.exec(own ? "ROLLBACK" : "ROLLBACK TO SAVEPOINT gibo_selection; RELEASE SAVEPOINT gibo_selection");
  return ids;
}

}  // namespace gibo::archive
