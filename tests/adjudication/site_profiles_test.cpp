// Endings of the site profiles: janggi-gg (seed 000), kjf-site (seed 001), yeeqia
// (seed 003), no-facing (seed 004) and the provisional kja, from the seeds' own examples
// and positions written for them. FEN ranks run from rank 10 down to rank 1.
#include "adjudication_test_util.h"

namespace gibo::test {
namespace {

constexpr std::string_view kStart = "";
constexpr std::string_view kHorseShuttle = "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10 b1c3";
constexpr std::string_view kHorseShuttle13 =
    "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10 b1c3";

// Low material, 20 each (R13 N5 P2): horses on b1/b10, chariots on i1/i10, soldiers
// e4/e7 keep the e-file closed. The horses can shuttle b1↔c3 and b10↔c8.
constexpr std::string_view kLowFen = "1n6r/4k4/9/4p4/9/9/4P4/9/4K4/1N6R w - - 0 1";

// 29 vs 29 (R13 C7 N5 P2 P2 each), soldiers on e4/e7 so the generals do not face.
constexpr std::string_view kTwentyNineFen = "rn7/4k4/1c7/p3p4/9/9/P3P4/1C7/4K4/RN7 w - - 0 1";

// Mate in one (see fs_vectors_test.cpp): a1a10, with R i9 holding d9/e9.
constexpr std::string_view kMateFen = "3k5/8R/9/9/9/8p/9/9/4K4/R8 w - - 0 1";

// a1a5 takes Han's last piece outside the palace: Han keeps K e9 + A d10. Cho K f2.
constexpr std::string_view kPalaceOnlyFen = "3a5/4k4/9/9/9/r8/9/9/5K3/R8 w - - 0 1";

// Self-check: Cho K d2→e2 walks next to Han's chariot e3, which then takes the general.
constexpr std::string_view kSelfCheckFen = "4k4/9/9/9/9/9/9/4r4/3K5/9 w - - 0 1";

// ===========================================================================
// janggi-gg (seed 000)

TEST(JanggiGg, TwoPassesFromTheStartHanWins72To73Point5) {
  EndingTracker t = replay("janggi-gg", kStart, "e2e2 e9e9");
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Han, EndReason::DoublePass, 2, 144, 147));
}

TEST(JanggiGg, TwentyNineEachHanWinsWith30Point5) {
  EndingTracker t = replay("janggi-gg", kTwentyNineFen, "e2e2 e9e9");
  EXPECT_EQ(t.facts().material, (std::array<int, 2>{29, 29}));
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Han, EndReason::DoublePass, 2, 58, 61));
}

TEST(JanggiGg, ThirdRepeatedMoveLosesWhenASideHas30OrMore) {
  // Cho plays b1c3 for the third time in a continuing cycle at ply 9 (not ply 8, where the
  // start position occurs the third time: the first move is not double-counted).
  EndingTracker t = replay("janggi-gg", kStart, "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10");
  EXPECT_FALSE(t.first_ending().has_value());
  EXPECT_EQ(t.facts().repetition[0].count, 2);
  ASSERT_TRUE(t.play(uci_move("b1c3")));
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::Repetition, 9));
  EXPECT_EQ(t.facts().repetition[0].count, 3);
  EXPECT_EQ(t.facts().repetition[0].repeater, Side::Cho);
  EXPECT_TRUE(t.facts().repetition[0].high_material);
}

TEST(JanggiGg, ThirdRepeatedMoveWithBothUnder30IsDecidedByScore) {
  EndingTracker t = replay("janggi-gg", kLowFen, kHorseShuttle);
  EXPECT_FALSE(t.facts().repetition[0].high_material);
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Han, EndReason::Repetition, 9, 40, 43));
  EXPECT_TRUE(t.first_ending()->by_score);
}

TEST(JanggiGg, AnInterruptedCycleStartsCountingAgain) {
  // Two shuttles, then Cho breaks the cycle with a1a2/a2a1 round trip before resuming:
  // the earlier identical scenes are not added to the new cycle.
  const std::string moves = "b1c3 b10c8 c3b1 c8b10 b1c3 b10c8 c3b1 c8b10 a1a2 a10a9 a2a1 a9a10 b1c3";
  EndingTracker t = replay("janggi-gg", kStart, moves);
  EXPECT_FALSE(t.first_ending().has_value());
  EXPECT_LT(t.facts().repetition[0].count, 3);
}

