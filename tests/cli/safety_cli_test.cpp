// Issue 11 end to end, through the real gibo binary (tests/cli/run_gibo.h): no output
// overwrites an input or the archive, write errors on standard output and in output
// files are reported (exit 3) and leave no partial file, unreadable inputs are reported
// with their cause, JSON outputs stay valid UTF-8 with any file name, CSV cells cannot
// become formulas, and exit statuses are the same for every command.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "gibo/core/utf8.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/json.h"
#include "run_gibo.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

// A small archive made by gibo import from two corpus files.
fs::path make_archive(const TempDir& dir) {
  const fs::path db = dir.path() / "a.db";
  const Result r = run_gibo({"import", "--db", db.string(), kKbs, kData + "/corpus/pobsiz_tyson_mgame.gib"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  return db;
}

// ---- outputs never overwrite inputs or the archive ------------------------------------

TEST(OutputCheck, NoCommandWritesOverTheArchive) {
  TempDir dir;
  const fs::path db = make_archive(dir);
  const std::string before = slurp(db);
  fs::create_symlink(db, dir.path() / "link.db");
  fs::create_hard_link(db, dir.path() / "hard.db");
  fs::create_directory(dir.path() / "sub");
  const std::vector<std::string> aliases = {
      db.string(), (dir.path() / "link.db").string(), (dir.path() / "hard.db").string(),
      (dir.path() / "sub" / ".." / "." / "a.db").string(), db.string() + "-wal", db.string() + "-shm"};
  for (const std::string& out : aliases) {
    const Result e = run_gibo({"export", "--db", db.string(), "--to", "jsonl", "-o", out});
    EXPECT_EQ(e.status, 2) << out << e.err;
    EXPECT_TRUE(contains(e.err, "refusing to overwrite the archive")) << e.err;
    const Result s = run_gibo({"stats", "--db", db.string(), "-o", out});
    EXPECT_EQ(s.status, 2) << out << s.err;
    EXPECT_TRUE(contains(s.err, "refusing to overwrite the archive")) << s.err;
  }
  EXPECT_TRUE(slurp(db) == before);
  EXPECT_FALSE(fs::exists(db.string() + "-wal") && fs::file_size(db.string() + "-wal") > 0 &&
               slurp(db.string() + "-wal").rfind("{", 0) == 0);
  // And the archive still reads.
  const Result ok = run_gibo({"stats", "--db", db.string(), "--format", "json"});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(contains(ok.out, "\"games\": 2") || contains(ok.out, "\"games\":2")) << ok.out.substr(0, 200);
}

TEST(OutputCheck, NoCommandWritesOverAnInput) {
  TempDir dir;
  const fs::path in = dir.path() / "x.gib";
  fs::copy_file(kKbs, in);
  const std::string before = slurp(in);
  fs::create_symlink(in, dir.path() / "link.gib");
  fs::create_hard_link(in, dir.path() / "hard.gib");
  fs::create_directory(dir.path() / "d");
  for (const std::string& out : {in.string(), (dir.path() / "link.gib").string(), (dir.path() / "hard.gib").string(),
                                 (dir.path() / "d" / ".." / "x.gib").string()}) {
    const Result s = run_gibo({"stats", in.string(), "-o", out});
    EXPECT_EQ(s.status, 2) << out << s.err;
    EXPECT_TRUE(contains(s.err, "refusing to overwrite the input")) << s.err;
    const Result c = run_gibo({"convert", in.string(), "--to", "gib", "-o", out});
    EXPECT_EQ(c.status, 2) << out << c.err;
    // A directory of inputs protects every file in it.
    const Result sd = run_gibo({"stats", dir.path().string(), "-o", out});
    EXPECT_EQ(sd.status, 2) << out << sd.err;
  }
  EXPECT_TRUE(slurp(in) == before);
}

TEST(OutputCheck, ImportRefusesAnArchiveThatIsOneOfItsInputs) {
  TempDir dir;
  const fs::path in = dir.path() / "x.gib";
  fs::copy_file(kKbs, in);
  const std::string before = slurp(in);
  const Result r = run_gibo({"import", "--db", in.string(), in.string()});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_TRUE(contains(r.err, "refusing to overwrite the input")) << r.err;
  EXPECT_TRUE(slurp(in) == before);
}

// ---- write errors ----------------------------------------------------------------------

TEST(WriteErrors, EveryCommandReportsAFullStandardOutput) {
  TempDir dir;
  const fs::path db = make_archive(dir);
  const std::vector<std::vector<std::string>> commands = {
      {"validate", kKbs},
      {"convert", kKbs, "--to", "pgn"},
      {"rescore", kKbs},
      {"show", kKbs},
      {"show", kKbs, "--svg"},
      {"rules"},
      {"rules", "show", "janggi-gg"},
      {"perft", "2"},
      {"stats", kKbs},
      {"export", "--db", db.string(), "--to", "pgn"},
      {"import", "--db", (dir.path() / "b.db").string(), kKbs},
      {"help"},
      {"show", "--help"},
  };
  for (const auto& args : commands) {
    const Result r = run_gibo(args, "", "/dev/full");
    EXPECT_EQ(r.status, 3) << args[0] << " " << r.err;
    EXPECT_TRUE(contains(r.err, "standard output: write error")) << args[0] << ": " << r.err;
  }
}

TEST(WriteErrors, AFailedOutputFileIsRemovedAndNotCounted) {
  TempDir dir;
  const fs::path out = dir.path() / "all.pgn";
  write_file(out, "the old content\n");
  // Output files over 1 KB fail with EFBIG (SIGXFSZ ignored, so write(2) reports it).
  const std::string limit = "trap '' XFSZ; ulimit -f 1;";
  const Result c = run_gibo({"convert", kCorpus, "--to", "pgn", "-o", out.string()}, "", "", limit);
  EXPECT_EQ(c.status, 3) << c.err;
  EXPECT_TRUE(contains(c.err, "write error")) << c.err;
  EXPECT_TRUE(contains(c.err, " 0 written (pgn)")) << c.err;
  EXPECT_EQ(slurp(out), "the old content\n");  // the target is untouched
  const fs::path fresh = dir.path() / "new.json";
  const Result n = run_gibo({"convert", kCorpus, "--to", "json", "-o", fresh.string()}, "", "", limit);
  EXPECT_EQ(n.status, 3) << n.err;
  EXPECT_FALSE(fs::exists(fresh));
  const fs::path db = make_archive(dir);
  const Result e = run_gibo({"export", "--db", db.string(), "--to", "json", "-o", fresh.string()}, "", "", limit);
  EXPECT_EQ(e.status, 3) << e.err;
  EXPECT_FALSE(fs::exists(fresh));
  const Result s = run_gibo({"stats", kCorpus, "--format", "html", "-o", fresh.string()}, "", "", limit);
  EXPECT_EQ(s.status, 3) << s.err;
  EXPECT_FALSE(fs::exists(fresh));
  // No temporary file is left behind.
  for (const auto& entry : fs::directory_iterator(dir.path()))
    EXPECT_EQ(entry.path().filename().string().find(".gibo-"), std::string::npos) << entry.path();
}

TEST(WriteErrors, AWrittenFileKeepsTheUsualPermissions) {
  TempDir dir;
  const fs::path out = dir.path() / "x.pgn";
  ASSERT_EQ(run_gibo({"convert", kKbs, "--to", "pgn", "-o", out.string()}, "", "", "umask 022;").status, 0);
  struct stat st {};
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0644u);
}

// ---- unreadable inputs -------------------------------------------------------------------

TEST(UnreadableInputs, ReportedWithTheirCauseAndExitThree) {
  TempDir dir;
  const fs::path tree = dir.path() / "tree";
  fs::create_directory(tree);
  fs::copy_file(kKbs, tree / "good.gib");
  fs::create_symlink("loop.gib", tree / "loop.gib");
  fs::create_symlink("nowhere.gib", tree / "dangling.gib");
  ASSERT_EQ(::mkfifo((tree / "pipe.gib").c_str(), 0644), 0);
  for (const char* command : {"validate", "convert", "stats", "rescore"}) {
    std::vector<std::string> args = {command, tree.string()};
    if (std::string(command) == "convert") args.insert(args.end(), {"--to", "pgn"});
    const Result r = run_gibo(args);
    const std::string all = r.out + r.err;
    EXPECT_EQ(r.status, 3) << command << all;
    EXPECT_TRUE(contains(all, "loop.gib") && contains(all, "symbolic link loop")) << command << all;
    EXPECT_TRUE(contains(all, "dangling.gib") && contains(all, "dangling symbolic link")) << command << all;
    EXPECT_TRUE(contains(all, "pipe.gib") && contains(all, "not a regular file")) << command << all;
  }
  // Named on the command line.
  const Result loop = run_gibo({"validate", (tree / "loop.gib").string()});
  EXPECT_EQ(loop.status, 3);
  EXPECT_TRUE(contains(loop.out + loop.err, "symbolic link loop")) << loop.out << loop.err;
  EXPECT_FALSE(contains(loop.out + loop.err, "no such file")) << loop.out << loop.err;
  const Result show_dir = run_gibo({"show", tree.string()});
  EXPECT_EQ(show_dir.status, 3);
  EXPECT_TRUE(contains(show_dir.err, "is a directory")) << show_dir.err;
}

TEST(UnreadableInputs, ImportCreatesNoArchiveFromNothing) {
  TempDir dir;
  const fs::path db = dir.path() / "a.db";
  fs::create_symlink("loop.gib", dir.path() / "loop.gib");
  const Result r = run_gibo({"import", "--db", db.string(), (dir.path() / "loop.gib").string(),
                             (dir.path() / "missing.gib").string()});
  EXPECT_EQ(r.status, 3) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "symbolic link loop")) << r.out;
  EXPECT_TRUE(contains(r.out, "no such file or directory")) << r.out;
  EXPECT_FALSE(fs::exists(db));
  fs::create_directory(dir.path() / "empty");
  const Result e = run_gibo({"import", "--db", db.string(), (dir.path() / "empty").string()});
  EXPECT_EQ(e.status, 1) << e.err;
  EXPECT_FALSE(fs::exists(db));
}

