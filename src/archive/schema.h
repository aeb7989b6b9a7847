// The archive's schema text and its versioning (internal to src/archive).
// src/archive/README.md documents the same tables for users; keep both in step.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sql.h"

namespace gibo::archive::schema {

// Brings a freshly opened connection to the current schema, or refuses:
// * an empty database (no tables, application id 0) gets the schema when `writable`;
// * a gibo archive of the current version is accepted as it is;
// * an older gibo archive is migrated when `writable` (inside one transaction), and read
//   as it is when not;
// * anything else (another application id, foreign tables, a newer version, a read-only
//   file needing creation or migration) is refused with a message, and left untouched.
// Returns the schema version the connection now sees, or the reason for refusing.
Expected<int> prepare(sql::Connection& db, bool writable);

// The meta key that marks an archive as a copy in progress (gibo copy), its value the
// source's name.
inline constexpr const char* kCopyMark = "copying_from";

// Refuses an archive that gibo copy has begun and not finished (its meta holds kCopyMark):
// it is read and written by no other command until the copy is finished or the archive
// removed, since what it holds is part of another archive. Nullopt when it may be used.
std::optional<Error> refuse_unfinished(sql::Connection& db);

// The value of the meta row `key`: nullopt when there is none; an Error with the
// connection's message when it cannot be read.
Expected<std::optional<std::string>> meta_value(sql::Connection& db, std::string_view key);
// Sets the meta row `key` to `value`, inserted or replaced (in the caller's transaction).
std::optional<Error> set_meta(sql::Connection& db, std::string_view key, std::string_view value);

// The derived tables (game_facts, analysis_quality) as TEMP tables of the connection, for
// an archive whose stored ones cannot be read as current (derived_facts.h).
std::string derived_tables(const sql::Connection& db);
// The table of the games' opening names (game_openings) likewise (derived_openings.h).
std::string opening_tables(const sql::Connection& db);

// A table of the archive and its key: the columns that identify its rows and order them.
struct Table {
  const char* name;
  std::vector<const char*> key;
  bool index = false;  // one of the position index's (made by its first update)
};
// Every table of the current schema, with the position index's, in the order gibo copy
// fills them (the bookkeeping tables meta and position_meta last). A table added to the
// schema is added here.
const std::vector<Table>& tables();

}  // namespace gibo::archive::schema