TEST(JanggiGg, BothKingsShuttlingChoRepeatsFirst) {
  EndingTracker t = replay("janggi-gg", kStart, repeat("e2e1 e9e10 e1e2 e10e9 ", 3));
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::Repetition, 9));
}

TEST(JanggiGg, CheckmateEndsTheGame) {
  EXPECT_TRUE(Ends(replay("janggi-gg", kMateFen, "a1a10").first_ending(), Outcome::Cho, EndReason::Checkmate, 1));
}

// Bikjang created by a capturing general at high material: Cho K d2 takes Han's horse on
// e2 and stands on the open e-file facing Han's K e9. Cho has R R N = 31 (>= 30), so only
// the king-capture exception makes it a bikjang. Han's a10a9 does not break it.
constexpr std::string_view kGeneralCaptureFen = "r7r/4k4/9/9/9/9/9/9/3Kn4/RN6R w - - 0 1";

TEST(JanggiGg, BikjangByACapturingGeneralCountsAtHighMaterial) {
  EndingTracker t = replay("janggi-gg", kGeneralCaptureFen, "d2e2", /*bikjang_option=*/true);
  EXPECT_TRUE(t.facts().facing);
  EXPECT_TRUE(t.facts().facing_counts);
  ASSERT_TRUE(t.play(uci_move("a10a9")));
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Cho, EndReason::Bikjang, 2, 62, 55));  // 31 vs 26 + 1.5
}

TEST(JanggiGg, FacingAtHighMaterialWithoutACaptureIsNoBikjang) {
  // The same material, but the horse is on b10 and the general steps d2e2 without a capture.
  EndingTracker t = replay("janggi-gg", "rn6r/4k4/9/9/9/9/9/9/3K5/RN6R w - - 0 1", "d2e2 a10a9", true);
  EXPECT_FALSE(t.first_ending().has_value());
  EXPECT_TRUE(t.facts().facing);
  EXPECT_FALSE(t.facts().facing_counts);
}

TEST(JanggiGg, BikjangOptionOffIgnoresFacing) {
  EXPECT_FALSE(replay("janggi-gg", kGeneralCaptureFen, "d2e2 a10a9", false).first_ending().has_value());
}

// Checkmate before bikjang. Both under 30 (Cho R R = 26, Han R P = 15). Cho's d1e1 opens
// the e-file facing (a bikjang); Han's reply a5a1 keeps it and mates: check along rank 1,
// d1/f1 on the ray (f1 also covered by the soldier f2, which covers e2 too), the i9/i8
// chariots can neither block b1-d1 nor take a1 or f2.
constexpr std::string_view kMateInBikjangFen = "4k4/8R/8R/9/9/r8/9/9/5p3/3K5 w - - 0 1";

TEST(JanggiGg, CheckmateComesBeforeABikjangThatPersists) {
  EndingTracker t = replay("janggi-gg", kMateInBikjangFen, "d1e1 a5a1", true);
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::Checkmate, 2));
  // Both endings hold at ply 2; the score would have given the game to Cho.
  ASSERT_EQ(t.endings_now().size(), 2u);
  EXPECT_EQ(t.endings_now()[1].reason, EndReason::Bikjang);
  EXPECT_EQ(t.endings_now()[1].winner, Outcome::Cho);
  // Fairy-Stockfish puts the bikjang first (there a5a1 is illegal, but the board is the same).
  EXPECT_TRUE(Ends(replay("fs-janggi", kMateInBikjangFen, "d1e1 a5a1").first_ending(), Outcome::Cho,
                   EndReason::Bikjang, 2));
}

