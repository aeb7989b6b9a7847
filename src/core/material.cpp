// Material signatures (material.h): the start's counts and the captures, found by following
// the moves on a plain board (no legality: the moves are the game's, already replayed).
#include "gibo/core/material.h"

namespace gibo {

PieceCounts piece_counts(const Position& position) {
  PieceCounts counts{};
  for (Side side : {Side::Cho, Side::Han}) {
    const Square* squares = position.pieces(side);
    for (int i = 0; i < position.piece_count(side); ++i)
      ++counts[static_cast<std::size_t>(index(side))][static_cast<std::size_t>(type_of(position.piece_on(squares[i])))];
  }
  return counts;
}

MaterialSignature material_signature(const Position& start, std::span<const Move> moves) {
  MaterialSignature out;
  out.to_move = start.side_to_move();
  out.start = piece_counts(start);
  out.plies = static_cast<int>(moves.size());
  std::array<Piece, kSquares> board{};
  for (int s = 0; s < kSquares; ++s) board[static_cast<std::size_t>(s)] = start.piece_on(static_cast<Square>(s));
  int ply = 0;
  for (const Move m : moves) {
    ++ply;
    if (m.is_pass() || m.from() >= kSquares || m.to() >= kSquares) continue;
    const Piece taken = board[m.to()];
    if (taken != Piece::None) out.captures.push_back({ply, taken});
    board[m.to()] = board[m.from()];
    board[m.from()] = Piece::None;
  }
  return out;
}

int material_of(const std::array<std::uint8_t, kPieceTypeCount>& counts) {
  int sum = 0;
  for (int t = 1; t < kPieceTypeCount; ++t) sum += counts[static_cast<std::size_t>(t)] * material_value(static_cast<PieceType>(t));
  return sum;
}

}  // namespace gibo
