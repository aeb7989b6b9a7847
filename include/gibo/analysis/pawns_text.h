// An evaluation in pawns as the reports and commands show it (analyze, rescore --engine,
// the evaluation graph): centipawns as signed pawns with two decimals.
#pragma once

#include <string>

namespace gibo::analysis {

// "+1.20", "-0.35", "+0.00" for 120, -35 and 0 centipawns.
std::string pawns_text(int cp);

}  // namespace gibo::analysis
