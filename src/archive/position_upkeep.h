// What the archive's writers do to a position index stored in the archive: the writer
// when it removes a game, the copy when it makes the tables (internal to src/archive;
// position_facts.h owns the games' facts, index_tables.cpp the tables).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "sql.h"

namespace gibo::archive {

// Marks game `id` as no longer indexed in the position index of `db`'s main schema, when
// there is one that holds it: its rows stay in their segments, but finds never answer
// with it and the index's game count drops by one. Runs inside the caller's transaction.
std::optional<Error> forget_indexed_game(sql::Connection& db, std::int64_t id);

// Creates the index's tables (when missing) in the schema `prefix` names (dialect.h:
// schema_prefix).
std::optional<Error> create_position_tables(sql::Connection& db, const std::string& prefix);

}  // namespace gibo::archive
