// The SQLite side of sql.h, for the archive's SQLite-only set-up (internal to
// src/archive): its functions, its authorizer, its busy timeout, its open flags.
#pragma once

#include <sqlite3.h>

#include "sql.h"

namespace gibo::archive::sql {

// The SQLite handle of a connection opened with open_sqlite (null otherwise).
sqlite3* sqlite_handle(const Connection& db);
// The SQLite statement of a Statement prepared on such a connection (null otherwise).
sqlite3_stmt* sqlite_statement(const Statement& s);

// A user's selection (--where) on SQLite runs within limits like PostgreSQL's statement
// timeout, for the life of this guard: it is interrupted after `seconds` of running or once
// SQLite's heap has grown by `heap_bytes` since it began (a recursive CTE without end, a
// printf('%.*c', 2e9, 'x')), and no string or blob it makes may exceed `length_bytes`. The
// step that was interrupted fails with the reason in the connection's error.
class SelectionLimits {
 public:
  static constexpr int kSeconds = 60;
  static constexpr sqlite3_int64 kHeapBytes = sqlite3_int64{1} << 30;   // 1 GiB
  static constexpr int kLengthBytes = 64 << 20;                          // 64 MiB
  explicit SelectionLimits(const Connection& db, int seconds = kSeconds, sqlite3_int64 heap_bytes = kHeapBytes);
  ~SelectionLimits();
  SelectionLimits(const SelectionLimits&) = delete;
  SelectionLimits& operator=(const SelectionLimits&) = delete;
  // Why the selection was stopped ("" while it was not).
  const std::string& stopped() const { return stopped_; }

 private:
  static int check(void* self);
  sqlite3* db_;
  int old_length_;
  sqlite3_int64 deadline_ms_, heap_ceiling_;
  int seconds_;
  sqlite3_int64 heap_bytes_;
  std::string stopped_;
};

}  // namespace gibo::archive::sql
