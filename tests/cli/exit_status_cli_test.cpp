// Issue 19 items 5 and 6 through the real gibo binary: every command's exit status for
// success, a finding, a usage error and an I/O error is the one README "Exit status"
// gives; failed writes name their cause; help lists positional arguments as arguments.
// Also item 7's hint when a game is legal under another profile, and export's count of
// games a format can hold only up to their last legal ply.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "run_gibo.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

const std::string kIllegal = kData + "/fixtures/gib/illegal_move.gib";
const std::string kPassInCheck = kData + "/fixtures/gib/pass_in_check.gib";

// The files the table needs, made once: archives of valid, broken and no games, a game
// whose stored result the board contradicts, an empty file.
class ExitStatusTable : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    const fs::path d = dir_->path();
    good_db_ = (d / "good.db").string();
    broken_db_ = (d / "broken.db").string();
    empty_db_ = (d / "empty.db").string();
    ASSERT_EQ(run_gibo({"import", "--db", good_db_, kKbs}).status, 0);
    ASSERT_EQ(run_gibo({"import", "--db", broken_db_, kIllegal}).status, 1);
    ASSERT_EQ(run_gibo({"import", "--db", empty_db_, "--valid-only", kIllegal}).status, 1);
    // The KBS game ends in Cho's checkmate; stored as Han's win, the result disagrees.
    std::string text = slurp(kKbs);
    const std::string cho_wins = "\xC3\xCA \xBF\xCF\xBD\xC2";  // "초 완승" in CP949
    const std::size_t at = text.find(cho_wins);
    ASSERT_NE(at, std::string::npos);
    text.replace(at, cho_wins.size(), "\xC7\xD1 \xBF\xCF\xBD\xC2");  // "한 완승"
    disagreeing_ = (d / "disagrees.gib").string();
    std::ofstream(disagreeing_, std::ios::binary) << text;
    empty_file_ = (d / "empty.gib").string();
    std::ofstream(empty_file_, std::ios::binary) << "";
    missing_ = (d / "no-such-file.gib").string();
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }

  struct Case {
    std::vector<std::string> args;
    int status;
    std::string stdout_path = "";  // e.g. /dev/full
    std::string says = "";         // a part of what it prints (stdout or stderr)
  };

  static void expect(const std::string& command, const std::string& kind, const Case& c) {
    const Result r = run_gibo(c.args, "", c.stdout_path);
    EXPECT_EQ(r.status, c.status) << command << " (" << kind << "): " << r.err;
    if (!c.says.empty()) {
      EXPECT_TRUE(contains(r.out + r.err, c.says)) << command << " (" << kind << "): " << r.out << r.err;
    }
  }

  static TempDir* dir_;
  static std::string good_db_, broken_db_, empty_db_, disagreeing_, empty_file_, missing_;
};

TempDir* ExitStatusTable::dir_ = nullptr;
std::string ExitStatusTable::good_db_, ExitStatusTable::broken_db_, ExitStatusTable::empty_db_,
    ExitStatusTable::disagreeing_, ExitStatusTable::empty_file_, ExitStatusTable::missing_;

