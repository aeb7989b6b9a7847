// Shared helpers of the analysis tests: the scripted engine (its command, or one set up
// with its table), a game from UCI moves.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "gibo/analysis/uci_engine.h"
#include "gibo/formats/uci.h"
#include "gibo/record/replay.h"

namespace gibo::analysis::test {

inline const std::string kFakeEngine = std::string(GIBO_TEST_DATA) + "/../analysis/fake_uci.sh";

// The answers of the scripted engine for the game "b1c3 b10c8 h1g3" (side to move's view):
// Cho +30, Han -30 (Cho +30), Cho to move +500, Han to move mated in 2.
inline const char* kTable =
    "0 cp 30 b1c3 b10c8\n"
    "1 cp -30 a7b7\n"
    "2 cp 500 i1i2\n"
    "3 mate -2 a10a9\n";

// A file in the test's scratch directory, removed at the end of the test.
class ScratchFile {
 public:
  explicit ScratchFile(const std::string& name, const std::string& text = "")
      : path_(testing::TempDir() + "gibo_analysis_" + std::to_string(::getpid()) + "_" + name) {
    std::remove(path_.c_str());
    if (!text.empty()) std::ofstream(path_) << text;
  }
  ~ScratchFile() { std::remove(path_.c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

inline std::vector<std::string> fake_command(const std::string& table, const std::string& mode,
                                             const std::string& state = "") {
  std::vector<std::string> argv = {"bash", kFakeEngine, table, mode};
  if (!state.empty()) argv.push_back(state);
  return argv;
}

// The scripted engine in `mode` (fake_uci.sh's modes: normal, garbage, crash, hang, ...),
// answering from kTable, which it keeps in a scratch file for the test; `state` names a
// scratch file for the modes that remember (crash-once).
struct FakeEngine {
  explicit FakeEngine(const std::string& mode, const std::string& state = "") {
    config.command = fake_command(table.path(), mode, state);
  }
  ScratchFile table{"table", kTable};
  EngineConfig config;
};

// The first game of a UCI move list, replayed under `profile_id`.
inline Game uci_game(const std::string& line, const std::string& profile_id = "fs-janggi") {
  TextReadOptions ro;
  ro.profile = find_profile(profile_id);
  TextFileInfo info;
  std::vector<Game> games;
  read_uci_games(line, ro, info, [&](Game&& g) { games.push_back(std::move(g)); });
  EXPECT_EQ(games.size(), 1u);
  Game g = games.empty() ? Game{} : std::move(games.front());
  replay_under_profile(g, *find_profile(profile_id));
  return g;
}

}  // namespace gibo::analysis::test
