// `gibo validate` end to end: exit statuses, text and JSON Lines output, stdin, --jobs.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <vector>

#include "run_gibo.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

std::string last_line(const Result& r) {
  const auto lines = r.out_lines();
  return lines.empty() ? "" : lines.back();
}

TEST(ValidateCli, CorpusIsAllValidAndExitsZero) {
  const Result r = run_gibo({"validate", kCorpus});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("summary: 40 files, "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" valid, 0 rejected"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("error["), std::string::npos) << r.out;
  EXPECT_TRUE(r.err.empty()) << r.err;  // no progress output when stderr is not a terminal
}

TEST(ValidateCli, BrokenGamesExitOneWithCompilerStyleDiagnostics) {
  const Result r = run_gibo({"validate", kFixtures + "/wrong_piece.gib"});
  EXPECT_EQ(r.status, 1);
  // The one game reference, FILE:GAME, then the line and column.
  EXPECT_NE(r.out.find(kFixtures + "/wrong_piece.gib:1: 13:24: error[wrong-piece]: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" (ply 3) ["), std::string::npos) << r.out;
}

TEST(ValidateCli, JsonLinesGameAndSummaryObjects) {
  // A missing 장군 in a game that marks its other checks: a warning, the game valid
  // (annotation policy); with --strict an error, the valid prefix ending before it.
  const Result r = run_gibo({"validate", "--format", "jsonl", kFixtures + "/missing_check.gib"});
  EXPECT_EQ(r.status, 0);
  const auto lines = r.out_lines();
  ASSERT_EQ(lines.size(), 3u) << r.out;  // game, file, summary
  const std::regex game(
      R"(^\{"type":"game","file":"[^"]*missing_check\.gib","index":0,"line":1,"plies":107,"valid_plies":107,"valid":true,"annotated":true,.*"errors":\[\],"warnings":\[\{"code":"missing-check","severity":"warning","line":16,"col":5,"ply":19,.*)");
  EXPECT_TRUE(std::regex_match(lines[0], game)) << lines[0];
  EXPECT_EQ(lines[1].rfind(R"({"type":"file","file":")" + kFixtures + R"(/missing_check.gib","format":"gib","encoding":"cp949","bom":false,"games":1,"plies":107,"valid":1,)", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2].rfind(R"({"type":"summary","files":1,"games":1,"plies":107,"valid":1,"rejected":0,)", 0), 0u)
      << lines[2];

  const Result strict = run_gibo({"validate", "--strict", "--format", "jsonl", kFixtures + "/missing_check.gib"});
  EXPECT_EQ(strict.status, 1);
  const std::regex rejected(
      R"(^\{"type":"game","file":"[^"]*missing_check\.gib","index":0,"line":1,"plies":107,"valid_plies":18,"valid":false,"annotated":true,.*"errors":\[\{"code":"missing-check","severity":"error","line":16,"col":5,"ply":19,.*)");
  EXPECT_TRUE(std::regex_match(strict.out_lines()[0], rejected)) << strict.out;
}

TEST(ValidateCli, UnannotatedRecordIsValidAndSaysSo) {
  const Result r = run_gibo({"validate", "--format", "jsonl", kFixtures + "/unannotated.gib"});
  EXPECT_EQ(r.status, 0) << r.out;
  const std::regex game(
      R"(^\{"type":"game",.*"valid_plies":107,"valid":true,"annotated":false,.*"errors":\[\],"warnings":\[\],"notes":\[\{"code":"unannotated","severity":"note","line":15,"col":49,"ply":17,.*)");
  EXPECT_TRUE(std::regex_match(r.out_lines()[0], game)) << r.out;
  EXPECT_NE(r.out_lines()[2].find(R"("unannotated":1,)"), std::string::npos) << r.out;
  const Result text = run_gibo({"validate", kFixtures + "/unannotated.gib"});
  EXPECT_EQ(text.status, 0);
  EXPECT_NE(text.out.find("notes by code: unannotated=1"), std::string::npos) << text.out;
}

TEST(ValidateCli, TextAfterAnEndOfFileMarkIsAWarningOnTheFile) {
  const Result r = run_gibo({"validate", kFixtures + "/eof_trailer_text.gib"});
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find(kFixtures + "/eof_trailer_text.gib:32:1: warning[text-after-eof]: 21 bytes after the "
                                   "end-of-file mark (0x1A) are not read"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("1 games, 107 plies, 1 valid, 0 rejected"), std::string::npos) << r.out;
}

TEST(ValidateCli, StandardInput) {
  const Result r = run_gibo({"validate", "-"}, kCorpus + "/pobsiz_2010_kbs_chuseok.gib");
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("-: 1 games, 107 plies, 1 valid, 0 rejected (gib, cp949)"), std::string::npos) << r.out;
}

TEST(ValidateCli, JobsDoNotChangeTheOutput) {
  const Result one = run_gibo({"validate", "--jobs", "1", kCorpus, kFixtures});
  const Result two = run_gibo({"validate", "--jobs", "2", kCorpus, kFixtures});
  EXPECT_EQ(one.status, 1);
  EXPECT_EQ(two.status, 1);
  EXPECT_EQ(one.out, two.out);
}

// A file of several hundred KB is read in parts by several threads (its games split
// between them): the output is still the one-thread output, byte for byte, in both forms,
// also with a broken game in the file.
TEST(ValidateCli, JobsSplitABigFileWithoutChangingTheOutput) {
  gibo::testing::TempDir dir;
  const std::string big = (dir.path() / "big.gib").string();
  {
    std::ofstream out(big, std::ios::binary);
    for (int copy = 0; copy < 4; ++copy)
      for (const auto& e : std::filesystem::directory_iterator(kCorpus))
        if (e.path().extension() == ".gib") out << gibo::testing::slurp(e.path()) << "\n";
    out << gibo::testing::slurp(kFixtures + "/wrong_piece.gib");
  }
  ASSERT_GT(std::filesystem::file_size(big), 512u * 1024);  // several parts of 128 KB
  for (const char* format : {"text", "jsonl"}) {
    const Result one = run_gibo({"validate", "--format", format, "--jobs", "1", big});
    const Result three = run_gibo({"validate", "--format", format, "--jobs", "3", big});
    EXPECT_EQ(one.status, 1);
    EXPECT_EQ(three.status, 1);
    const auto without_seconds = [](const std::string& out) {
      return std::regex_replace(out, std::regex(R"("seconds":[0-9.e+-]+)"), "");
    };
    EXPECT_EQ(without_seconds(one.out), without_seconds(three.out)) << format;
    EXPECT_NE(one.out.find("wrong-piece"), std::string::npos);
  }
}

TEST(ValidateCli, UsageAndIoErrors) {
  EXPECT_EQ(run_gibo({"validate"}).status, 2);
  EXPECT_EQ(run_gibo({"validate", "--bogus", kCorpus}).status, 2);
  const Result rules = run_gibo({"validate", "--rules", "nope", kCorpus});
  EXPECT_EQ(rules.status, 2);
  EXPECT_NE(rules.err.find("janggi-gg"), std::string::npos) << rules.err;
  const Result missing = run_gibo({"validate", kCorpus + "/no-such-file.gib"});
  EXPECT_EQ(missing.status, 3);
  EXPECT_EQ(last_line(missing), "summary: 0 files, 0 games, 0 plies, 0 valid, 0 rejected, 1 unreadable");
}

// The directory search: game files found by their content, whatever their name (an ending
// in any case, .txt, a whole name that is an ending, none), in sorted order, through
// subfolders; a link to a file is read, a link to a folder is not followed; a file whose
// content is no game format is listed as not a game file (a note: the status stays 0).
TEST(ValidateCli, DirectorySearchRules) {
  TempDir dir;
  const fs::path tree = dir.path() / "tree";
  fs::create_directories(tree / "b_sub" / "deeper");
  fs::create_directories(dir.path() / "elsewhere");
  const std::string game = kCorpus + "/pobsiz_2012_kbs_seol.gib";
  fs::copy_file(game, tree / "c.GIB");
  fs::copy_file(game, tree / "b_sub" / "deeper" / "d.gib");
  fs::copy_file(game, tree / ".gib");
  fs::copy_file(game, tree / "notes.txt");
  fs::copy_file(game, tree / "no_extension");
  fs::copy_file(kCorpus + "/SOURCES.md", tree / "SOURCES.md");
  { std::ofstream(tree / "empty.txt"); }
  fs::copy_file(game, dir.path() / "elsewhere" / "e.gib");
  fs::create_symlink(game, tree / "a_link.gib");
  fs::create_symlink(dir.path() / "elsewhere", tree / "z_folder_link.gib");
  fs::create_symlink(dir.path() / "elsewhere", tree / "y_folder_link");
  const Result r = run_gibo({"validate", "--format", "jsonl", tree.string() + "/"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  std::vector<std::string> files, others;
  const std::regex file_line(R"re(\{"type":"file","file":"([^"]*)","format")re");
  const std::regex other_line(R"re(\{"type":"file","file":"([^"]*)","status":"not-a-game-file"\})re");
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    if (std::smatch m; std::regex_search(line, m, file_line)) files.push_back(m[1]);
    if (std::smatch m; std::regex_search(line, m, other_line)) others.push_back(m[1]);
  }
  const std::string t = tree.string() + "/";
  EXPECT_EQ(files, (std::vector<std::string>{t + ".gib", t + "a_link.gib", t + "b_sub/deeper/d.gib", t + "c.GIB",
                                             t + "no_extension", t + "notes.txt"}));
  EXPECT_EQ(others, (std::vector<std::string>{t + "SOURCES.md", t + "empty.txt"}));
  EXPECT_NE(r.out.find(R"("unreadable":0,"not_game_files":2,)"), std::string::npos) << r.out;
  const Result text = run_gibo({"validate", tree.string()});
  EXPECT_EQ(text.status, 0);
  EXPECT_NE(text.out.find(t + "SOURCES.md: note[not-a-game-file]: not a game file"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("summary: 6 files, 6 games, "), std::string::npos) << text.out;
  EXPECT_NE(text.out.find(" 0 rejected, 2 not game files\n"), std::string::npos) << text.out;
}

TEST(ValidateCli, ForcedEncodingReportsUndecodableBytes) {
  const Result r = run_gibo({"validate", "--encoding", "utf-8", kCorpus + "/pobsiz_2010_kbs_chuseok.gib"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("error[undecodable-bytes]"), std::string::npos) << r.out;
}

}  // namespace

namespace {

TEST(ShowCli, ReadsAnyFormatAtAPly) {
  gibo::testing::TempDir dir;
  const std::string pgn = (dir.path() / "game.pgn").string();
  ASSERT_EQ(run_gibo({"convert", kCorpus + "/pobsiz_2010_kbs_chuseok.gib", "--to", "pgn", "-o", pgn}).status, 0);
  const Result from_gib = run_gibo({"show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib@19", "--color", "never"});
  const Result from_pgn = run_gibo({"show", pgn + "@19", "--color", "never"});
  EXPECT_EQ(from_gib.status, 0) << from_gib.err;
  EXPECT_EQ(from_pgn.status, 0) << from_pgn.err;
  // Same board and FEN whatever the input format.
  const auto a = from_gib.out_lines(), b = from_pgn.out_lines();
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(a.back(), "fen r1bac2br/4ak3/2n2n1c1/1pp3p1p/9/5CP2/P1PP3P1/2N1CN3/4K4/R2A1A1BR b - - 1 10");
  EXPECT_EQ(a.back(), b.back());
  EXPECT_NE(from_pgn.out.find("김동학 四단 (Cho) vs 양승태 三단 (Han)"), std::string::npos) << from_pgn.out;
  EXPECT_NE(from_gib.out.find("in check"), std::string::npos);
  EXPECT_EQ(run_gibo({"show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib:2"}).status, 2);
  EXPECT_EQ(run_gibo({"show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib@108"}).status, 2);
  const Result svg = run_gibo({"show", kCorpus + "/pobsiz_2010_kbs_chuseok.gib@19", "--svg"});
  EXPECT_EQ(svg.out.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.out.find("</svg>"), std::string::npos);
}

TEST(ValidateCli, EveryFormatThroughTheOneReader) {
  // PGN, JSON, JSON Lines, FEN and UCI fixtures: the same JSON Lines shape as .gib, the
  // format named in the file object.
  const std::string pgn = GIBO_TEST_DATA "/fixtures/pgn/pychess.pgn";
  const std::string producers = GIBO_TEST_DATA "/fixtures/producers";
  TempDir dir;
  const std::string json = (dir.path() / "two.json").string();
  ASSERT_EQ(run_gibo({"convert", kCorpus + "/pobsiz_kakao001_g000-001.gib", "--to", "json", "-o", json}).status, 0);
  const std::regex game_shape(
      R"(^\{"type":"game","file":"[^"]*","index":\d+,"line":\d+,"plies":\d+,"valid_plies":\d+,"valid":true,"annotated":(true|false),"profile":"[a-z-]+","result":"[^"]*","opening":\{"code":"[^"]+","korean":"[^"]+","english":"[^"]+"(,"plies":\[[0-9,]*\])?\},"errors":\[\],"warnings":\[.*\],"notes":\[.*\]\}$)");
  const struct {
    std::string path, format;
    int games;
  } cases[] = {
      {pgn, "pgn", 1},
      {json, "json", 2},
      {producers + "/gibo_convert.jsonl", "jsonl", 5},
      {producers + "/final_positions.fen", "fen", 60},
      {producers + "/pychess.uci", "uci", 60},
      {kCorpus + "/pobsiz_kakao001_g000-001.gib", "gib", 2},
  };
  for (const auto& c : cases) {
    const Result r = run_gibo({"validate", "--rules", "fs-janggi", "--format", "jsonl", c.path});
    EXPECT_EQ(r.status, 0) << c.path << r.out;
    const auto lines = r.out_lines();
    ASSERT_EQ(lines.size(), static_cast<std::size_t>(c.games) + 2) << r.out;
    for (int i = 0; i < c.games; ++i) EXPECT_TRUE(std::regex_match(lines[i], game_shape)) << lines[i];
    EXPECT_NE(lines[c.games].find(R"(","format":")" + c.format + R"(",)"), std::string::npos) << lines[c.games];
    EXPECT_NE(lines[c.games].find(R"("games":)" + std::to_string(c.games) + ","), std::string::npos);
  }
}

}  // namespace

namespace {

// What a terminal shows of `raw` (output written to a terminal): each line as it stands
// after its last carriage return (a progress line redrawn and cleared with "\r\033[K").
std::vector<std::string> rendered_lines(const std::string& raw) {
  std::vector<std::string> lines;
  std::istringstream in(raw);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // the terminal's "\r\n"
    if (const auto cr = line.rfind('\r'); cr != std::string::npos) line.erase(0, cr + 1);
    if (line.rfind("\033[K", 0) == 0) line.erase(0, 3);
    lines.push_back(line);
  }
  return lines;
}

// The progress line appears on a terminal only, and is cleared before any other line is
// written: on a terminal (util-linux `script` gives gibo one for stdout and stderr) every
// line shows exactly as without one.
TEST(ValidateCli, ProgressLineOnATerminalNeverGarblesALine) {
  TempDir dir;
  const fs::path typescript = dir.path() / "typescript";
  const std::string command = gibo::testing::shell_quote(GIBO_BINARY) + " validate " +
                              gibo::testing::shell_quote(kFixtures) + " " + gibo::testing::shell_quote(kCorpus);
  const std::string run = "script -q -e -c " + gibo::testing::shell_quote(command) + " " +
                          gibo::testing::shell_quote(typescript.string()) + " >/dev/null 2>&1 </dev/null";
  ASSERT_NE(std::system(run.c_str()), -1);
  const std::string raw = gibo::testing::slurp(typescript);
  EXPECT_NE(raw.find(" files, "), std::string::npos) << raw;  // the progress was drawn
  EXPECT_NE(raw.find("\r\033[K"), std::string::npos) << raw;  // and cleared
  std::vector<std::string> shown = rendered_lines(raw);
  // script's own first and last lines ("Script started …", "Script done …") and the blank
  // line before the last.
  while (!shown.empty() && shown.back().rfind("summary: ", 0) != 0 && shown.back().find(" by code: ") == std::string::npos)
    shown.pop_back();
  ASSERT_FALSE(shown.empty());
  shown.erase(shown.begin());
  const Result plain = run_gibo({"validate", kFixtures, kCorpus});
  EXPECT_TRUE(plain.err.empty()) << plain.err;  // no progress when stderr is not a terminal
  EXPECT_EQ(shown, plain.out_lines());
}

}  // namespace
