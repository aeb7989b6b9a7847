// What a piece reaches, pins and screens (position.h reach, pinned, screens; material.h):
// reach against the move generator and attacked() on random walks from the reference
// positions, and each by hand where the movement rules have their corners (a cannon's
// screen, palace diagonals, legs).
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "gibo/core/material.h"
#include "gibo/core/position.h"
#include "reference_fens.h"

namespace {

using namespace gibo;

Square sq(const char* name) { return parse_square(name); }

SquareSet squares(std::initializer_list<const char*> names) {
  SquareSet out;
  for (const char* n : names) out.insert(sq(n));
  return out;
}

SquareSet held_by(const Position& pos, Side side) {
  SquareSet out;
  for (int s = 0; s < kSquares; ++s)
    if (pos.piece_on(static_cast<Square>(s)) != Piece::None && side_of(pos.piece_on(static_cast<Square>(s))) == side)
      out.insert(static_cast<Square>(s));
  return out;
}

// Every piece of the side to move: its reach outside its own side's points is where its
// pseudo-legal moves go; every point not held by a side is attacked by that side exactly
// when one of its pieces reaches it.
void check_reach(const Position& pos, const std::string& where) {
  MoveList list;
  pos.pseudo_legal_moves(list);
  const Side us = pos.side_to_move();
  const SquareSet mine = held_by(pos, us);
  mine.for_each([&](Square s) {
    SquareSet targets;
    for (Move m : list)
      if (m.from() == s && !m.is_pass()) targets.insert(m.to());
    EXPECT_EQ(pos.reach(s) & ~mine, targets) << where << " " << square_name(s) << " in " << pos.fen();
  });
  for (Side by : {Side::Cho, Side::Han}) {
    const SquareSet own = held_by(pos, by);
    SquareSet reached;
    own.for_each([&](Square s) { reached |= pos.reach(s); });
    for (int t = 0; t < kSquares; ++t) {
      const auto target = static_cast<Square>(t);
      if (own.contains(target)) continue;
      EXPECT_EQ(pos.attacked(target, by), reached.contains(target))
          << where << " " << square_name(target) << " by " << index(by) << " in " << pos.fen();
    }
  }
}

TEST(Reach, AgreesWithMoveGenerationAndAttacksOnRandomWalks) {
  std::mt19937_64 rng(43);
  long checked = 0;
  for (const std::string& fen : gibo::testing::reference_fens())
    for (int walk = 0; walk < 3; ++walk) {
      Position pos;
      ASSERT_FALSE(pos.set_fen(fen)) << fen;
      MoveList list;
      for (int ply = 0; ply < 80; ++ply) {
        check_reach(pos, "ply " + std::to_string(ply));
        if (::testing::Test::HasFailure()) return;
        ++checked;
        pos.legal_moves(list, false);
        if (list.empty()) break;
        pos.do_move(list[static_cast<int>(rng() % static_cast<unsigned>(list.size()))]);
      }
    }
  EXPECT_GT(checked, 1000);
}

TEST(Reach, ProtectsItsOwnPiecesAsItWouldRetake) {
  Position pos;
  // Cho: chariot a1, soldier a4; cannon b3 behind a screen on b6, own soldier b8; an enemy
  // cannon on h8 beyond the screen h6 of the cannon h3.
  ASSERT_FALSE(pos.set_fen("4k4/9/1P5c1/9/1p5p1/9/P8/1C5C1/4K4/R8 w - - 0 1"));
  EXPECT_TRUE(pos.reach(sq("a1")).contains(sq("a4")));    // the chariot protects its soldier
  EXPECT_FALSE(pos.reach(sq("a1")).contains(sq("a5")));   // and reaches no further
  EXPECT_TRUE(pos.reach(sq("b3")).contains(sq("b8")));    // over the screen b5, its own soldier
  EXPECT_FALSE(pos.reach(sq("b3")).contains(sq("b6")));   // never the screen itself
  EXPECT_TRUE(pos.reach(sq("b3")).contains(sq("b7")));
  EXPECT_FALSE(pos.reach(sq("h3")).contains(sq("h8")));   // never an enemy cannon
  EXPECT_TRUE(pos.reach(sq("h3")).contains(sq("h7")));
  EXPECT_TRUE(pos.reach(sq("e5")).empty());               // an empty point reaches nothing
}

TEST(Reach, PalaceDiagonalsAndLegs) {
  Position pos;
  // A Cho chariot on d8 (a corner of Han's palace), Han's general on f10 beyond the centre.
  ASSERT_FALSE(pos.set_fen("5k3/9/3R5/9/9/9/9/9/4K4/9 w - - 0 1"));
  EXPECT_TRUE(pos.reach(sq("d8")).contains(sq("e9")));
  EXPECT_TRUE(pos.reach(sq("d8")).contains(sq("f10")));
  // The general's reach: its palace steps from e2 (8 points).
  EXPECT_EQ(pos.reach(sq("e2")), squares({"d1", "e1", "f1", "d2", "f2", "d3", "e3", "f3"}));
}

TEST(Pinned, ByALineAScreenAndALeg) {
  Position pos;
  // Han's chariot e10 pins Cho's horse e4 to the general e2 (nothing else on the file).
  ASSERT_FALSE(pos.set_fen("3kr4/9/9/9/9/9/4N4/9/4K4/9 w - - 0 1"));
  EXPECT_TRUE(pos.pinned(sq("e4")));
  EXPECT_FALSE(pos.pinned(sq("e2")));  // a general is never pinned
  EXPECT_FALSE(pos.pinned(sq("e5")));  // nor an empty point
  // Han's cannon e10 over two pieces e6 and e4: either, gone, lets it check over the other.
  ASSERT_FALSE(pos.set_fen("3kc4/9/9/9/4P4/9/4N4/9/4K4/9 w - - 0 1"));
  EXPECT_TRUE(pos.pinned(sq("e6")));
  EXPECT_TRUE(pos.pinned(sq("e4")));
  // A cannon's lone screen is no pin: gone, the cannon has none.
  ASSERT_FALSE(pos.set_fen("3kc4/9/9/9/9/9/4N4/9/4K4/9 w - - 0 1"));
  EXPECT_FALSE(pos.pinned(sq("e4")));
  // A Han horse on g3, whose leg towards e2 is f3, where a Cho advisor stands: pinned.
  ASSERT_FALSE(pos.set_fen("3k5/9/9/9/9/9/9/5Ah2/4K4/9 w - - 0 1"));
  EXPECT_TRUE(pos.pinned(sq("f3")));
}

TEST(Screens, TheFirstPieceOnEachLineUnlessACannon) {
  Position pos;
  ASSERT_FALSE(pos.set_fen("4k4/9/9/9/9/9/1p7/1C3p1c1/4K4/9 w - - 0 1"));
  EXPECT_EQ(pos.screens(sq("b3")), squares({"b4", "f3"}));
  EXPECT_TRUE(pos.screens(sq("a1")).empty());  // no cannon there
  ASSERT_FALSE(pos.set_fen("4k4/9/9/9/9/9/9/1C3c3/4K4/9 w - - 0 1"));
  EXPECT_TRUE(pos.screens(sq("b3")).empty());  // a cannon is no screen
}

TEST(MaterialSignature, CountsAndCapturesAlongTheMoves) {
  Position start;
  const PieceCounts counts = piece_counts(start);
  EXPECT_EQ(material_of(counts[0]), 72);
  EXPECT_EQ(counts[1][static_cast<int>(PieceType::Soldier)], 5);
  // c4c5 c7c6 c5c6 (takes the soldier), then a pass and a chariot move.
  const Move moves[] = {Move(sq("c4"), sq("c5")), Move(sq("c7"), sq("c6")), Move(sq("c5"), sq("c6")),
                        Move::pass(sq("e9")), Move(sq("a1"), sq("a2"))};
  const MaterialSignature s = material_signature(start, moves);
  EXPECT_EQ(s.plies, 5);
  EXPECT_EQ(s.to_move, Side::Cho);
  ASSERT_EQ(s.captures.size(), 1u);
  EXPECT_EQ(s.captures[0].ply, 3);
  EXPECT_EQ(s.captures[0].piece, make_piece(Side::Han, PieceType::Soldier));
}

}  // namespace
