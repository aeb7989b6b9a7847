// A game's analysis with the scripted engine (judgement of each ply, side summaries, failed positions) and
// the winning-chance formula and thresholds.
#include <gtest/gtest.h>

#include "engine_util.h"
#include "gibo/analysis/game_analysis.h"

namespace gibo::analysis {
namespace {

using test::FakeEngine;
using test::uci_game;

TEST(Judgement, WinChanceFormulaAndThresholds) {
  Score even;
  EXPECT_DOUBLE_EQ(win_chance(even, Side::Cho), 50.0);
  Score plus;
  plus.cp = 300;
  // 50 + 50 * (2 / (1 + exp(-0.00368208 * 300)) - 1) = 75.1126 (computed apart from gibo)
  EXPECT_NEAR(win_chance(plus, Side::Cho), 75.1126, 0.001);
  EXPECT_NEAR(win_chance(plus, Side::Han), 24.8874, 0.001);
  Score mate;
  mate.mate = true;
  mate.winner = Side::Han;
  EXPECT_EQ(win_chance(mate, Side::Han), 100.0);
  EXPECT_EQ(win_chance(mate, Side::Cho), 0.0);
  EXPECT_EQ(classify(9.99), MoveClass::Good);
  EXPECT_EQ(classify(10), MoveClass::Inaccuracy);
  EXPECT_EQ(classify(20), MoveClass::Mistake);
  EXPECT_EQ(classify(30), MoveClass::Blunder);
  EXPECT_NEAR(move_accuracy(0), 99.9999, 0.001);
  EXPECT_EQ(move_accuracy(100), 0.0);
  EXPECT_EQ(class_nag(MoveClass::Blunder), "$4");
}

TEST(AnalyzeGame, JudgesEachPlyFromTheScriptedAnswers) {
  FakeEngine fake("normal");
  EngineSession s(fake.config);
  const Game g = uci_game("position startpos moves b1c3 b10c8 h1g3\n");
  ASSERT_EQ(g.valid_plies, 3);
  const GameAnalysis a = analyze_game(g, *find_profile("fs-janggi"), s, Limit{}, 5000);
  ASSERT_EQ(a.error, "");
  EXPECT_EQ(a.variant, "janggi");
  ASSERT_EQ(a.positions.size(), 4u);
  EXPECT_EQ(a.failed_positions, 0);
  ASSERT_EQ(a.plies.size(), 3u);
  // Ply 1: Cho plays the best move: no loss.
  EXPECT_EQ(a.plies[0].played, "b1c3");
  EXPECT_EQ(a.plies[0].best, "b1c3");
  EXPECT_EQ(a.plies[0].loss_cp, 0);
  EXPECT_EQ(a.plies[0].judgement, MoveClass::Good);
  // Ply 2: Han plays b10c8 where a7b7 was best; Cho goes from +30 to +500: a blunder.
  EXPECT_EQ(a.plies[1].mover, Side::Han);
  EXPECT_EQ(a.plies[1].before.cp, 30);
  EXPECT_EQ(a.plies[1].after.cp, 500);
  EXPECT_EQ(a.plies[1].loss_cp, 470);
  EXPECT_GT(a.plies[1].drop, 30.0);
  EXPECT_EQ(a.plies[1].judgement, MoveClass::Blunder);
  // Ply 3: Cho leaves the best move but reaches a mate: no loss.
  EXPECT_TRUE(a.plies[2].after.mate);
  EXPECT_EQ(a.plies[2].after.winner, Side::Cho);
  EXPECT_EQ(a.plies[2].loss_cp, 0);
  EXPECT_EQ(a.sides[0].moves, 2);
  EXPECT_EQ(a.sides[1].moves, 1);
  EXPECT_EQ(a.sides[1].counts[static_cast<int>(MoveClass::Blunder)], 1);
  EXPECT_EQ(a.sides[1].largest_swing_ply, 2);
  EXPECT_DOUBLE_EQ(a.sides[1].average_loss, 470.0);
}

TEST(AnalyzeGame, IllegalBestMoveFailsThePosition) {
  FakeEngine fake("illegal");
  EngineSession s(fake.config);
  const Game g = uci_game("position startpos moves b1c3\n");
  const GameAnalysis a = analyze_game(g, *find_profile("fs-janggi"), s, Limit{}, 5000);
  EXPECT_EQ(a.failed_positions, 2);
  ASSERT_EQ(a.plies.size(), 1u);
  EXPECT_FALSE(a.plies[0].judged);
  ASSERT_FALSE(a.warnings.empty());
  EXPECT_NE(a.warnings[0].text().find("best move a1a9 is not legal"), std::string::npos);
}

TEST(AnalyzeGame, EveryProfileIsAnalysedUnderItsNearestVariant) {
  FakeEngine fake("normal");
  EngineSession s(fake.config);
  const Game g = uci_game("position startpos moves b1c3\n", "janggi-gg");
  const GameAnalysis a = analyze_game(g, *find_profile("janggi-gg"), s, Limit{}, 5000);
  EXPECT_EQ(a.error, "");
  EXPECT_EQ(a.variant, "janggimodern");
  EXPECT_EQ(a.failed_positions, 0);
  ASSERT_EQ(a.plies.size(), 1u);
  EXPECT_TRUE(a.plies[0].judged);
}

TEST(AnalyzeGame, VariantTheEngineLacksFailsEveryPosition) {
  FakeEngine fake("normal");
  EngineSession s(fake.config);
  const Game g = uci_game("position startpos moves b1c3\n", "fs-casual");
  const GameAnalysis a = analyze_game(g, *find_profile("fs-casual"), s, Limit{}, 5000);
  EXPECT_EQ(a.failed_positions, 2);
  ASSERT_FALSE(a.warnings.empty());
  EXPECT_NE(a.warnings[0].text().find("does not play variant janggicasual"), std::string::npos);
}

}  // namespace
}  // namespace gibo::analysis