// ---- JSON outputs are valid UTF-8 with any file name ------------------------------------

TEST(JsonOutputs, FileNamesThatAreNotUtf8AreEscaped) {
  TempDir dir;
  const fs::path odd = dir.path() / std::string("caf\xE9-\xFF.gib");  // Latin-1 bytes
  fs::copy_file(kKbs, odd);
  const fs::path db = dir.path() / "a.db";
  const std::vector<std::vector<std::string>> commands = {
      {"validate", "--format", "jsonl", dir.path().string()},
      {"rescore", "--format", "jsonl", dir.path().string()},
      {"stats", "--format", "json", dir.path().string()},
      {"import", "--format", "jsonl", "--db", db.string(), dir.path().string()},
      {"convert", odd.string(), "--to", "jsonl"},
  };
  for (const auto& args : commands) {
    const Result r = run_gibo(args);
    EXPECT_LE(r.status, 1) << args[0] << r.err;
    EXPECT_TRUE(gibo::utf8::valid(r.out)) << args[0];
    EXPECT_TRUE(contains(r.out, "caf\\\\xe9-\\\\xff.gib")) << args[0] << r.out.substr(0, 300);
  }
}

// ---- CSV cells cannot become formulas ------------------------------------------------------

TEST(CsvOutputs, FormulaLikeCellsAreNeutralised) {
  TempDir dir;
  const std::string evil = "=cmd|'/C calc'!A0";
  std::string text = run_gibo({"convert", kKbs, "--to", "gib"}).out;  // UTF-8
  const std::size_t at = text.find("[초대국자 \"");
  ASSERT_NE(at, std::string::npos);
  const std::size_t end = text.find("\"]", at);
  text.replace(at, end + 2 - at, "[초대국자 \"" + evil + "\"]");
  const fs::path in = dir.path() / "@evil.gib";
  write_file(in, text);
  const Result s = run_gibo({"stats", "--format", "csv", in.string()});
  EXPECT_EQ(s.status, 0) << s.err;
  EXPECT_TRUE(contains(s.out, "\"'" + evil + "\"")) << s.out;
  EXPECT_FALSE(contains(s.out, "," + evil)) << s.out;
  const std::string_view result_tag = "[대국결과 \"";
  const std::size_t result = text.find(result_tag);
  ASSERT_NE(result, std::string::npos);
  text.insert(result + result_tag.size(), 1, '@');
  write_file(in, text);
  const Result r = run_gibo({"rescore", "--format", "csv", in.string()});
  EXPECT_TRUE(contains(r.out, ",\"'@초 완승\",")) << r.out;
  // Numbers stay numbers (a negative count is not a formula).
  for (const std::string& line : s.out_lines())
    EXPECT_FALSE(contains(line, ",\"'-1") || contains(line, ",\"'0")) << line;
}

