// PostgreSQL's side of the backend capabilities (pg_dialect.h): its catalogue for the
// introspection, the comment on `meta` as the archive's stamp, a read-only transaction
// with a statement timeout and a check of the functions called for a user's selection.
#include "pg_dialect.h"

#include "gibo/archive/archive.h"
#include "gibo/archive/facts.h"
#include "pg_translate.h"

namespace gibo::archive::sql::pg {
namespace {

// The comment on a PostgreSQL archive's meta table (its application id).
constexpr const char* kStamp = "gibo archive";

// The first column of a query that takes one text `value` as :value, as text.
std::unique_ptr<StatementImpl> with_text(ConnectionImpl& db, const std::string& sql, std::string_view value) {
  auto s = db.prepare(sql, nullptr);
  if (s) s->bind_text_copy(s->parameter_index(":value"), value);
  return s;
}

}  // namespace

std::string schema_prefix(ConnectionImpl& db, bool temp) {
  if (temp) return "pg_temp.";
  auto s = db.prepare("SELECT quote_ident(current_schema())", nullptr);
  if (!s || s->step() != kRow || s->is_null(0)) return "";
  return std::string(s->text(0)) + ".";
}

bool table_exists(ConnectionImpl& db, const std::string& prefix, std::string_view name) {
  auto s = with_text(db, "SELECT to_regclass(:value) IS NOT NULL", prefix + std::string(name));
  return s && s->step() == kRow && s->int64(0) != 0;
}

std::vector<std::string> table_columns(ConnectionImpl& db, std::string_view name) {
  std::vector<std::string> out;
  auto s = with_text(db,
                     "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND "
                     "table_name = :value ORDER BY ordinal_position",
                     name);
  if (!s) return out;
  while (s->step() == kRow) out.emplace_back(s->text(0));
  return out;
}

std::optional<Error> sequence_past_ids(ConnectionImpl& db, std::string_view name, std::string_view id_column) {
  const std::string t(name), c(id_column);
  const std::string sequence = "pg_get_serial_sequence(" + sql_string(t) + ", " + sql_string(c) + ")";
  if (db.scalar("SELECT CASE WHEN " + sequence + " IS NULL THEN 0 ELSE 1 END", 0) == 0)
    return std::nullopt;  // not an identity column
  // (A largest id below 1, as position_games' block 0, leaves the sequence at its start.)
  return db.exec("SELECT setval(" + sequence + ", greatest(m, 1), m >= 1) FROM (SELECT max(" + c +
                 ") AS m FROM " + t + ") AS x WHERE m IS NOT NULL");
}

std::int64_t bytes_of_tables(ConnectionImpl& db, const std::string& prefix, const std::vector<std::string>& names) {
  // Each relation with its indexes and TOAST.
  std::string quoted;
  for (const std::string& n : names) quoted += (quoted.empty() ? "" : ", ") + sql_string(prefix + n);
  return db.scalar("SELECT coalesce(sum(pg_total_relation_size(to_regclass(x))), 0)::bigint FROM unnest(ARRAY[" +
                    quoted + "]::text[]) AS x",
                0);
}

// PostgreSQL keeps its own storage consistent and has no check of this kind: what can be
// asked of it is that it answers.
Expected<std::string> integrity_check(ConnectionImpl& db) {
  if (db.scalar("SELECT 1", 0) != 1) return Error{"cannot reach the server: " + db.current_error()};
  return std::string("ok");
}

Expected<Stamp> read_stamp(ConnectionImpl& db) {
  Stamp st;
  if (schema_prefix(db, false).empty())
    return Error{"the connection has no schema to keep the archive in (its search_path names none that exists)"};
  st.tables = db.scalar("SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()", -1);
  if (st.tables < 0) return Error{"cannot read the database: " + db.current_error()};
  auto s = db.prepare("SELECT obj_description(to_regclass(quote_ident(current_schema()) || '.meta'), 'pg_class')",
                      nullptr);
  if (!s || s->step() != kRow) return Error{"cannot read the database: " + db.current_error()};
  if (s->text(0) == kStamp) {
    st.app = kApplicationId;
    st.version = db.scalar("SELECT coalesce(max(version), 0) FROM schema_version", -1);
    if (st.version < 0) return Error{"cannot read the schema version: " + db.current_error()};
  }
  return st;
}

// The version is schema_version's largest: only the installation stamps.
std::vector<std::string> stamp_sql(bool install) {
  if (!install) return {};
  return {std::string("COMMENT ON TABLE meta IS ") + sql_string(kStamp)};
}

// A selection may call only functions that cannot change anything: those the catalogue
// says are immutable or stable. A volatile one (set_config, nextval, pg_advisory_lock,
// pg_sleep, random, ...) is refused before the selection runs, by its name in the plan
// (EXPLAIN VERBOSE). Writes themselves are refused by the read-only transaction the
// selection runs in.
std::optional<Error> vet_selection(ConnectionImpl& db, std::string_view query) {
  auto explain = db.prepare("EXPLAIN (VERBOSE) " + std::string(query), nullptr);
  if (!explain) return Error{db.current_error()};
  std::string plan;
  int rc;
  while ((rc = explain->step()) == kRow) plan.append(explain->text(0)).append("\n");
  if (rc != kDone) return Error{db.current_error()};
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
  auto volatile_ones = with_text(db,
                                 "SELECT DISTINCT proname FROM pg_catalog.pg_proc WHERE proname = ANY (:value::text[]) "
                                 "AND provolatile = 'v' ORDER BY proname",
                                 names);
  if (!volatile_ones) return Error{db.current_error()};
  std::string found;
  while ((rc = volatile_ones->step()) == kRow)
    found += (found.empty() ? "" : ", ") + std::string(volatile_ones->text(0));
  if (rc != kDone) return Error{db.current_error()};
  if (!found.empty())
    return Error{"the selection calls " + found +
                 ", which may change the database or the session: a selection may call only functions that read "
                 "(immutable or stable ones)"};
  return std::nullopt;
}

namespace {

// A read-only transaction of its own (or a savepoint in the caller's), so that nothing
// the selection calls can write; rolled back when the selection is done.
class ReadOnlyTransaction final : public SelectionScope {
 public:
  ReadOnlyTransaction(ConnectionImpl& db, bool own) : db_(db), own_(own) {}
  ~ReadOnlyTransaction() override {
    db_.exec(own_ ? "ROLLBACK" : "ROLLBACK TO SAVEPOINT gibo_selection; RELEASE SAVEPOINT gibo_selection");
  }
  ReadOnlyTransaction(const ReadOnlyTransaction&) = delete;
  ReadOnlyTransaction& operator=(const ReadOnlyTransaction&) = delete;
  // The server stops a selection with its own message (the statement timeout's).
  std::string stopped() const override { return ""; }

 private:
  ConnectionImpl& db_;
  bool own_;
};

}  // namespace

Expected<std::unique_ptr<SelectionScope>> begin_selection(ConnectionImpl& db, bool own, int seconds) {
  // The time limit: `seconds`, unless the connection sets its own (a URI's
  // options=-c%20statement_timeout%3D...).
  if (auto e = db.exec(own ? "BEGIN READ ONLY; SELECT set_config('statement_timeout', CASE WHEN "
                             "current_setting('statement_timeout') = '0' THEN '" +
                                 std::to_string(seconds) + "s' ELSE current_setting('statement_timeout') END, true)"
                           : std::string("SAVEPOINT gibo_selection")))
    return Error{"cannot start the selection: " + e->message};
  return std::unique_ptr<SelectionScope>(std::make_unique<ReadOnlyTransaction>(db, own));
}

}  // namespace gibo::archive::sql::pg
