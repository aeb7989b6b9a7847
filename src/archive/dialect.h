// Where SQLite's and PostgreSQL's SQL differ, for the archive's own statements (internal
// to src/archive). Everything else the archive runs is written once, in the SQL both
// accept (upserts as ON CONFLICT ... DO UPDATE, new ids through INSERT ... RETURNING or
// prepare_insert, times bound as text: utc_now). The schema is written once in SQLite's
// DDL and translated by the backend; the facts view (facts.cpp) is written once in SQL
// both take. Each function here asks the connection's backend (sql.h: ConnectionImpl's
// capabilities; sqlite_backend.cpp, pg_dialect.cpp say each backend's answer).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sql.h"

namespace gibo::archive::sql {

// The current UTC time as the archive stores it ("2024-05-01T12:34:56Z").
std::string utc_now();

// Schema text written in SQLite's DDL, as the backend of `db` takes it. For PostgreSQL: INTEGER
// is BIGINT (SQLite's integers are 64-bit), an INTEGER PRIMARY KEY an identity column,
// BLOB is BYTEA, REAL is DOUBLE PRECISION (SQLite's reals are 8-byte), TEXT compares
// bytewise as SQLite's does (COLLATE "C"), and WITHOUT ROWID goes, as do the REFERENCES
// clauses: the archive's code keeps its references, as on SQLite (which does not check
// them), so that rows may come in any order within a transaction and bulk loads pay for
// no checks.
std::string schema_ddl(const Connection& db, std::string_view ddl);

// The view `tags` (game_id, seq, name, value) over games.tags_json, a JSON array of
// [name, value] pairs: SQLite's json_each, PostgreSQL's jsonb_array_elements.
const char* tags_view(const Connection& db);

// Starts a transaction that writes. SQLite: BEGIN IMMEDIATE (its write lock, taken now).
// PostgreSQL: BEGIN and the archive's write lock (a transaction-level advisory lock on
// the database), so that writers take turns as on SQLite while readers never wait.
const char* begin_write(const Connection& db);
// Starts a transaction that reads one consistent state (a snapshot) and writes nothing.
const char* begin_read(const Connection& db);

// Runs `body` in a write transaction of its own (begin_write): commits when it returns no
// error, rolls back otherwise, so that nothing of a failed body stays. The error is the
// begin's, the body's or the commit's as it came (the caller says what failed).
std::optional<Error> in_write_transaction(Connection& db, const std::function<std::optional<Error>()>& body);

// The database's clock, in milliseconds since 1970, as an SQL expression: the one clock
// the workers of an analysis queue share, whatever their machines' clocks say.
const char* now_ms(const Connection& db);
// Starts the transaction that takes a game from the analysis queue, and what its SELECT of
// the game ends with: on SQLite its write lock (BEGIN IMMEDIATE; one taker at a time), on
// PostgreSQL a row lock that other takers skip (FOR UPDATE SKIP LOCKED), so that takers
// never wait for each other and never take the same game.
const char* begin_claim(const Connection& db);
const char* claim_lock(const Connection& db);

// The prefix that names a table in the archive's own schema ("main." on SQLite; the
// connection's current schema, quoted, on PostgreSQL), or with `temp`, in the
// connection's temporary schema ("temp.", "pg_temp."). Empty when PostgreSQL has no
// current schema.
std::string schema_prefix(Connection& db, bool temp);

// Does the table `name` exist in the schema `prefix` (schema_prefix) names?
bool table_exists(Connection& db, const std::string& prefix, std::string_view name);

// The columns of the archive's table `name`, in their order; empty when it has none.
std::vector<std::string> table_columns(Connection& db, std::string_view name);

// After rows were written with their ids given: the identity sequence of the table
// `name`'s column `id_column` moved past the largest (PostgreSQL; nothing on SQLite,
// whose next rowid follows the largest anyway).
std::optional<Error> sequence_past_ids(Connection& db, std::string_view name, std::string_view id_column);

// The bytes the tables `names` of the schema `prefix` names take on disk, their indexes
// included.
std::int64_t bytes_of_tables(Connection& db, const std::string& prefix, const std::vector<std::string>& names);

}  // namespace gibo::archive::sql
