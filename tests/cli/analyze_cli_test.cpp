// gibo analyze as a user runs it: with the scripted UCI engine (outputs, faults, exit statuses) and with
// the real fairy-stockfish on a sample game.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

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
  // Analyses the game with the normal engine, writing `option` (--pgn, --gib) to the
  // scratch file `name`; returns that file's text (the run must succeed).
  std::string annotated(const std::string& option, const std::string& name) const {
    const std::string path = (dir.path() / name).string();
    const Result r = run_gibo({"analyze", game, "--rules", "fs-janggi", "--engine", engine("normal"), option, path});
    EXPECT_EQ(r.status, 0) << r.err;
    return slurp(path);
  }
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
  EXPECT_NE(one.out.find("summary: 3 games analysed, 0 failed, 0 with failed positions"), std::string::npos) << one.out;
  const Result two = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--jobs", "2"});
  EXPECT_EQ(two.status, 0);
  EXPECT_EQ(two.out, one.out);
}

TEST(AnalyzeCli, AnnotatedPgnWithEvalComments) {
  ScriptedRun s;
  const std::string text = s.annotated("--pgn", "annotated.pgn"), pgn = (s.dir.path() / "annotated.pgn").string();
  // The blunder's NAG ($4) after the move, then the comment: its evaluation, class and the
  // best move in SAN.
  EXPECT_NE(text.find("1. Hc3 {[%eval 0.30]} 1... Hc8 $4 {[%eval 5.00] blunder; best Pab7} 2. Hg3"), std::string::npos)
      << text;
  EXPECT_NE(text.find("{[%eval #2]} *"), std::string::npos) << text;
  // The annotated file reads back as a valid game, its NAG kept: written again, it is the same.
  const Result v = run_gibo({"validate", pgn});
  EXPECT_EQ(v.status, 0) << v.out << v.err;
  const Result again = run_gibo({"convert", pgn, "--to", "pgn"});
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(again.out, text);
  const Result json = run_gibo({"convert", pgn, "--to", "jsonl"});
  EXPECT_NE(json.out.find("\"nags\":[[2,4]]"), std::string::npos) << json.out;
  // It never overwrites an input.
  const Result same = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--pgn", s.game});
  EXPECT_EQ(same.status, 2);
  EXPECT_NE(same.err.find("refusing to overwrite"), std::string::npos) << same.err;
}