// ---- every written game reads back -----------------------------------------------------

std::vector<gibo::Game> read_file(const fs::path& p) {
  gibo::ReadOptions o;
  o.file_name = p.string();
  gibo::ReadInfo info;
  std::vector<gibo::Game> games;
  gibo::read_games(slurp(p), o, info, [&](gibo::Game&& g) { games.push_back(std::move(g)); });
  return games;
}

TEST(ReadBack, NastyJsonValuesSurviveGibAndPgn) {
  TempDir dir;
  // A corpus game as JSON, with tag values and comments that end lines and blocks early.
  const fs::path json = dir.path() / "in.json";
  ASSERT_EQ(run_gibo({"convert", kKbs, "--to", "json", "-o", json.string()}).status, 0);
  auto games = read_file(json);
  ASSERT_EQ(games.size(), 1u);
  const std::vector<std::string> nasty = {"The \"Big\" Open", "C:\\x\\", "a\"] [b \"c", "one\ntwo",
                                          "blank\n\nline", "\n[대국결과 \"한승\"]", "close } brace"};
  for (std::size_t i = 0; i < nasty.size(); ++i) {
    games[0].tags.push_back({"Note" + std::to_string(i), nasty[i]});
    games[0].plies.at(i).comments.push_back(nasty[i]);
  }
  write_file(json, gibo::write_json(games));
  const fs::path gib = dir.path() / "mid.gib", back = dir.path() / "back.json";
  const Result to_gib = run_gibo({"convert", json.string(), "--to", "gib", "-o", gib.string()});
  ASSERT_EQ(to_gib.status, 0) << to_gib.err;
  const Result to_json = run_gibo({"convert", gib.string(), "--to", "json", "-o", back.string()});
  ASSERT_EQ(to_json.status, 0) << to_json.err;
  const auto again = read_file(back);
  ASSERT_EQ(again.size(), 1u);
  for (std::size_t i = 0; i < nasty.size(); ++i) {
    const std::string* v = again[0].tag("Note" + std::to_string(i));
    ASSERT_NE(v, nullptr) << i;
    EXPECT_EQ(*v, nasty[i]);
    EXPECT_EQ(again[0].plies.at(i).comments, games[0].plies.at(i).comments) << i;
  }
  EXPECT_EQ(again[0].plies.size(), games[0].plies.size());
  // PGN keeps the game whole and every tag value.
  const Result pgn = run_gibo({"convert", json.string(), "--to", "pgn"});
  ASSERT_EQ(pgn.status, 0) << pgn.err;
  const fs::path pgn_file = dir.path() / "x.pgn";
  write_file(pgn_file, pgn.out);
  const auto from_pgn = read_file(pgn_file);
  ASSERT_EQ(from_pgn.size(), 1u) << pgn.out;
  for (std::size_t i = 0; i < nasty.size(); ++i) EXPECT_EQ(*from_pgn[0].tag("Note" + std::to_string(i)), nasty[i]);
}

