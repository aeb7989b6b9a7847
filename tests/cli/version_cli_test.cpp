// `gibo --version` prints the version CMake's project(VERSION) sets, through the generated
// gibo/version.h: the number is written in one place.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "gibo/version.h"
#include "run_gibo.h"

namespace {

TEST(VersionCli, PrintsTheProjectVersion) {
  const gibo::testing::Result r = gibo::testing::run_gibo({"--version"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "gibo " + std::string(gibo::kVersion) + "\n");
  EXPECT_TRUE(std::regex_match(std::string(gibo::kVersion), std::regex(R"(\d+\.\d+\.\d+)"))) << gibo::kVersion;
  EXPECT_EQ(r.err, "");
}

}  // namespace
