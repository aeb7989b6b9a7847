// The engine under a record's own rules (issue 30): each profile's nearest engine variant,
// the two boards (a record move the variant refuses, an engine move the record's rules
// refuse, a difference that can decide the game), and analyze_game keeping the engine to
// the record's rules, with the scripted engine.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine_util.h"
#include "gibo/analysis/engine_rules.h"
#include "gibo/analysis/game_analysis.h"

namespace gibo::analysis {
namespace {

using test::ScratchFile;
using test::uci_game;

TEST(EngineMapping, EveryProfileNamesItsNearestVariant) {
  // The engine's own profiles (fs-*) are its variants; every other profile names its nearest.
  const std::pair<const char*, const char*> nearest[] = {
      {"fs-janggi", "janggi"}, {"fs-traditional", "janggitraditional"}, {"fs-modern", "janggimodern"},
      {"fs-casual", "janggicasual"}, {"janggi-gg", "janggimodern"}, {"kjf-site", "janggi"}, {"yeeqia", "janggi"},
      {"no-facing", "janggimodern"}, {"kja", "janggi"}, {"pychess", "janggi"}};
  for (const auto& [id, variant] : nearest) EXPECT_EQ(engine_variant(*find_profile(id)), variant) << id;
  EXPECT_EQ(engine_variant(*find_profile("janggi-gg"), true), "janggi");
  for (const Profile& p : all_profiles()) {
    for (bool option : {false, true}) {
      const EngineMapping& m = engine_mapping(p, option);
      const Profile* variant = find_profile(m.profile_id);
      ASSERT_NE(variant, nullptr) << p.id;
      EXPECT_EQ(engine_variant(*variant), m.variant) << p.id;  // the variant's own profile maps to itself
      EXPECT_TRUE(engine_mapping(*variant).differences.empty()) << m.profile_id;
      // Only the engine's own profiles (fs-*) are played exactly.
      EXPECT_EQ(m.differences.empty(), p.id.rfind("fs-", 0) == 0) << p.id;
    }
  }
  const auto& nf = engine_mapping(*find_profile("no-facing")).differences;
  EXPECT_TRUE(std::any_of(nf.begin(), nf.end(), [](const RuleDifference& d) { return d.topic == RuleTopic::Facing; }));
}

// The scripted engine answering from `table` (fake_uci.sh's lines), kept in a scratch file.
struct TableEngine {
  explicit TableEngine(const std::string& name, const std::string& table) : file(name, table) {
    config.command = test::fake_command(file.path(), "normal");
  }
  ScratchFile file;
  EngineConfig config;
};

Game fen_game(const std::string& fen, const std::string& moves, const std::string& profile) {
  return uci_game("position fen " + fen + (moves.empty() ? "" : " moves " + moves) + "\n", profile);
}

TEST(EngineBoards, AMoveTheVariantRefusesEndsWhatTheEngineCanBeGiven) {
  // kjf-site (king capture): Cho's general walks into the chariot's file, legal there only.
  const Game g = fen_game("3k5/5r3/9/9/9/9/9/9/4K4/9 w - - 0 1", "e2f2", "kjf-site");
  ASSERT_EQ(g.valid_plies, 1) << (g.diagnostics.empty() ? "" : g.diagnostics[0].message);
  auto b = EngineBoards::start(g, *find_profile("kjf-site"), false);
  ASSERT_TRUE(b);
  EXPECT_TRUE(b->representable());
  b->play(g.plies[0].move);
  EXPECT_FALSE(b->representable());
  // The reason is worded the same in every game (a run counts it once); the move is apart.
  EXPECT_EQ(b->unrepresentable_reason(), "a record move the variant refuses: it leaves Cho's general in check, illegal "
                                         "under janggi; the engine cannot be given the positions from there");
  EXPECT_EQ(b->refused_move(), "ply 1 (e2f2)");
}

TEST(EngineBoards, TheRecordsRulesRefuseAnEngineMoveThatMakesTheGeneralsFace) {
  const Game g = fen_game("9/4k4/9/9/2r6/4N4/9/9/4K4/9 w - - 0 1", "", "no-facing");
  auto b = EngineBoards::start(g, *find_profile("no-facing"), false);
  ASSERT_TRUE(b);
  EXPECT_TRUE(b->variant_accepts("e5c6"));  // janggimodern: facing means nothing
  EXPECT_EQ(b->refusal("e5c6"), "it makes the generals face each other, illegal under no-facing");
  EXPECT_EQ(b->refusal("e2d2"), "");
  for (const std::string& m : b->common_moves()) EXPECT_EQ(m.substr(0, 2), "e2") << m;  // the horse may not move
  std::string cut, why;
  EXPECT_EQ(b->legal_prefix({"e2d2", "c6c7"}, cut, why), (std::vector<std::string>{"e2d2", "c6c7"}));
  EXPECT_EQ(cut, "");
  EXPECT_EQ(why, "");
  EXPECT_TRUE(b->legal_prefix({"e5c6", "e9e8"}, cut, why).empty());
  EXPECT_EQ(cut, "e5c6");
  EXPECT_EQ(why, "it makes the generals face each other, illegal under no-facing");
}

TEST(EngineBoards, DifferencesThatCanDecideTheGame) {
  const std::string facing = "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1";
  // janggi-gg with its bikjang option on plays as janggi, which scores facing generals otherwise.
  auto on = EngineBoards::start(fen_game(facing, "", "janggi-gg"), *find_profile("janggi-gg"), true);
  ASSERT_TRUE(on);
  ASSERT_TRUE(on->deciding_difference(8));
  EXPECT_EQ(on->deciding_difference(8)->rfind("bikjang: ", 0), 0u) << *on->deciding_difference(8);
  // Off: janggimodern, where facing means nothing either.
  auto off = EngineBoards::start(fen_game(facing, "", "janggi-gg"), *find_profile("janggi-gg"), false);
  ASSERT_TRUE(off);
  EXPECT_FALSE(off->deciding_difference(8));
  // 195 plies without a capture: janggimodern's 200-ply limit is within reach.
  auto late = EngineBoards::start(fen_game("3k5/9/9/9/9/9/9/9/4K4/R8 w - - 195 120", "", "janggi-gg"),
                                  *find_profile("janggi-gg"), false);
  ASSERT_TRUE(late);
  ASSERT_TRUE(late->deciding_difference(8));
  EXPECT_EQ(late->deciding_difference(8)->rfind("move-limit: ", 0), 0u);
  auto early = EngineBoards::start(fen_game("3k5/9/9/9/9/9/9/9/4K4/R8 w - - 100 60", "", "janggi-gg"),
                                   *find_profile("janggi-gg"), false);
  ASSERT_TRUE(early);
  EXPECT_FALSE(early->deciding_difference(8));
}

TEST(AnalyzeGame, ARefusedBestMoveIsNeverStoredAndThePositionIsSearchedWithinTheRules) {
  TableEngine fake("refused_table", "0 cp 900 e5c6 e9e8\n");
  EngineSession s(fake.config);
  const Game g = fen_game("9/4k4/9/9/2r6/4N4/9/9/4K4/9 w - - 0 1", "e2d2", "no-facing");
  ASSERT_EQ(g.valid_plies, 1);
  const GameAnalysis a = analyze_game(g, *find_profile("no-facing"), s, Limit{}, 5000);
  ASSERT_EQ(a.error, "");
  EXPECT_EQ(a.variant, "janggimodern");
  ASSERT_EQ(a.positions.size(), 2u);
  ASSERT_TRUE(a.positions[0].ok);
  EXPECT_NE(a.positions[0].result.best_move, "e5c6");
  EXPECT_EQ(a.positions[0].result.best_move.substr(0, 2), "e2");
  bool named = false;
  for (const AnalysisWarning& w : a.warnings)
    named |= w.ply == 0 && w.detail == "e5c6" &&
             w.cause == "the engine's best move is refused (it makes the generals face each other, illegal under "
                        "no-facing); searched again among the moves no-facing allows";
  EXPECT_TRUE(named);
}

TEST(AnalyzeGame, AnEngineThatPlaysOtherRulesThanItsVariantFailsThePosition) {
  // The engine names janggi but answers with a move janggi forbids (a general into check).
  TableEngine fake("liar_table", "0 cp 0 e2f2\n");
  EngineSession s(fake.config);
  const Game g = fen_game("3k5/5r3/9/9/9/9/9/9/4K4/9 w - - 0 1", "", "kjf-site");
  const GameAnalysis a = analyze_game(g, *find_profile("kjf-site"), s, Limit{}, 5000);
  EXPECT_EQ(a.failed_positions, 1);
  ASSERT_FALSE(a.warnings.empty());
  EXPECT_NE(a.warnings.back().text().find("the engine's best move e2f2 is not legal under janggi: the engine does not "
                                          "play the variant it was given"),
            std::string::npos) << a.warnings.back().text();
}

TEST(AnalyzeGame, PositionsAfterAMoveTheVariantRefusesFailWithOneWarning) {
  TableEngine fake("plain_table", "99 cp 0 a1a2\n");  // every position: cp 0, no best move
  EngineSession s(fake.config);
  const Game g = fen_game("3k5/5r3/9/9/9/9/9/9/4K4/9 w - - 0 1", "e2f2 f9f2", "kjf-site");
  ASSERT_EQ(g.valid_plies, 2) << (g.diagnostics.empty() ? "" : g.diagnostics[0].message);
  const GameAnalysis a = analyze_game(g, *find_profile("kjf-site"), s, Limit{}, 5000);
  EXPECT_EQ(a.failed_positions, 2);
  ASSERT_EQ(a.warnings.size(), 1u);
  EXPECT_EQ(a.warnings[0].text(), "position after ply 1: the positions from here on failed: a record move the variant "
                                  "refuses: it leaves Cho's general in check, illegal under janggi; the engine cannot be "
                                  "given the positions from there (ply 1 (e2f2); 2 positions, after plies 1 to 2)");
}

}  // namespace
}  // namespace gibo::analysis