TEST(JanggiGg, RepetitionComesBeforeCheckmate) {
  // A repeated move returns to a position already reached, so a repetition that mates was
  // already a mate the first time: no game reaches both at one ply under GG. The
  // precedence rule itself is checked on the two endings as candidates.
  GameEnding repetition{Outcome::Han, EndReason::Repetition, Ending::Repetition, 9, {144, 147}, false, {}};
  GameEnding mate{Outcome::Cho, EndReason::Checkmate, Ending::Checkmate, 9, {144, 147}, false, {}};
  const GameEnding both[] = {repetition, mate};
  EXPECT_EQ(select_ending(profile("janggi-gg"), both), repetition);
}

TEST(JanggiGg, NoLegalMoveWithoutCheckIsADraw) {
  // Cho d1e1 faces Han's K e10 on the open e-file (both under 30: Cho R P = 15, Han N = 5,
  // a valid bikjang), so with the option on Han may not pass. Han's horse d10 is pinned by
  // the chariot a10; f10 and e9 are covered by the soldier f9. No legal move, no check.
  constexpr std::string_view fen = "R2nk4/5P3/9/9/9/9/9/9/9/3K5 w - - 0 1";
  EndingTracker t = replay("janggi-gg", fen, "d1e1", true);
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Draw, EndReason::Stalemate, 1));
  // Option off: the pass is legal, nothing ends.
  EXPECT_FALSE(replay("janggi-gg", fen, "d1e1", false).first_ending().has_value());
  // FS janggi: the pass accepts the bikjang instead.
  EXPECT_TRUE(Ends(replay("fs-janggi", fen, "d1e1 e10e10").first_ending(), Outcome::Cho, EndReason::Bikjang, 2));
}

TEST(JanggiGg, StalemateThatOnlyTheUnknownPassBanScopeCreatesIsIndeterminate) {
  // As above with a chariot i1 and a cannon b3 more for Cho (35 >= 30): the facing is not
  // a valid bikjang, so the pass is banned only under the literal reading of A4 (src/adjudication/README.md).
  constexpr std::string_view fen = "R2nk4/5P3/9/9/9/9/9/1C7/9/3K4R w - - 0 1";
  EndingTracker t = replay("janggi-gg", fen, "d1e1", true);
  EXPECT_FALSE(t.facts().facing_counts);
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Indeterminate, EndReason::Stalemate, 1));
  EXPECT_EQ(t.first_ending()->unknown_flag, "bikjang_pass_ban_scope");
}

TEST(JanggiGg, GeneralsAndAdvisorsOnlyEndsByScore) {
  EndingTracker t = replay("janggi-gg", kPalaceOnlyFen, "a1a5");
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Cho, EndReason::PalaceOnly, 1, 26, 9));
}

TEST(JanggiGg, KingsOnlyBikjangBeforePalaceOnly) {
  // Edge case 18 under GG with the option on (0 < 30: valid). e9e10 keeps the facing: the
  // bikjang (4th) comes before the palace-only end (6th); e9d9 breaks it: palace-only.
  constexpr std::string_view fen = "9/4k4/9/9/9/9/9/9/4K4/9 b - - 0 1";
  EndingTracker kept = replay("janggi-gg", fen, "e9e10", true);
  EXPECT_TRUE(Ends(kept.first_ending(), Outcome::Han, EndReason::Bikjang, 1));
  ASSERT_EQ(kept.endings_now().size(), 2u);
  EXPECT_EQ(kept.endings_now()[1].reason, EndReason::PalaceOnly);
  EXPECT_TRUE(Ends(replay("janggi-gg", fen, "e9d9", true).first_ending(), Outcome::Han, EndReason::PalaceOnly, 1));
}

TEST(JanggiGg, Item19IsNoCheckmateUnderGg) {
  // Edge case 19 (src/core/README.md): GG "would treat this as checkmate". With the bikjang option
  // on and any reply allowed, d10d9 (taking the checking chariot) is legal, so it is no
  // mate; the facing persists and the score decides (Cho N 5 vs Han 9 + 1.5).
  constexpr std::string_view fen = "3a1a3/3Rk4/5b3/2N6/9/9/9/9/4K4/9 b - - 0 1";
  EndingTracker start(profile("janggi-gg"), true, start_from(fen));
  EXPECT_FALSE(start.side_to_move_mated());
  EndingTracker t = replay("janggi-gg", fen, "d10d9", true);
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Han, EndReason::Bikjang, 1, 10, 21));
}

