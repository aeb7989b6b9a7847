// Seed 004's concrete counts (src/core/README.md, "Seed 004's counts"), checked against Fairy-Stockfish.
//  * the per-piece-type breakdown of the 32 start moves for 마상상마 and for 상마마상;
//  * "a chariot in the middle of an empty board has 16 destinations" is wrong: any
//    point off the palace diagonals gives 8 + 9 = 17 (A21).
//
// The breakdowns are checked under fs-janggi (what the spec ran) and under no-facing (the
// seed-004 profile): no first move can create facing (e4/e7 stay between the generals),
// so both must agree.
#include <gtest/gtest.h>

#include <array>
#include <map>
#include <string>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"

namespace {

using gibo::Move;
using gibo::MoveList;
using gibo::PieceType;
using gibo::Position;

using gibo::Side;

// 'R' 'P' 'N' 'B' 'A' 'K' per moving piece type, and "pass".
std::map<std::string, int> breakdown(const Position& pos) {
  MoveList list;
  pos.legal_moves(list, true);
  std::map<std::string, int> out;
  for (Move m : list) {
    if (m.is_pass()) {
      ++out["pass"];
      continue;
    }
    const char letter = gibo::fen_letter(gibo::make_piece(Side::Cho, gibo::type_of(pos.piece_on(m.from()))));
    ++out[std::string(1, letter)];
  }
  return out;
}

Position with_profile(const char* id) {
  Position pos;
  pos.set_rules(gibo::legality_rules(*gibo::find_profile(id)));
  return pos;
}

TEST(Seed004Counts, StartBreakdownHEEH) {
  const std::map<std::string, int> expected = {{"R", 4}, {"P", 13}, {"N", 4}, {"A", 4}, {"K", 6}, {"pass", 1}};
  for (const char* id : {"fs-janggi", "no-facing"}) {
    Position pos = with_profile(id);
    pos.set_setups(gibo::Setup::HEEH, gibo::Setup::HEEH);
    EXPECT_EQ(pos.fen(), gibo::kStartFen);
    EXPECT_EQ(breakdown(pos), expected) << id;  // no B and no C entry: elephants and cannons 0
    EXPECT_EQ(pos.perft(1), 32u) << id;
  }
}

TEST(Seed004Counts, StartBreakdownEHHE) {
  const std::map<std::string, int> expected = {{"R", 4}, {"P", 13}, {"N", 2}, {"B", 2},
                                               {"A", 4}, {"K", 6},  {"pass", 1}};
  for (const char* id : {"fs-janggi", "no-facing"}) {
    Position pos = with_profile(id);
    pos.set_setups(gibo::Setup::EHHE, gibo::Setup::EHHE);
    EXPECT_EQ(pos.fen(), "rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ANBR w - - 0 1");
    EXPECT_EQ(breakdown(pos), expected) << id;
    // The elephants' two moves are b1→d4 and h1→f4.
    MoveList list;
    pos.legal_moves(list);
    EXPECT_TRUE(list.contains(Move(gibo::parse_square("b1"), gibo::parse_square("d4"))));
    EXPECT_TRUE(list.contains(Move(gibo::parse_square("h1"), gibo::parse_square("f4"))));
    // And Han's, after a Cho pass: 1 each as well.
    pos.do_move(Move::pass(pos.general(Side::Cho)));
    const auto han = breakdown(pos);
    EXPECT_EQ(han.at("B"), 2) << id;  // letters are normalised to Cho's case above
  }
}

// The palace-diagonal points, where a chariot gains diagonal moves.
bool on_palace_diagonal(gibo::Square s) {
  for (const char* name : {"d1", "f1", "e2", "d3", "f3", "d8", "f8", "e9", "d10", "f10"})
    if (gibo::parse_square(name) == s) return true;
  return false;
}

// Places a general for `side` inside its palace on neither the chariot's file nor its
// rank (so it blocks no slide), and on a file different from `avoid_file` (so the two
// generals never face each other: no bikjang, no no-facing restriction). The palace is
// 3×3, so after removing one file and one rank (and one more file) a point remains.
gibo::Square general_square(Side side, gibo::Square chariot, int avoid_file) {
  const int r0 = side == Side::Cho ? 0 : 7;
  for (int r = r0; r < r0 + 3; ++r)
    for (int f = 3; f <= 5; ++f)
      if (f != gibo::file_of(chariot) && r != gibo::rank_of(chariot) && f != avoid_file)
        return gibo::make_square(f, r);
  return gibo::kNoSquare;
}

int chariot_destinations(const char* profile, gibo::Square chariot, gibo::Square cho_g, gibo::Square han_g) {
  std::array<gibo::Piece, gibo::kSquares> board{};
  board.fill(gibo::Piece::None);
  board[chariot] = gibo::make_piece(Side::Cho, PieceType::Chariot);
  board[cho_g] = gibo::make_piece(Side::Cho, PieceType::General);
  board[han_g] = gibo::make_piece(Side::Han, PieceType::General);
  Position pos = with_profile(profile);
  auto err = pos.set_board(board, Side::Cho);
  EXPECT_FALSE(err) << err->message;
  MoveList list;
  pos.legal_moves(list);
  int n = 0;
  for (Move m : list) n += m.from() == chariot;
  return n;
}

TEST(Seed004Counts, ChariotInTheMiddleOfAnEmptyBoardHas17Destinations) {
  // The seed's "middle of the board": e5, with the generals on d1 (Cho) and f10 (Han):
  // neither on file e nor on rank 5, and on different files from each other, so they
  // neither block nor face. e-file: e1..e4 and e6..e10 = 9; rank 5: a5..d5, f5..i5 = 8.
  const gibo::Square e5 = gibo::parse_square("e5");
  for (const char* id : {"no-facing", "fs-janggi"})
    EXPECT_EQ(chariot_destinations(id, e5, gibo::parse_square("d1"), gibo::parse_square("f10")), 17) << id;
  EXPECT_NE(chariot_destinations("no-facing", e5, gibo::parse_square("d1"), gibo::parse_square("f10")), 16);
}

TEST(Seed004Counts, EveryOffDiagonalPointGives17) {
  int checked = 0;
  for (int s = 0; s < gibo::kSquares; ++s) {
    const auto sq = static_cast<gibo::Square>(s);
    if (on_palace_diagonal(sq)) continue;
    const gibo::Square cho_g = general_square(Side::Cho, sq, -1);
    ASSERT_NE(cho_g, gibo::kNoSquare) << gibo::square_name(sq);
    const gibo::Square han_g = general_square(Side::Han, sq, gibo::file_of(cho_g));
    ASSERT_NE(han_g, gibo::kNoSquare) << gibo::square_name(sq);
    EXPECT_EQ(chariot_destinations("no-facing", sq, cho_g, han_g), 17)
        << "chariot on " << gibo::square_name(sq) << ", generals " << gibo::square_name(cho_g) << " "
        << gibo::square_name(han_g);
    ++checked;
  }
  EXPECT_EQ(checked, 80);
}

TEST(Seed004Counts, PalaceDiagonalPointsGiveMore) {
  // Contrast (not a seed claim): on a palace-diagonal point the chariot has more than 17.
  // Centre e2 with generals d1 / f10: 17 orthogonal + f1 d3 f3 (the own general on d1
  // blocks the fourth diagonal step). Corner d1 with generals f2 / e10 (off its lines):
  // 17 orthogonal + e2 and f3 (the two-point slide).
  EXPECT_EQ(chariot_destinations("no-facing", gibo::parse_square("e2"), gibo::parse_square("d1"),
                                 gibo::parse_square("f10")),
            // d1 is on e2's diagonal: the own general blocks that one step.
            17 + 3);
  EXPECT_EQ(chariot_destinations("no-facing", gibo::parse_square("d1"), gibo::parse_square("f2"),
                                 gibo::parse_square("e10")),
            17 + 2);
}

}  // namespace
