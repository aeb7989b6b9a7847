// NamedCounts by name (diagnostic codes, verdicts) as the commands' summaries give them
// (validate, import, rescore): one text line and one JSON object shape for all.
#pragma once

#include <map>
#include <ostream>
#include <string>

#include "gibo/formats/json_writer.h"

namespace gibo::cli {

using NamedCounts = std::map<std::string, long>;

// The object member `key` of the object `w` is in: {"NAME": N, ...}, in name order.
void write_counts(json::Writer& w, const char* key, const NamedCounts& counts);

// "LABEL: NAME=N NAME=N\n" on `out`; nothing when `counts` is empty.
void print_counts(std::ostream& out, const char* label, const NamedCounts& counts);

}  // namespace gibo::cli
