// What an analysis run did, counted as its games come back (gibo analyze's summary): games
// analysed and not, games with positions that failed, the causes of both with their counts,
// the positions searched and the games taken from an archive as stored.
#pragma once

#include <map>
#include <string>

#include "gibo/analysis/analysis_run.h"

namespace gibo::analysis {

struct AnalysisTally {
  long games = 0;
  long not_analysed = 0;           // the game could not be analysed (GameAnalysis::error)
  long with_failed_positions = 0;  // analysed, some positions failed
  long positions = 0;              // positions searched
  long from_archive = 0;           // whole analyses taken from an archive (nothing searched)
  // Why games and positions failed, each cause once with its count.
  std::map<std::string, long> game_causes, position_causes;
  // Games not analysed or with a failed position.
  long failed() const { return not_analysed + with_failed_positions; }
  void add(const AnalysedJob& done);
};

}  // namespace gibo::analysis
