// `gibo rescore` end to end: on files (one verdict per game, formats, exit status) and on
// a database (verdict rows added, stored results untouched), checked with SQL.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>

#include "run_gibo.h"
#include "sql_rows.h"

namespace {

using namespace gibo::testing;

// Runs a query returning one integer (-1 when it returns none).
long long query_int(const std::string& db, const std::string& sql) {
  const std::string v = sql_value(db, sql);
  return v.empty() ? -1 : std::stoll(v);
}

TEST(RescoreCli, EveryCorpusGameGetsAVerdict) {
  const Result r = run_gibo({"rescore", kCorpus});
  ASSERT_NE(r.status, 2) << r.err;
  const auto lines = r.out_lines();
  ASSERT_FALSE(lines.empty());
  const std::regex game(
      R"(^.*\.gib:\d+: stored result .*; under [a-z-]+ .*: (agrees|disagrees|unverifiable|indeterminate|no-result)( \(.*\))?$)");
  int games = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    EXPECT_TRUE(std::regex_match(lines[i], game)) << lines[i];
    ++games;
  }
  EXPECT_EQ(lines.back().rfind("summary: " + std::to_string(games) + " games, ", 0), 0u) << lines.back();
  // The corpus holds known disagreements (variation studies stored as "초 점수승" where
  // Han leads on material), so the status is 1.
  EXPECT_EQ(r.status, 1);
}

TEST(RescoreCli, JsonLinesFields) {
  const Result r = run_gibo({"rescore", "--format", "jsonl", kCorpus + "/pobsiz_2010_kbs_chuseok.gib"});
  EXPECT_EQ(r.status, 0) << r.err;
  const auto lines = r.out_lines();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0],
            R"({"type":"game","file":")" + kCorpus +
                R"(/pobsiz_2010_kbs_chuseok.gib","index":0,"stored":"초 완승","verdict":"agrees","winner":"cho","reason":"checkmate","ply":107,"cho_half_points":80,"han_half_points":35,"profile":"janggi-gg","ended_before_last_ply":false,"bikjang_inferred":false,"note":)" +
                lines[0].substr(lines[0].find("\"note\":") + 7));
  EXPECT_EQ(lines[1].rfind(R"({"type":"summary","games":1,"verdicts":{"agrees":1})", 0), 0u) << lines[1];
}

TEST(RescoreCli, DoublePassUnderEachProfileAndTheRecordPlaysOn) {
  // The 엠게임 game that plays on after two passes (ply 173) and is stored as a draw.
  const std::string file = kCorpus + "/pobsiz_mgame100_g030.gib";
  const Result gg = run_gibo({"rescore", "--format", "csv", file});
  ASSERT_EQ(gg.out_lines().size(), 2u) << gg.out;  // header and one row; CSV has no summary
  EXPECT_EQ(gg.out_lines()[0],
            "file,index,stored,verdict,winner,reason,ply,cho_half_points,han_half_points,profile,"
            "ended_before_last_ply,note,error_code,error_ply");
  EXPECT_NE(gg.out_lines()[1].find(",무승부,disagrees,cho,double-pass,173,48,47,janggi-gg,true,"), std::string::npos)
      << gg.out;
  // fs-traditional scores a double pass as a draw: then the stored draw agrees.
  const Result trad = run_gibo({"rescore", "--format", "csv", "--rules", "fs-traditional", file});
  EXPECT_NE(trad.out_lines()[1].find(",무승부,agrees,draw,double-pass,173,"), std::string::npos) << trad.out;
  EXPECT_EQ(trad.status, 0);
}

TEST(RescoreCli, DatabaseVerdictsAreAddedBesideStoredResults) {
  TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  const Result imp = run_gibo({"import", "--db", db, kCorpus});
  ASSERT_EQ(imp.status, 0) << imp.out << imp.err;
  const long long games = query_int(db, "SELECT count(*) FROM games");
  ASSERT_GT(games, 0);
  const long long results_before = query_int(db, "SELECT total(length(result_text)) FROM games");

  const Result r = run_gibo({"rescore", "--db", db, "--rules", "fs-janggi"});
  EXPECT_NE(r.status, 2) << r.err;
  EXPECT_NE(r.status, 3) << r.err;
  EXPECT_EQ(query_int(db, "SELECT count(*) FROM verdicts WHERE profile_id = 'fs-janggi'"), games);
  // Re-scoring again replaces, never duplicates; another profile adds its own rows.
  run_gibo({"rescore", "--db", db, "--rules", "fs-janggi"});
  run_gibo({"rescore", "--db", db, "--rules", "yeeqia"});
  EXPECT_EQ(query_int(db, "SELECT count(*) FROM verdicts"), 2 * games);
  EXPECT_EQ(query_int(db, "SELECT total(length(result_text)) FROM games"), results_before);
  // The summary counts match the table.
  const long long agrees = query_int(db, "SELECT count(*) FROM verdicts WHERE profile_id='fs-janggi' AND verdict='agrees'");
  EXPECT_NE(r.out.find(", " + std::to_string(agrees) + " agrees,"), std::string::npos) << r.out;
}

