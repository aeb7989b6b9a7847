// The words of the statistics tables in the run's language, for the human renderers (stats_render.h).
#include "gibo/report/i18n.h"
#include "stats_render.h"

namespace gibo::stats {

namespace {

// The names of values the tables and pages show as they are stored, for the catalogue (the
// cells, the charts' rows and the pages translate them with i18n::translate_known): a
// result's method (record/result.h method_name), an engine verdict (analysis/engine_verdict.h).
[[maybe_unused]] constexpr const char* kValueNames[] = {
    i18n::N_("unspecified"),   i18n::N_("outright"),  i18n::N_("checkmate"),       i18n::N_("resignation"),
    i18n::N_("time"),          i18n::N_("points"),    i18n::N_("bikjang"),         i18n::N_("forfeit"),
    i18n::N_("disconnection"), i18n::N_("agreement"), i18n::N_("automatic"),       i18n::N_("engine-supports"),
    i18n::N_("engine-contradicts"), i18n::N_("engine-unclear"),
};

}  // namespace

Table in_language(const Table& source, bool group_numbers) {
  Table t = source;
  t.title = i18n::message(t.title);
  for (Column& c : t.columns) c.label = i18n::translate_known(c.label);
  for (auto& row : t.rows)
    for (std::size_t c = 0; c < row.size() && c < t.columns.size(); ++c) {
      if (t.columns[c].id == "problem" || t.columns[c].id == "out")
        row[c] = i18n::message(row[c]);  // "filler bytes removed (2 runs)", "round 3"
      else if (!t.columns[c].numeric) row[c] = i18n::translate_known(row[c]);
      else if (group_numbers) row[c] = i18n::grouped(row[c]);
    }
  return t;
}

std::string note_in_language(const Table& t) {
  // The note and the clause human_note adds (the rows shown), each translated on its own: a
  // note may hold "; " itself.
  const std::string all = human_note(t);
  if (t.note.empty() || all.size() == t.note.size()) return i18n::message(all);
  return i18n::message(t.note) + "; " + i18n::message(all.substr(t.note.size() + 2));
}

}  // namespace gibo::stats
