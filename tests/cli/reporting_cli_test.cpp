// What import and rescore say about each game: import names every game it stored as
// invalid (or did not store) with the reference and first error validate prints, in text
// and in JSON Lines; rescore gives a rejected record the verdict invalid, words its
// verdicts plainly, and writes a row per game on a database as on files.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <string>

#include "run_gibo.h"

namespace {

using namespace gibo::testing;

// The first error line of each game validate reports (FILE:GAME: ...), by FILE:GAME.
std::map<std::string, std::string> first_errors(const Result& r) {
  std::map<std::string, std::string> first;
  const std::regex game_error(R"(^(.*\.gib:\d+): (\d+:\d+: )?error\[.*)");
  for (const std::string& l : r.out_lines())
    if (std::smatch m; std::regex_match(l, m, game_error)) first.emplace(m[1], l);
  return first;
}

TEST(ReportingCli, ImportNamesEveryInvalidGameAsValidateDoes) {
  const Result v = run_gibo({"validate", kFixtures});
  const auto expected = first_errors(v);
  ASSERT_GE(expected.size(), 6u) << v.out;
  TempDir dir;
  for (const bool valid_only : {false, true}) {
    std::vector<std::string> args{"import", "--db", (dir.path() / (valid_only ? "v.sqlite" : "a.sqlite")).string(),
                                  kFixtures};
    if (valid_only) args.push_back("--valid-only");
    const Result r = run_gibo(args);
    EXPECT_EQ(r.status, 1) << r.out << r.err;
    EXPECT_EQ(first_errors(r), expected) << r.out;
  }
  // JSON Lines: one object per invalid game, with its diagnostics.
  const Result j = run_gibo({"import", "--db", (dir.path() / "j").string(), "--format", "jsonl",
                             kFixtures + "/wrong_piece.gib"});
  EXPECT_TRUE(contains(j.out, R"({"type":"game","file":")" + kFixtures +
                                  R"(/wrong_piece.gib","index":0,"status":"invalid","diagnostics":[{"code":"wrong-piece","severity":"error","line":13,"col":24,"ply":3,)"))
      << j.out;
}

// A valid copy stored over a broken one stored earlier: import names both by FILE:GAME.
TEST(ReportingCli, ImportNamesAValidCopyStoredOverABrokenOne) {
  TempDir dir;
  const std::string db = (dir.path() / "r.sqlite").string();
  const Result broken = run_gibo({"import", "--db", db, kFixtures + "/wrong_piece.gib"});
  EXPECT_EQ(broken.status, 1);
  const Result valid = run_gibo({"import", "--db", db, kCorpus + "/pobsiz_2010_kbs_chuseok.gib"});
  EXPECT_EQ(valid.status, 0) << valid.out << valid.err;
  EXPECT_TRUE(contains(valid.out, kCorpus + "/pobsiz_2010_kbs_chuseok.gib:1: stored in place of its broken copy " +
                                      kFixtures + "/wrong_piece.gib:1 (error[wrong-piece] at ply 3), now kept as its "
                                                  "copy\n"))
      << valid.out;
  EXPECT_TRUE(contains(valid.out, " 1 stored in place of a broken copy, ")) << valid.out;
}

TEST(ReportingCli, ImportNamesPrefixesByFileAndGame) {
  TempDir dir;
  const Result r = run_gibo({"import", "--db", (dir.path() / "p").string(), kFixtures});
  EXPECT_TRUE(contains(r.out, kFixtures + "/truncated_move.gib:1 (2 plies, archive id ")) << r.out;
  EXPECT_FALSE(contains(r.out, ".gib#")) << r.out;
}

TEST(ReportingCli, ARejectedRecordGetsTheVerdictInvalid) {
  const Result r = run_gibo({"rescore", kFixtures + "/wrong_piece.gib"});
  EXPECT_EQ(r.status, 1) << r.out << r.err;  // a rejected game is a finding
  EXPECT_EQ(r.out_lines()[0], kFixtures + "/wrong_piece.gib:1: stored result 초 완승; under janggi-gg the record is "
                                          "rejected at ply 3 (error[wrong-piece]: names the piece elephant but b1 "
                                          "holds Cho horse): invalid");
  EXPECT_FALSE(contains(r.out_lines()[0], "agrees")) << r.out;
  EXPECT_TRUE(contains(r.out, ", 1 invalid\n")) << r.out;
  const Result j = run_gibo({"rescore", "--format", "jsonl", kFixtures + "/wrong_piece.gib"});
  EXPECT_TRUE(contains(j.out, R"("verdict":"invalid",)")) << j.out;
  EXPECT_TRUE(contains(j.out, R"("error_code":"wrong-piece","error_ply":3,)")) << j.out;
}

TEST(ReportingCli, VerdictsInPlainWords) {
  const Result r = run_gibo({"rescore", "--rules", "fs-janggi", kCorpus + "/pobsiz_2010_kbs_chuseok.gib"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out_lines()[0], kCorpus + "/pobsiz_2010_kbs_chuseok.gib:1: stored result 초 완승; under fs-janggi the "
                                        "game ends by checkmate at ply 107, Cho winning (Cho 40, Han 17.5): agrees");
  const Result gg = run_gibo({"rescore", kCorpus + "/pobsiz_mgame100_g030.gib"});
  EXPECT_TRUE(contains(gg.out, "under janggi-gg the game ends by a double pass at ply 173, Cho winning (Cho 24, Han "
                               "23.5); the record plays on to ply 241: disagrees (the board gives another result)"))
      << gg.out;
}

TEST(ReportingCli, DatabaseRescoreWritesARowPerGameInEveryFormat) {
  TempDir dir;
  const std::string db = (dir.path() / "r.sqlite").string();
  // Corpus games and a broken copy of another corpus game (its own, not a duplicate).
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus + "/pobsiz_2008_hangame_festival.gib",
                      kCorpus + "/pobsiz_mgame100_g030.gib", kFixtures + "/wrong_piece.gib"})
                .status,
            1);
  const Result files = run_gibo({"rescore", "--format", "csv", kFixtures + "/wrong_piece.gib"});
  const Result csv = run_gibo({"rescore", "--db", db, "--format", "csv"});
  const auto rows = csv.out_lines();
  ASSERT_GT(rows.size(), 5u) << csv.out;
  EXPECT_EQ(rows[0], files.out_lines()[0]);  // the same columns as on files
  long invalid = 0, gg = 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    invalid += contains(rows[i], ",invalid,");
    gg += contains(rows[i], ",janggi-gg,");  // the profile that judged it, each record's own or the default
  }
  EXPECT_EQ(invalid, 1);
  EXPECT_EQ(gg, static_cast<long>(rows.size()) - 1);
  // The invalid game's row is the same as on files.
  EXPECT_NE(csv.out.find(files.out_lines()[1]), std::string::npos) << csv.out << files.out;
  const Result jsonl = run_gibo({"rescore", "--db", db, "--format", "jsonl"});
  long objects = 0;
  for (const std::string& l : jsonl.out_lines()) objects += contains(l, R"({"type":"game",)");
  EXPECT_EQ(objects, static_cast<long>(rows.size()) - 1);
  EXPECT_TRUE(contains(jsonl.out_lines().back(), R"({"type":"summary","games":)")) << jsonl.out;
  const Result text = run_gibo({"rescore", "--db", db});
  EXPECT_EQ(text.out_lines().size(), rows.size());  // a line per game and the summary
  EXPECT_TRUE(contains(text.out, kFixtures + "/wrong_piece.gib:1: stored result 초 완승; under janggi-gg the record "
                                             "is rejected at ply 3 (error[wrong-piece]: "))
      << text.out;
}

}  // namespace
