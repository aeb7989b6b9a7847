// UCI move strings, reader (README.md, "UCI"); the writer is core's uci().
#include <string>

#include "notation_internal.h"

namespace gibo {
namespace {

// Reads one square from the front of `text` and removes it: "a1".."i10" (a "10" is taken
// whole), or "a0".."i9" when `zero_based`. kNoSquare, text unchanged, if none is there.
Square take_square(std::string_view& text, bool zero_based) {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'i' || text[1] < '0' || text[1] > '9') return kNoSquare;
  const int file = text[0] - 'a';
  if (zero_based) {
    const int rank = text[1] - '0';
    text.remove_prefix(2);
    return make_square(file, rank);
  }
  if (text[1] == '1' && text.size() >= 3 && text[2] == '0') {
    text.remove_prefix(3);
    return make_square(file, 9);
  }
  if (text[1] == '0') return kNoSquare;
  const int rank = text[1] - '1';
  text.remove_prefix(2);
  return make_square(file, rank);
}

}  // namespace

MoveReadResult read_uci(const Position& pos, std::string_view text, const UciReadOptions& options) {
  using notation_detail::read_error;
  const std::string_view original = notation_detail::trim_blanks(text);
  const std::string quoted = notation_detail::quote(original);
  if (original == "pass" || original == "@@@@" || (options.null_move_is_pass && original == "0000")) {
    return notation_detail::find_pass(pos, original);
  }
  std::string_view rest = original;
  const Square from = take_square(rest, options.zero_based_ranks);
  const Square to = from == kNoSquare ? kNoSquare : take_square(rest, options.zero_based_ranks);
  if (from == kNoSquare || to == kNoSquare || !rest.empty()) {
    return read_error(NotationErrorKind::Syntax, quoted + " is not a UCI move");
  }
  const Move m(from, to);
  if (pos.is_legal(m)) return m;
  const Piece mover = pos.piece_on(from);
  if (mover == Piece::None || side_of(mover) != pos.side_to_move()) {
    return read_error(NotationErrorKind::NoMatch, quoted + ": no piece of the side to move on " + square_name(from));
  }
  if (pos.is_pseudo_legal(m)) {
    return read_error(NotationErrorKind::Illegal, quoted + " is not legal in this position");
  }
  return read_error(NotationErrorKind::NoMatch, quoted + ": the piece on " + square_name(from) + " cannot move there");
}

}  // namespace gibo
