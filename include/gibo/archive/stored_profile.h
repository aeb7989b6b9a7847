// The profile a game read back from an archive replays under: the one it was validated under
// at import (its stored profile id, Archive::load_game's `profile_id`), else the record's
// saved rules, else `fallback` (an id this gibo does not know: an archive of a newer one).
#pragma once

#include <string>

#include "gibo/core/rules.h"
#include "gibo/record/game.h"

namespace gibo::archive {

const Profile& stored_profile(const std::string& profile_id, const Game& game, const Profile& fallback);

}  // namespace gibo::archive
