// SQL run on an archive directly, outside the Archive API (for tests that set up or
// inspect what the API must refuse, migrate or leave alone): a SQLite file, or a
// PostgreSQL archive on the test server (../pg/pg_test.h).
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../pg/pg_test.h"

namespace gibo::testing {

// Runs statements on `db`; a failure fails the test.
inline void raw_sql(const std::string& db, const std::string& sql) {
  if (is_pg(db)) {
    pg_rows(db, sql);
    return;
  }
  sqlite3* h = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &h), SQLITE_OK);
  char* err = nullptr;
  EXPECT_EQ(sqlite3_exec(h, sql.c_str(), nullptr, nullptr, &err), SQLITE_OK) << (err ? err : "");
  sqlite3_free(err);
  sqlite3_close(h);
}

// The first column of the first row of a query, read-only; -1 when there is none.
inline std::int64_t raw_int(const std::string& db, const std::string& sql) {
  if (is_pg(db)) {
    const auto rows = pg_rows(db, sql);
    if (rows.empty() || rows[0].empty() || rows[0][0].empty()) return -1;
    return std::atoll(rows[0][0].c_str());
  }
  sqlite3* h = nullptr;
  sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(h, sql.c_str(), -1, &s, nullptr);
  const std::int64_t v = s && sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int64(s, 0) : -1;
  sqlite3_finalize(s);
  sqlite3_close(h);
  return v;
}

// The first column of the first row of a query as text ("" when there is none).
inline std::string raw_text(const std::string& db, const std::string& sql) {
  if (is_pg(db)) {
    const auto rows = pg_rows(db, sql);
    return rows.empty() || rows[0].empty() ? "" : rows[0][0];
  }
  sqlite3* h = nullptr;
  sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(h, sql.c_str(), -1, &s, nullptr);
  std::string v;
  if (s && sqlite3_step(s) == SQLITE_ROW && sqlite3_column_text(s, 0))
    v = reinterpret_cast<const char*>(sqlite3_column_text(s, 0));
  sqlite3_finalize(s);
  sqlite3_close(h);
  return v;
}

// Every row of a query, each column as text ("" for NULL), read-only.
inline std::vector<std::vector<std::string>> raw_rows(const std::string& db, const std::string& sql) {
  if (is_pg(db)) return pg_rows(db, sql);
  std::vector<std::vector<std::string>> rows;
  sqlite3* h = nullptr;
  sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* s = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(h, sql.c_str(), -1, &s, nullptr), SQLITE_OK) << sql << ": " << sqlite3_errmsg(h);
  while (s && sqlite3_step(s) == SQLITE_ROW) {
    std::vector<std::string> row;
    for (int c = 0; c < sqlite3_column_count(s); ++c) {
      const unsigned char* t = sqlite3_column_text(s, c);
      row.emplace_back(t ? reinterpret_cast<const char*>(t) : "");
    }
    rows.push_back(std::move(row));
  }
  sqlite3_finalize(s);
  sqlite3_close(h);
  return rows;
}

// Makes the archive at `db` (schema version 9) look as version 8 wrote it: each copy a
// row of `duplicates` (its findings kept without a game id; its comments, facts and
// opening gone, as version 8 kept none), no statements, the games unique by their hash and
// start. A test of an older version undoes the older steps after this one.
// Takes an archive of the current schema back to version 9, as a gibo before the games'
// material signatures made it: no game_material, no meta row of its encoding.
inline void downgrade_to_v9(const std::string& db) {
  raw_sql(db, "DROP TABLE game_material; DELETE FROM meta WHERE key = 'material_format'; "
              "UPDATE schema_version SET version = 9 WHERE version = 10;");
  if (!is_pg(db)) raw_sql(db, "PRAGMA user_version = 9");
}

inline void downgrade_to_v8(const std::string& db) {
  downgrade_to_v9(db);
  const std::string copies = "(SELECT id FROM games WHERE copy_of IS NOT NULL)";
  raw_sql(db, "INSERT INTO duplicates (source_id, game_index, byte_offset, line, game_id, status, error_code, "
              "error_ply) SELECT source_id, game_index, byte_offset, line, copy_of, status, error_code, error_ply "
              "FROM games WHERE copy_of IS NOT NULL; "
              "UPDATE diagnostics SET game_id = NULL WHERE game_id IN " + copies + "; "
              "DELETE FROM comments WHERE game_id IN " + copies + "; "
              "DELETE FROM game_facts WHERE game_id IN " + copies + "; "
              "DELETE FROM game_openings WHERE game_id IN " + copies + "; "
              "DELETE FROM games WHERE copy_of IS NOT NULL; DROP TABLE copy_conflicts; "
              "DROP INDEX games_by_copy; DROP INDEX games_by_key; ALTER TABLE games DROP COLUMN statements; "
              "ALTER TABLE games DROP COLUMN copy_of; ALTER TABLE games DROP COLUMN twin; "
              "CREATE UNIQUE INDEX games_by_key ON games(hash, start_id); "
              "UPDATE schema_version SET version = 8 WHERE version = 9;");
  if (!is_pg(db)) raw_sql(db, "PRAGMA user_version = 8");
}

}  // namespace gibo::testing