// ===========================================================================
// kjf-site (seed 001)

TEST(KjfSite, TwoPassesHanWins72To73Point5) {
  // The seed's own example: Cho passes, Han (the AI) passes, Cho loses by the deom.
  EndingTracker t = replay("kjf-site", kStart, "e2e2 e9e9");
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Han, EndReason::DoublePass, 2, 144, 147));
}

TEST(KjfSite, FourthRepetitionOfTheSameSequenceLoses) {
  // "3회까지 허용 … 4회째 같은 수순을 반복한 쪽이 패배": b1c3 from the start position for
  // the 4th time at ply 13; the 3rd (ply 9) is only a warning.
  EndingTracker t = replay("kjf-site", kStart, std::string(kHorseShuttle));
  EXPECT_FALSE(t.first_ending().has_value());
  EXPECT_EQ(t.facts().repetition[0].count, 3);
  for (Move m : uci_moves("b10c8 c3b1 c8b10 b1c3")) ASSERT_TRUE(t.play(m));
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::Repetition, 13));
  EXPECT_EQ(t.facts().repetition[0].count, 4);
}

// Decision 13 (seed 001: "4회째 같은 수순을 반복한 쪽이 패배"): in a cycle of checks the
// checking side is the one that repeats. Cho's chariot checks along ranks 10 and 9 while
// Han's general steps e10-e9-e10; Han's e10e9 from the same position is the first move
// played a 4th time (ply 14), but Cho, the checker, loses.
TEST(KjfSite, PerpetualCheckMakesTheCheckerLoseOnTheFourthRepetition) {
  const std::string moves = "a1a10 " + repeat("e10e9 a10a9 e9e10 a9a10 ", 3) + "e10e9";
  EndingTracker t = replay("kjf-site", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", moves);
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::PerpetualCheck, 14));
  EXPECT_EQ(t.facts().repetition[0].count, 4);
  EXPECT_EQ(t.facts().repetition[0].repeater, Side::Han);  // the move that triggered: Han's
  // In version 1 the repeater lost: Cho would have won.
  EXPECT_EQ(profile("kjf-site").version, 2);
  EXPECT_EQ(profile("kjf-site").perpetual_check.value, PerpetualCheck::CheckerLoses);
  // One repetition fewer is only a warning.
  EndingTracker three = replay("kjf-site", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1",
                               "a1a10 " + repeat("e10e9 a10a9 e9e10 a9a10 ", 3));
  EXPECT_FALSE(three.first_ending().has_value());
}

TEST(KjfSite, PassesAreLeftOutOfTheSequence) {
  // Cho shuttles its chariot while Han only passes: the passes do not count, Cho's a1a2 is
  // counted from the same position each time (plies 1, 5, 9, 13).
  const std::string moves = repeat("a1a2 e9e9 a2a1 e9e9 ", 3) + "a1a2";
  EndingTracker t = replay("kjf-site", kStart, moves);
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::Repetition, 13));
}

TEST(KjfSite, SelfCheckIsPlayedAndTheKingCaptureEndsTheGame) {
  const Position start = start_from(kSelfCheckFen);
  Position kjf = start;
  kjf.set_rules(legality_rules(profile("kjf-site")));
  EXPECT_TRUE(kjf.is_legal(uci_move("d2e2")));
  Position gg = start;
  gg.set_rules(legality_rules(profile("janggi-gg")));
  EXPECT_FALSE(gg.is_legal(uci_move("d2e2")));

  EndingTracker t = replay("kjf-site", kSelfCheckFen, "d2e2");
  EXPECT_FALSE(t.first_ending().has_value());
  ASSERT_TRUE(t.play(uci_move("e3e2")));
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::KingCapture, 2));
  EXPECT_EQ(t.position().general(Side::Cho), kNoSquare);
}

