// The JSON renderer: the headline numbers as top-level keys, then every machine table
// as rows of objects, one row per line so that diffs stay readable.
#include "gibo/formats/json_writer.h"
#include "stats_render.h"

namespace gibo::stats {
namespace {

// Is `s` a JSON number as this report writes them (-?digits(.digits)?)?
bool is_json_number(const std::string& s) {
  std::size_t i = s.size() > 0 && s[0] == '-' ? 1 : 0;
  const std::size_t digits = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  if (i == digits) return false;
  if (i < s.size() && s[i] == '.') {
    const std::size_t fraction = ++i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == fraction) return false;
  }
  return i == s.size();
}

// A cell as JSON: numeric columns as numbers (null when empty), the rest as strings.
void append_cell(std::string& out, const Column& c, const std::string& cell) {
  if (c.numeric && cell.empty()) out += "null";
  else if (c.numeric && is_json_number(cell)) out += cell;
  else json::append_string(out, cell);
}

}  // namespace

std::string render_json(const Report& report) {
  const Overview& v = report.overview;
  const Results& r = report.results;
  std::string out = "{\n";
  auto key = [&](const char* k) {
    out += "  ";
    json::append_string(out, k);
    out += ": ";
  };
  auto number = [&](const char* k, long n) {
    key(k);
    out += std::to_string(n) + ",\n";
  };
  auto text_or_null = [&](const char* k, const std::string& s) {
    key(k);
    if (s.empty()) out += "null";
    else json::append_string(out, s);
    out += ",\n";
  };
  text_or_null("origin", report.origin);
  number("files", v.files);
  number("games", v.games);
  number("plies", v.plies);
  number("valid", v.valid);
  number("rejected", v.rejected);
  text_or_null("first_date", v.first_date);
  text_or_null("last_date", v.last_date);
  key("results");
  {
    std::string o;
    json::Writer w(o);
    w.begin_object()
        .field("cho", static_cast<std::int64_t>(r.overall.cho))
        .field("han", static_cast<std::int64_t>(r.overall.han))
        .field("draw", static_cast<std::int64_t>(r.overall.draw))
        .field("other", static_cast<std::int64_t>(r.overall.other))
        .field("void", static_cast<std::int64_t>(r.void_games))
        .field("unknown", static_cast<std::int64_t>(r.unknown))
        .field("no_result", static_cast<std::int64_t>(r.no_result))
        .end_object();
    out += o + ",\n";
  }
  key("tables");
  out += "{";
  bool first_table = true;
  for (const Table& t : tables(report)) {
    if (!seen_by(t.audience, Audience::Machine)) continue;
    const std::vector<std::size_t> shown = shown_columns(t, Audience::Machine);
    out += first_table ? "\n" : ",\n";
    first_table = false;
    out += "    ";
    json::append_string(out, t.id);
    out += ": {\"title\": ";
    json::append_string(out, t.title);
    out += ", \"columns\": [";
    for (std::size_t k = 0; k < shown.size(); ++k) {
      if (k) out += ", ";
      json::append_string(out, t.columns[shown[k]].id);
    }
    out += "], \"rows\": [";
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
      out += r ? ",\n      {" : "\n      {";
      for (std::size_t k = 0; k < shown.size(); ++k) {
        if (k) out += ", ";
        json::append_string(out, t.columns[shown[k]].id);
        out += ": ";
        append_cell(out, t.columns[shown[k]], t.rows[r][shown[k]]);
      }
      out += "}";
    }
    out += t.rows.empty() ? "]}" : "\n    ]}";
  }
  out += "\n  }\n}\n";
  return out;
}

}  // namespace gibo::stats
