// Copies and twins: when two records of the same start and moves are one game
// (src/archive/README.md "Copies and twins").
//
// Two records are one game when their start and moves are the same and nothing in them
// says otherwise: each side's player is the same identity (record/player_identity.h, or
// the same name once its rank is split off, for a nickname written at two sites), their
// dates do not differ (a date that is a part of the other, 2008 beside 2008-12-31, agrees;
// a missing one agrees with any), and their stored results name the same winner (a
// missing or unreadable one agrees with any). A record that is one game with a stored one
// is kept as its copy. One that says otherwise is another game, a twin, when the game is
// short enough to have been played twice (at most kTwinPlies plies); a longer one is a
// copy all the same, whose conflicts are named: on the real archive the longest move
// list two games with other players share is 36 plies, and every group of identical
// move lists longer than 72 plies is one game published twice (README figures).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gibo/record/game.h"
#include "gibo/record/result.h"

namespace gibo::archive {

// The longest game whose records may be twins (two games with the same moves).
inline constexpr int kTwinPlies = 40;

// What two records of one start and moves say otherwise: a set of these bits.
enum Conflict : unsigned {
  kConflictCho = 1,     // Cho's player
  kConflictHan = 2,     // Han's player
  kConflictDate = 4,    // the date
  kConflictWinner = 8,  // the winner of the stored result
};

// What a record says about who played, when, and who won, as records are compared.
struct RecordClaims {
  std::string cho, han;            // identity keys ("" names no one)
  std::string cho_name, han_name;  // the names' keys without a site ("" names no one)
  std::string date;                // parse_game_date's key ("" unknown)
  Winner winner = Winner::Unknown;
  bool operator==(const RecordClaims&) const = default;
};

// The claims of a record with `tags` whose stored result names `winner` (Unknown: none).
RecordClaims record_claims(const std::vector<Tag>& tags, Winner winner);

// What `a` and `b` say otherwise (0: nothing).
unsigned conflicts_between(const RecordClaims& a, const RecordClaims& b);

// Is a record of `plies` plies that says `conflicts` otherwise than a stored game of the
// same start and moves another game (a twin) rather than its copy?
inline bool is_twin(int plies, unsigned conflicts) { return conflicts != 0 && plies <= kTwinPlies; }

// The conflicts as words, blank-separated, in a fixed order: "cho han date winner"; "" for
// none. conflicts_from_words reads them back (unknown words are left out).
std::string conflict_words(unsigned conflicts);
unsigned conflicts_from_words(std::string_view words);

}  // namespace gibo::archive
