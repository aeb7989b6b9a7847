// Inputs as every command finds and reads them: game files found by content in a real
// archive folder (tests/data/mixed_folder: .gib, a .txt Kakao export, an upper-case name,
// no extension, a README), and the same words from import and validate for an input that
// cannot be read.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_gibo.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

const std::string kFolder = GIBO_TEST_DATA "/mixed_folder";
const std::string kReadme = kFolder + "/README";
const std::string kNote = kReadme + ": note[not-a-game-file]: not a game file (no format gibo reads); not read";

TEST(InputsCli, ValidateFindsTheTxtExportAndListsTheReadme) {
  const Result r = run_gibo({"validate", kFolder});
  EXPECT_EQ(r.status, 0) << r.out << r.err;  // a note: the status is unchanged
  EXPECT_TRUE(contains(r.out, kNote + "\n")) << r.out;
  EXPECT_TRUE(contains(r.out, kFolder + "/kakao001_g000-001.txt: 2 games, 98 plies, 2 valid, 0 rejected (gib, cp949)"))
      << r.out;
  EXPECT_TRUE(contains(r.out, kFolder + "/KAKAO019_G078.GIB: 1 games, ")) << r.out;
  EXPECT_TRUE(contains(r.out, kFolder + "/kbs_chuseok_no_extension: 1 games, ")) << r.out;
  EXPECT_TRUE(contains(r.out, "summary: 4 files, 6 games, 636 plies, 6 valid, 0 rejected, 1 not a game file\n")) << r.out;
  const Result j = run_gibo({"validate", "--format", "jsonl", kFolder});
  EXPECT_TRUE(contains(j.out, R"({"type":"file","file":")" + kReadme + R"(","status":"not-a-game-file"})")) << j.out;
  EXPECT_TRUE(contains(j.out, R"("not_game_files":1)")) << j.out;
}

TEST(InputsCli, ImportStoresTheTxtGamesAndListsTheReadme) {
  TempDir dir;
  const std::string db = (dir.path() / "a.sqlite").string();
  const Result r = run_gibo({"import", "--db", db, kFolder});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, kNote + "\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "summary: 4 files (4 imported, 0 resumed, 0 skipped, 0 unreadable), 1 not a game file, "
                              "6 games read: 6 added, 0 copies, 0 invalid"))
      << r.out;
  const Result j = run_gibo({"import", "--db", (dir.path() / "b.sqlite").string(), "--format", "jsonl", kFolder});
  EXPECT_TRUE(contains(j.out, R"({"type":"file","file":")" + kReadme + R"(","status":"not-a-game-file"})")) << j.out;
  EXPECT_TRUE(contains(j.out, R"("not_game_files":1,"games":6,)")) << j.out;
}

TEST(InputsCli, StatsCountsTheTxtGamesAndListsTheReadme) {
  const Result r = run_gibo({"stats", kFolder});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(contains(r.err, kNote)) << r.err;
  EXPECT_TRUE(contains(r.out, "\n  files                      4\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "\n  games                      6\n")) << r.out;
}

TEST(InputsCli, RescoreAndConvertSearchTheSameWay) {
  const Result r = run_gibo({"rescore", kFolder});
  EXPECT_TRUE(contains(r.err, kNote)) << r.err;
  EXPECT_TRUE(contains(r.out, kFolder + "/kakao001_g000-001.txt:2: ")) << r.out;
  EXPECT_TRUE(contains(r.out, "summary: 6 games, ")) << r.out;
  EXPECT_TRUE(contains(r.out, ", 1 not a game file\n")) << r.out;
  TempDir dir;
  const Result c = run_gibo({"convert", kFolder, "--to", "pgn", "-o", (dir.path() / "all.pgn").string()});
  EXPECT_EQ(c.status, 0) << c.err;
  EXPECT_TRUE(contains(c.err, kNote)) << c.err;
  EXPECT_TRUE(contains(c.err, "convert: 4 files, 6 games, 6 written (pgn)")) << c.err;
}

// Import and validate read through one reader and report an input they cannot read in the
// same words: a missing file, a dangling link and a link loop in a searched folder, a pipe
// there, and a file whose read fails (/proc/self/mem: "input/output error").
TEST(InputsCli, ImportAndValidateNameAnUnreadableInputInTheSameWords) {
  TempDir dir;
  const fs::path tree = dir.path() / "tree";
  fs::create_directories(tree);
  fs::create_symlink(tree / "nowhere.gib", tree / "dangling.gib");
  fs::create_symlink(tree / "loop.gib", tree / "loop.gib");
  ASSERT_EQ(std::system(("mkfifo " + gibo::testing::shell_quote((tree / "pipe.gib").string())).c_str()), 0);
  const std::string missing = (dir.path() / "no-such-file.gib").string();
  int db = 0;
  for (const std::vector<std::string>& inputs : {std::vector<std::string>{missing}, {tree.string()}, {"/proc/self/mem"}}) {
    const fs::path archive = dir.path() / ("archive" + std::to_string(db++) + ".sqlite");
    std::vector<std::string> v{"validate"}, i{"import", "--db", archive.string()};
    v.insert(v.end(), inputs.begin(), inputs.end());
    i.insert(i.end(), inputs.begin(), inputs.end());
    const Result rv = run_gibo(v), ri = run_gibo(i);
    EXPECT_EQ(rv.status, 3) << rv.out;
    EXPECT_EQ(ri.status, 3) << ri.out << ri.err;
    std::vector<std::string> lv, li;
    for (const std::string& l : rv.out_lines())
      if (contains(l, ": error[io]: ")) lv.push_back(l);
    for (const std::string& l : ri.out_lines())
      if (contains(l, ": error[io]: ")) li.push_back(l);
    EXPECT_FALSE(lv.empty()) << rv.out;
    EXPECT_EQ(lv, li) << rv.out << ri.out;
  }
  const Result m = run_gibo({"validate", missing});
  EXPECT_TRUE(contains(m.out, missing + ": error[io]: no such file or directory\n")) << m.out;
  const Result t = run_gibo({"validate", tree.string()});
  EXPECT_TRUE(contains(t.out, (tree / "dangling.gib").string() + ": error[io]: dangling symbolic link to ")) << t.out;
  EXPECT_TRUE(contains(t.out, (tree / "loop.gib").string() + ": error[io]: symbolic link loop")) << t.out;
  EXPECT_TRUE(contains(t.out, (tree / "pipe.gib").string() + ": error[io]: not a regular file")) << t.out;
  const Result p = run_gibo({"validate", "/proc/self/mem"});
  EXPECT_TRUE(contains(p.out, "/proc/self/mem: error[io]: read error: input/output error\n")) << p.out;
}

}  // namespace
