// src/core/README.md, "Edge cases": one test per item, asserting the exact
// legal-move list (sorted UCI strings, pass written as the general's square twice) or,
// where the spec gives only a count, the exact count plus the moves it names. Also
// the 62-ply game-end vector from Fairy-Stockfish's test.py (same section).
//
// Profiles: an item that names none was run through FS `janggi` → fs-janggi;
// "janggicasual" → fs-casual; "004-rules" → no-facing. Items 4 and 15 give no position;
// the positions used for them here are constructed and say so.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"

namespace {

using gibo::Move;
using gibo::MoveList;
using gibo::Position;
using Moves = std::vector<std::string>;

Position make(std::string_view profile_id, std::string_view fen) {
  const gibo::Profile* profile = gibo::find_profile(profile_id);
  EXPECT_NE(profile, nullptr) << profile_id;
  Position pos;
  if (profile) pos.set_rules(gibo::legality_rules(*profile));
  if (auto err = pos.set_fen(fen)) ADD_FAILURE() << "set_fen(" << fen << "): " << err->message;
  return pos;
}

Position start(std::string_view profile_id) { return make(profile_id, gibo::kStartFen); }

Moves sorted(Moves v) {
  std::sort(v.begin(), v.end());
  return v;
}

// All legal moves, perft semantics (nothing after an immediate end).
Moves legal(const Position& pos) {
  MoveList list;
  pos.legal_moves(list, /*stop_at_immediate_end=*/true);
  Moves out;
  for (Move m : list) out.push_back(gibo::uci(m));
  return sorted(out);
}

// The from-square part of a UCI move ("e10e10" -> "e10").
std::string from_part(const std::string& uci) {
  std::size_t i = 1;
  while (i < uci.size() && uci[i] >= '0' && uci[i] <= '9') ++i;
  return uci.substr(0, i);
}

// The legal moves of the piece on `square`, passes excluded unless `with_pass`.
Moves legal_from(const Position& pos, const std::string& square, bool with_pass = false) {
  Moves out;
  for (const std::string& m : legal(pos)) {
    if (from_part(m) != square) continue;
    if (!with_pass && m == square + square) continue;
    out.push_back(m);
  }
  return sorted(out);
}

bool has(const Moves& v, const std::string& m) { return std::find(v.begin(), v.end(), m) != v.end(); }

// Plays space-separated UCI moves; each must be legal (immediate ends ignored, as a
// replay would) and is found by matching uci() against the legal list.
::testing::AssertionResult play(Position& pos, std::string_view moves) {
  std::istringstream in{std::string(moves)};
  std::string text;
  int ply = 0;
  while (in >> text) {
    ++ply;
    MoveList list;
    pos.legal_moves(list, /*stop_at_immediate_end=*/false);
    Move found = Move::none();
    for (Move m : list)
      if (gibo::uci(m) == text) found = m;
    if (found.is_none())
      return ::testing::AssertionFailure() << "move " << ply << " '" << text << "' is not legal in " << pos.fen();
    pos.do_move(found);
  }
  return ::testing::AssertionSuccess();
}

// --- 1 -------------------------------------------------------------------------------

TEST(EdgeCases, Item01_PalaceSideMiddleHasNoDiagonalCentreHasEight) {
  // The spec's position: king on the centre e9, janggicasual: 8 king moves + the pass.
  Position centre = make("fs-casual", "9/4k4/9/9/9/9/9/9/4K4/9 b");
  EXPECT_EQ(legal(centre), sorted({"e9d8", "e9d9", "e9d10", "e9e8", "e9e10", "e9f8", "e9f9", "e9f10", "e9e9"}));
  // "A king on d9 has at most 3 moves (d8, d10, e9)": constructed position, same
  // material with Han's general on d9.
  Position side = make("fs-casual", "9/3k5/9/9/9/9/9/9/4K4/9 b");
  EXPECT_EQ(legal(side), sorted({"d9d8", "d9d10", "d9e9", "d9d9"}));
}

// --- 2 -------------------------------------------------------------------------------

TEST(EdgeCases, Item02_StartKingSixMovesAdvisorsTwoEach) {
  Position pos = start("fs-janggi");
  EXPECT_EQ(legal_from(pos, "e2"), sorted({"e2e1", "e2e3", "e2d2", "e2f2", "e2d3", "e2f3"}));
  EXPECT_EQ(legal_from(pos, "d1"), sorted({"d1d2", "d1e1"}));
  EXPECT_EQ(legal_from(pos, "f1"), sorted({"f1f2", "f1e1"}));  // mirror of d1
}

// --- 3 -------------------------------------------------------------------------------

TEST(EdgeCases, Item03_ChariotSlidesTwoAlongPalaceDiagonal) {
  constexpr std::string_view fen = "4ka3/9/3R5/9/9/9/9/9/3K5/9 w";
  Position fs = make("fs-janggi", fen);
  const Moves all = legal(fs);
  EXPECT_EQ(all.size(), 21u);
  EXPECT_TRUE(has(all, "d8e9"));
  EXPECT_TRUE(has(all, "d8f10"));  // captures the advisor
  EXPECT_TRUE(has(all, "d2e2"));

  Position g4 = make("no-facing", fen);
  const Moves nf = legal(g4);
  EXPECT_EQ(nf.size(), 20u);
  EXPECT_FALSE(has(nf, "d2e2"));  // would create facing on the e-file
  // Exactly the one move differs.
  Moves expected = all;
  expected.erase(std::find(expected.begin(), expected.end(), "d2e2"));
  EXPECT_EQ(nf, expected);
}

// --- 4 -------------------------------------------------------------------------------

TEST(EdgeCases, Item04_ChariotAndCannonOnSideMiddleHaveNoDiagonal) {
  // Constructed (the item gives no position). Chariot on d2, palace otherwise empty
  // apart from Cho's general on f1 (off its lines): only orthogonal slides, no c1 c3 e1 e3.
  Position r = make("fs-janggi", "4k4/9/9/9/9/9/9/9/3R5/5K3 w");
  EXPECT_EQ(legal_from(r, "d2"), sorted({"d2d1", "d2d3", "d2d4", "d2d5", "d2d6", "d2d7", "d2d8", "d2d9", "d2d10",
                                         "d2a2", "d2b2", "d2c2", "d2e2", "d2f2", "d2g2", "d2h2", "d2i2"}));
  // Cannon on d2 with non-cannon pieces on e3 and e1 (which would be its diagonal
  // neighbours if d2 had diagonals): it only jumps the d5 soldier up the d-file.
  Position c = make("fs-janggi", "3k5/9/9/9/9/3P5/9/4A4/3C5/4AK3 w");
  EXPECT_EQ(legal_from(c, "d2"), sorted({"d2d6", "d2d7", "d2d8", "d2d9"}));
}

// --- 5 -------------------------------------------------------------------------------

TEST(EdgeCases, Item05_CannonPalaceDiagonalCaptureOverNonCannon) {
  Position pos = make("fs-janggi", "3k5/9/9/9/9/9/9/5p3/4A4/3C1K3 w");
  EXPECT_EQ(legal(pos), sorted({"d1f3", "d1g1", "d1h1", "d1i1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f2", "e2f3",
                                "f1e1", "f1f1"}));
}

// --- 6 -------------------------------------------------------------------------------

TEST(EdgeCases, Item06_CannonCannotJumpCannonOnCentre) {
  Position pos = make("fs-janggi", "3k5/9/9/9/9/9/9/5p3/4C4/3C1K3 w");
  EXPECT_EQ(legal(pos), sorted({"d1g1", "d1h1", "d1i1", "f1e1", "f1f1"}));
}

// --- 7 -------------------------------------------------------------------------------

TEST(EdgeCases, Item07_CannonNeverCapturesCannon) {
  Position pos = make("fs-janggi", "5k3/c8/9/9/P8/9/9/9/4K4/C8 w");
  const Moves all = legal(pos);
  EXPECT_EQ(all.size(), 13u);
  EXPECT_EQ(legal_from(pos, "a1"), sorted({"a1a7", "a1a8"}));
  EXPECT_FALSE(has(all, "a1a9"));
}

// --- 8 -------------------------------------------------------------------------------

TEST(EdgeCases, Item08_StartCannonsHaveNoMoves) {
  Position pos = start("fs-janggi");
  EXPECT_TRUE(legal_from(pos, "b3").empty());
  EXPECT_TRUE(legal_from(pos, "h3").empty());
  // Han's too.
  ASSERT_TRUE(play(pos, "e2e2"));
  EXPECT_TRUE(legal_from(pos, "b8").empty());
  EXPECT_TRUE(legal_from(pos, "h8").empty());
}

// --- 9 -------------------------------------------------------------------------------

TEST(EdgeCases, Item09_GeneralCanBeCannonScreen) {
  Position pos = make("fs-janggi", "4a4/4k4/9/9/9/4C4/9/9/9/5K3 w");
  const Moves all = legal(pos);
  EXPECT_EQ(all.size(), 5u);
  EXPECT_TRUE(has(all, "e5e10"));
  EXPECT_EQ(legal_from(pos, "e5"), Moves{"e5e10"});
}

// --- 10 ------------------------------------------------------------------------------

TEST(EdgeCases, Item10_AnswersToCannonCheck) {
  constexpr std::string_view fen = "3kc4/9/9/9/9/4P4/9/R8/4K4/9 w";
  Position fs = make("fs-janggi", fen);
  EXPECT_TRUE(fs.in_check());
  const Moves all = legal(fs);
  EXPECT_EQ(all, sorted({"a3e3", "e5d5", "e5f5", "e2d1", "e2d2", "e2d3", "e2f1", "e2f2", "e2f3"}));
  EXPECT_FALSE(has(all, "e5e6"));
  EXPECT_FALSE(has(all, "e2e1"));
  EXPECT_FALSE(has(all, "e2e3"));
  EXPECT_FALSE(has(all, "e2e2"));
  // 004-rules: the d-file king moves face the Han general on d10.
  Position g4 = make("no-facing", fen);
  EXPECT_EQ(legal(g4), sorted({"a3e3", "e5d5", "e5f5", "e2f1", "e2f2", "e2f3"}));
}

// --- 11 ------------------------------------------------------------------------------

TEST(EdgeCases, Item11_SelfCheckByBecomingScreen) {
  Position pos = make("fs-janggi", "3kc4/9/9/9/9/R6PC/9/9/4K4/9 w");
  const Moves all = legal(pos);
  EXPECT_EQ(all.size(), 31u);
  EXPECT_FALSE(has(all, "a5e5"));  // the chariot would screen c e10 onto e2
  EXPECT_TRUE(has(all, "i5e5"));   // a cannon is no screen
}

// --- 12 ------------------------------------------------------------------------------

TEST(EdgeCases, Item12_HorseLegBlocked) {
  Position pos = make("fs-janggi", "3k5/9/9/9/4P4/4N4/9/9/4K4/9 w");
  EXPECT_EQ(legal_from(pos, "e5"), sorted({"e5c4", "e5c6", "e5d3", "e5f3", "e5g4", "e5g6"}));
  EXPECT_EQ(legal(pos).size(), 18u);
}

// --- 13 ------------------------------------------------------------------------------

TEST(EdgeCases, Item13_ElephantTwoBlockingPoints) {
  Position pos = make("fs-janggi", "3k5/9/9/9/4P4/4B4/2p6/9/4K4/9 w");
  EXPECT_EQ(legal_from(pos, "e5"), sorted({"e5b7", "e5c2", "e5g2", "e5h3", "e5h7"}));
  EXPECT_EQ(legal(pos).size(), 17u);
}

// --- 14 ------------------------------------------------------------------------------

TEST(EdgeCases, Item14_SoldierInEnemyPalace) {
  Position corner = make("fs-janggi", "5k3/9/3P5/9/9/9/9/9/4K4/9 w");
  EXPECT_EQ(legal_from(corner, "d8"), sorted({"d8c8", "d8d9", "d8e8", "d8e9"}));
  Position centre = make("fs-janggi", "9/4P4/3k5/9/9/9/9/9/4K4/9 w");
  EXPECT_EQ(legal_from(centre, "e9"), sorted({"e9d9", "e9f9", "e9e10", "e9d10", "e9f10"}));
  Position side = make("fs-janggi", "5k3/3P5/9/9/9/9/9/9/4K4/9 w");
  EXPECT_EQ(legal_from(side, "d9"), sorted({"d9c9", "d9e9", "d9d10"}));
}

// --- 15 ------------------------------------------------------------------------------

TEST(EdgeCases, Item15_SoldierNeverBackwardLastRankSideways) {
  // Item 14's centre position: no e9d8 / e9f8 (diagonally backward).
  Position centre = make("fs-janggi", "9/4P4/3k5/9/9/9/9/9/4K4/9 w");
  const Moves e9 = legal_from(centre, "e9");
  EXPECT_FALSE(has(e9, "e9d8"));
  EXPECT_FALSE(has(e9, "e9f8"));
  EXPECT_FALSE(has(e9, "e9e8"));
  // Constructed: a soldier on the palace corner d10 moves sideways only (no e9, d9).
  Position last = make("fs-janggi", "3P5/9/5k3/9/9/9/9/9/4K4/9 w");
  EXPECT_EQ(legal_from(last, "d10"), sorted({"d10c10", "d10e10"}));
}

// --- 16 ------------------------------------------------------------------------------

TEST(EdgeCases, Item16_SoldierCheckAlongPalaceDiagonal) {
  Position pos = make("fs-janggi", "3k5/9/9/9/9/9/9/3p5/4K4/9 w");
  EXPECT_TRUE(pos.in_check());
  EXPECT_EQ(legal(pos), sorted({"e2d3", "e2d1", "e2e1", "e2f1", "e2f2", "e2f3"}));
}

// --- 17 ------------------------------------------------------------------------------

TEST(EdgeCases, Item17_NoStalemateWhenPassingIsFree) {
  Position pos = make("fs-janggi", "4k4/c7R/9/3R1R3/9/9/9/9/9/3K5 b");
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(legal(pos), Moves{"e10e10"});
}

// --- 18 ------------------------------------------------------------------------------

TEST(EdgeCases, Item18_BikjangReplyKingsOnly) {
  constexpr std::string_view fen = "9/4k4/9/9/9/9/9/9/4K4/9 b";
  Position fs = make("fs-janggi", fen);
  EXPECT_TRUE(fs.generals_facing());
  EXPECT_EQ(legal(fs), sorted({"e9d8", "e9d9", "e9d10", "e9f8", "e9f9", "e9f10", "e9e9"}));
  Position casual = make("fs-casual", fen);
  EXPECT_EQ(legal(casual), sorted({"e9d8", "e9d9", "e9d10", "e9e8", "e9e10", "e9f8", "e9f9", "e9f10", "e9e9"}));
}

// --- 19 ------------------------------------------------------------------------------

TEST(EdgeCases, Item19_BikjangTogetherWithCheck) {
  constexpr std::string_view fen = "3a1a3/3Rk4/5a3/2N6/9/9/9/9/4K4/9 b";
  Position fs = make("fs-janggi", fen);
  EXPECT_TRUE(fs.in_check());
  EXPECT_TRUE(fs.generals_facing());
  EXPECT_EQ(legal(fs), Moves{"e9e9"});
  // The pass accepts the bikjang: the game ends (by counting, 18 vs 9 + 1.5).
  ASSERT_TRUE(play(fs, "e9e9"));
  EXPECT_TRUE(fs.immediate_end());
  EXPECT_TRUE(legal(fs).empty());
  EXPECT_EQ(fs.material(gibo::Side::Cho), 18);
  EXPECT_EQ(fs.material(gibo::Side::Han), 9);

  Position casual = make("fs-casual", fen);
  EXPECT_EQ(legal(casual), sorted({"d10d9", "e9e10"}));
}

// --- 20 ------------------------------------------------------------------------------

TEST(EdgeCases, Item20_RemovingLastBlockerCreatesBikjang) {
  constexpr std::string_view fen = "9/4k4/9/9/9/4N4/9/9/4K4/9 w";
  const Moves king = {"e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3", "e2e2"};
  Position fs = make("fs-janggi", fen);
  Moves expected = king;
  for (const char* m : {"e5c4", "e5c6", "e5d3", "e5d7", "e5f3", "e5f7", "e5g4", "e5g6"}) expected.push_back(m);
  EXPECT_EQ(legal(fs), sorted(expected));
  EXPECT_EQ(legal(fs).size(), 17u);
  Position g4 = make("no-facing", fen);
  EXPECT_EQ(legal(g4), sorted(king));  // the horse is pinned by the no-facing rule
}

// --- 21 ------------------------------------------------------------------------------

TEST(EdgeCases, Item21_FacingCreatedOnAnotherFile) {
  // Item 3's d2e2 is covered by Item03. The start line e4d4 e7f7:
  Position fs = start("fs-janggi");
  ASSERT_TRUE(play(fs, "e4d4 e7f7"));
  EXPECT_TRUE(fs.generals_facing());
  EXPECT_EQ(legal(fs), sorted({"c1e4", "g1e4", "d4e4", "e2d2", "e2d3", "e2f2", "e2f3", "e2e2"}));
  Position casual = start("fs-casual");
  ASSERT_TRUE(play(casual, "e4d4 e7f7"));
  EXPECT_EQ(legal(casual).size(), 32u);
}

// --- 22 ------------------------------------------------------------------------------

TEST(EdgeCases, Item22_DoublePassEndsGameInEveryFsVariant) {
  for (const char* id : {"fs-janggi", "fs-traditional", "fs-modern", "fs-casual"}) {
    Position pos = start(id);
    ASSERT_TRUE(play(pos, "e2e2 e9e9")) << id;
    EXPECT_TRUE(pos.immediate_end()) << id;
    EXPECT_TRUE(legal(pos).empty()) << id;
    EXPECT_EQ(pos.material(gibo::Side::Cho), 72) << id;  // counting: 72 vs 73.5
    EXPECT_EQ(pos.material(gibo::Side::Han), 72) << id;
  }
}

// --- 23 ------------------------------------------------------------------------------

TEST(EdgeCases, Item23_PassThatAcceptsBikjang) {
  for (const char* id : {"fs-janggi", "fs-traditional"}) {
    Position pos = start(id);
    ASSERT_TRUE(play(pos, "e4d4 e7f7 e2e2")) << id;
    EXPECT_TRUE(pos.state().pass_accepted_bikjang) << id;
    EXPECT_TRUE(pos.immediate_end()) << id;
    EXPECT_TRUE(legal(pos).empty()) << id;
  }
  for (const char* id : {"fs-modern", "fs-casual"}) {
    Position pos = start(id);
    ASSERT_TRUE(play(pos, "e4d4 e7f7 e2e2")) << id;
    EXPECT_FALSE(pos.immediate_end()) << id;
    EXPECT_EQ(legal(pos).size(), 32u) << id;
  }
}

// --- 24 ------------------------------------------------------------------------------

TEST(EdgeCases, Item24_PassIsEncodedAsKingMove) {
  Position pos = start("fs-janggi");
  const Moves all = legal(pos);
  EXPECT_EQ(all.size(), 32u);
  EXPECT_TRUE(has(all, "e2e2"));
  EXPECT_EQ(legal_from(pos, "e2", /*with_pass=*/true).size(), 7u);
  EXPECT_EQ(legal_from(pos, "e2", /*with_pass=*/false).size(), 6u);
  MoveList list;
  pos.legal_moves(list);
  int passes = 0;
  for (Move m : list) passes += m.is_pass();
  EXPECT_EQ(passes, 1);
  EXPECT_TRUE(list.contains(Move::pass(gibo::parse_square("e2"))));
}

// --- test.py -----------------------------------------------------------------------

TEST(EdgeCases, Section28_TestPyGameEndVector) {
  Position pos = start("fs-janggi");
  ASSERT_TRUE(play(pos,
                   "e2e3 e9f9 h3d3 e7f7 i1i3 h10i8 i3h3 c10e7 h3h8 i10i9 h8b8 i9g9 d3f3 f9e9 f3f10 e7c10 "
                   "f10c10 b10c8 c10g10 g9f9 b8c8 a10b10 b3f3 f9h9 a1a2 h9f9 a2d2 b10b9 d2d10 e9d10 c8c10 "
                   "d10d9 f3f9 i8g9 f9b9 a7a6 g10g7 f7f6 e4e5 c7d7 g1e4 i7i6 e4b6 d9d8 c10c8 d8d9 b9g9 "
                   "d7d6 b6e8 i6h6 e5e6 f6e6 c1e4 a6b6 e4b6 d6d5 c4c5 d9d10 e3d3 h6i6 c5c6 d5c5"));
  EXPECT_EQ(pos.game_ply(), 62);
  EXPECT_EQ(pos.fen(), "3k5/6C2/2R1B4/6C2/1BP1p3p/2p6/P5P1P/3K5/9/1N1A1A1N1 w - - 7 32");
  EXPECT_TRUE(pos.generals_facing());  // Han has just created a face-off on the d-file
  EXPECT_EQ(legal(pos), sorted({"d3d3", "d3e3", "d3e2", "c8d8", "c6d6"}));
  // After the pass the game ends immediately; Cho wins on material, 57 vs 6 + 1.5.
  ASSERT_TRUE(play(pos, "d3d3"));
  EXPECT_TRUE(pos.immediate_end());
  EXPECT_TRUE(legal(pos).empty());
  EXPECT_EQ(pos.material(gibo::Side::Cho), 57);
  EXPECT_EQ(pos.material(gibo::Side::Han), 6);
}

}  // namespace
