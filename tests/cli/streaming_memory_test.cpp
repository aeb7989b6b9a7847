// Issue 12 item 4: `convert` and `export` hold one game at a time, so their peak memory
// does not grow with the number of games. Measured as the child's maximum resident set
// (wait4 rusage) on a generated input and on one four times larger.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "../archive/variant_corpus.h"
#include "run_gibo.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

// A sanitizer build keeps freed memory in quarantine and adds shadow memory, so its
// resident set says nothing about the program's own: measured in release builds only.
#if !defined(GIBO_SANITIZED)

// Runs gibo with `args` (standard output and error to /dev/null); returns its peak
// resident memory in MB, or -1 if it did not exit with status 0 or 1.
double peak_mb(const std::vector<std::string>& args) {
  const pid_t pid = gibo::testing::spawn_gibo(args);
  int status = 0;
  struct rusage usage {};
  if (::wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) > 1) return -1;
  return static_cast<double>(usage.ru_maxrss) / 1024.0;  // ru_maxrss is in KB on Linux
}

TEST(StreamingMemory, ConvertAndExportDoNotGrowWithTheInput) {
  TempDir dir;
  const auto bases = gibo::testing::valid_corpus_games(GIBO_TEST_DATA "/corpus");
  const fs::path small = dir.path() / "small", large = dir.path() / "large";
  const long small_games = gibo::testing::write_variant_corpus(bases, small, 20, 50, 1);
  const long large_games = gibo::testing::write_variant_corpus(bases, large, 80, 50, 2);
  ASSERT_EQ(large_games, 4 * small_games);

  for (const char* to : {"json", "gib"}) {
    SCOPED_TRACE(to);
    const double a = peak_mb({"convert", small.string(), "--to", to});
    const double b = peak_mb({"convert", large.string(), "--to", to});
    std::cout << "convert --to " << to << ": " << small_games << " games " << a << " MB, " << large_games
              << " games " << b << " MB\n";
    ASSERT_GT(a, 0);
    ASSERT_GT(b, 0);
    EXPECT_LT(b, 128);
    EXPECT_LT(b - a, 8) << "peak memory grows with the number of games";
    // One output file instead of standard output: the same.
    const double c = peak_mb({"convert", large.string(), "--to", to, "-o", (dir.path() / "out").string() + "." + to});
    EXPECT_LT(c - a, 8);
  }

  const fs::path db_small = dir.path() / "small.db", db_large = dir.path() / "large.db";
  ASSERT_EQ(run_gibo({"import", "--db", db_small.string(), small.string()}).status, 0);
  ASSERT_EQ(run_gibo({"import", "--db", db_large.string(), large.string()}).status, 0);
  for (const char* to : {"jsonl"}) {
    SCOPED_TRACE(to);
    const double a = peak_mb({"export", "--db", db_small.string(), "--to", to});
    const double b = peak_mb({"export", "--db", db_large.string(), "--to", to});
    std::cout << "export --to " << to << ": " << a << " MB, " << b << " MB\n";
    ASSERT_GT(a, 0);
    EXPECT_LT(b, 128);
    EXPECT_LT(b - a, 8) << "peak memory grows with the number of games";
  }
}
#endif

}  // namespace