// Every command × {success, finding, usage error, I/O error}. perft and rules read no
// records, so nothing they report is a finding.
TEST_F(ExitStatusTable, EveryCommandInEveryCase) {
  const std::string full = "/dev/full", nospace = "No space left on device";
  const fs::path d = dir_->path();
  struct Row {
    std::string command;
    std::vector<Case> cases;  // success, finding (may be absent), usage, io
    bool has_finding = true;
  };
  const std::vector<Row> rows = {
      {"perft", {{{"perft", "2"}, 0}, {{"perft", "0"}, 2, "", "DEPTH"}, {{"perft", "2"}, 3, full, nospace}}, false},
      {"rules",
       {{{"rules", "list"}, 0}, {{"rules", "show", "no-such-profile"}, 2}, {{"rules", "list"}, 3, full, nospace}},
       false},
      {"validate",
       {{{"validate", kKbs}, 0},
        {{"validate", kIllegal}, 1},
        {{"validate", "--format", "xml", kKbs}, 2},
        {{"validate", missing_}, 3, "", "no such file"}}},
      {"convert",
       {{{"convert", kKbs, "--to", "pgn"}, 0},
        {{"convert", kIllegal, "--to", "pgn"}, 1},
        {{"convert", kKbs, "--to", "docx"}, 2},
        {{"convert", kKbs, "--to", "jsonl", "-o", full}, 3, "", nospace}}},
      {"show",
       {{{"show", kKbs}, 0},
        {{"show", empty_file_}, 1},
        {{"show", kKbs + ":9"}, 2},
        {{"show", missing_}, 3, "", "no such file"}}},
      {"stats",
       {{{"stats", kKbs}, 0},
        {{"stats", kIllegal}, 1},
        {{"stats", "--format", "xml", kKbs}, 2},
        {{"stats", kKbs, "--format", "json"}, 3, full, nospace}}},
      {"import",
       {{{"import", "--db", (d / "i1.db").string(), kKbs}, 0},
        {{"import", "--db", (d / "i2.db").string(), kIllegal}, 1},
        {{"import", kKbs}, 2},
        {{"import", "--db", (d / "i3.db").string(), missing_}, 3, "", "no such file"}}},
      {"export",
       {{{"export", "--db", good_db_, "--to", "pgn"}, 0},
        {{"export", "--db", broken_db_, "--to", "pgn"}, 1, "", "only up to the last legal ply"},
        {{"export", "--db", good_db_, "--to", "pgn", "--query", "SELECT name FROM tags"}, 2, "", "--query must select game ids"},
        {{"export", "--db", good_db_, "--to", "jsonl", "-o", full}, 3, "", nospace}}},
      {"rescore",
       {{{"rescore", kKbs}, 0},
        {{"rescore", disagreeing_}, 1},
        {{"rescore", "--rules", "no-such-profile", kKbs}, 2},
        {{"rescore", kKbs}, 3, full, nospace}}},
      {"explore",
       {{{"explore", "--db", good_db_}, 0},
        {{"explore", "--db", empty_db_}, 1},
        {{"explore", "--db", good_db_, "--fen", "not a fen"}, 2},
        {{"explore", "--db", (d / "missing.db").string()}, 3}}},
      {"search",
       {{{"search", "--db", good_db_, "--game", kKbs + ":1@6"}, 0},
        {{"search", "--db", empty_db_, "--moves", "i4h4"}, 1},
        {{"search", "--db", good_db_}, 2},
        {{"search", "--db", (d / "missing.db").string(), "--moves", "i4h4"}, 3}}},
  };
  const char* kinds[] = {"success", "finding", "usage error", "I/O error"};
  for (const Row& row : rows) {
    ASSERT_EQ(row.cases.size(), row.has_finding ? 4u : 3u) << row.command;
    std::size_t k = 0;
    for (int kind = 0; kind < 4; ++kind) {
      if (kind == 1 && !row.has_finding) continue;
      expect(row.command, kinds[kind], row.cases[k++]);
    }
  }
}