TEST(ReadBack, TaglessGamesSurviveGibAndTheArchive) {
  TempDir dir;
  const fs::path uci = dir.path() / "s.uci";
  write_file(uci, "position startpos moves b1c3 b10c8 h1g3\nmoves a1a2\nposition fen 4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1\n");
  const Result gib = run_gibo({"convert", uci.string(), "--to", "gib"});
  ASSERT_EQ(gib.status, 0) << gib.err;
  const fs::path gib_file = dir.path() / "s.gib";
  write_file(gib_file, gib.out);
  EXPECT_EQ(read_file(gib_file).size(), 3u) << gib.out;
  // Archive: import the move lists, export as .gib, import that: the same games.
  const fs::path a = dir.path() / "a.db", b = dir.path() / "b.db", out = dir.path() / "out.gib";
  ASSERT_EQ(run_gibo({"import", "--db", a.string(), uci.string()}).status, 0);
  ASSERT_EQ(run_gibo({"export", "--db", a.string(), "--to", "gib", "-o", out.string()}).status, 0);
  const Result again = run_gibo({"import", "--db", b.string(), "--format", "jsonl", out.string()});
  EXPECT_EQ(again.status, 0) << again.out << again.err;
  const Result ea = run_gibo({"export", "--db", a.string(), "--to", "uci"});
  const Result eb = run_gibo({"export", "--db", b.string(), "--to", "uci"});
  EXPECT_EQ(ea.out, eb.out);
  EXPECT_EQ(std::count(eb.out.begin(), eb.out.end(), '\n'), 3) << eb.out;
}