TEST(RescoreCli, UsageErrors) {
  EXPECT_EQ(run_gibo({"rescore"}).status, 2);
  EXPECT_EQ(run_gibo({"rescore", "--rules", "nope", kCorpus}).status, 2);
  EXPECT_EQ(run_gibo({"rescore", "--bikjang", "maybe", kCorpus}).status, 2);
  EXPECT_EQ(run_gibo({"rescore", "--where", "1", kCorpus}).status, 2);
}

}  // namespace

namespace {

// Issue 30: the stats report's adjudication section (and gibo serve's /stats) lists the
// games whose stored winner the engine finds lost, each linked to the viewer at the judged
// ply; the records are judged under their own profile (janggi-gg), no --rules given.
TEST(RescoreCli, EngineContradictedWinnersAreListedAndLinkedToTheViewer) {
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  TempDir dir;
  const std::string db = imported_archive(dir, {kCorpus + "/pobsiz_maeil_sinbo_1937.gib"});
  ASSERT_FALSE(db.empty());
  const Result judged = run_gibo({"rescore", "--db", db, "--engine", "--depth", "4", "--option", "Threads=1", "-j", "2"});
  ASSERT_NE(judged.status, 2) << judged.err;
  const long long contradicted =
      query_int(db, "SELECT count(*) FROM engine_verdicts WHERE verdict = 'engine-contradicts' AND profile_id = 'janggi-gg'");
  ASSERT_GT(contradicted, 0) << judged.out;
  const Result csv = run_gibo({"stats", "--db", db, "--format", "csv"});
  ASSERT_EQ(csv.status, 0) << csv.err;
  long long rows = 0;
  const std::regex row(R"(^engine_contradictions,(\d+),.*,janggi-gg,(\d+),[-+#0-9.]+,.*,/game/(\d+)\?ply=(\d+)$)");
  for (const std::string& l : csv.out_lines()) {
    std::smatch m;
    if (!std::regex_match(l, m, row)) continue;
    ++rows;
    EXPECT_EQ(m[1], m[3]) << l;  // the link names the game
    EXPECT_EQ(m[2], m[4]) << l;  // at the judged ply
    EXPECT_EQ(query_int(db, "SELECT ply FROM engine_verdicts WHERE game_id = " + std::string(m[1])), std::stoll(m[2]));
  }
  EXPECT_EQ(rows, contradicted) << csv.out;
  // The report written to a file lists them without links (gibo serve's /stats links them:
  // tests/cli/serve_cli_test.cpp).
  const Result html = run_gibo({"stats", "--db", db, "--format", "html"});
  EXPECT_NE(html.out.find("<table id=\"t-engine-contradictions\">"), std::string::npos);
  EXPECT_EQ(html.out.find("<a href=\"/game/"), std::string::npos);
}

}  // namespace

namespace {

// rescore --engine on a terminal (util-linux `script`): a progress line with the count and
// the ETA, cleared before every other line, so the terminal shows what a pipe gets.
TEST(RescoreCli, EngineProgressLineOnATerminalNeverGarblesALine) {
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  TempDir dir;
  const std::string typescript = (dir.path() / "typescript").string();
  const std::vector<std::string> args = {"rescore", "--engine", "--depth", "2", "--option", "Threads=1", "-j", "2",
                                         kCorpus + "/pobsiz_kakao001_g000-001.gib", kCorpus + "/pobsiz_kakao041_g093.gib"};
  std::string command = shell_quote(GIBO_BINARY);
  for (const std::string& a : args) command.append(1, ' ').append(shell_quote(a));
  const std::string run = "script -q -e -c " + shell_quote(command) + " " + shell_quote(typescript) + " >/dev/null 2>&1 </dev/null";
  ASSERT_NE(std::system(run.c_str()), -1);
  std::ifstream in(typescript, std::ios::binary);
  const std::string raw((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(raw.find("\r\033[K1/3 games, ETA "), std::string::npos) << raw;
  EXPECT_NE(raw.find("\r\033[K3/3 games"), std::string::npos) << raw;
  const std::vector<std::string> shown = terminal_lines(raw);
  ASSERT_FALSE(shown.empty());
  const Result plain = run_gibo(args);
  EXPECT_TRUE(plain.err.empty()) << plain.err;  // no progress in a pipe
  EXPECT_EQ(shown, plain.out_lines());
}

}  // namespace
