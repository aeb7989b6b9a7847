// Endings of the Fairy-Stockfish profiles (fs-janggi, fs-traditional, fs-modern,
// fs-casual, pychess) on the FS-verified vectors (src/adjudication/README.md, "Reference vectors";
// src/core/README.md, "Edge cases").
#include "adjudication_test_util.h"

namespace gibo::test {
namespace {

constexpr std::string_view kStart = "";  // the start position (마상상마 both)

// Both horses shuttle from the start: b1c3 b10c8 c3b1 c8b10, twice, then b1c3.
constexpr std::string_view kHorseShuttle = "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10 b1c3";

// The perpetual-check vector. Cho: K d1, R a1; Han: K e10. The rook checks along
// rank 10 and rank 9 in turn while the Han king steps e10↔e9; position after ply 1
// (rook a10, king e10, Han to move) recurs at plies 5 and 9.
constexpr std::string_view kPerpetualFen = "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1";
constexpr std::string_view kPerpetualMoves = "a1a10 e10e9 a10a9 e9e10 a9a10 e10e9 a10a9 e9e10 a9a10";

// A mate in one for Cho: Han K d10 and a soldier on i5 (so Han is not "palace only");
// Cho R i9 holds rank 9 (d9, e9). a1a10 checks along rank 10; e10 stays on the ray.
constexpr std::string_view kMateFen = "3k5/8R/9/9/9/8p/9/9/4K4/R8 w - - 0 1";

// ---------------------------------------------------------------------------
// Repetition vectors

TEST(FsRepetition, HorseShuttleJanggiEndsAtPly8ByCounting) {
  for (std::string_view id : {"fs-janggi", "pychess"}) {
    SCOPED_TRACE(id);
    EndingTracker t = replay(id, kStart, kHorseShuttle);
    EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Han, EndReason::Repetition, 8, 144, 147));
    EXPECT_TRUE(t.first_ending()->by_score);
  }
}

TEST(FsRepetition, HorseShuttleTraditionalAndCasualDrawAtPly8) {
  for (std::string_view id : {"fs-traditional", "fs-casual"}) {
    SCOPED_TRACE(id);
    EXPECT_TRUE(Ends(replay(id, kStart, kHorseShuttle).first_ending(), Outcome::Draw, EndReason::Repetition, 8));
  }
}

TEST(FsRepetition, HorseShuttleModernEndsAtPly9ChoLoses) {
  // The shuttle rule: Cho's b1c3 c3b1 b1c3 c3b1 b1c3 (plies 1..9). Han's chain at ply 8
  // has no opening move (ply 0 is the start), so Han is not caught first.
  EndingTracker t = replay("fs-modern", kStart, kHorseShuttle);
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::Repetition, 9));
  EXPECT_EQ(t.facts().repetition[0].count, 5);
  EXPECT_EQ(t.facts().repetition[1].count, 3);  // position: third occurrence only (4 needed)
}

TEST(FsRepetition, ChariotShuttleModernEndsAtPly9WithoutRepeatedPositions) {
  // Cho shuttles a1↔a2 while Han pushes four different soldiers: no position repeats.
  constexpr std::string_view moves = "a1a2 a7a6 a2a1 c7c6 a1a2 g7g6 a2a1 i7i6 a1a2";
  EXPECT_FALSE(replay("fs-janggi", kStart, moves).first_ending().has_value());
  EXPECT_TRUE(Ends(replay("fs-modern", kStart, moves).first_ending(), Outcome::Han, EndReason::Repetition, 9));
}

TEST(FsRepetition, ChariotShuttleWithOneOwnPassEndsAtPly15) {
  // Cho passes (e2e2) after its second shuttle move. The pass is tolerated only when it
  // comes just before the move being judged, so the chain a1a2 (7) .. a1a2 (15) decides.
  constexpr std::string_view moves =
      "a1a2 a7a6 a2a1 c7c6 e2e2 g7g6 a1a2 i7i6 a2a1 a6a5 a1a2 c6c5 a2a1 g6g5 a1a2";
  EndingTracker t(profile("fs-modern"), false, Position());
  int ply = 0;
  for (Move m : uci_moves(moves)) {
    ASSERT_TRUE(t.play(m));
    if (++ply < 15) {
      EXPECT_FALSE(t.ending_now().has_value()) << "ply " << ply;
    }
  }
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::Repetition, 15));
}