TEST(EncodingLoss, EachGameWithTextCp949CannotHoldIsReported) {
  TempDir dir;
  std::string text = run_gibo({"convert", kKbs, "--to", "gib"}).out;  // UTF-8
  const std::size_t at = text.find("[대회명 \"");
  ASSERT_NE(at, std::string::npos);
  text.insert(at + std::string("[대회명 \"").size(), "😀🎉 ");
  const fs::path in = dir.path() / "emoji.gib";
  write_file(in, text + "\n" + text);
  const Result r = run_gibo({"convert", in.string(), "--to", "gib", "--encoding", "cp949"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n') - 1, 2) << r.err;  // one warning a game + the summary
  EXPECT_TRUE(contains(r.err, "warning[unencodable-text]: 2 characters cannot be written in cp949; written as '?'"))
      << r.err;
  EXPECT_TRUE(contains(r.err, in.string() + ":2: 32: warning[unencodable-text]")) << r.err;  // FILE:GAME: LINE
  const Result plain = run_gibo({"convert", in.string(), "--to", "gib"});
  EXPECT_FALSE(contains(plain.err, "unencodable")) << plain.err;
}

// ---- exit statuses ------------------------------------------------------------------------

TEST(ExitStatus, HelpWorksForEveryCommandAndStatesTheExitStatuses) {
  for (const char* command : {"perft", "rules", "validate", "convert", "show", "stats", "import", "export", "rescore"}) {
    const Result a = run_gibo({command, "--help"});
    EXPECT_EQ(a.status, 0) << command << a.err;
    EXPECT_TRUE(contains(a.out, "exit status (every command): 0 success; 1 findings")) << command << a.out;
    const Result b = run_gibo({"help", command});
    EXPECT_EQ(b.status, 0) << command << b.err;
    EXPECT_EQ(a.out, b.out) << command;
  }
  EXPECT_EQ(run_gibo({"help"}).status, 0);
  EXPECT_TRUE(contains(run_gibo({"help"}).out, "exit status"));
}

// An exception that escapes a command (here: memory runs out) is no usage error: its
// message and status 3. A sanitizer build cannot run under an address-space limit.
#if !defined(GIBO_SANITIZED)
TEST(ExitStatus, AnUnexpectedExceptionExitsThreeWithItsMessage) {
  TempDir dir;
  const fs::path big = dir.path() / "big.gib";
  write_file(big, "");
  fs::resize_file(big, 300u << 20);  // sparse: no disk used
  const Result r = run_gibo({"show", big.string()}, "", "", "ulimit -v 150000;");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "gibo show: internal error: std::bad_alloc")) << r.err;
}
#endif

TEST(ExitStatus, UsageErrorsAndFindingsAreTheDocumentedOnes) {
  EXPECT_EQ(run_gibo({"rules", "list", "extra"}).status, 2);
  EXPECT_EQ(run_gibo({"rules", "list"}).status, 0);
  EXPECT_EQ(run_gibo({"help", "show", "perft"}).status, 2);
  TempDir dir;
  const fs::path empty = dir.path() / "empty.gib";
  write_file(empty, "");
  const Result e = run_gibo({"show", empty.string()});
  EXPECT_EQ(e.status, 1) << e.err;  // like a file with no game elsewhere: a finding
  EXPECT_TRUE(contains(e.err, "holds no game")) << e.err;
  EXPECT_EQ(run_gibo({"validate", empty.string()}).status, 1);
  EXPECT_EQ(run_gibo({"show", kKbs + ":9"}).status, 2);  // no game 9: a bad argument
}

}  // namespace
