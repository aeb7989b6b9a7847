// The differences between SQLite's and PostgreSQL's SQL that the archive's statements
// meet (dialect.h): each asked of the connection's backend.
#include "dialect.h"

#include <ctime>

namespace gibo::archive::sql {

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm {};
  gmtime_r(&now, &tm);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buffer;
}

void Statement::bind_now(int i) { impl_->bind_text_copy(i, utc_now()); }

std::string schema_ddl(const Connection& db, std::string_view ddl) { return db.impl()->schema_ddl(ddl); }
const char* tags_view(const Connection& db) { return db.impl()->tags_view(); }
const char* begin_write(const Connection& db) { return db.impl()->begin_write(); }
const char* begin_read(const Connection& db) { return db.impl()->begin_read(); }
const char* now_ms(const Connection& db) { return db.impl()->now_ms(); }
const char* begin_claim(const Connection& db) { return db.impl()->begin_claim(); }
const char* claim_lock(const Connection& db) { return db.impl()->claim_lock(); }

std::optional<Error> in_write_transaction(Connection& db, const std::function<std::optional<Error>()>& body) {
  if (auto e = db.exec(begin_write(db))) return e;
  std::optional<Error> e = body();
  if (!e) e = db.exec("COMMIT");
  if (e) db.exec("ROLLBACK");
  return e;
}

std::string schema_prefix(Connection& db, bool temp) { return db.impl()->schema_prefix(temp); }

bool table_exists(Connection& db, const std::string& prefix, std::string_view name) {
  return db.impl()->table_exists(prefix, name);
}

std::vector<std::string> table_columns(Connection& db, std::string_view name) { return db.impl()->table_columns(name); }

std::optional<Error> sequence_past_ids(Connection& db, std::string_view name, std::string_view id_column) {
  return db.impl()->sequence_past_ids(name, id_column);
}

std::int64_t bytes_of_tables(Connection& db, const std::string& prefix, const std::vector<std::string>& names) {
  return db.impl()->bytes_of_tables(prefix, names);
}

}  // namespace gibo::archive::sql
