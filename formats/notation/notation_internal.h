// Helpers shared by the notation readers and writers (not part of the public API).
#pragma once

#include <string>
#include <string_view>

#include "gibo/formats/notation.h"

namespace gibo::notation_detail {

// What a move text says about the move: the moving piece's type (None = any), the
// from-square's file and rank when given (-1 = not given), and the to-square.
struct MovePattern {
  PieceType piece = PieceType::None;
  int from_file = -1;
  int from_rank = -1;
  Square to = kNoSquare;
};

// A failed read with the given kind and message.
NotationError read_error(NotationErrorKind kind, std::string message);

// Does `m` (pseudo-legal in pos) fit `pattern`? A pass fits a General pattern whose
// to-square is the general's own square.
bool matches(const Position& pos, Move m, const MovePattern& pattern);

// The one legal move of `pos` fitting `pattern`. Immediate ends (a second pass, ...) are
// ignored, so records that play on after them can still be read. Errors: Ambiguous when
// several legal moves fit, Illegal when none does but a pseudo-legal one does, NoMatch
// otherwise; messages quote `text`.
MoveReadResult find_move(const Position& pos, const MovePattern& pattern, std::string_view text);

// The legal pass of the side to move for `text` ("pass", "@@@@", ...), or an Illegal
// error when passing is not legal here.
MoveReadResult find_pass(const Position& pos, std::string_view text);

// `text` in single quotes, for error messages.
std::string quote(std::string_view text);

// Removes leading and trailing ASCII blanks.
std::string_view trim_blanks(std::string_view text);

}  // namespace gibo::notation_detail