namespace gibo::analysis {
namespace {

// Mated under no-facing, though janggimodern sees an escape (a general move that makes the
// generals face): the rules judge, the position is a mate for the other side.
TEST(AnalyzeGame, ASideMatedUnderTheRecordsRulesIsMatedWhateverTheVariantSees) {
  TableEngine fake("mated_table", "0 cp -500 d1e1\n");
  EngineSession s(fake.config);
  const Game g = fen_game("3r5/4k4/9/9/9/9/9/9/9/3K5 w - - 0 1", "", "no-facing");
  const GameAnalysis a = analyze_game(g, *find_profile("no-facing"), s, Limit{}, 5000);
  ASSERT_EQ(a.positions.size(), 1u);
  ASSERT_TRUE(a.positions[0].ok) << a.positions[0].error;
  EXPECT_TRUE(a.positions[0].result.score.mate);
  EXPECT_EQ(a.positions[0].result.score.winner, Side::Han);
  EXPECT_EQ(a.positions[0].result.best_move, "");
  ASSERT_FALSE(a.warnings.empty());
  EXPECT_NE(a.warnings[0].cause.find("the side to move is checkmated under no-facing"), std::string::npos) << a.warnings[0].text();
  EXPECT_EQ(a.warnings[0].detail, "d1e1");
}

}  // namespace
}  // namespace gibo::analysis
