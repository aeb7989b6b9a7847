// Stored games as listings name them (internal to src/archive): where each came from, its
// players, date and result, for Archive::game_listings and PositionIndex::describe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gibo/archive/archive.h"

#include "sql.h"

namespace gibo::archive {

// The listings of `ids`, in the same order, read on `db` from the tables under `main`
// (dialect.h schema_prefix); an Error when one is no stored game.
Expected<std::vector<GameListing>> describe_games(sql::Connection& db, const std::string& main,
                                                  const std::vector<std::int64_t>& ids);

}  // namespace gibo::archive
