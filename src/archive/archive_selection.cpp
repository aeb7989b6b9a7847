// User SQL: the one way commands select games (an expression over the facts view, or a
// whole read-only SELECT), prepared under the read-only authorizer.
#include "archive_impl.h"

namespace gibo::archive {

Expected<sql::Statement> Archive::Impl::prepare_selection(const std::string& sql) {
  std::string_view tail;
  sql::Statement s;
  {
    facts::ReadOnlyGuard guard(db);
    s = db.prepare(sql, &tail);
  }
  if (!s.prepared()) return Error{db.current_error()};
  for (char c : tail)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ';')
      return Error{"the selection must be a single statement"};
  if (!sqlite3_stmt_readonly(s.get())) return Error{"the selection must not change the database"};
  if (sqlite3_column_count(s.get()) < 1) return Error{"the selection must return game ids in its first column"};
  return s;
}

// The first column of every row of a prepared selection.
Expected<std::vector<std::int64_t>> Archive::Impl::ids_of(sql::Statement& s) {
  std::vector<std::int64_t> ids;
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) ids.push_back(s.int64(0));
  if (rc != SQLITE_DONE) return Error{db.current_error()};
  return ids;
}

Expected<std::vector<std::int64_t>> Archive::select_games(const std::string& where) {
  // The expression sits alone on its lines, so a trailing "--" comment cannot swallow
  // the closing parenthesis.
  const std::string sql =
      where.empty() ? std::string("SELECT id FROM temp.facts ORDER BY id")
                    : "SELECT id FROM temp.facts WHERE (\n" + where + "\n) ORDER BY id";
  return select_query(sql);
}

Expected<std::vector<std::int64_t>> Archive::select_query(const std::string& query) {
  Impl& m = *impl_;
  Expected<sql::Statement> s = m.prepare_selection(query);
  if (!s) return s.error();
  return m.ids_of(*s);
}

}  // namespace gibo::archive