// The annotated .gib reads back through gibo's .gib reader: the same game (moves), valid,
// each judged ply followed by its comment {eval E [best M] [CLASS]}.
TEST(AnalyzeCli, AnnotatedGibReadsBackWithTheSameMovesAndItsComments) {
  ScriptedRun s;
  const std::string text = s.annotated("--gib", "annotated.gib"), gib = (s.dir.path() / "annotated.gib").string();
  EXPECT_NE(text.find("1. 02마83\n{eval 0.30}\n2. 12마33\n{eval 5.00 best 41병42 blunder}\n3. 08마87\n{eval #2 best 09차99}\n"),
            std::string::npos) << text;
  const Result v = run_gibo({"validate", "--rules", "fs-janggi", gib});
  EXPECT_EQ(v.status, 0) << v.out << v.err;
  const Result original = run_gibo({"convert", s.game, "--to", "uci", "--rules", "fs-janggi"});
  const Result back = run_gibo({"convert", gib, "--to", "uci", "--rules", "fs-janggi"});
  ASSERT_EQ(back.status, 0) << back.err;
  EXPECT_EQ(back.out, original.out);
  const Result json = run_gibo({"convert", gib, "--to", "jsonl"});
  EXPECT_NE(json.out.find(R"("comments":[[1,"eval 0.30"],[2,"eval 5.00 best 41병42 blunder"],[3,"eval #2 best 09차99"]])"),
            std::string::npos) << json.out;
  // Analysed again, the .gib gives the same evaluations as the game it came from.
  const Result first = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--format", "jsonl"});
  const Result second = run_gibo({"analyze", gib, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--format", "jsonl"});
  ASSERT_EQ(second.status, 0) << second.err;
  auto plies = [](const Result& x, const std::string& ref) {
    std::string out;
    for (const std::string& l : x.out_lines())
      if (l.find("\"type\":\"ply\"") != std::string::npos) out += l.substr(l.find(ref) + ref.size()) + "\n";
    return out;
  };
  EXPECT_EQ(plies(second, ":1\""), plies(first, ":1\""));
  EXPECT_EQ(run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--gib", gib, "--pgn", gib})
                .status,
            2);
}

// show --format html --analysis: the viewer with the evaluation graph of analyze's JSON
// Lines, a point per position; it renders in headless Chromium.
TEST(AnalyzeCli, TheViewerShowsTheEvaluationGraphOfAnAnalysis) {
  ScriptedRun s;
  const std::string jsonl = (s.dir.path() / "a.jsonl").string(), html = (s.dir.path() / "v.html").string();
  const Result r = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal"), "--format", "jsonl"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::ofstream(jsonl) << r.out;
  const Result v = run_gibo({"show", s.game + ":1", "--rules", "fs-janggi", "--format", "html", "--analysis", jsonl, "-o", html});
  ASSERT_EQ(v.status, 0) << v.err;
  const std::string page = slurp(html);
  EXPECT_NE(page.find("class=\"eval-graph\""), std::string::npos);
  // Start +0.30, after ply 1 +0.30, after ply 2 +5.00, after ply 3 Cho mates (the top edge).
  EXPECT_NE(page.find("<polyline class=\"eval\" points=\"4.0,77.7 214.7,77.7 425.3,42.0 636.0,4.0\""), std::string::npos)
      << page;
  EXPECT_NE(page.find("<title>ply 3: #2</title>"), std::string::npos);
  EXPECT_NE(page.find("<a href=\"#p2\">"), std::string::npos);
  // Without --analysis, no graph; an analysis of another game, or not JSON, is an error.
  const Result plain = run_gibo({"show", s.game + ":1", "--rules", "fs-janggi", "--format", "html"});
  EXPECT_EQ(plain.out.find("eval-graph"), std::string::npos);
  const std::string other = (s.dir.path() / "other.uci").string();
  std::filesystem::copy_file(s.game, other);
  const Result none = run_gibo({"show", other + ":1", "--rules", "fs-janggi", "--format", "html", "--analysis", jsonl});
  EXPECT_EQ(none.status, 1);
  EXPECT_NE(none.err.find("holds no analysis of " + other + ":1"), std::string::npos) << none.err;
  std::ofstream(jsonl, std::ios::app) << "not json\n";
  const Result bad = run_gibo({"show", s.game + ":1", "--format", "html", "--analysis", jsonl});
  EXPECT_EQ(bad.status, 1);
  EXPECT_NE(bad.err.find("line 5: not JSON"), std::string::npos) << bad.err;
  EXPECT_EQ(run_gibo({"show", s.game + ":1", "--analysis", jsonl}).status, 2);  // not html
  GIBO_REQUIRE_CHROMIUM();
  const std::string png = (s.dir.path() / "v.png").string(), log = (s.dir.path() / "render.log").string();
  const std::string cmd = "bash " + shell_quote(std::string(GIBO_TEST_DATA) + "/../report/render_html.sh") + " " +
                          shell_quote(html) + " " + shell_quote(png) + " 1280 900 'board record' > " + shell_quote(log) + " 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << slurp(log);
  EXPECT_GT(std::filesystem::exists(png) ? std::filesystem::file_size(png) : 0, 10000u);
}

// The progress line (games done/total, positions/s, ETA) shows on a terminal only and is
// cleared before any other line: on a terminal (util-linux `script`) every line shows as
// without one.
TEST(AnalyzeCli, ProgressLineOnATerminalNeverGarblesALine) {
  ScriptedRun s;
  std::ofstream(s.game, std::ios::app) << "position startpos moves b1c3 b10c8\nposition startpos moves b1c3\n";
  const std::string typescript = (s.dir.path() / "typescript").string();
  const std::string command = shell_quote(GIBO_BINARY) + " analyze " + shell_quote(s.game) +
                              " --rules fs-janggi --engine " + shell_quote(s.engine("normal"));
  const std::string run = "script -q -e -c " + shell_quote(command) + " " + shell_quote(typescript) + " >/dev/null 2>&1 </dev/null";
  ASSERT_NE(std::system(run.c_str()), -1);
  const std::string raw = slurp(typescript);
  EXPECT_NE(raw.find("1/3 games, "), std::string::npos) << raw;
  EXPECT_NE(raw.find("3/3 games, "), std::string::npos) << raw;
  EXPECT_NE(raw.find(" positions/s, ETA "), std::string::npos) << raw;
  EXPECT_NE(raw.find("\r\033[K"), std::string::npos) << raw;
  // What the terminal shows: each line as it stands after its last carriage return.
  const std::vector<std::string> shown = terminal_lines(raw);
  ASSERT_FALSE(shown.empty());
  const Result plain = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("normal")});
  EXPECT_TRUE(plain.err.empty()) << plain.err;  // no progress in a pipe
  EXPECT_EQ(shown, plain.out_lines());
}

// Analyses stored in an archive (analyze --db) give the HTML statistics report an
// evaluation graph per analysed game.
TEST(AnalyzeCli, TheStatsReportGraphsTheArchivesAnalysedGames) {
  ScriptedRun s;
  std::ofstream(s.game, std::ios::app) << "position startpos moves b1c3 b10c8\n";
  const std::string db = (s.dir.path() / "games.db").string(), html = (s.dir.path() / "stats.html").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, s.game}).status, 0);
  const Result before = run_gibo({"stats", "--db", db, "--format", "html", "-o", html});
  ASSERT_EQ(before.status, 0) << before.err;
  EXPECT_EQ(slurp(html).find("id=\"analyses\""), std::string::npos);  // nothing analysed yet
  ASSERT_EQ(run_gibo({"analyze", "--db", db, "--where", "game = 1", "--rules", "fs-janggi", "--engine", s.engine("normal")}).status, 0);
  const Result after = run_gibo({"stats", "--db", db, "--format", "html", "-o", html});
  ASSERT_EQ(after.status, 0) << after.err;
  const std::string page = slurp(html);
  EXPECT_NE(page.find("<section id=\"analyses\">"), std::string::npos) << page;
  std::size_t graphs = 0;
  for (std::size_t at = page.find("class=\"eval-graph\""); at != std::string::npos; at = page.find("class=\"eval-graph\"", at + 1))
    ++graphs;
  EXPECT_EQ(graphs, 1u);  // the one analysed game
  EXPECT_NE(page.find("<polyline class=\"eval\" points=\"4.0,68.0 274.7,68.0 545.3,37.0 816.0,4.0\""), std::string::npos);  // 820 x 140
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

