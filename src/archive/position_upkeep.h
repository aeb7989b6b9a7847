// What the archive's writer does to a position index stored in the archive when it
// removes a game (internal to src/archive; position_facts.h owns the games' facts).
#pragma once

#include <cstdint>
#include <optional>

#include "sqlite.h"

namespace gibo::archive {

// Marks game `id` as no longer indexed in the position index of `db`'s main schema, when
// there is one that holds it: its rows stay in their segments, but finds never answer
// with it and the index's game count drops by one. Runs inside the caller's transaction.
std::optional<Error> forget_indexed_game(sql::Connection& db, std::int64_t id);

}  // namespace gibo::archive
