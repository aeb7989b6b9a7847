// A diagnostic as the formats tests compare it: what it says and where, in one string, so
// a test names the whole expectation at once.
#pragma once

#include <string>

#include "gibo/record/game.h"

namespace gibo::testing {

// "CODE LINE:COLUMN", with " ply N" when it names a ply: "no-such-move 7:30 ply 2".
inline std::string place(const Diagnostic& d) {
  std::string out = d.code + " " + std::to_string(d.line) + ":" + std::to_string(d.column);
  if (d.ply > 0) out += " ply " + std::to_string(d.ply);
  return out;
}

// The first diagnostic of `g`, placed; "none" when it has none.
inline std::string first_diagnostic(const Game& g) { return g.diagnostics.empty() ? "none" : place(g.diagnostics[0]); }

}  // namespace gibo::testing