TEST(FsRepetition, BothKingsShuttlingJanggiAt8ModernAt12) {
  // Palace pieces are exempt from the shuttle rule: modern needs the 4th occurrence.
  const std::string moves = repeat("e2e1 e9e10 e1e2 e10e9 ", 3);
  EndingTracker janggi = replay("fs-janggi", kStart, moves);
  EXPECT_TRUE(Ends(janggi.first_ending(), Outcome::Han, EndReason::Repetition, 8));
  EndingTracker modern = replay("fs-modern", kStart, moves);
  EXPECT_TRUE(EndsScored(modern.first_ending(), Outcome::Han, EndReason::Repetition, 12, 144, 147));
}

TEST(FsRepetition, PerpetualCheckerLosesAtPly9InAllFourVariants) {
  for (std::string_view id : {"fs-janggi", "fs-traditional", "fs-casual", "pychess"}) {
    SCOPED_TRACE(id);
    EXPECT_TRUE(Ends(replay(id, kPerpetualFen, kPerpetualMoves).first_ending(), Outcome::Han,
                     EndReason::PerpetualCheck, 9));
  }
  // janggimodern reaches the same verdict through its shuttle rule (a10a9 a9a10 ... with
  // a1a10 as the opening move); FS does not tell the two apart.
  EXPECT_TRUE(Ends(replay("fs-modern", kPerpetualFen, kPerpetualMoves).first_ending(), Outcome::Han,
                   EndReason::Repetition, 9));
}

// ---------------------------------------------------------------------------
// The 62-ply test.py vector

constexpr std::string_view kTestPy62 =
    "e2e3 e9f9 h3d3 e7f7 i1i3 h10i8 i3h3 c10e7 h3h8 i10i9 h8b8 i9g9 d3f3 f9e9 f3f10 e7c10 f10c10 b10c8 "
    "c10g10 g9f9 b8c8 a10b10 b3f3 f9h9 a1a2 h9f9 a2d2 b10b9 d2d10 e9d10 c8c10 d10d9 f3f9 i8g9 f9b9 a7a6 "
    "g10g7 f7f6 e4e5 c7d7 g1e4 i7i6 e4b6 d9d8 c10c8 d8d9 b9g9 d7d6 b6e8 i6h6 e5e6 f6e6 c1e4 a6b6 e4b6 "
    "d6d5 c4c5 d9d10 e3d3 h6i6 c5c6 d5c5";

TEST(FsVector62, PassIntoHansFacingEndsTheGameChoWins114To15) {
  EndingTracker t = replay("fs-janggi", kStart, kTestPy62);
  ASSERT_EQ(t.ply(), 62);
  EXPECT_EQ(t.position().fen(), "3k5/6C2/2R1B4/6C2/1BP1p3p/2p6/P5P1P/3K5/9/1N1A1A1N1 w - - 7 32");
  EXPECT_FALSE(t.first_ending().has_value());
  EXPECT_TRUE(t.facts().facing_counts);
  const std::vector<std::string> expected = {"c6d6", "c8d8", "d3d3", "d3e2", "d3e3"};
  EXPECT_EQ(legal_uci(t.position(), "fs-janggi"), expected);

  ASSERT_TRUE(t.play(uci_move("d3d3")));
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Cho, EndReason::Bikjang, 63, 114, 15));  // 57 vs 6 + 1.5
  EXPECT_TRUE(t.position().immediate_end());
}

TEST(FsVector62, TraditionalMakesTheSamePassADraw) {
  EndingTracker t = replay("fs-traditional", kStart, std::string(kTestPy62) + " d3d3");
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Draw, EndReason::Bikjang, 63));
}

// ---------------------------------------------------------------------------
// Deom equivalences after a double pass (kings on different files: no facing)

TEST(FsScoring, DeomEquivalencesAfterDoublePass) {
  struct Case { std::string_view fen; Outcome winner; int cho, han; };
  const Case cases[] = {
      {"9/3k5/9/9/9/p8/9/9/4K4/3A5 w - - 0 1", Outcome::Han, 6, 7},  // K+A (3) vs K+P (2)
      {"9/3k5/9/9/9/9/P8/9/4K4/9 w - - 0 1", Outcome::Cho, 4, 3},    // K+P (2) vs K
      {"9/3k5/9/9/9/9/9/9/4K4/9 w - - 0 1", Outcome::Han, 0, 3},     // K vs K
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.fen);
    EndingTracker t = replay("fs-janggi", c.fen, "e2e2 d9d9");
    EXPECT_TRUE(EndsScored(t.first_ending(), c.winner, EndReason::DoublePass, 2, c.cho, c.han));
  }
}

