// The CSV renderer: every machine table as a block of RFC 4180 rows led by its id.
#include "markup.h"
#include "stats_render.h"

namespace gibo::stats {

std::string render_csv(const Report& report) {
  std::string out;
  bool first = true;
  for (const Table& t : tables(report)) {
    if (!seen_by(t.audience, Audience::Machine)) continue;
    const std::vector<std::size_t> shown = shown_columns(t, Audience::Machine);
    if (!first) out += "\n";
    first = false;
    out += "table";
    for (std::size_t c : shown) {
      out += ',';
      out += csv_field(t.columns[c].id);
    }
    out += "\n";
    for (const auto& row : t.rows) {
      out += csv_field(t.id);
      for (std::size_t c : shown) {
        out += ',';
        out += csv_field(row[c]);
      }
      out += "\n";
    }
  }
  return out;
}

}  // namespace gibo::stats
