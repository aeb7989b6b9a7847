// Replaying a record through the rules engine: every ply is matched against the board
// under the game's legality rules, and each kind of mismatch gets its own code.
#pragma once

#include <optional>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"
#include "gibo/record/game.h"

namespace gibo {

// The profile that governs a game (src/adjudication/README.md, "Which profile judges a
// game"): the one its record names, else `fallback`. A record naming an unknown profile
// gets an `unknown-profile` warning (once) and `fallback` is used.
const Profile& game_profile(Game& game, const Profile& fallback);
// The record's bikjang option if it states one, else `fallback`.
bool game_bikjang_option(const Game& game, bool fallback);

// Replays `game` from its start under `rules`: checks each ply (piece, side mark,
// legality, captured piece, check mark), appends diagnostics, fills the pass plies'
// `move`, and sets valid_plies (the plies before the first error) and replayed.
// Annotation mismatches (piece name, side mark, capture, 장군) do not stop the replay;
// an illegal move does. `final_position`, if given, receives the position after the
// last replayed ply.
void replay(Game& game, const LegalityRules& rules, Position* final_position = nullptr);

// English name of a piece for messages: "Cho horse".
std::string piece_description(Piece p);

}  // namespace gibo
