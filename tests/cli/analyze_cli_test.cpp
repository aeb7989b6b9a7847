// gibo analyze as a user runs it: with the scripted UCI engine (outputs, faults, exit statuses) and with
// the real fairy-stockfish on a sample game.
#include <gtest/gtest.h>

#include <fstream>

#include "run_gibo.h"

namespace gibo::testing {
namespace {

const std::string kFake = std::string(GIBO_TEST_DATA) + "/../analysis/fake_uci.sh";

struct ScriptedRun {
  TempDir dir;
  std::string table, game;
  ScriptedRun() {
    table = (dir.path() / "table").string();
    game = (dir.path() / "game.uci").string();
    std::ofstream(table) << "0 cp 30 b1c3 b10c8\n1 cp -30 a7b7\n2 cp 500 i1i2\n3 mate -2 a10a9\n";
    std::ofstream(game) << "position startpos moves b1c3 b10c8 h1g3\n";
  }
  std::string engine(const std::string& mode) const { return "bash " + kFake + " " + table + " " + mode; }
};

TEST(AnalyzeCli, JsonLinesPerPlyAndPerGame) {
  ScriptedRun s;
  const Result r = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--format", "jsonl"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto lines = r.out_lines();
  ASSERT_EQ(lines.size(), 4u) << r.out;
  EXPECT_NE(lines[0].find("\"ply\":1,\"side\":\"cho\",\"move\":\"b1c3\",\"judged\":true,\"eval_before\":{\"cp\":30}"),
            std::string::npos) << lines[0];
  EXPECT_NE(lines[1].find("\"eval_after\":{\"cp\":500},\"best\":\"a7b7\""), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("\"loss_cp\":470"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("\"class\":\"blunder\""), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("\"eval_after\":{\"mate\":2,\"winner\":\"cho\"}"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("\"type\":\"game\""), std::string::npos);
  EXPECT_NE(lines[3].find("\"engine\":\"FakeUCI 1.0\",\"limit\":\"depth 10\",\"variant\":\"janggi\""), std::string::npos)
      << lines[3];
  EXPECT_NE(lines[3].find("\"han\":{\"moves\":1,\"average_loss\":470"), std::string::npos) << lines[3];
  EXPECT_NE(lines[3].find("\"blunders\":1"), std::string::npos);
}

TEST(AnalyzeCli, TextSummaryAndTheSameOutputWithJobs) {
  ScriptedRun s;
  std::ofstream(s.game, std::ios::app) << "position startpos moves b1c3 b10c8 h1g3\nposition startpos moves b1c3\n";
  const Result one = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal")});
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_NE(one.out.find(":2  variant janggi  engine FakeUCI 1.0  depth 10  plies 3"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("Han: 1 moves, accuracy"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("1 blunders, largest swing"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("summary: 3 games analysed, 0 with errors"), std::string::npos) << one.out;
  const Result two = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--jobs", "2"});
  EXPECT_EQ(two.status, 0);
  EXPECT_EQ(two.out, one.out);
}

TEST(AnalyzeCli, AnnotatedPgnWithEvalComments) {
  ScriptedRun s;
  const std::string pgn = (s.dir.path() / "annotated.pgn").string();
  const Result r = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--pgn", pgn});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string text = slurp(pgn);
  EXPECT_NE(text.find("1. Hc3 {[%eval 0.30]} 1... Hc8 {[%eval 5.00] blunder; best a7b7} 2. Hg3"), std::string::npos)
      << text;
  EXPECT_NE(text.find("{[%eval #2]} *"), std::string::npos) << text;
  // The annotated file reads back as a valid game.
  const Result v = run_gibo({"validate", pgn});
  EXPECT_EQ(v.status, 0) << v.out << v.err;
  // It never overwrites an input.
  const Result same = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--pgn", s.game});
  EXPECT_EQ(same.status, 2);
  EXPECT_NE(same.err.find("refusing to overwrite"), std::string::npos) << same.err;
}

TEST(AnalyzeCli, ArchiveGamesAnalyseAsTheirFiles) {
  ScriptedRun s;
  const std::string db = (s.dir.path() / "games.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, s.game}).status, 0);
  const Result files = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--format", "jsonl"});
  const Result archive = run_gibo({"analyze", "--db", db, "--where", "game = 1", "--rules", "fs-janggi", "--engine",
                                   s.engine("normal"), "--format", "jsonl"});
  ASSERT_EQ(archive.status, 0) << archive.err;
  EXPECT_EQ(archive.out, files.out);
  EXPECT_EQ(run_gibo({"analyze", "--db", db, "--where", "no_such_column = 1", "--engine", s.engine("normal")}).status, 2);
  EXPECT_EQ(run_gibo({"analyze", "--db", db, s.game, "--engine", s.engine("normal")}).status, 2);
}

TEST(AnalyzeCli, NoEngineIsAUsageErrorWithTheInstallHint) {
  ScriptedRun s;
  const Result r = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", "no-such-engine-gibo"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not found on PATH; install Fairy-Stockfish (Debian: apt-get install fairy-stockfish)"),
            std::string::npos) << r.err;
}

TEST(AnalyzeCli, AProfileNoEngineVariantMatchesIsAGameError) {
  ScriptedRun s;
  const Result r = run_gibo({"analyze", s.game, "--engine", s.engine("normal")});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(":1: error[analysis]: profile janggi-gg has no engine variant"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("summary: 1 games analysed, 1 with errors"), std::string::npos) << r.out;
}

TEST(AnalyzeCli, CrashingEngineFailsPositionsAndTheRunGoesOn) {
  ScriptedRun s;
  const Result r = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("crash"), "--format", "jsonl"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("warning[engine]: position after ply 0 failed: the engine ended during the search"),
            std::string::npos) << r.err;
  EXPECT_NE(r.out.find("\"failed_positions\":4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"judged\":false"), std::string::npos);
}

TEST(AnalyzeCli, EngineThatIsNotUciIsAUsageError) {
  ScriptedRun s;
  // `true` ends at once, without a word of UCI (the handshake's time limit is tested in
  // tests/analysis with a scripted engine that never says uciok).
  const Result r = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", "true"});
  EXPECT_EQ(r.status, 2);
  // Whether it is gone before gibo writes `uci` or only after, the message says so.
  EXPECT_NE(r.err.find("gibo analyze: engine 'true': the engine "), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST(AnalyzeCli, OneLimitOnly) {
  ScriptedRun s;
  EXPECT_EQ(run_gibo({"analyze", s.game, "--depth", "3", "--nodes", "100"}).status, 2);
  EXPECT_EQ(run_gibo({"analyze", s.game, "--option", "Hash"}).status, 2);
  EXPECT_EQ(run_gibo({"analyze", s.game, "--format", "pgn"}).status, 2);
}

TEST(AnalyzeCli, RealFairyStockfishOnASample) {
  const Result r = run_gibo({"analyze", std::string(GIBO_SAMPLES) + "/pobsiz_kakao001_g000-001.gib", "--rules",
                             "fs-janggi", "--depth", "4", "--option", "Threads=1", "--format", "jsonl"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  int plies = 0, games = 0;
  for (const std::string& l : r.out_lines()) {
    if (l.find("\"type\":\"ply\"") != std::string::npos) {
      ++plies;
      EXPECT_NE(l.find("\"judged\":true"), std::string::npos) << l;
    }
    if (l.find("\"type\":\"game\"") != std::string::npos) {
      ++games;
      EXPECT_NE(l.find("\"engine\":\"Fairy-Stockfish"), std::string::npos) << l;
      EXPECT_NE(l.find("\"failed_positions\":0"), std::string::npos) << l;
    }
  }
  EXPECT_EQ(games, 2);
  EXPECT_EQ(plies, 45 + 53);
}

}  // namespace
}  // namespace gibo::testing
