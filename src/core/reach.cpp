// What a piece reaches, pins and screens (position.h: reach, pinned, screens): the
// movement of README "Movement" read as sets of points, for the questions a pattern asks
// about a position (src/pattern/README.md) rather than for move generation.
#include <cassert>

#include "gibo/core/position.h"
#include "tables.h"

namespace gibo {

using detail::kTables;

namespace {

// May a cannon of side `us` take in what stands on `target` (a piece; it protects its own)?
bool cannon_may_reach(Piece target, Side us) {
  return type_of(target) != PieceType::Cannon || side_of(target) == us;
}

// The index of the first occupied point of `ray` on `board` from index `k` on (ray.len: none).
int first_piece(const std::array<Piece, kSquares>& board, const detail::Ray& ray, int k) {
  while (k < ray.len && board[ray.sq[k]] == Piece::None) ++k;
  return k;
}

}  // namespace

SquareSet Position::reach(Square s) const {
  SquareSet out;
  const Piece p = board_[s];
  if (p == Piece::None) return out;
  const Side us = side_of(p);
  switch (type_of(p)) {
    case PieceType::General:
    case PieceType::Advisor:
      for (Square to : kTables.palace_steps[s]) out.insert(to);
      break;
    case PieceType::Chariot:
      for (const detail::Ray& ray : kTables.rays[s])
        for (int k = 0; k < ray.len; ++k) {
          out.insert(ray.sq[k]);
          if (board_[ray.sq[k]] != Piece::None) break;
        }
      for (const detail::DiagLine& line : kTables.diag[s]) {
        out.insert(line.a);
        if (line.len == 2 && board_[line.a] == Piece::None) out.insert(line.b);
      }
      break;
    case PieceType::Cannon:
      for (const detail::Ray& ray : kTables.rays[s]) {
        const int screen = first_piece(board_, ray, 0);
        if (screen == ray.len || type_of(board_[ray.sq[screen]]) == PieceType::Cannon) continue;
        const int target = first_piece(board_, ray, screen + 1);
        for (int k = screen + 1; k < target; ++k) out.insert(ray.sq[k]);
        if (target < ray.len && cannon_may_reach(board_[ray.sq[target]], us)) out.insert(ray.sq[target]);
      }
      for (const detail::DiagLine& line : kTables.diag[s]) {
        if (line.len != 2) continue;
        const Piece a = board_[line.a], b = board_[line.b];
        if (a == Piece::None || type_of(a) == PieceType::Cannon) continue;
        if (b == Piece::None || cannon_may_reach(b, us)) out.insert(line.b);
      }
      break;
    case PieceType::Horse:
      for (const detail::LegStep& h : kTables.horse[s])
        if (board_[h.leg] == Piece::None) out.insert(h.to);
      break;
    case PieceType::Elephant:
      for (const detail::LegStep2& e : kTables.elephant[s])
        if (board_[e.leg1] == Piece::None && board_[e.leg2] == Piece::None) out.insert(e.to);
      break;
    case PieceType::Soldier:
      for (Square to : kTables.soldier[index(us)][s]) out.insert(to);
      break;
    case PieceType::None:
      assert(false);
      break;
  }
  return out;
}

bool Position::pinned(Square s) const {
  const Piece p = board_[s];
  if (p == Piece::None || type_of(p) == PieceType::General) return false;
  const Side us = side_of(p);
  const Square g = general_[index(us)];
  if (g == kNoSquare) return false;
  const std::uint8_t through = kTables.reach[g][s] & (detail::kReachLine | detail::kReachLeg);
  if (!through) return false;
  board_[s] = Piece::None;  // tried and put back: board_ is mutable for such trials
  const bool attacked = attacked_through(g, ~us, s, through);
  board_[s] = p;
  return attacked;
}

SquareSet Position::screens(Square s) const {
  SquareSet out;
  if (type_of(board_[s]) != PieceType::Cannon) return out;
  for (const detail::Ray& ray : kTables.rays[s]) {
    const int k = first_piece(board_, ray, 0);
    if (k < ray.len && type_of(board_[ray.sq[k]]) != PieceType::Cannon) out.insert(ray.sq[k]);
  }
  for (const detail::DiagLine& line : kTables.diag[s]) {
    const Piece a = board_[line.a];
    if (line.len == 2 && a != Piece::None && type_of(a) != PieceType::Cannon) out.insert(line.a);
  }
  return out;
}

}  // namespace gibo
