// Moves as a user types them on the command line or in a page's address: any notation
// gibo reads, mixed freely in one list.
#pragma once

#include <optional>
#include <string_view>

#include "gibo/core/expected.h"
#include "gibo/core/position.h"
#include "gibo/formats/notation.h"

namespace gibo::cli {

// Reads one move in any of: UCI ("c4c5", pass "e2e2"), the Korean coordinate notation of
// .gib records ("79졸78", "7978", piece names in hangul or hanja, a side mark 楚/漢 allowed,
// capture and 장군 suffixes ignored, "한수쉼" for a pass), Fairy-Stockfish SAN ("Hc3") and
// JANGGI ("H02-83"). The legal move, or why not: when no notation fits, the error lists
// what was expected.
MoveReadResult read_any_move(const Position& pos, std::string_view text);

// Plays the blank-separated moves of `moves` from `pos` (read_any_move each). An Error
// names the ply (from 1) and the text: "ply 4 'b1b9': ...".
std::optional<Error> play_move_list(std::string_view moves, Position& pos);

}  // namespace gibo::cli
