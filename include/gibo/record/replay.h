// Replaying a record through the rules engine: every ply is matched against the board
// under the game's legality rules, and each kind of mismatch gets its own code.
#pragma once

#include <optional>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"
#include "gibo/record/game.h"

namespace gibo {

// The profile that governs a game (src/adjudication/README.md, "Which profile judges a
// game"): the one its record names, else `fallback` (also when the record names an id
// gibo does not know). Pure: choosing a profile never changes the game.
const Profile& game_profile(const Game& game, const Profile& fallback);
// Does the record name a profile id that gibo does not know?
bool names_unknown_profile(const Game& game);
// The record's bikjang option if it states one, else `fallback`.
bool game_bikjang_option(const Game& game, bool fallback);
// The legality rules a game is read and replayed under: game_profile(game, fallback)
// with the record's bikjang option (`bikjang_fallback` when it states none). Pure.
LegalityRules game_legality_rules(const Game& game, const Profile& fallback, bool bikjang_fallback = false);

// How a replay treats what the record leaves out.
struct ReplayOptions {
  // Annotation policy (formats/gib/README.md "Annotation policy"). false: a missing capture or 장군 mark is a warning
  // (`missing-capture`, `missing-check`) in a game that marks some, and a game that
  // marks none is `unannotated` (one note); true (`--strict`): every missing mark is an
  // error.
  bool strict_annotations = false;
  // The bikjang option of records that state none (`gibo rescore --bikjang`).
  bool bikjang_fallback = false;
};

// Replays `game` from its start under `rules`: checks each ply (piece, side mark,
// legality, captured piece, check mark), appends diagnostics, fills the pass plies'
// `move`, and sets valid_plies (the plies before the first error), played_plies,
// annotated and replayed. A claim the board contradicts (wrong piece or side mark, a
// capture or 장군 that is not there) is an error; a missing claim follows
// `options.strict_annotations`. Annotation mismatches do not stop the replay; an illegal
// move does. `final_position`, if given, receives the position after the last replayed
// ply.
void replay(Game& game, const LegalityRules& rules, const ReplayOptions& options = {},
            Position* final_position = nullptr);

// The one way to replay a game under its own profile: picks it (game_profile with
// `fallback`; a record naming an unknown id gets one `unknown-profile` warning), builds
// its legality rules (game_legality_rules) and replays it. Returns the profile used.
const Profile& replay_under_profile(Game& game, const Profile& fallback, const ReplayOptions& options = {},
                                    Position* final_position = nullptr);

// English name of a piece for messages: "Cho horse".
std::string piece_description(Piece p);

}  // namespace gibo