// Every command that reads an archive refuses a missing one as an unreadable input (the
// same line validate prints for a missing file, exit status 3) and never creates it.
TEST_F(ExitStatusTable, AMissingArchiveIsAnUnreadableInput) {
  const fs::path d = dir_->path() / "no-archive";
  fs::create_directories(d);
  const std::string db = (d / "missing.db").string();
  const Result input = run_gibo({"validate", db});
  ASSERT_EQ(input.status, 3);
  const std::string words = db + ": error[io]: no such file or directory\n";
  ASSERT_TRUE(contains(input.out + input.err, words)) << input.out << input.err;
  const std::vector<std::vector<std::string>> readers = {
      {"rescore", "--db", db},
      {"rescore", "--db", db, "--format", "csv"},
      {"export", "--db", db, "--to", "pgn"},
      {"stats", "--db", db},
      {"explore", "--db", db},
      {"search", "--db", db, "--moves", "i4h4"},
      {"analyze", "--db", db},
      {"serve", "--db", db, "--port", "0"},
  };
  for (const auto& args : readers) {
    const Result r = run_gibo(args);
    EXPECT_EQ(r.status, 3) << args[0] << ": " << r.err;
    EXPECT_TRUE(contains(r.err, words)) << args[0] << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args[0] << ": " << r.out;
    EXPECT_TRUE(fs::is_empty(d)) << args[0] << " created " << fs::directory_iterator(d)->path();
    for (const auto& e : fs::directory_iterator(d)) fs::remove(e.path());
  }
  // A directory is no archive either.
  const Result dir = run_gibo({"rescore", "--db", d.string()});
  EXPECT_EQ(dir.status, 3);
  EXPECT_TRUE(contains(dir.err, d.string() + ": error[io]: is a directory, not an archive")) << dir.err;
}

// A failed write names its cause, on standard output and in an output file alike.
TEST_F(ExitStatusTable, AFailedWriteNamesItsCause) {
  const std::vector<std::vector<std::string>> to_stdout = {
      {"stats", kKbs, "--format", "html"},
      {"export", "--db", good_db_, "--to", "jsonl"},
      {"rescore", kKbs, "--format", "jsonl"},
      {"convert", kKbs, "--to", "json"},
  };
  for (const auto& args : to_stdout) {
    const Result r = run_gibo(args, "", "/dev/full");
    EXPECT_EQ(r.status, 3) << args[0];
    EXPECT_TRUE(contains(r.err, "standard output: write error: No space left on device")) << args[0] << ": " << r.err;
  }
  for (const auto& args : std::vector<std::vector<std::string>>{{"stats", kKbs, "-o", "/dev/full"},
                                                                {"export", "--db", good_db_, "--to", "gib", "-o", "/dev/full"}}) {
    const Result r = run_gibo(args);
    EXPECT_EQ(r.status, 3) << args[0];
    EXPECT_TRUE(contains(r.err, "/dev/full: write error: No space left on device")) << args[0] << ": " << r.err;
  }
  // A file size limit is a failed write too (not a kill that leaves the temporary behind).
  TempDir out;
  const fs::path pgn = out.path() / "all.pgn";
  const Result r = run_gibo({"convert", kData + "/corpus", "--to", "pgn", "-o", pgn.string()}, "", "", "ulimit -f 8;");
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_TRUE(contains(r.err, "File too large")) << r.err;
  EXPECT_TRUE(fs::is_empty(out.path()));
}

// Stats over an archive with a rejected game is a finding as over the file.
TEST_F(ExitStatusTable, StatsOfARejectedGameIsAFindingFromFilesAndArchives) {
  EXPECT_EQ(run_gibo({"stats", "--db", broken_db_}).status, 1);
  EXPECT_EQ(run_gibo({"stats", "--db", good_db_}).status, 0);
  EXPECT_EQ(run_gibo({"stats", "--db", broken_db_, "--where", "valid = 1"}).status, 0);  // none selected
  // A file that holds no game is a finding too, as in validate.
  EXPECT_EQ(run_gibo({"stats", empty_file_}).status, 1);
  EXPECT_EQ(run_gibo({"stats", kKbs, empty_file_}).status, 1);
}