TEST(AnalyzeCli, EveryRecordIsAnalysedUnderItsOwnProfileWithoutRules) {
  ScriptedRun s;
  const Result r = run_gibo({"analyze", s.game, "--engine", s.engine("normal")});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("variant janggimodern"), std::string::npos) << r.out;  // janggi-gg, bikjang off
  EXPECT_NE(r.out.find("summary: 1 games analysed"), std::string::npos) << r.out;
}

TEST(AnalyzeCli, CrashingEngineFailsPositionsAndTheRunGoesOn) {
  ScriptedRun s;
  const Result r = run_gibo({"analyze", s.game, "--rules", "fs-janggi", "--engine", s.engine("crash"), "--format", "jsonl"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("warning[engine]: the position failed: the engine ended during the search (4 times in 1 games; "
                       "first " + s.game + ":1@0)"),
            std::string::npos) << r.err;
  EXPECT_NE(r.out.find("\"failed_positions\":4"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"judged\":false"), std::string::npos);
}

// Issue 30: the summary counts what was analysed and says each cause of a failure once, with its count.
TEST(AnalyzeCli, TheSummarySaysEachCauseOnceWithItsCount) {
  ScriptedRun s;
  const Result r = run_gibo({"analyze", s.game, s.game, "--rules", "fs-janggi", "--engine", s.engine("crash")});
  EXPECT_EQ(r.status, 1);
  const std::vector<std::string> lines = r.out_lines();
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines.back(), "summary: 2 games analysed, 0 failed, 2 with failed positions") << r.out;
  EXPECT_EQ(lines[lines.size() - 2], "  8 positions failed: the engine ended during the search") << r.out;
  // Standard error says it once too, not once per game and ply.
  EXPECT_EQ(r.err, "warning[engine]: the position failed: the engine ended during the search (8 times in 2 games; first " +
                       s.game + ":1@0)\n");
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
