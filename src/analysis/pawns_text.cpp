// An evaluation in signed pawns (pawns_text.h).
#include "gibo/analysis/pawns_text.h"

#include <cstdio>

namespace gibo::analysis {

std::string pawns_text(int cp) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", cp / 100.0);
  return buf;
}

}  // namespace gibo::analysis
