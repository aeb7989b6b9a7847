// The diagnostics of an engine run said once per cause (gibo analyze, rescore --engine):
// a run over an archive meets the same cause at thousands of positions, and a line for each
// would bury the one that matters. Each cause is said once at the end, with how often it
// occurred, in how many games, and where first (a reference `gibo show` opens).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "gibo/analysis/game_analysis.h"

namespace gibo::cli {

class WarningTally {
 public:
  // The diagnostics of one game, `ref` (FILE:GAME); a call per game.
  void add(const std::string& ref, const std::vector<analysis::AnalysisWarning>& game);
  // One line per cause, in the order first met, each starting with `label`
  // ("warning[engine]"): "warning[engine]: CAUSE (37 times in 12 games; first FILE:GAME@41:
  // DETAIL)". Empty when nothing was added.
  std::vector<std::string> lines(const std::string& label) const;

 private:
  struct Cause {
    std::string cause, first;
    long times = 0, games = 0;
    long last_game = -1;  // the call that counted a game for it last
  };
  long calls_ = 0;
  std::vector<Cause> causes_;
  std::map<std::string, std::size_t> index_;  // cause -> causes_
};

}  // namespace gibo::cli