// rescore reports a file's own errors (a file that holds no game, an archive given as a
// record) as validate does, and they are a finding, not a silent "0 games".
TEST_F(ExitStatusTable, RescoreReportsAFileWithNoGame) {
  const Result empty = run_gibo({"rescore", empty_file_});
  EXPECT_EQ(empty.status, 1) << empty.err;
  EXPECT_TRUE(contains(empty.err, empty_file_ + ": error[empty-file]: ")) << empty.err;
  EXPECT_TRUE(contains(empty.out, ", 1 file with errors\n")) << empty.out;
  const Result db = run_gibo({"rescore", "--format", "jsonl", good_db_, kKbs});
  EXPECT_EQ(db.status, 1) << db.err;
  EXPECT_TRUE(contains(db.out, "{\"type\":\"file\",\"file\":\"" + good_db_ + "\",\"errors\":[{\"code\":\"unknown-format\""))
      << db.out;
  EXPECT_TRUE(contains(db.out, "\"verdicts\":{\"agrees\":1},\"io_errors\":0,\"file_errors\":1,")) << db.out;
  EXPECT_EQ(run_gibo({"validate", good_db_}).status, 1);  // the same finding
}

TEST_F(ExitStatusTable, ExportQueryMustSelectGames) {
  const Result text = run_gibo({"export", "--db", good_db_, "--to", "pgn", "--query", "SELECT value FROM tags"});
  EXPECT_EQ(text.status, 2) << text.err;
  EXPECT_TRUE(contains(text.err, "which is no game's id")) << text.err;
  EXPECT_TRUE(text.out.empty());
  const Result big = run_gibo({"export", "--db", good_db_, "--to", "pgn", "--query", "SELECT 12345"});
  EXPECT_EQ(big.status, 2) << big.err;
  const Result ok = run_gibo({"export", "--db", good_db_, "--to", "pgn", "--query",
                              "SELECT game_id FROM tags WHERE name = '대회명' AND value LIKE '%KBS%'"});
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(contains(ok.out, "[Event \"2010 추석 특집 KBS장기왕전\"]")) << ok.out;
  const Result none = run_gibo({"export", "--db", good_db_, "--to", "pgn", "--query", "SELECT id FROM games WHERE 0"});
  EXPECT_EQ(none.status, 0) << none.err;  // an empty selection is a selection
}

// Item 7: an archive holding a broken game exports it up to its last legal ply, marked
// and counted.
TEST_F(ExitStatusTable, ExportMarksAndCountsGamesCutShort) {
  TempDir out;
  const fs::path pgn = out.path() / "broken.pgn";
  const Result r = run_gibo({"export", "--db", broken_db_, "--to", "pgn", "-o", pgn.string()});
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_TRUE(contains(r.err, "1 games written to " + pgn.string() + " (1 game only up to the last legal ply")) << r.err;
  const std::string text = slurp(pgn);
  EXPECT_TRUE(contains(text, "[Result \"1-0\"]\n[Termination \"unterminated\"]\n[GibSite")) << text;
  EXPECT_TRUE(contains(text, "107 more plies in the record do not replay from ply 1")) << text;
  // FEN and UCI hold only legal plies too: marked by a comment line their readers skip,
  // counted the same way.
  for (const std::string to : {"fen", "uci"}) {
    const fs::path file = out.path() / ("broken." + to);
    const Result cut = run_gibo({"export", "--db", broken_db_, "--to", to, "-o", file.string()});
    EXPECT_EQ(cut.status, 1) << to << ": " << cut.err;
    EXPECT_TRUE(contains(cut.err, "1 games written to " + file.string() + " (1 game only up to the last legal ply")) << cut.err;
    const std::string written = slurp(file);
    EXPECT_EQ(written.rfind("# [Termination \"unterminated\"] gibo: 107 more plies in the record do not replay from ply 1: "
                            "bad-movement: ", 0), 0u) << written;
    const Result back = run_gibo({"validate", file.string()});
    EXPECT_EQ(back.status, 0) << to << ": " << back.out;  // the start position, read back
    EXPECT_TRUE(contains(back.out, "1 games")) << back.out;
    // convert --keep-broken marks and counts them the same way.
    const Result kept = run_gibo({"convert", "--keep-broken", kIllegal, "--to", to});
    EXPECT_EQ(kept.status, 1) << to;
    EXPECT_EQ(kept.out.rfind("# [Termination \"unterminated\"] gibo: ", 0), 0u) << kept.out;
    EXPECT_TRUE(contains(kept.err, "(1 written up to the error)")) << kept.err;
  }
  // The .gib keeps every ply: nothing cut, nothing to count.
  const Result gib = run_gibo({"export", "--db", broken_db_, "--to", "gib"});
  EXPECT_EQ(gib.status, 0) << gib.err;
  EXPECT_TRUE(contains(gib.out, "107. 12楚車14장군")) << gib.out;
}