TEST(KjfSite, CheckmateIsNotAnEndingTheCaptureIs) {
  EndingTracker t = replay("kjf-site", kMateFen, "a1a10");
  EXPECT_TRUE(t.side_to_move_mated());
  EXPECT_FALSE(t.first_ending().has_value());
  for (Move m : uci_moves("i5i4 a10d10")) ASSERT_TRUE(t.play(m));
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Cho, EndReason::KingCapture, 3));
}

// After the first capture (the set-up already lacks pieces) d2e2 faces Han's K e9. Han's
// general escapes by taking the horse d9, but lands where Cho's soldier c9 attacks it
// (sideways): under the capture clause the bik stands and the score decides. The soldiers
// a4 (Cho) and i5 (Han) only keep both sides off "palace only" (unknown under kja).
constexpr std::string_view kCaptureClauseFen = "9/2PNk4/9/9/9/8p/P8/9/3K5/9 w - - 0 1";

TEST(KjfSite, CapturingReplyOntoAnAttackedPointLeavesTheBikStanding) {
  EndingTracker t = replay("kjf-site", kCaptureClauseFen, "d2e2");
  EXPECT_TRUE(t.facts().facing_counts);
  ASSERT_TRUE(t.play(uci_move("e9d9")));
  EXPECT_FALSE(t.facts().facing);
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Cho, EndReason::Bikjang, 2, 8, 7));  // Cho P P 4 vs Han P 2 + 1.5
  // kja leaves the clause unknown; FS has no such clause.
  EndingTracker kja = replay("kja", kCaptureClauseFen, "d2e2 e9d9");
  EXPECT_TRUE(Ends(kja.first_ending(), Outcome::Indeterminate, EndReason::Bikjang, 2));
  EXPECT_EQ(kja.first_ending()->unknown_flag, "bikjang_capture_reply_clause");
  EXPECT_FALSE(replay("fs-janggi", kCaptureClauseFen, "d2e2 e9d9").first_ending().has_value());
}

TEST(KjfSite, FacingThatPersistsAfterTheReplyIsScored) {
  EndingTracker t = replay("kjf-site", kCaptureClauseFen, "d2e2 e9e10");
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Cho, EndReason::Bikjang, 2, 18, 7));
}

TEST(KjfSite, FacingBeforeAnyCaptureIsNoBikjang) {
  EndingTracker t = replay("kjf-site", kStart, "e4d4 e7f7");
  EXPECT_TRUE(t.facts().facing);
  EXPECT_FALSE(t.facts().facing_counts);
  ASSERT_TRUE(t.play(uci_move("a1a2")));
  EXPECT_FALSE(t.first_ending().has_value());
}

// ===========================================================================
// yeeqia (seed 003)

TEST(Yeeqia, TwoPassesEndByScore) {
  EXPECT_TRUE(Ends(replay("yeeqia", kStart, "e2e2 e9e9").first_ending(), Outcome::Han, EndReason::DoublePass, 2));
}

TEST(Yeeqia, GameEndsOncePly240IsExceeded) {
  // "총 240수를 넘기면": plies, passes included; the game ends at ply 241 (A13, src/adjudication/README.md).
  EndingTracker t = replay("yeeqia", kStart, repeat("b1c3 b10c8 c3b1 c8b10 ", 60));
  ASSERT_EQ(t.ply(), 240);
  EXPECT_FALSE(t.first_ending().has_value());
  ASSERT_TRUE(t.play(uci_move("b1c3")));
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Han, EndReason::MoveLimit, 241, 144, 147));
}

TEST(Yeeqia, PassIntoABikjangAcceptsIt) {
  // Cho's horse e5 was the only piece between the generals; e5c6 opens the e-file.
  // Han passes: "비김을 인정한 것으로 처리되고 … 남은 기물 점수로" (Cho N P 7 vs Han P 2).
  constexpr std::string_view fen = "9/4k4/9/p8/9/4N4/P8/9/4K4/9 w - - 0 1";
  EndingTracker t = replay("yeeqia", fen, "e5c6 e9e9");
  EXPECT_TRUE(EndsScored(t.first_ending(), Outcome::Cho, EndReason::Bikjang, 2, 14, 7));
}

