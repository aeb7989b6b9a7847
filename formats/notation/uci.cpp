// UCI move strings, reader (README.md, "UCI"); the writer is core's uci().
#include <string>

#include "grammar.h"
#include "notation_internal.h"

namespace gibo {

MoveReadResult read_uci(const Position& pos, std::string_view text, const UciReadOptions& options) {
  using notation_detail::read_error;
  const std::string_view original = notation_detail::trim_blanks(text);
  const std::string quoted = notation_detail::quote(original);
  if (notation_grammar::parse_all(original, notation_grammar::uci_pass) ||
      (options.null_move_is_pass && notation_grammar::parse_all(original, notation_grammar::uci_null))) {
    return notation_detail::find_pass(pos, original);
  }
  namespace g = notation_grammar;
  g::UciMove squares;
  if (!(options.zero_based_ranks ? g::parse_all(original, g::uci0, squares) : g::parse_all(original, g::uci, squares))) {
    return read_error(NotationErrorKind::Syntax, quoted + " is not a UCI move");
  }
  const Square from = make_square(squares.from_file, squares.from_rank);
  const Square to = make_square(squares.to_file, squares.to_rank);
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
