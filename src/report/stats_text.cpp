// The text renderer: aligned tables for a terminal, measured in display columns.
#include <algorithm>

#include "gibo/report/i18n.h"
#include "stats_render.h"
#include "text_width.h"

namespace gibo::stats {
namespace {

// One table: title, header, a rule, rows (first column indented for trees), note; its
// words in the run's language, its numbers grouped by thousands.
void render_table(const Table& source, std::string& out) {
  const Table t = in_language(source, true);
  const std::vector<std::size_t> shown = shown_columns(t, Audience::Human);
  out += t.title + "\n";
  if (t.rows.empty()) {
    out += "  " + i18n::translate("(none)") + "\n\n";
    return;
  }
  std::vector<int> width(shown.size(), 0);
  for (std::size_t k = 0; k < shown.size(); ++k) {
    width[k] = display_width(t.columns[shown[k]].label);
    for (std::size_t r = 0; r < shown_rows(t); ++r) {
      const int indent = k == 0 ? 2 * t.indent[r] : 0;
      width[k] = std::max(width[k], indent + display_width(t.rows[r][shown[k]]));
    }
  }
  auto line = [&](const std::vector<std::string>& cells, int indent) {
    std::string text = " ";
    for (std::size_t k = 0; k < shown.size(); ++k) {
      const Column& col = t.columns[shown[k]];
      std::string cell = (k == 0 ? std::string(static_cast<std::size_t>(2 * indent), ' ') : std::string()) + cells[k];
      text += ' ';
      text += col.numeric ? pad_left(cell, width[k]) : pad_right(cell, width[k]);
      text += ' ';
    }
    while (!text.empty() && text.back() == ' ') text.pop_back();
    out += text + "\n";
  };
  std::vector<std::string> header;
  bool labelled = false;
  for (std::size_t c : shown) {
    header.push_back(t.columns[c].label);
    labelled |= !t.columns[c].label.empty();
  }
  if (labelled) line(header, 0);
  std::string rule = " ";
  for (std::size_t k = 0; k < shown.size(); ++k) {
    rule += ' ';
    rule.append(static_cast<std::size_t>(width[k]), '-');
    rule += ' ';
  }
  while (rule.back() == ' ') rule.pop_back();
  out += rule + "\n";
  for (std::size_t r = 0; r < shown_rows(t); ++r) {
    std::vector<std::string> cells;
    for (std::size_t c : shown) cells.push_back(t.rows[r][c]);
    line(cells, t.indent[r]);
  }
  if (const std::string note = note_in_language(t); !note.empty()) out += "  (" + note + ")\n";
  out += "\n";
}

}  // namespace

std::string render_text(const Report& report) {
  const std::vector<Table> all = tables(report);
  std::string out = "gibo stats: " + report.origin + "\n\n";
  using i18n::translate_known;
  for (const Section& s : sections()) {
    std::string body;
    for (const Table& t : all)
      if (t.section == s.id && seen_by(t.audience, Audience::Human)) render_table(t, body);
    if (body.empty()) continue;
    std::string heading = "== " + translate_known(s.title) + " ";
    out += heading + std::string(static_cast<std::size_t>(std::max(0, 72 - display_width(heading))), '=') + "\n\n";
    out += body;
  }
  while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  return out;
}

}  // namespace gibo::stats