// ---------------------------------------------------------------------------
// Edge cases 17–23

TEST(FsEdgeCases, Item17OnlyMoveIsThePassAndItIsNoStalemate) {
  // The original FEN has three Cho chariots; here a horse on c8 takes over the i9 chariot's
  // job (it covers e9 via d8, and d10). Han's cannon a9 has no screen on rank 9 or file a.
  constexpr std::string_view fen = "4k4/c8/2N6/3R1R3/9/9/9/9/9/3K5 b - - 0 1";
  EXPECT_EQ(legal_uci(start_from(fen), "fs-janggi"), std::vector<std::string>{"e10e10"});
  for (std::string_view id : {"fs-janggi", "janggi-gg"}) {
    SCOPED_TRACE(id);
    EXPECT_FALSE(replay(id, fen, "e10e10").first_ending().has_value());
  }
}

// From `fen`, each profile of `counts` has that many legal moves.
void expect_legal_counts(std::string_view fen, std::initializer_list<std::pair<std::string_view, std::size_t>> counts) {
  for (const auto& [id, n] : counts) EXPECT_EQ(legal_uci(start_from(fen), id).size(), n) << id;
}

TEST(FsEdgeCases, Item18KingsOnlyPassAcceptsTheBikjang) {
  constexpr std::string_view fen = "9/4k4/9/9/9/9/9/9/4K4/9 b - - 0 1";
  expect_legal_counts(fen, {{"fs-janggi", 7}, {"fs-casual", 9}});
  EndingTracker janggi = replay("fs-janggi", fen, "e9e9");
  EXPECT_TRUE(EndsScored(janggi.first_ending(), Outcome::Han, EndReason::Bikjang, 1, 0, 3));
  EXPECT_TRUE(Ends(replay("fs-traditional", fen, "e9e9").first_ending(), Outcome::Draw, EndReason::Bikjang, 1));
  EXPECT_FALSE(replay("fs-casual", fen, "e9e9").first_ending().has_value());
}

TEST(FsEdgeCases, Item19BikjangBeforeCheckmateTheOnlyMoveIsThePass) {
  // Edge case 19 with a Han elephant on f8 instead of a third advisor (same value 3, and it
  // can neither capture the d9 chariot nor step onto the e-file). Han is in check from d9
  // and faces Cho's king: under FS janggi only the pass is legal, and it ends the game.
  constexpr std::string_view fen = "3a1a3/3Rk4/5b3/2N6/9/9/9/9/4K4/9 b - - 0 1";
  EXPECT_EQ(legal_uci(start_from(fen), "fs-janggi"), std::vector<std::string>{"e9e9"});
  EndingTracker t = replay("fs-janggi", fen, "e9e9");
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Cho, EndReason::Bikjang, 1, 36, 21));  // 18 vs 9 + 1.5
  const std::vector<std::string> casual = {"d10d9", "e9e10"};
  EXPECT_EQ(legal_uci(start_from(fen), "fs-casual"), casual);
}

TEST(FsEdgeCases, Item20RemovingTheLastBlockerCreatesTheBikjang) {
  constexpr std::string_view fen = "9/4k4/9/9/9/4N4/9/9/4K4/9 w - - 0 1";
  expect_legal_counts(fen, {{"fs-janggi", 17}, {"no-facing", 9}});
  EndingTracker t = replay("fs-janggi", fen, "e5c6 e9e9");
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Cho, EndReason::Bikjang, 2, 10, 3));
  EXPECT_FALSE(replay("fs-modern", fen, "e5c6 e9e9").first_ending().has_value());
}

