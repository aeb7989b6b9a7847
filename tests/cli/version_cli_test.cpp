// `gibo --version` prints the version CMake's project(VERSION) sets, through the generated
// gibo/version.h: the number is written in one place; gibo::version() gives the library's
// (the same number, and the git description of the tree it was built from).
#include <gtest/gtest.h>

#include <filesystem>
#include <regex>
#include <string>

#include "gibo/version.h"
#include "run_gibo.h"

namespace {

TEST(VersionCli, PrintsTheProjectVersion) {
  const gibo::testing::Result r = gibo::testing::run_gibo({"--version"});
  EXPECT_EQ(r.status, 0) << r.err;
  const gibo::Version v = gibo::version();
  EXPECT_EQ(v.number, gibo::kVersion);
  EXPECT_EQ(std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch), gibo::kVersion);
  const std::string git = v.git.empty() ? "" : " (git " + std::string(v.git) + ")";
  EXPECT_EQ(r.out, "gibo " + std::string(gibo::kVersion) + git + "\n");
  EXPECT_TRUE(std::regex_match(std::string(gibo::kVersion), std::regex(R"(\d+\.\d+\.\d+)"))) << gibo::kVersion;
  EXPECT_EQ(r.err, "");
}

TEST(VersionCli, LibraryKnowsTheGitDescriptionWhenBuiltFromGit) {
  if (!std::filesystem::exists(std::filesystem::path(GIBO_SAMPLES) / ".." / ".git"))
    GTEST_SKIP() << "not built from a git checkout";
  EXPECT_FALSE(gibo::version().git.empty());
}

}  // namespace
