// Fairy-Stockfish's JANGGI notation ("H02-83"), writer and reader (README.md, "JANGGI").
#include <string>

#include "grammar.h"
#include "notation_internal.h"

namespace gibo {

std::string janggi_square_name(Square s) {
  const int row = (kRanks - rank_of(s)) % 10;  // rank 10 -> row 1 ... rank 1 -> row 10 -> '0'
  std::string out;
  out += static_cast<char>('0' + row);
  out += static_cast<char>('1' + file_of(s));
  return out;
}

Square parse_janggi_square(std::string_view text) {
  boost::fusion::deque<int, int> square;  // (rank, file)
  if (!notation_grammar::parse_all(text, notation_grammar::janggi_square, square)) return kNoSquare;
  return make_square(boost::fusion::at_c<1>(square), boost::fusion::at_c<0>(square));
}

std::string write_janggi(const Position& pos, Move m) {
  std::string out(1, notation_letter(type_of(pos.piece_on(m.from()))));
  out += janggi_square_name(m.from());
  out += !m.is_pass() && pos.piece_on(m.to()) != Piece::None ? 'x' : '-';
  out += janggi_square_name(m.to());
  out += check_mark(pos, m);
  return out;
}

MoveReadResult read_janggi(const Position& pos, std::string_view text) {
  namespace g = notation_grammar;
  const std::string_view original = notation_detail::trim_blanks(text);
  g::JanggiMove move;
  if (!g::parse_all(original, g::janggi, move)) {
    return notation_detail::read_error(NotationErrorKind::Syntax,
                                       notation_detail::quote(original) + " is not JANGGI notation (like H02-83)");
  }
  notation_detail::MovePattern pattern;
  pattern.piece = move.piece;
  pattern.from_file = move.from_file;
  pattern.from_rank = move.from_rank;
  pattern.to = make_square(move.to_file, move.to_rank);
  return notation_detail::find_move(pos, pattern, original);
}

}  // namespace gibo
