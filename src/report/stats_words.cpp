// The words of the statistics tables in the run's language, for the human renderers (stats_render.h).
#include "gibo/report/i18n.h"
#include "stats_render.h"

namespace gibo::stats {

Table in_language(const Table& source, bool group_numbers) {
  Table t = source;
  t.title = i18n::message(t.title);
  for (Column& c : t.columns) c.label = i18n::translate_known(c.label);
  for (auto& row : t.rows)
    for (std::size_t c = 0; c < row.size() && c < t.columns.size(); ++c) {
      if (t.columns[c].id == "problem") row[c] = i18n::message(row[c]);  // "filler bytes removed (2 runs)"
      else if (!t.columns[c].numeric) row[c] = i18n::translate_known(row[c]);
      else if (group_numbers) row[c] = i18n::grouped(row[c]);
    }
  return t;
}

std::string note_in_language(const Table& t) { return i18n::message(human_note(t)); }

}  // namespace gibo::stats
