// The cli tests' one way to read (or change) an archive gibo wrote: SQLite directly, not
// through gibo's archive layer (tests/CMakeLists.txt: the cli tests link SQLite, not it).
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <optional>
#include <string>
#include <vector>

namespace gibo::testing {

// One row: each column as text, nullopt for NULL.
using SqlRow = std::vector<std::optional<std::string>>;

struct SqlResult {
  std::vector<SqlRow> rows;
  std::string error;  // why the file did not open or the statement did not run; "" when it did
};

// Runs `sql` on the SQLite file `db` (read-only unless `write`; a busy archive is waited
// for up to 5 s) and returns its rows, or why it could not.
inline SqlResult run_sql(const std::string& db, const std::string& sql, bool write = false) {
  SqlResult r;
  sqlite3* h = nullptr;
  if (sqlite3_open_v2(db.c_str(), &h, write ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    r.error = "cannot open " + db + ": " + (h ? sqlite3_errmsg(h) : "out of memory");
    sqlite3_close(h);
    return r;
  }
  sqlite3_busy_timeout(h, 5000);
  sqlite3_stmt* st = nullptr;
  int rc = sqlite3_prepare_v2(h, sql.c_str(), -1, &st, nullptr);
  if (rc == SQLITE_OK && st)
    while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
      SqlRow row;
      for (int c = 0; c < sqlite3_column_count(st); ++c) {
        const unsigned char* t = sqlite3_column_text(st, c);
        row.push_back(t ? std::optional<std::string>(reinterpret_cast<const char*>(t)) : std::nullopt);
      }
      r.rows.push_back(std::move(row));
    }
  if (rc != SQLITE_OK && rc != SQLITE_DONE) r.error = sqlite3_errmsg(h);
  sqlite3_finalize(st);
  sqlite3_close(h);
  return r;
}

// The rows of `sql` on `db`; a file that does not open or a statement that does not run is
// a test failure (and no rows).
inline std::vector<SqlRow> sql_rows(const std::string& db, const std::string& sql, bool write = false) {
  SqlResult r = run_sql(db, sql, write);
  EXPECT_EQ(r.error, "") << sql;
  return std::move(r.rows);
}

// The first column of the first row of `sql` on `db`; "" when there is none or it is NULL.
inline std::string sql_value(const std::string& db, const std::string& sql, bool write = false) {
  const std::vector<SqlRow> rows = sql_rows(db, sql, write);
  return rows.empty() || rows[0].empty() || !rows[0][0] ? std::string() : *rows[0][0];
}

}  // namespace gibo::testing