// Item 7: a game another profile accepts says which, and that profile accepts it.
TEST(ProfileHint, AGameLegalUnderAnotherProfileSaysWhich) {
  const Result r = run_gibo({"validate", kPassInCheck});
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.out, "error[illegal-pass]")) << r.out;
  const std::string hint = "; legal under kjf-site (assumed: its rules do not say): use --rules kjf-site";
  EXPECT_TRUE(contains(r.out, hint)) << r.out;
  EXPECT_EQ(run_gibo({"validate", "--rules", "kjf-site", kPassInCheck}).status, 0);
  // A game no profile accepts gets no hint.
  const Result broken = run_gibo({"validate", kIllegal});
  EXPECT_TRUE(contains(broken.out, "error[bad-movement]")) << broken.out;
  EXPECT_FALSE(contains(broken.out, "legal under")) << broken.out;
}

// Item 7's hint on real records, checked against rules.md §2.1 (pass while in check:
// forbidden by janggi-gg, yeeqia, no-facing, fs-modern and fs-casual; allowed by kjf-site;
// allowed by fs-janggi, fs-traditional and pychess only when the generals face). The hint
// comes from replaying the game under each profile, so every profile it names accepts it.
TEST(ProfileHint, NamesEveryProfileThatAcceptsARealRecord) {
  TempDir dir;
  // The KBS game (a real record) up to Cho's first check, ply 19, answered by Han's pass.
  const Result gib = run_gibo({"convert", kKbs, "--to", "gib"});
  ASSERT_EQ(gib.status, 0);
  const std::size_t reply = gib.out.find("20. ");
  ASSERT_NE(reply, std::string::npos);
  ASSERT_TRUE(contains(gib.out.substr(0, reply), "19. 68포66장군 "));
  const fs::path in_check = dir.path() / "kbs_pass_in_check.gib";
  std::ofstream(in_check, std::ios::binary) << gib.out.substr(0, reply) << "20. 한수쉼\n";
  const Result r = run_gibo({"validate", in_check.string()});
  EXPECT_EQ(r.status, 1);
  // kjf-site's source does not say whether a side may pass in check (rules.md: UNKNOWN,
  // allowed by assumption): the hint says so.
  EXPECT_TRUE(contains(r.out, "error[illegal-pass]: Han may not pass here (in check); legal under kjf-site (assumed: its "
                              "rules do not say): use --rules kjf-site (ply 20)")) << r.out;
  EXPECT_EQ(run_gibo({"validate", "--rules", "kjf-site", in_check.string()}).status, 0);
  EXPECT_EQ(run_gibo({"validate", "--rules", "fs-janggi", in_check.string()}).status, 1);  // the generals do not face
  // A pass in check while the generals face (Han's general on e10 checked by Cho's
  // chariot on a10, Cho's general on e2): the Fairy-Stockfish profiles accept it too.
  const fs::path fen = dir.path() / "facing.fen";
  std::ofstream(fen, std::ios::binary) << "R3k4/9/9/9/9/9/9/9/4K4/9 b - - 0 1\n";
  const Result board = run_gibo({"convert", fen.string(), "--to", "gib"});
  ASSERT_EQ(board.status, 0) << board.err;
  const fs::path facing = dir.path() / "facing_pass.gib";
  std::ofstream(facing, std::ios::binary) << board.out << "1. 한수쉼\n";
  const Result f = run_gibo({"validate", facing.string()});
  EXPECT_EQ(f.status, 1);
  // The profile suggested is one whose rules state it.
  EXPECT_TRUE(contains(f.out, "; legal under kjf-site (assumed: its rules do not say), fs-janggi, fs-traditional and "
                              "pychess: use --rules fs-janggi")) << f.out;
  for (const char* accepts : {"kjf-site", "fs-janggi", "fs-traditional", "pychess"})
    EXPECT_EQ(run_gibo({"validate", "--rules", accepts, facing.string()}).status, 0) << accepts;
  for (const char* rejects : {"janggi-gg", "yeeqia", "no-facing", "fs-modern", "fs-casual"})
    EXPECT_EQ(run_gibo({"validate", "--rules", rejects, facing.string()}).status, 1) << rejects;
}

