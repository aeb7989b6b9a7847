// What an analysis run did, counted (gibo/analysis/analysis_tally.h).
#include "gibo/analysis/analysis_tally.h"

namespace gibo::analysis {

void AnalysisTally::add(const AnalysedJob& done) {
  const GameAnalysis& a = done.analysis;
  ++games;
  from_archive += done.from_store;
  positions += done.searched;
  if (!a.error.empty()) ++not_analysed, ++game_causes[a.error];
  else if (a.failed_positions > 0) ++with_failed_positions;
  for (const PositionEval& p : a.positions)
    if (!p.ok) ++position_causes[p.error];
}

}  // namespace gibo::analysis
