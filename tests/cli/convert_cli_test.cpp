// `gibo convert` as a user runs it (tests/cli/run_gibo.h): formats in and out, -o FILE
// and -o DIR, inputs never overwritten, broken games skipped or kept, exit statuses.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "gibo/core/utf8.h"
#include "gibo/formats/encoding.h"
#include "run_gibo.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

TEST(ConvertCli, GibToPgnOnStandardOutput) {
  const Result r = run_gibo({"convert", kKbs, "--to", "pgn"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("[Event \"2010 추석 특집 KBS장기왕전\"]\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("[GibResult \"초 완승\"]"), std::string::npos);
  EXPECT_NE(r.out.find("54. Rbd10# 1-0"), std::string::npos);
  EXPECT_NE(r.err.find("1 games, 1 written (pgn), 0 failed validation"), std::string::npos) << r.err;
}

TEST(ConvertCli, WholeCorpusThroughPgnAndJsonBackToTheSameGib) {
  TempDir dir;
  const std::string pgn = (dir.path() / "all.pgn").string(), json = (dir.path() / "all.json").string();
  const std::string direct = (dir.path() / "direct.gib").string();
  ASSERT_EQ(run_gibo({"convert", kCorpus, "--to", "gib", "-o", direct}).status, 0);
  const Result to_pgn = run_gibo({"convert", kCorpus, "--to", "pgn", "-o", pgn});
  ASSERT_EQ(to_pgn.status, 0) << to_pgn.err;
  EXPECT_EQ(count(slurp(pgn), "[Event "), 84);
  const std::string back = (dir.path() / "back.gib").string();
  ASSERT_EQ(run_gibo({"convert", pgn, "--to", "gib", "-o", back}).status, 0);
  EXPECT_TRUE(slurp(back) == slurp(direct));
  ASSERT_EQ(run_gibo({"convert", back, "--to", "json", "-o", json}).status, 0);
  const Result from_json = run_gibo({"convert", json, "--to", "gib"});
  EXPECT_EQ(from_json.status, 0);
  EXPECT_TRUE(from_json.out == slurp(direct));
  // pgn -> gib -> pgn gives the same PGN.
  const Result pgn_again = run_gibo({"convert", back, "--to", "pgn"});
  EXPECT_TRUE(pgn_again.out == slurp(pgn));
}

TEST(ConvertCli, DirectoryOutputOneFilePerInput) {
  TempDir dir;
  const fs::path out = dir.path() / "out";
  const Result r = run_gibo({"convert", kCorpus, kData + "/fixtures/pgn/many_games.pgn", "--to", "jsonl", "-o",
                             out.string() + "/"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::exists(out / "pobsiz_2010_kbs_chuseok.jsonl"));
  EXPECT_TRUE(fs::exists(out / "many_games.jsonl"));
  EXPECT_EQ(count(slurp(out / "many_games.jsonl"), "\n"), 4);
  int files = 0;
  for (const auto& e : fs::directory_iterator(out)) files += e.path().extension() == ".jsonl";
  EXPECT_EQ(files, 41);
  // Two inputs that would land on one output name are refused before anything is written.
  TempDir clash;
  fs::create_directories(clash.path() / "a");
  fs::create_directories(clash.path() / "b");
  fs::copy_file(kKbs, clash.path() / "a/x.gib");
  fs::copy_file(kKbs, clash.path() / "b/x.gib");
  const Result c = run_gibo({"convert", (clash.path() / "a").string(), (clash.path() / "b").string(), "--to", "pgn",
                             "-o", (clash.path() / "o").string() + "/"});
  EXPECT_EQ(c.status, 2);
  EXPECT_FALSE(fs::exists(clash.path() / "o"));
}

TEST(ConvertCli, NeverOverwritesAnInput) {
  TempDir dir;
  const fs::path input = dir.path() / "game.pgn";
  fs::copy_file(kData + "/fixtures/pgn/pychess.pgn", input);
  const std::string before = slurp(input);
  const Result same = run_gibo({"convert", input.string(), "--to", "pgn", "-o", input.string()});
  EXPECT_EQ(same.status, 2);
  EXPECT_NE(same.err.find("refusing to overwrite"), std::string::npos) << same.err;
  EXPECT_EQ(slurp(input), before);
  // The same through -o DIR: game.pgn -> DIR/game.pgn is the input itself.
  const Result by_dir = run_gibo({"convert", input.string(), "--to", "pgn", "-o", dir.path().string()});
  EXPECT_EQ(by_dir.status, 2);
  EXPECT_EQ(slurp(input), before);
}

TEST(ConvertCli, BrokenGamesAreSkippedOrKeptUpToTheError) {
  const std::string broken = kData + "/fixtures/pgn/illegal_move.pgn";
  const Result skip = run_gibo({"convert", broken, kData + "/fixtures/pgn/ruleset.pgn", "--to", "pgn"});
  EXPECT_EQ(skip.status, 1);
  EXPECT_NE(skip.err.find("illegal_move.pgn:1: 13:27: error[no-such-move]"), std::string::npos) << skip.err;
  EXPECT_EQ(count(skip.out, "[Event "), 1);  // only the valid game
  const Result keep = run_gibo({"convert", broken, "--to", "pgn", "--keep-broken"});
  EXPECT_EQ(keep.status, 1);
  EXPECT_EQ(count(keep.out, "[Event "), 1);
  EXPECT_NE(keep.out.find("2. Pc5 Pef7\n{gibo: the record is not valid from ply 5: no-such-move: "), std::string::npos)
      << keep.out;
  EXPECT_NE(keep.out.find("[Termination \"unterminated\"]"), std::string::npos) << keep.out;
  EXPECT_NE(keep.err.find("written up to the error"), std::string::npos);
  // A .gib game whose first ply does not replay keeps its header and the error.
  const Result gib = run_gibo({"convert", kData + "/fixtures/gib/illegal_move.gib", "--to", "gib", "--keep-broken"});
  EXPECT_EQ(gib.status, 1);
  EXPECT_NE(gib.out.find("{gibo: "), std::string::npos);
  EXPECT_NE(gib.out.find("107 plies from ply 1 not written}"), std::string::npos) << gib.out;
  EXPECT_EQ(gib.out.find("1. "), std::string::npos);
}

TEST(ConvertCli, FenUciEncodingsAndStandardInput) {
  const Result fen = run_gibo({"convert", kKbs, "--to", "fen", "--each"});
  EXPECT_EQ(fen.status, 0);
  EXPECT_EQ(count(fen.out, "\n"), 108);
  const Result uci = run_gibo({"convert", kKbs, "--to", "uci", "--notation", "janggi"});
  EXPECT_EQ(uci.out.rfind("position fen rnba1anbr/", 0), 0u);
  EXPECT_NE(uci.out.find(" moves P79-78 P41-42 H02-83"), std::string::npos) << uci.out;
  // A move list read from standard input, written as .gib in CP949.
  TempDir dir;
  const fs::path in = dir.path() / "in.txt";
  {
    std::ofstream(in) << "position startpos moves b1c3 b10c8 e2e2\n";
  }
  const Result gib = run_gibo({"convert", "-", "--to", "gib", "--encoding", "cp949"}, in.string());
  EXPECT_EQ(gib.status, 0) << gib.err;
  EXPECT_FALSE(gibo::utf8::valid(gib.out));
  std::string utf8;
  std::vector<std::size_t> bad;
  gibo::text::cp949_to_utf8(gib.out, utf8, bad);
  EXPECT_TRUE(bad.empty());
  EXPECT_NE(utf8.find("1. 02마83 2. 12마33 3. 한수쉼"), std::string::npos) << utf8;
  // Hanja letters.
  const Result hanja = run_gibo({"convert", "-", "--to", "gib", "--hanja"}, in.string());
  EXPECT_NE(hanja.out.find("02楚馬83"), std::string::npos) << hanja.out;
}

TEST(ConvertCli, UsageAndIoErrors) {
  EXPECT_EQ(run_gibo({"convert", kKbs}).status, 2);                         // no --to
  EXPECT_EQ(run_gibo({"convert", kKbs, "--to", "xml"}).status, 2);          // unknown format
  EXPECT_EQ(run_gibo({"convert", "--to", "pgn"}).status, 2);                // no input
  EXPECT_EQ(run_gibo({"convert", kKbs, "--to", "pgn", "--rules", "nope"}).status, 2);
  EXPECT_EQ(run_gibo({"convert", kKbs, "--to", "pgn", "--encoding", "latin1"}).status, 2);
  const Result missing = run_gibo({"convert", "/nonexistent/file.gib", "--to", "pgn"});
  EXPECT_EQ(missing.status, 3);
  TempDir dir;
  const Result unwritable = run_gibo({"convert", kKbs, "--to", "pgn", "-o", (dir.path() / "no/such/dir/x.pgn").string()});
  EXPECT_EQ(unwritable.status, 3);
  const Result help = run_gibo({"convert", "--help"});
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("--keep-broken"), std::string::npos);
  // An input in no known format is a finding, not a crash.
  const fs::path junk = dir.path() / "junk.txt";
  {
    std::ofstream(junk) << "hello world\n";
  }
  const Result unknown = run_gibo({"convert", junk.string(), "--to", "pgn"});
  EXPECT_EQ(unknown.status, 1);
  EXPECT_NE(unknown.err.find("error[unknown-format]"), std::string::npos);
}

}  // namespace
