// NamedCounts by name (diagnostic codes, verdicts) as the commands' summaries give them
// (validate, import, rescore): one text line and one JSON object shape for all
// (gibo/report/run_words.h).
#pragma once

#include <ostream>

#include "gibo/report/run_words.h"

namespace gibo::cli {

using run_words::NamedCounts;

// The object member `key` of the object `w` is in: {"NAME": N, ...}, in name order.
inline void write_counts(json::Writer& w, const char* key, const NamedCounts& counts) { run_words::counts(w, key, counts); }

// "LABEL: NAME=N NAME=N\n" on `out`; nothing when `counts` is empty.
inline void print_counts(std::ostream& out, const char* label, const NamedCounts& counts) {
  out << run_words::counts_line(label, counts);
}

}  // namespace gibo::cli
