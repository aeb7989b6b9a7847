// SAN as Fairy-Stockfish writes it, and a lenient reader (README.md, "SAN").
#include <optional>
#include <string>
#include <vector>

#include "grammar.h"
#include "notation_internal.h"

namespace gibo {
namespace {

using notation_detail::MovePattern;

// How much of the from-square a SAN move must show (Fairy-Stockfish's rule).
enum class Disambiguation { None, File, Rank, Square };

// The disambiguation Fairy-Stockfish gives the legal move `m`: none if no other piece of
// the mover's type can legally reach the to-square; else the file if none of those others
// stands on the mover's file; else the rank if none stands on its rank; else the square.
Disambiguation disambiguation(const Position& pos, Move m) {
  const Side us = pos.side_to_move();
  const Piece mover = pos.piece_on(m.from());
  bool any = false, same_file = false, same_rank = false;
  const Square* squares = pos.pieces(us);
  for (int i = 0; i < pos.piece_count(us); ++i) {
    const Square s = squares[i];
    if (s == m.from() || pos.piece_on(s) != mover) continue;
    if (!pos.is_legal(Move(s, m.to()))) continue;
    any = true;
    same_file |= file_of(s) == file_of(m.from());
    same_rank |= rank_of(s) == rank_of(m.from());
  }
  if (!any) return Disambiguation::None;
  if (!same_file) return Disambiguation::File;
  if (!same_rank) return Disambiguation::Rank;
  return Disambiguation::Square;
}

}  // namespace

std::string write_san(const Position& pos, Move m) {
  const Square from = m.from(), to = m.to();
  std::string san(1, notation_letter(type_of(pos.piece_on(from))));
  if (!m.is_pass()) {
    switch (disambiguation(pos, m)) {
      case Disambiguation::None: break;
      case Disambiguation::File: san += static_cast<char>('a' + file_of(from)); break;
      case Disambiguation::Rank: san += std::to_string(rank_of(from) + 1); break;
      case Disambiguation::Square: san += square_name(from); break;
    }
    if (pos.piece_on(to) != Piece::None) san += 'x';
  }
  san += square_name(to);
  san += check_mark(pos, m);
  return san;
}

MoveReadResult read_san(const Position& pos, std::string_view text, const SanReadOptions& options) {
  namespace g = notation_grammar;
  using notation_detail::read_error;
  const std::string_view original = notation_detail::trim_blanks(text);
  if (g::parse_all(original, g::san_pass)) return notation_detail::find_pass(pos, original);
  const std::string quoted = notation_detail::quote(original);
  if (g::parse_all(original, g::only_marks)) return read_error(NotationErrorKind::Syntax, "empty SAN move " + quoted);

  std::string_view body = original;
  PieceType piece = PieceType::Soldier;  // chess-style SAN without a soldier letter
  if (body.front() >= 'A' && body.front() <= 'Z') {
    if (!g::parse_all(body.substr(0, 1), g::letter, piece)) {
      return read_error(NotationErrorKind::Syntax, quoted + ": unknown piece letter '" + body.front() + "'");
    }
    body.remove_prefix(1);
  }
  g::SanSquares squares;
  const bool ok = options.zero_based_ranks ? g::parse_all(body, g::san_tail0, squares)
                                           : g::parse_all(body, g::san_tail, squares);
  if (!ok) return read_error(NotationErrorKind::Syntax, quoted + " is not a SAN move");
  MovePattern pattern;
  pattern.piece = piece;
  pattern.from_file = squares.from_file.value_or(-1);
  pattern.from_rank = squares.from_rank.value_or(-1);
  pattern.to = make_square(squares.to_file, squares.to_rank);
  return notation_detail::find_move(pos, pattern, original);
}

}  // namespace gibo