TEST(FsEdgeCases, Items21And23FacingOnAnotherFileThenAPassAcceptsIt) {
  EndingTracker facing = replay("fs-janggi", kStart, "e4d4 e7f7");
  EXPECT_TRUE(facing.facts().facing_counts);
  const std::vector<std::string> replies = {"c1e4", "d4e4", "e2d2", "e2d3", "e2e2", "e2f2", "e2f3", "g1e4"};
  EXPECT_EQ(legal_uci(facing.position(), "fs-janggi"), replies);
  EXPECT_EQ(legal_uci(facing.position(), "fs-casual").size(), 32u);

  for (std::string_view id : {"fs-janggi", "pychess"}) {
    SCOPED_TRACE(id);
    EndingTracker janggi = replay(id, kStart, "e4d4 e7f7 e2e2");
    EXPECT_TRUE(EndsScored(janggi.first_ending(), Outcome::Han, EndReason::Bikjang, 3, 144, 147));
  }
  EXPECT_TRUE(Ends(replay("fs-traditional", kStart, "e4d4 e7f7 e2e2").first_ending(), Outcome::Draw,
                   EndReason::Bikjang, 3));
  for (std::string_view id : {"fs-modern", "fs-casual"}) {
    SCOPED_TRACE(id);
    EndingTracker t = replay(id, kStart, "e4d4 e7f7 e2e2");
    EXPECT_FALSE(t.first_ending().has_value());
    EXPECT_EQ(legal_uci(t.position(), id).size(), 32u);
  }
}

// `moves` from `fen` end the game at `ply` for `reason`: under each of `counted` won by Han
// on points (144 to 147: Han's 1.5 bonus), under each of `drawn` a draw.
void expect_counted_or_drawn(std::initializer_list<std::string_view> counted, std::initializer_list<std::string_view> drawn,
                             std::string_view fen, std::string_view moves, EndReason reason, int ply) {
  for (std::string_view id : counted) {
    SCOPED_TRACE(id);
    EndingTracker t = replay(id, fen, moves);
    EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Han, reason, ply, 144, 147));
  }
  for (std::string_view id : drawn) {
    SCOPED_TRACE(id);
    EXPECT_TRUE(Ends(replay(id, fen, moves).first_ending(), Outcome::Draw, reason, ply));
  }
}

TEST(FsEdgeCases, Item22DoublePassCountsOrDraws) {
  expect_counted_or_drawn({"fs-janggi", "fs-modern", "pychess"}, {"fs-traditional", "fs-casual"}, kStart, "e2e2 e9e9",
                          EndReason::DoublePass, 2);
}

// ---------------------------------------------------------------------------
// Checkmate and the no-capture limit

TEST(FsEndings, CheckmateEndsAtTheMatingPly) {
  for (std::string_view id : {"fs-janggi", "fs-traditional", "fs-modern", "fs-casual", "pychess"}) {
    SCOPED_TRACE(id);
    EndingTracker t = replay(id, kMateFen, "a1a10");
    EXPECT_TRUE(Ends(t.first_ending(), Outcome::Cho, EndReason::Checkmate, 1));
    EXPECT_FALSE(t.first_ending()->by_score);
  }
}

TEST(FsEndings, NoCaptureLimitAt100PliesModernAt200) {
  // The start position with the halfmove clock at 99 (199): one quiet ply reaches the limit.
  constexpr std::string_view at99 = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 99 50";
  constexpr std::string_view at199 = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 199 100";
  expect_counted_or_drawn({"fs-janggi", "pychess"}, {"fs-traditional", "fs-casual"}, at99, "a1a2",
                          EndReason::NoCaptureLimit, 1);
  // A pass counts too (FS-verified).
  EXPECT_TRUE(Ends(replay("fs-janggi", at99, "e2e2").first_ending(), Outcome::Han, EndReason::NoCaptureLimit, 1));
  EXPECT_FALSE(replay("fs-modern", at99, "a1a2").first_ending().has_value());
  EXPECT_TRUE(Ends(replay("fs-modern", at199, "a1a2").first_ending(), Outcome::Han, EndReason::NoCaptureLimit, 1));
}

// ---------------------------------------------------------------------------
// pychess additions

TEST(Pychess, BothSidesPalaceOnlyIsADraw) {
  // K vs K: after Cho's pass both sides are "insufficient" (FS's test for janggi: nothing
  // outside the general and advisors), and pychess draws at once.
  EndingTracker t = replay("pychess", "9/3k5/9/9/9/9/9/9/4K4/9 w - - 0 1", "e2e2");
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Draw, EndReason::InsufficientMaterial, 1));
  // K+A vs K+P is not insufficient for Han: the double pass decides.
  EXPECT_TRUE(Ends(replay("pychess", "9/3k5/9/9/9/p8/9/9/4K4/3A5 w - - 0 1", "e2e2 d9d9").first_ending(),
                   Outcome::Han, EndReason::DoublePass, 2));
}

