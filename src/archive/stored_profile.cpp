// The profile a stored game replays under (stored_profile.h).
#include "gibo/archive/stored_profile.h"

#include "gibo/record/replay.h"

namespace gibo::archive {

const Profile& stored_profile(const std::string& profile_id, const Game& game, const Profile& fallback) {
  if (const Profile* stored = find_profile(profile_id)) return *stored;
  return game_profile(game, fallback);
}

}  // namespace gibo::archive
