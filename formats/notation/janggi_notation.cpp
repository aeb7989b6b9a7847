// Fairy-Stockfish's JANGGI notation ("H02-83"), writer and reader (README.md, "JANGGI").
#include <string>

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
  if (text.size() != 2) return kNoSquare;
  const char row = text[0], column = text[1];
  if (row < '0' || row > '9' || column < '1' || column > '9') return kNoSquare;
  const int row_number = row == '0' ? 10 : row - '0';
  return make_square(column - '1', kRanks - row_number);
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
  using notation_detail::read_error;
  const std::string_view original = notation_detail::trim_blanks(text);
  const std::string_view body = notation_detail::strip_suffix_marks(original);
  const std::string quoted = notation_detail::quote(original);
  if (body.size() != 6 || (body[3] != '-' && body[3] != 'x')) {
    return read_error(NotationErrorKind::Syntax, quoted + " is not JANGGI notation (like H02-83)");
  }
  const PieceType piece = piece_type_from_notation_letter(body[0]);
  const Square from = parse_janggi_square(body.substr(1, 2));
  const Square to = parse_janggi_square(body.substr(4, 2));
  if (piece == PieceType::None || from == kNoSquare || to == kNoSquare) {
    return read_error(NotationErrorKind::Syntax, quoted + " is not JANGGI notation (like H02-83)");
  }
  notation_detail::MovePattern pattern;
  pattern.piece = piece;
  pattern.from_file = file_of(from);
  pattern.from_rank = rank_of(from);
  pattern.to = to;
  return notation_detail::find_move(pos, pattern, original);
}

}  // namespace gibo
