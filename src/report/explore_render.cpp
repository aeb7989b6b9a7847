// The explorer's three renderings (explore.h): a text table under a board diagram, JSON,
// and one self-contained HTML page; and the search's listing (text, JSON Lines).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gibo/report/i18n.h"
#include "gibo/formats/json_writer.h"
#include "gibo/record/game_date.h"
#include "gibo/report/diagram.h"
#include "gibo/report/explore.h"
#include "gibo/report/opening_text.h"
#include "listing_text.h"
#include "markup.h"
#include "percent.h"
#include "stats_charts.h"
#include "text_width.h"

namespace gibo::explore {

namespace {

// Whole percent, for the bar's legend ("48").
std::string whole_percent(long part, long whole) {
  return std::to_string(whole ? static_cast<long>(std::lround(100.0 * static_cast<double>(part) / static_cast<double>(whole))) : 0);
}

std::string fixed1(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", v);
  return buffer;
}

// The last component of a path.
std::string file_name(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}


// The counts of a line in bar order: Cho, draw, Han, other.
std::array<long, 4> bar_parts(const MoveLine& m) { return {m.cho, m.draw, m.han, m.other}; }

// A text bar of `width` cells: Cho █, draw ▒, Han ░, other ·, each part rounded so the
// cells add up to the width.
std::string text_bar(const MoveLine& m, int width) {
  static constexpr const char* kCell[4] = {"█", "▒", "░", "·"};
  const auto parts = bar_parts(m);
  std::string out;
  long before = 0;
  int drawn = 0;
  for (int c = 0; c < 4; ++c) {
    before += parts[c];
    const int upto = m.games ? static_cast<int>(std::lround(static_cast<double>(width) * static_cast<double>(before) /
                                                            static_cast<double>(m.games)))
                             : 0;
    for (; drawn < upto; ++drawn) out += kCell[c];
  }
  return out;
}

void listing_json(json::Writer& w, const archive::GameListing& g) {
  w.begin_object();
  w.field("id", g.id).field("file", g.file).field("index", g.index).field("plies", g.plies);
  w.field("cho", g.cho).field("han", g.han).field("date", g.date);
  w.key("result");
  if (g.result) w.value(*g.result);
  else w.null();
  w.end_object();
}

// The HTML page's style: the stats report's colours and type.
constexpr const char* kStyle = R"css(
:root { --ink: #1d2430; --muted: #5f6b7a; --line: #e3e6ea; --paper: #ffffff; --ground: #f5f6f8; }
* { box-sizing: border-box; }
html { background: var(--ground); }
body { margin: 0; color: var(--ink); font: 15px/1.5 "Noto Sans CJK KR", "Noto Sans KR", "NanumGothic", "Nanum Gothic",
       "Apple SD Gothic Neo", "Malgun Gothic", "Segoe UI", system-ui, sans-serif; }
header { background: linear-gradient(135deg, #2b2f3a, #3d3428); color: #fff; padding: 24px 0 20px; }
.wrap { max-width: 1280px; margin: 0 auto; padding: 0 24px; }
h1 { margin: 0; font-size: 24px; font-weight: 700; }
.origin { margin: 4px 0 14px; opacity: .8; font-size: 14px; word-break: break-all; }
.fen { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 13px; opacity: .9; word-break: break-all; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin-top: 14px; }
.card { background: rgba(255,255,255,.09); border: 1px solid rgba(255,255,255,.16); border-radius: 10px; padding: 10px 14px; }
.card b { display: block; font-size: 24px; font-weight: 700; font-variant-numeric: tabular-nums; }
.card span { font-size: 13px; opacity: .8; }
main { padding: 8px 0 40px; }
.layout { display: grid; grid-template-columns: minmax(240px, 300px) minmax(0, 1fr); gap: 18px; align-items: start; margin-top: 18px; }
@media (max-width: 860px) { .layout { grid-template-columns: 1fr; } }
section { background: var(--paper); border: 1px solid var(--line); border-radius: 12px; padding: 6px 20px 16px; }
h2 { font-size: 18px; margin: 12px 0 10px; padding-bottom: 6px; border-bottom: 2px solid var(--line); }
figure { margin: 0; background: #fcfaf5; border: 1px solid #eee3cf; border-radius: 10px; padding: 12px; }
figure svg { display: block; margin: 0 auto; max-width: 100%; height: auto; }
figcaption { font-size: 13px; color: #3d3428; margin-top: 8px; }
table { border-collapse: collapse; font-size: 13.5px; font-variant-numeric: tabular-nums; width: 100%; }
th { text-align: left; font-weight: 600; color: var(--muted); border-bottom: 1px solid #cfd4da; padding: 5px 8px; white-space: nowrap; }
td { padding: 5px 8px; border-bottom: 1px solid #eff1f3; vertical-align: middle; }
tbody tr:nth-child(even) td { background: #fafbfc; }
td.n, th.n { text-align: right; }
td.mv { font-weight: 600; white-space: nowrap; }
td.nw { white-space: nowrap; }
td small, .note { color: var(--muted); font-size: 12.5px; }
td.notable { font-size: 12.5px; min-width: 190px; overflow-wrap: anywhere; }
.scroll { overflow-x: auto; }
svg.bar { display: block; border-radius: 3px; }
svg.bar text { font-size: 10.5px; font-weight: 600; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 13px; color: var(--muted); margin: 8px 0 4px; }
.legend i { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin-right: 6px; vertical-align: -1px; }
.none { color: var(--muted); font-style: italic; margin: 8px 0; }
footer { color: var(--muted); font-size: 12.5px; text-align: center; padding: 10px 0 30px; }
)css";

// The result-class colours of the stats report, in bar order (Cho, draw, Han, other).
const char* bar_color(int part) {
  static constexpr int kClass[4] = {0, 2, 1, 3};  // stats::charts classes: Cho, Han, draw, other
  return stats::charts::class_color(kClass[part]);
}

// An SVG bar: Cho, draw, Han, other, with the share written in parts wide enough.
std::string svg_bar(const MoveLine& m, int width) {
  static constexpr const char* kNames[4] = {i18n::N_("Cho wins"), i18n::N_("draws"), i18n::N_("Han wins"), i18n::N_("other")};
  const int height = 18;
  std::string s = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"bar\" width=\"" + std::to_string(width) +
                  "\" height=\"" + std::to_string(height) + "\" role=\"img\" aria-label=\"" +
                  xml_escape(i18n::translate("results")) + "\">";
  const auto parts = bar_parts(m);
  double x = 0;
  for (int c = 0; c < 4 && m.games; ++c) {
    if (!parts[c]) continue;
    const double w = static_cast<double>(width) * static_cast<double>(parts[c]) / static_cast<double>(m.games);
    char rect[160];
    std::snprintf(rect, sizeof rect, "<rect x=\"%.2f\" y=\"0\" width=\"%.2f\" height=\"%d\" fill=\"%s\">", x, w, height,
                  bar_color(c));
    s += rect;
    s += "<title>" + xml_escape(i18n::translate(kNames[c])) + ": " + std::to_string(parts[c]) + " (" + percent_text(parts[c], m.games) +
         ")</title></rect>";
    const std::string label = whole_percent(parts[c], m.games) + "%";
    if (w > 8.0 * static_cast<double>(label.size()) + 4) {
      char text[160];
      std::snprintf(text, sizeof text, "<text x=\"%.2f\" y=\"13\" text-anchor=\"middle\" fill=\"%s\">", x + w / 2,
                    c == 0 || c == 2 ? "#ffffff" : "#1d2430");
      s += text + label + "</text>";
    }
    x += w;
  }
  return s + "</svg>";
}

}  // namespace

bool valid_notation(const std::string& notation) {
  if (notation.empty()) return false;
  std::size_t at = 0;
  while (at <= notation.size()) {
    const std::size_t comma = std::min(notation.find(',', at), notation.size());
    const std::string name = notation.substr(at, comma - at);
    if (name != "korean" && name != "uci" && name != "san" && name != "janggi") return false;
    at = comma + 1;
  }
  return true;
}

namespace {

// The notations of `notation` in its order, with a move's text in each.
std::vector<std::string> notation_names(const std::string& notation) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while (at <= notation.size()) {
    const std::size_t comma = std::min(notation.find(',', at), notation.size());
    out.push_back(notation.substr(at, comma - at));
    at = comma + 1;
  }
  return out;
}

const std::string& move_text(const MoveLine& m, const std::string& name) {
  return name == "korean" ? m.korean : name == "uci" ? m.uci : name == "san" ? m.san : m.janggi;
}

}  // namespace

// {"cho": [codes], "han": [codes], "line": code | null}
void names_json(json::Writer& w, const PositionNames& n) {
  w.begin_object();
  for (Side s : {Side::Cho, Side::Han}) {
    w.key(s == Side::Cho ? "cho" : "han").begin_array();
    for (const FormationRule* f : n.formations[static_cast<std::size_t>(index(s))]) w.value(f->code);
    w.end_array();
  }
  w.key("line");
  if (n.line) w.value(n.line->code);
  else w.null();
  w.end_object();
}

std::string render_text(const Exploration& e, const std::string& notation) {
  using i18n::format;
  using i18n::number;
  using i18n::translate;
  std::string out = e.archive + ": " + format("{1} games", {number(e.archive_games)});
  if (!e.where.empty()) out += ", " + format("selected by {1}", {e.where});
  out += "\n" + format("position {1} ({2})", {e.fen, translate(e.position.side_to_move() == Side::Cho ? "Cho to move" : "Han to move")}) + "\n\n";
  out += text_diagram(e.position) + "\n";
  out += (e.games == 1 ? translate("1 game reaches this position") : format("{1} games reach this position", {number(e.games)})) +
         "; " + format("{1} ended here", {number(e.ended_here)});
  if (e.broken_here) out += ", " + format("{1} went on with an invalid ply", {number(e.broken_here)});
  out += "\n";
  if (e.names && !e.names->empty()) out += format("opening names here: {1}", {opening_text::names(*e.names)}) + "\n";
  if (e.moves.empty()) return out;
  const bool starts = std::any_of(e.moves.begin(), e.moves.end(), [](const MoveLine& m) { return !m.starts.empty(); });
  const std::vector<std::string> names = notation_names(notation);
  std::vector<std::vector<std::string>> rows(1);
  std::vector<bool> right;
  for (const std::string& n : names) {
    rows[0].push_back(n == "korean" ? translate("move") : n);
    right.push_back(false);
  }
  for (const char* h : {"games", "share", "Cho / draw / Han", "", "avg plies", "last date", "notable game"})
    rows[0].push_back(*h ? translate(h) : std::string());
  for (bool r : {true, true, false, true, true, false, false}) right.push_back(r);
  if (starts) {
    rows[0].push_back(translate("starts"));
    right.push_back(false);
  }
  for (const MoveLine& m : e.moves) {
    const std::string shares = whole_percent(m.cho, m.games) + "/" + whole_percent(m.draw, m.games) + "/" +
                               whole_percent(m.han, m.games) + "%";
    const std::string notable = game_ref(m.notable) + " (" +
                                (m.notable.date.empty() ? std::string() : i18n::date(m.notable.date) + ", ") +
                                format("{1} plies", {std::to_string(m.notable.plies)}) + ")";
    std::vector<std::string> row;
    for (const std::string& n : names) row.push_back(move_text(m, n));
    for (std::string cell : {number(m.games), percent_text(m.games, e.games), text_bar(m, 20), shares,
                             fixed1(m.avg_plies), i18n::date(date_key(m.last_date)), notable})
      row.push_back(std::move(cell));
    if (starts) row.push_back(opening_text::names(m.starts));
    rows.push_back(std::move(row));
  }
  out += "\n" + aligned(rows, right);
  out += "(" + translate("bar: █ Cho wins, ▒ draws, ░ Han wins, · other; stored results as recorded") + ")\n";
  return out;
}

std::string render_json(const Exploration& e) {
  std::string out;
  json::Writer w(out);
  w.begin_object();
  w.field("archive", e.archive).field("where", e.where).field("fen", e.fen);
  w.field("side_to_move", e.position.side_to_move() == Side::Cho ? "cho" : "han");
  w.field("archive_games", static_cast<std::int64_t>(e.archive_games));
  w.field("games", static_cast<std::int64_t>(e.games)).field("ended_here", static_cast<std::int64_t>(e.ended_here));
  w.field("broken_here", static_cast<std::int64_t>(e.broken_here));
  if (e.names) {
    w.key("names");
    names_json(w, *e.names);
  }
  w.key("moves").begin_array();
  for (const MoveLine& m : e.moves) {
    w.begin_object();
    w.field("uci", m.uci).field("korean", m.korean).field("san", m.san).field("janggi", m.janggi);
    w.field("games", static_cast<std::int64_t>(m.games)).field("cho", static_cast<std::int64_t>(m.cho));
    w.field("han", static_cast<std::int64_t>(m.han)).field("draw", static_cast<std::int64_t>(m.draw));
    w.field("other", static_cast<std::int64_t>(m.other));
    w.field("avg_plies", std::round(m.avg_plies * 100) / 100);
    w.key("last_date");
    if (m.last_date) w.value(date_key(m.last_date));
    else w.null();
    w.key("notable");
    listing_json(w, m.notable);
    if (!m.starts.empty()) {
      w.key("starts");
      names_json(w, m.starts);
    }
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return out + "\n";
}

std::string render_html(const Exploration& e) {
  using i18n::format;
  using i18n::translate;
  auto tr = [](const char* english) { return xml_escape(translate(english)); };
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"" + i18n::language() + "\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>gibo explore: " +
      xml_escape(e.fen) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  out += "<header><div class=\"wrap\">\n<h1>" + tr("Opening explorer") + "</h1>\n<p class=\"origin\">" +
         xml_escape(e.archive) + " · " + xml_escape(format("{1} games", {std::to_string(e.archive_games)}));
  if (!e.where.empty()) out += " · " + tr("selected by") + " <code>" + xml_escape(e.where) + "</code>";
  out += "</p>\n<div class=\"fen\">" + xml_escape(e.fen) + "</div>\n<div class=\"cards\">";
  auto card = [&](const std::string& value, const std::string& label) {
    out += "<div class=\"card\"><b>" + value + "</b><span>" + label + "</span></div>";
  };
  card(std::to_string(e.games), tr("games reach it"));
  card(std::to_string(e.moves.size()), tr("moves played"));
  card(std::to_string(e.ended_here), tr("ended here"));
  card(tr(e.position.side_to_move() == Side::Cho ? "Cho" : "Han"), tr("to move"));
  out += "</div>\n</div></header>\n<main><div class=\"wrap\"><div class=\"layout\">\n";
  SvgOptions so;
  so.title = translate("the position");
  out += "<figure>" + svg_diagram(e.position, so) + "<figcaption>" +
         tr(e.position.side_to_move() == Side::Cho ? "Cho to move" : "Han to move") + "</figcaption></figure>\n";
  out += "<section id=\"moves\"><h2>" + tr("Moves played") + "</h2>\n";
  if (e.names && !e.names->empty())
    out += "<p class=\"names\">" + xml_escape(format("opening names here: {1}", {opening_text::names(*e.names)})) + "</p>\n";
  if (e.moves.empty()) {
    out += "<p class=\"none\">" + tr("No selected game plays on from this position.") + "</p>\n";
  } else {
    out += "<div class=\"legend\">";
    static constexpr const char* kNames[4] = {i18n::N_("Cho wins"), i18n::N_("draws"), i18n::N_("Han wins"), i18n::N_("other")};
    for (int c = 0; c < 4; ++c)
      out += std::string("<span><i style=\"background:") + bar_color(c) + "\"></i>" + tr(kNames[c]) + "</span>";
    out += "</div>\n<div class=\"scroll\"><table>\n<thead><tr><th>" + tr("move") + "</th><th>uci</th><th>san</th><th class=\"n\">" +
           tr("games") + "</th><th class=\"n\">" + tr("share") + "</th><th>" + tr("Cho / draw / Han") +
           "</th><th class=\"n\">" + tr("avg plies") + "</th><th>" + tr("last date") + "</th><th>" + tr("notable game") +
           "</th></tr></thead>\n<tbody>\n";
    for (const MoveLine& m : e.moves) {
      out += "<tr><td class=\"mv\">" + xml_escape(m.korean) + "</td><td class=\"nw\">" + xml_escape(m.uci) + "</td><td>" +
             xml_escape(m.san) + "</td><td class=\"n\">" + std::to_string(m.games) + "</td><td class=\"n\">" +
             percent_text(m.games, e.games) + "</td><td>" + svg_bar(m, 150) + "</td><td class=\"n\">" + fixed1(m.avg_plies) +
             "</td><td class=\"nw\">" + xml_escape(i18n::date(date_key(m.last_date))) + "</td><td class=\"notable\"><span title=\"" +
             xml_escape(game_ref(m.notable) + (m.notable.date.empty() ? "" : ", " + i18n::date(m.notable.date)) + ", " +
                        format("{1} plies", {std::to_string(m.notable.plies)})) +
             "\">" + xml_escape(file_name(m.notable.file)) + ":" + std::to_string(m.notable.index + 1) +
             "</span><br><small>" + xml_escape(m.notable.cho) + " – " + xml_escape(m.notable.han) + "</small>" +
             (m.starts.empty() ? std::string() : "<br><small class=\"starts\">" + tr("starts") + ": " +
                                                     xml_escape(opening_text::names(m.starts)) + "</small>") +
             "</td></tr>\n";
    }
    out += "</tbody></table></div>\n";
  }
  out += "<p class=\"note\">" +
         tr("Each game counts once, at its first visit of the position, with the move it played next; "
            "games reaching it by another move order are included. Results are the stored results as recorded.") +
         "</p>\n";
  out += "</section>\n</div></div></main>\n<footer>" + tr("Written by gibo explore.") + "</footer>\n</body>\n</html>\n";
  return out;
}

std::string render_search_text(const Search& s) {
  std::vector<std::vector<std::string>> rows;
  for (const Found& f : s.games)
    rows.push_back({game_ref(f.game) + "@" + std::to_string(f.ply), f.next, f.game.cho + " – " + f.game.han,
                    i18n::date(f.game.date), f.game.result.value_or("")});
  std::string out = aligned(rows, {false, false, false, false, false});
  out += (s.games.size() == 1 ? i18n::format("1 game reaches {1}", {s.fen})
                              : i18n::format("{1} games reach {2}", {i18n::number(static_cast<long long>(s.games.size())), s.fen})) +
         "\n";
  return out;
}

std::string render_search_jsonl(const Search& s) {
  std::string out;
  for (const Found& f : s.games) {
    json::Writer w(out);
    w.begin_object();
    w.field("type", "game").field("id", f.game.id).field("file", f.game.file).field("index", f.game.index);
    w.field("ply", f.ply).field("next", f.next).field("plies", f.game.plies);
    w.field("cho", f.game.cho).field("han", f.game.han).field("date", f.game.date);
    w.key("result");
    if (f.game.result) w.value(*f.game.result);
    else w.null();
    w.end_object();
    out += "\n";
  }
  return out;
}

}  // namespace gibo::explore
