// Counts by name in the commands' summaries, as a text line and a JSON object (counts.h).
#include "counts.h"

#include <cstdint>

#include "gibo/report/i18n.h"

namespace gibo::cli {

void write_counts(json::Writer& w, const char* key, const NamedCounts& counts) {
  w.key(key).begin_object();
  for (const auto& [name, n] : counts) w.field(name, static_cast<std::int64_t>(n));
  w.end_object();
}

void print_counts(std::ostream& out, const char* label, const NamedCounts& counts) {
  if (counts.empty()) return;
  out << i18n::translate(label) << ":";
  for (const auto& [name, n] : counts) out << " " << name << "=" << i18n::number(n);
  out << "\n";
}

}  // namespace gibo::cli
