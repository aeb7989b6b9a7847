// User SQL: the one way commands select games (an expression over the facts view, or a
// whole read-only SELECT), prepared and run as the backend keeps it from changing anything
// and within its limits (ConnectionImpl::prepare_selection, vet_selection, begin_selection:
// on SQLite the read-only authorizer and a progress handler; on PostgreSQL a read-only
// transaction with a statement timeout, calling only functions that read).
#include <cstdlib>

#include "archive_impl.h"
#include "dialect.h"

namespace gibo::archive {

namespace {

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
  sql::Statement s(db.impl()->prepare_selection(sql, &tail));
  if (!s.prepared()) return Error{db.current_error()};
  for (char c : tail)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ';')
      return Error{"the selection must be a single statement"};
  if (s.column_count() < 1) return Error{"the selection must return game ids in its first column"};
  if (auto e = db.impl()->vet_selection(*s.impl(), sql)) return *e;
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
  std::optional<Error> e = own ? db.exec(sql::begin_read(db)) : std::nullopt;
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
  // Inside the backend's limits (a time limit; nothing it calls may write), in a
  // transaction of its own where none is open.
  Expected<std::unique_ptr<sql::SelectionScope>> scope =
      m.db.impl()->begin_selection(!m.in_transaction, selection_seconds());
  if (!scope) return scope.error();
  Expected<std::vector<std::int64_t>> ids = [&]() -> Expected<std::vector<std::int64_t>> {
    Expected<sql::Statement> s = m.prepare_selection(query);
    if (!s) return s.error();
    return m.ids_of(*s);
  }();
  if (const std::string stopped = (*scope)->stopped(); !stopped.empty()) return Error{stopped};
  return ids;
}

}  // namespace gibo::archive