TEST(Pychess, MoveLimitDrawsAfterPly600) {
  // pychess draws when ply > 600. A 600-ply game without an earlier end is not reachable
  // with the FS endings on, so this follows the tracker past its first ending (ply 8).
  EndingTracker t(profile("pychess"), false, Position());
  const std::vector<Move> cycle = uci_moves("b1c3 b10c8 c3b1 c8b10");
  for (int ply = 0; ply < 601; ++ply) {
    ASSERT_TRUE(t.play(cycle[ply % 4]));
    const auto& now = t.endings_now();
    const bool limit = std::any_of(now.begin(), now.end(), [](const GameEnding& g) { return g.reason == EndReason::MoveLimit; });
    EXPECT_EQ(limit, ply + 1 > 600) << "ply " << ply + 1;
  }
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::Repetition, 8));
  const auto& now = t.endings_now();
  const auto limit = std::find_if(now.begin(), now.end(), [](const GameEnding& g) { return g.reason == EndReason::MoveLimit; });
  ASSERT_NE(limit, now.end());
  EXPECT_EQ(limit->winner, Outcome::Draw);
}

// Decision 14: pychess ends a game in its server's order (server/game.py update_status):
// checkmate, then the 600-ply limit, then insufficient material.
TEST(Pychess, ThePlyLimitComesBeforeInsufficientMaterial) {
  // K vs K from the start, the generals stepping back and forth: at ply 601 both the
  // limit and insufficient material hold, and the limit is the one pychess applies.
  EndingTracker t(profile("pychess"), false, start_from("9/3k5/9/9/9/9/9/9/4K4/9 w - - 0 1"));
  const std::vector<Move> cycle = uci_moves("e2e1 d9d10 e1e2 d10d9");
  for (int ply = 0; ply < 601; ++ply) ASSERT_TRUE(t.play(cycle[ply % 4]));
  const auto& now = t.endings_now();
  const auto at = [&](EndReason r) {
    return std::find_if(now.begin(), now.end(), [r](const GameEnding& g) { return g.reason == r; }) - now.begin();
  };
  ASSERT_LT(at(EndReason::MoveLimit), static_cast<std::ptrdiff_t>(now.size()));
  ASSERT_LT(at(EndReason::InsufficientMaterial), static_cast<std::ptrdiff_t>(now.size()));
  EXPECT_LT(at(EndReason::MoveLimit), at(EndReason::InsufficientMaterial));

  // The same order decides a game: with the limit lowered to 2 plies, Cho's advisor takes
  // Han's last soldier at ply 3, leaving both sides with palace pieces only.
  Profile short_limit = profile("pychess");
  short_limit.max_plies = std::optional<int>(2);
  EndingTracker game(short_limit, false, start_from("5k3/9/9/9/9/9/9/4p4/4A4/3K5 w - - 0 1"));
  for (Move m : uci_moves("d1d2 f10f9 e2e3")) ASSERT_TRUE(game.play(m));
  EXPECT_TRUE(Ends(game.first_ending(), Outcome::Draw, EndReason::MoveLimit, 3));
  ASSERT_EQ(game.endings_now().size(), 2u);
  EXPECT_EQ(game.endings_now()[1].reason, EndReason::InsufficientMaterial);
}

TEST(Pychess, CheckmateComesBeforeThePlyLimit) {
  // Mate in one at ply 1 with the limit lowered to 0: the mate decides, not the draw.
  Profile no_plies = profile("pychess");
  no_plies.max_plies = std::optional<int>(0);
  EndingTracker t(no_plies, false, start_from(kMateFen));
  ASSERT_TRUE(t.play(uci_move("a1a10")));
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Cho, EndReason::Checkmate, 1));
  ASSERT_EQ(t.endings_now().size(), 2u);
  EXPECT_EQ(t.endings_now()[1].reason, EndReason::MoveLimit);
}

TEST(Pychess, ProfileVersionBumpedForTheNewOrder) { EXPECT_EQ(profile("pychess").version, 2); }

}  // namespace
}  // namespace gibo::test
