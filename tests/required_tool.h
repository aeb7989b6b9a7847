// The one policy for a tool a test needs (Fairy-Stockfish, Chromium, PostgreSQL's server
// programs, zsh): where it is missing the test is skipped, and failed under CI (the CI
// variable set), whose set-up (.ci/setup) installs every tool the tests use.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <string>

namespace gibo::testing {

// Is `command` a program on PATH?
inline bool on_path(const std::string& command) {
  return std::system(("command -v " + command + " >/dev/null 2>&1").c_str()) == 0;
}

inline bool fairy_stockfish_installed() { return ::access("/usr/games/fairy-stockfish", X_OK) == 0; }
inline bool chromium_installed() { return on_path("chromium") || on_path("chromium-browser"); }

}  // namespace gibo::testing

// Skips the calling test (or SetUp) when `available` is false, naming `what`; fails it
// instead under CI, naming the package .ci/setup installs.
#define GIBO_REQUIRE_TOOL(available, what, package)                                              \
  do {                                                                                           \
    if (!(available)) {                                                                          \
      if (std::getenv("CI")) FAIL() << what << " is not installed; .ci/setup installs " << package; \
      GTEST_SKIP() << what << " is not installed";                                               \
    }                                                                                            \
  } while (0)

#define GIBO_REQUIRE_FAIRY_STOCKFISH() \
  GIBO_REQUIRE_TOOL(::gibo::testing::fairy_stockfish_installed(), "fairy-stockfish", "fairy-stockfish")
#define GIBO_REQUIRE_CHROMIUM() GIBO_REQUIRE_TOOL(::gibo::testing::chromium_installed(), "chromium", "chromium")
