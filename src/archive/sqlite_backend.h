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

}  // namespace gibo::archive::sql
