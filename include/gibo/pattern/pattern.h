// A pattern: a question about the positions and moves of a game in the pattern language
// (src/pattern/README.md: pieces and squares, counts and material, check, mate, facing
// generals, attacks and pins, moves and captures, sequences and streaks, mirror and colour
// swap, sorting), parsed, checked and compiled once, then matched against any number of
// games, from any number of threads.
//
// Policies (enforced here):
// * A pattern that does not parse is refused with the column (in characters, from 1) of the
//   first thing not understood and what was expected there; one that can never match (a
//   third general, a general outside its palace) is refused and says which part cannot.
// * A game is matched by replaying it from its start under its own legality rules (the
//   Position given): every ply from the start (ply 0) to its last is a position the pattern
//   is asked about. A pattern that reads only material, the ply and the side to move is
//   answered from the game's material signature alone (core/material.h), without a replay.
// * Errors follow gibo's convention (gibo/core/expected.h).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/material.h"
#include "gibo/core/position.h"

namespace gibo::pattern {

struct Program;

// Where a pattern holds in one game.
struct GameMatches {
  std::vector<int> plies;  // the plies (0: the start) at which it holds, in order
  // With a sort: the game's value (the highest or the lowest of its matches) and the first
  // ply at which it has it; nullopt without a sort or a match.
  std::optional<double> value;
  int value_ply = 0;
  bool matched() const { return !plies.empty(); }
  // The ply a listing shows: the sort value's, else the first match.
  int ply() const { return value ? value_ply : plies.empty() ? 0 : plies.front(); }
};

class Pattern {
 public:
  // Parses, checks and compiles `text`. An Error "column C: expected WHAT, found …" for
  // text that does not parse, "column C: …" for one that parses but means nothing (a
  // number where a condition is due), "the pattern can never match: …" for one that cannot.
  static Expected<Pattern> parse(std::string_view text);

  const std::string& text() const;
  // Does matching read the board (else material, ply and side to move are enough)?
  bool reads_board() const;
  // Is there a sort, and does it want the highest value first?
  bool sorted() const;
  bool highest_first() const;

  // Where the pattern holds in the game that plays `moves` from `start` (whose legality
  // rules are the game's: mate and stalemate are judged under them). Contract: the moves
  // replay from `start` (a record's valid plies).
  GameMatches match(const Position& start, std::span<const Move> moves) const;
  // The same, for a pattern that does not read the board, from the game's signature.
  // Contract: !reads_board().
  GameMatches match(const MaterialSignature& signature) const;
  // May a game with this signature match? False only when it cannot (checked against the
  // material, the plies and the side to move of each stretch between captures).
  bool may_match(const MaterialSignature& signature) const;

 private:
  explicit Pattern(std::shared_ptr<const Program> program);
  std::shared_ptr<const Program> program_;
};

}  // namespace gibo::pattern