TEST(Yeeqia, CheckmateAndKingCaptureBothEnd) {
  EXPECT_TRUE(Ends(replay("yeeqia", kMateFen, "a1a10").first_ending(), Outcome::Cho, EndReason::Checkmate, 1));
  EXPECT_TRUE(Ends(replay("yeeqia", kSelfCheckFen, "d2e2 e3e2").first_ending(), Outcome::Han,
                   EndReason::KingCapture, 2));
}

// ===========================================================================
// no-facing (seed 004)

TEST(NoFacing, TwoPassesAndCheckmate) {
  EXPECT_TRUE(Ends(replay("no-facing", kStart, "e2e2 e9e9").first_ending(), Outcome::Han, EndReason::DoublePass, 2));
  EXPECT_TRUE(Ends(replay("no-facing", kMateFen, "a1a10").first_ending(), Outcome::Cho, EndReason::Checkmate, 1));
}

TEST(NoFacing, PalaceOnlyIsUnknownSoIndeterminate) {
  EndingTracker t = replay("no-facing", kPalaceOnlyFen, "a1a5");
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Indeterminate, EndReason::PalaceOnly, 1));
  EXPECT_EQ(t.first_ending()->unknown_flag, "palace_only_end");
}

// ===========================================================================
// kja (provisional)

TEST(Kja, DoublePassIsIndeterminate) {
  EndingTracker t = replay("kja", kStart, "e2e2 e9e9");
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Indeterminate, EndReason::DoublePass, 2));
  EXPECT_EQ(t.first_ending()->unknown_flag, "double_pass_end");
  EXPECT_TRUE(Scored(t.first_ending(), 144, 147));
}

TEST(Kja, FourthRepetitionLosesAboveThresholdScoresBelow) {
  EXPECT_TRUE(Ends(replay("kja", kStart, kHorseShuttle13).first_ending(), Outcome::Han, EndReason::Repetition, 13));
  EndingTracker low = replay("kja", kLowFen, kHorseShuttle13);
  EXPECT_TRUE(Ends(low.first_ending(), Outcome::Han, EndReason::Repetition, 13));
  EXPECT_TRUE(low.first_ending()->by_score);
}

TEST(Kja, PerpetualCheckerLoses) {
  // The perpetual-check reference line with a Han soldier on i5 (so Han is not "palace only",
  // an unknown ending under kja). Han's e10e9 is the first move played the 4th time from
  // the same position (plies 2, 6, 10, 14), but Cho checked in every position of the span.
  const std::string moves = "a1a10 " + repeat("e10e9 a10a9 e9e10 a9a10 ", 3) + "e10e9";
  EndingTracker t = replay("kja", "4k4/9/9/9/9/8p/9/9/9/R2K5 w - - 0 1", moves);
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::PerpetualCheck, 14));
}

TEST(Kja, PassAcceptsTheBikjangAfterTheFirstCapture) {
  constexpr std::string_view fen = "9/4k4/9/p8/9/4N4/P8/9/4K4/9 w - - 0 1";
  EXPECT_TRUE(Ends(replay("kja", fen, "e5c6 e9e9").first_ending(), Outcome::Cho, EndReason::Bikjang, 2));
}

TEST(Kja, KingCaptureDependsOnTheUnknownLegalityModel) {
  // The self-check line with a Cho soldier a4 (so Cho is not "palace only"): under the
  // unknown legality model the capture may or may not be a move.
  EndingTracker t = replay("kja", "4k4/9/9/9/9/9/P8/4r4/3K5/9 w - - 0 1", "d2e2 e3e2");
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Indeterminate, EndReason::KingCapture, 2));
  EXPECT_EQ(t.first_ending()->unknown_flag, "legality");
}

TEST(Kja, CheckmateAndUnknownPalaceOnly) {
  EXPECT_TRUE(Ends(replay("kja", kMateFen, "a1a10").first_ending(), Outcome::Cho, EndReason::Checkmate, 1));
  EXPECT_TRUE(Ends(replay("kja", kPalaceOnlyFen, "a1a5").first_ending(), Outcome::Indeterminate,
                   EndReason::PalaceOnly, 1));
}

}  // namespace
}  // namespace gibo::test