// Item 6: positional arguments are listed as arguments, never as options.
TEST(Help, PositionalsAreArgumentsNotOptions) {
  // Each command's usage line (its start), and the argument help lists first; the
  // commands that read game files take PATHS.
  const std::vector<std::pair<std::string, std::string>> usages = {
      {"perft", "usage: gibo perft [OPTIONS] DEPTH\n"},
      {"show", "usage: gibo show [OPTIONS] FILE[:GAME][@PLY]\n"},
      {"rules", "usage: gibo rules [list | show ID]\n"},
      {"validate", "usage: gibo validate [OPTIONS] PATHS...\n"},
      {"convert", "usage: gibo convert [OPTIONS] PATHS... --to "},
      {"stats", "usage: gibo stats [OPTIONS] (--db FILE | PATHS...)\n"},
      {"import", "usage: gibo import [OPTIONS] --db FILE PATHS...\n"},
      {"rescore", "usage: gibo rescore [OPTIONS] (PATHS... | --db FILE [--where EXPR])\n"},
  };
  const std::map<std::string, std::string> arguments = {
      {"perft", "  DEPTH "}, {"show", "  FILE[:GAME][@PLY] "}, {"rules", "  list | show ID "}};
  for (const auto& [command, usage] : usages) {
    const Result r = run_gibo({command, "--help"});
    EXPECT_EQ(r.status, 0) << command;
    EXPECT_EQ(r.out.rfind(usage, 0), 0u) << r.out;
    const std::string argument = arguments.count(command) ? arguments.at(command) : "  PATHS... ";
    EXPECT_TRUE(contains(r.out, "\narguments:\n" + argument)) << command << "\n" << r.out;
    for (const std::string hidden : {"--depth", "--target", "--words", "--paths"}) {
      if (hidden == "--depth" && command == "rescore") continue;  // rescore --engine's own --depth
      EXPECT_FALSE(contains(r.out, hidden)) << command << " shows " << hidden << "\n" << r.out;
    }
  }
  for (const char* command : {"export", "explore", "search", "serve"}) {
    const Result r = run_gibo({command, "--help"});
    EXPECT_EQ(r.out.rfind(std::string("usage: gibo ") + command + " [OPTIONS] ", 0), 0u) << r.out;
    EXPECT_FALSE(contains(r.out, "arguments:")) << command;  // options only
    EXPECT_FALSE(contains(r.out, "search or search")) << command;
  }
  // analyze takes PATHS too (and has a --depth option of its own).
  const Result analyze = run_gibo({"analyze", "--help"});
  EXPECT_EQ(analyze.out.rfind("usage: gibo analyze [OPTIONS] (PATHS... | --db FILE [--where EXPR] [--worker] | --db FILE --status)\n\narguments:\n  PATHS... ", 0),
            0u)
      << analyze.out;
  const Result missing = run_gibo({"perft"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_TRUE(contains(missing.err, "DEPTH is required")) << missing.err;
  const Result as_option = run_gibo({"perft", "--depth", "2"});
  EXPECT_EQ(as_option.status, 2);
  EXPECT_TRUE(contains(as_option.err, "DEPTH is an argument")) << as_option.err;
}

}  // namespace
