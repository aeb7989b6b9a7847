// `gibo perft` as a user runs it: the built program (GIBO_BINARY) is started through the
// shell with stdout and stderr redirected to temporary files.
#include <gtest/gtest.h>

#include "run_gibo.h"
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

using gibo::testing::Result;

Result gibo(const std::vector<std::string>& args) { return gibo::testing::run_gibo(args); }

bool has_line(const Result& r, const std::string& line) {
  for (const std::string& l : r.out_lines())
    if (l == line) return true;
  return false;
}

const char* const kProfiles[] = {"janggi-gg", "kjf-site",       "yeeqia",    "no-facing", "kja",
                                 "fs-janggi", "fs-traditional", "fs-modern", "fs-casual", "pychess"};

TEST(PerftCli, StartPositionDepth3) {
  const Result r = gibo({"perft", "--rules", "fs-janggi", "3"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(has_line(r, "nodes 33000")) << r.out;
}

TEST(PerftCli, InvalidFenExits2AndNamesTheProblem) {
  // Rank 1 is 8 points wide.
  const Result r = gibo({"perft", "--rules", "fs-janggi", "--fen",
                      "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABN w - - 0 1", "2"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("FEN"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("rank 1"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("nodes"), std::string::npos) << r.out;

  const Result g = gibo({"perft", "--fen", "rnba1abnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", "1"});
  EXPECT_EQ(g.status, 2);
  EXPECT_NE(g.err.find("no general"), std::string::npos) << g.err;

  const Result e = gibo({"perft", "--fen", "", "1"});
  EXPECT_EQ(e.status, 2);
  EXPECT_NE(e.err.find("empty"), std::string::npos) << e.err;
}

TEST(PerftCli, UnknownRulesExits2AndListsProfiles) {
  const Result r = gibo({"perft", "--rules", "no-such-profile", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("no-such-profile"), std::string::npos) << r.err;
  for (const char* id : kProfiles) EXPECT_NE(r.err.find(id), std::string::npos) << id << " not listed in: " << r.err;
}

TEST(PerftCli, DivideOnPublishedPosition3SumsTo378) {
  const Result r = gibo({"perft", "--rules", "janggi", "--fen", "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23",
                      "2", "--divide"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex move_line(R"(([a-i](?:10|[1-9])){2} (\d+))");
  std::uint64_t sum = 0;
  int moves = 0;
  bool saw_pass = false;
  for (const std::string& line : r.out_lines()) {
    std::smatch m;
    if (!std::regex_match(line, m, move_line)) continue;
    sum += std::stoull(m[2]);
    ++moves;
    saw_pass |= line.rfind("e2e2 ", 0) == 0;
  }
  EXPECT_EQ(moves, 25) << r.out;  // depth 1 of published position 3
  EXPECT_TRUE(saw_pass) << r.out;
  EXPECT_EQ(sum, 378u) << r.out;
  EXPECT_TRUE(has_line(r, "nodes 378")) << r.out;
}

TEST(PerftCli, BadDepthIsAUsageError) {
  EXPECT_EQ(gibo({"perft", "0"}).status, 2);
  EXPECT_EQ(gibo({"perft", "x"}).status, 2);
  EXPECT_EQ(gibo({"perft"}).status, 2);
}

}  // namespace
