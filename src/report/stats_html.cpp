// The HTML renderer: one self-contained page (inline CSS, inline SVG, no script, no
// external resource) with headline cards, charts, board diagrams and every human table.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <functional>

#include "gibo/report/i18n.h"
#include "gibo/report/diagram.h"
#include "gibo/report/eval_graph.h"
#include "markup.h"
#include "page_shell.h"
#include "stats_charts.h"
#include "stats_render.h"

namespace gibo::stats {
namespace {

using i18n::format;
using i18n::translate;

constexpr const char* kStyle = R"css(
:root { --cho: #1f4fa3; --han: #b3261e; --draw: #8a8f98; --other: #d3d6db; --ink: #1d2430; --muted: #5f6b7a;
        --line: #e3e6ea; --paper: #ffffff; --ground: #f5f6f8; --accent: #8a5a1c; }
* { box-sizing: border-box; }
html { background: var(--ground); }
body { margin: 0; color: var(--ink); font: 15px/1.5 "Noto Sans CJK KR", "Noto Sans KR", "NanumGothic", "Nanum Gothic",
       "Apple SD Gothic Neo", "Malgun Gothic", "Segoe UI", system-ui, sans-serif; }
header { background: linear-gradient(135deg, #2b2f3a, #3d3428); color: #fff; padding: 28px 0 22px; }
nav.site { display: flex; gap: 18px; font-size: 14px; margin-bottom: 6px; }
nav.site a { color: #fff; }
.wrap { max-width: 1120px; margin: 0 auto; padding: 0 24px; }
h1 { margin: 0; font-size: 26px; font-weight: 700; letter-spacing: .2px; }
h1 small { font-weight: 400; opacity: .75; font-size: 16px; margin-left: 8px; }
.origin { margin: 4px 0 18px; opacity: .8; font-size: 14px; word-break: break-all; }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; }
.card { background: rgba(255,255,255,.09); border: 1px solid rgba(255,255,255,.16); border-radius: 10px; padding: 10px 14px; }
.card b { display: block; font-size: 24px; font-weight: 700; font-variant-numeric: tabular-nums; }
.card span { font-size: 13px; opacity: .8; }
nav { position: sticky; top: 0; z-index: 2; background: rgba(255,255,255,.96); border-bottom: 1px solid var(--line); }
nav .wrap { display: flex; flex-wrap: wrap; gap: 4px 18px; padding-top: 9px; padding-bottom: 9px; font-size: 14px; }
nav a { color: var(--muted); text-decoration: none; }
nav a:hover { color: var(--ink); }
main { padding: 8px 0 40px; }
section { background: var(--paper); border: 1px solid var(--line); border-radius: 12px; margin: 18px 0; padding: 6px 24px 18px; }
h2 { font-size: 20px; margin: 14px 0 10px; padding-bottom: 6px; border-bottom: 2px solid var(--line); }
h3 { font-size: 15px; margin: 18px 0 6px; color: #2c3543; }
.grid2 { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(330px, 100%), 1fr)); gap: 8px 32px; align-items: start; }
table { border-collapse: collapse; font-size: 13.5px; font-variant-numeric: tabular-nums; margin: 2px 0 4px; }
th { text-align: left; font-weight: 600; color: var(--muted); border-bottom: 1px solid #cfd4da; padding: 5px 10px; white-space: nowrap; }
td { padding: 4px 10px; border-bottom: 1px solid #eff1f3; vertical-align: top; }
tbody tr:nth-child(even) td { background: #fafbfc; }
td.n, th.n { text-align: right; }
td.nw { white-space: nowrap; }
tr.root td { border-top: 2px solid #d9dde2; }
td small { color: var(--muted); }
#t-disagreements td:last-child { min-width: 190px; }
td.bar { padding-top: 7px; }
.scroll { overflow-x: auto; }
.note { color: var(--muted); font-size: 13px; margin: 2px 0 8px; }
.none { color: var(--muted); font-style: italic; font-size: 14px; margin: 4px 0 10px; }
details { margin: 6px 0; }
summary { cursor: pointer; color: #2c3543; font-weight: 600; font-size: 15px; margin: 12px 0 6px; }
.legend { display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 13px; color: var(--muted); margin: 6px 0 12px; }
.legend i { display: inline-block; width: 12px; height: 12px; border-radius: 3px; margin-right: 6px; vertical-align: -1px; }
svg.chart { max-width: 100%; height: auto; display: block; margin: 6px 0 4px; }
svg.chart text { font-size: 12px; fill: var(--ink); }
svg.chart text.muted { fill: var(--muted); font-size: 11.5px; }
svg.chart text.tick { fill: var(--muted); font-size: 11px; }
svg.chart text.on-dark { fill: #fff; font-weight: 600; }
svg.chart text.on-light { fill: var(--ink); font-weight: 600; }
svg.chart text.big { font-size: 17px; }
svg.chart text.axis-label { font-size: 13px; font-weight: 600; }
svg.chart .grid line { stroke: #edf0f2; }
svg.chart line.axis { stroke: #aab2bc; }
svg.mini { vertical-align: middle; border-radius: 2px; background: #f1f2f4; }
.boards { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr)); gap: 18px; margin-top: 8px; }
figure { margin: 0; background: #fcfaf5; border: 1px solid #eee3cf; border-radius: 10px; padding: 12px; }
figure svg { display: block; margin: 0 auto; max-width: 100%; height: auto; }
figcaption { font-size: 13px; color: #3d3428; margin-top: 8px; line-height: 1.45; }
figcaption b { color: var(--ink); }
footer { color: var(--muted); font-size: 12.5px; text-align: center; padding: 10px 0 30px; }
)css";

// Text escaping: the report layer's xml_escape.
std::string escape(const std::string& s) { return xml_escape(s); }

// 12345 -> "12,345", in the run's language.
std::string with_commas(long n) { return i18n::number(n); }

// The table with id `id`, or nullptr.
const Table* find_table(const std::vector<Table>& all, const std::string& id) {
  for (const Table& t : all)
    if (t.id == id) return &t;
  return nullptr;
}

// The index of the human column `id` of `t`, or -1.
int column_of(const Table& t, const std::string& id) {
  for (std::size_t c = 0; c < t.columns.size(); ++c)
    if (t.columns[c].id == id && seen_by(t.columns[c].audience, Audience::Human)) return static_cast<int>(c);
  return -1;
}

// The tally a row of a table with cho/han/draw(/other) columns shows, if it has them.
std::optional<Tally> row_tally(const Table& t, const std::vector<std::string>& row) {
  const int cho = column_of(t, "cho"), han = column_of(t, "han"), draw = column_of(t, "draw"), other = column_of(t, "other");
  if (cho < 0 || han < 0 || draw < 0) return std::nullopt;
  auto value = [&](int c) {
    long n = 0;
    if (c >= 0) {
      const std::string& cell = row[static_cast<std::size_t>(c)];
      std::from_chars(cell.data(), cell.data() + cell.size(), n);
    }
    return n;
  };
  Tally x;
  x.cho = value(cho), x.han = value(han), x.draw = value(draw), x.other = value(other);
  return x;
}

// One human table: title, then the table (a mini result bar appended when the rows carry
// result counts), then its note; tables longer than `fold_after` rows are folded away.
// `served`: the player columns link to gibo serve's player pages (render_html).
void table_html(const Table& source, std::string& out, std::size_t fold_after = 24, bool title = true,
                bool served = false) {
  const Table t = in_language(source, false);
  const std::vector<std::size_t> shown = shown_columns(t, Audience::Human);
  const std::size_t rows = shown_rows(t);
  const bool fold = rows > fold_after;
  if (fold)
    out += "<details><summary>" + escape(t.title) + " (" +
           (rows == 1 ? translate("1 row") : format("{1} rows", {std::to_string(rows)})) + ")</summary>";
  else if (title) out += "<h3>" + escape(t.title) + "</h3>";
  if (t.rows.empty()) {
    out += "<p class=\"none\">" + escape(translate("none")) + "</p>";
    if (fold) out += "</details>";
    return;
  }
  const bool bars = !t.rows.empty() && row_tally(t, t.rows.front()).has_value();
  out += "<div class=\"scroll\"><table id=\"t-" + t.id + "\"><thead><tr>";
  for (std::size_t c : shown)
    out += std::string(t.columns[c].numeric ? "<th class=\"n\">" : "<th>") + escape(t.columns[c].label) + "</th>";
  if (bars) out += "<th>" + escape(translate("results")) + "</th>";
  out += "</tr></thead><tbody>";
  const bool tree = std::any_of(t.indent.begin(), t.indent.end(), [](int i) { return i > 0; });
  for (std::size_t r = 0; r < rows; ++r) {
    out += tree && t.indent[r] == 0 && r > 0 ? "<tr class=\"root\">" : "<tr>";
    for (std::size_t k = 0; k < shown.size(); ++k) {
      const std::size_t c = shown[k];
      std::string style;
      if (k == 0 && t.indent[r] > 0) style = " style=\"padding-left:" + std::to_string(10 + 18 * t.indent[r]) + "px\"";
      // A player's name links to their page (the source table's cell: the name itself, not its translation).
      const std::string& name = source.rows[r][c];
      // A code (an opening's, a diagnostic's) is notation, the same in every language.
      const std::string cell = served && t.columns[c].player && !name.empty()
                                   ? "<a href=\"" + escape(player_link(name)) + "\">" + escape(t.rows[r][c]) + "</a>"
                               : t.columns[c].id == "code" && !name.empty() ? "<code>" + escape(t.rows[r][c]) + "</code>"
                                                                            : escape(t.rows[r][c]);
      out += std::string(t.columns[c].numeric ? "<td class=\"n\"" : "<td") + style + ">" + cell + "</td>";
    }
    if (bars) out += "<td class=\"bar\">" + charts::mini_bar(*row_tally(t, t.rows[r]), 120) + "</td>";
    out += "</tr>";
  }
  out += "</tbody></table></div>";
  if (const std::string note = note_in_language(t); !note.empty()) out += "<p class=\"note\">" + escape(note) + "</p>";
  if (fold) out += "</details>";
}

// The colour legend of the four result classes.
std::string legend() {
  std::string s = "<div class=\"legend\">";
  for (int c = 0; c < 4; ++c)
    s += std::string("<span><i style=\"background:") + charts::class_color(c) + "\"></i>" + charts::class_name(c) + "</span>";
  return s + "</div>";
}

// The board after `moves` from `fen` as SVG, the last move marked; "" when the start
// does not parse or a move does not fit the board.
std::string board_svg(const std::string& fen, const std::vector<Move>& moves, const std::string& title) {
  Position pos;
  if (fen.empty() || pos.set_fen(fen)) return "";
  Move last = Move::none();
  for (Move m : moves) {
    if (!pos.is_pseudo_legal(m)) return "";
    pos.do_move(m);
    last = m;
  }
  SvgOptions o;
  o.cell = 30;
  o.last_move = last;
  o.title = title;
  return svg_diagram(pos, o);
}

// "dir/file.gib · game N" without the report's shared directory.
std::string game_name(const Report& r, const std::string& file, int index) {
  const std::string shown = file.compare(0, r.path_prefix.size(), r.path_prefix) == 0 ? file.substr(r.path_prefix.size()) : file;
  return shown + " · " + format("game {1}", {std::to_string(index + 1)});
}

// The page header: title, origin, headline cards.
// `served`: the site's navigation above (the report served at /stats).
void header_html(const Report& r, std::string& out, bool served) {
  const Overview& v = r.overview;
  out += "<header><div class=\"wrap\">" + (served ? pages::site_nav() : std::string()) + "<h1>" + escape(translate("Game-record statistics")) + "<small>gibo stats</small></h1>";
  out += "<p class=\"origin\">" + escape(r.origin) + "</p><div class=\"cards\">";
  auto card = [&](const std::string& big, const std::string& small) {
    out += "<div class=\"card\"><b>" + escape(big) + "</b><span>" + escape(small) + "</span></div>";
  };
  card(with_commas(v.games), translate("games"));
  card(with_commas(v.plies), translate("plies"));
  card(v.games ? std::to_string(static_cast<int>(100.0 * static_cast<double>(v.valid) / static_cast<double>(v.games) + 0.5)) + "%"
               : "–",
       translate("replay without error"));
  card(with_commas(v.files), translate(v.files == 1 ? "source file" : "source files"));
  std::string range = v.first_date.empty() ? "–" : v.first_date.substr(0, 4);
  if (!v.last_date.empty() && v.last_date.substr(0, 4) != range) range += "–" + v.last_date.substr(0, 4);
  card(range, translate("years played"));
  card(with_commas(r.counts.players), translate("players"));
  out += "</div></div></header>";
}

// The sticky table of contents.
void nav_html(const std::vector<Table>& all, std::string& out) {
  out += "<nav><div class=\"wrap\">";
  const bool quality = std::any_of(all.begin(), all.end(), [](const Table& t) { return t.section == "play_quality"; });
  for (const Section& s : sections())
    if (s.id != "play_quality" || quality)
      out += "<a href=\"#" + s.id + "\">" + escape(i18n::translate_known(s.title)) + "</a>";
  out += "</div></nav>";
}

// Opens a section with its heading.
void section_open(const std::string& id, std::string& out) {
  for (const Section& s : sections())
    if (s.id == id) out += "<section id=\"" + id + "\"><h2>" + escape(i18n::translate_known(s.title)) + "</h2>";
}

// The overview section: the key figures beside the sites, then the events.
void overview_html(const Report&, const std::vector<Table>& all, std::string& out) {
  section_open("overview", out);
  out += "<div class=\"grid2\"><div>";
  if (const Table* t = find_table(all, "overview")) table_html(*t, out, 100, false);
  out += "</div><div>";
  if (const Table* t = find_table(all, "sites")) table_html(*t, out);
  out += "</div></div>";
  if (const Table* t = find_table(all, "events")) table_html(*t, out);
  out += "</section>";
}

// The results section: the overall bar, results by method, the tables.
void results_html(const Report& r, const std::vector<Table>& all, std::string& out) {
  section_open("results", out);
  out += charts::result_bar(r.results.overall, 1070) + legend();
  std::vector<charts::Row> rows;
  for (const MethodRow& m : r.results.by_method) rows.push_back({i18n::translate_known(m.method), m.tally});
  if (!rows.empty()) out += "<h3>" + escape(translate("By method")) + "</h3>" + charts::stacked_rows(rows, 720);
  out += "<div class=\"grid2\"><div>";
  if (const Table* t = find_table(all, "results")) table_html(*t, out);
  out += "</div><div>";
  if (const Table* t = find_table(all, "results_by_method")) table_html(*t, out);
  if (const Table* t = find_table(all, "point_margins")) table_html(*t, out);
  out += "</div></div></section>";
}

// The setups section: the heat map and, folded, the matrix as a table.
void setups_html(const Report& r, const std::vector<Table>& all, std::string& out) {
  section_open("setups", out);
  out += "<p class=\"note\">" +
         escape(translate("Cho's win rate for each pair of setups (wins in percent of the games won or drawn); "
                          "hover a cell for its counts.")) +
         "</p>";
  out += charts::setup_heat_map(r.setups);
  if (const Table* t = find_table(all, "setup_matrix")) table_html(*t, out, 0);
  out += "</section>";
}

// A section of only tables (folded when longer than `fold_after` rows).
void simple_section(const std::string& id, const std::vector<Table>& all, std::string& out, std::size_t fold_after,
                    bool served = false) {
  section_open(id, out);
  for (const Table& t : all)
    if (t.section == id && seen_by(t.audience, Audience::Human)) table_html(t, out, fold_after, true, served);
  out += "</section>";
}

// The openings section: each tree to its third level (the whole tree of a 25,000-game archive
// is 2 MB of HTML, its deep lines the rarest; the CSV and JSON reports keep every line, the
// explorer of gibo serve every position), folded when longer than 200 rows.
void openings_html(const std::vector<Table>& all, std::string& out) {
  constexpr int kDeepest = 2;  // the set-up pair's row 0, its first lines 1, their continuations 2
  section_open("openings", out);
  for (const Table& t : all) {
    if (t.section != "openings" || !seen_by(t.audience, Audience::Human)) continue;
    Table shallow = t;
    shallow.rows.clear();
    shallow.indent.clear();
    for (std::size_t r = 0; r < t.rows.size(); ++r)
      if (t.indent[r] <= kDeepest) {
        shallow.rows.push_back(t.rows[r]);
        shallow.indent.push_back(t.indent[r]);
      }
    if (const std::size_t left = t.rows.size() - shallow.rows.size())
      shallow.note += (shallow.note.empty() ? "" : "; ") + std::to_string(left) + " deeper lines left out (CSV and JSON have all)";
    table_html(shallow, out, 200);
  }
  out += "</section>";
}

// The lengths section: histogram, summary, distribution, notable games' boards.
void lengths_html(const Report& r, const std::vector<Table>& all, std::string& out) {
  section_open("lengths", out);
  std::vector<charts::Row> columns;
  for (const LengthBucket& b : r.lengths.buckets) columns.push_back({std::to_string(b.low), b.tally});
  out += "<p class=\"note\">" +
         escape(format("Games by plies recorded, in bins of {1} plies (the label is the bin's start).",
                       {std::to_string(r.options.length_bucket)})) +
         "</p>";
  out += charts::stacked_columns(columns, translate("games"), 1000, 260) + legend();
  out += "<div class=\"grid2\"><div>";
  if (const Table* t = find_table(all, "length_summary")) table_html(*t, out);
  out += "</div><div>";
  if (const Table* t = find_table(all, "lengths")) table_html(*t, out, 12);
  out += "</div></div>";
  if (!r.notable.empty()) {
    out += "<h3>" + escape(translate("Notable games: final positions")) + "</h3><div class=\"boards\">";
    for (const NotableGame& g : r.notable) {
      const std::string board = board_svg(g.start_fen, g.moves, g.caption);
      if (board.empty()) continue;
      out += "<figure>" + board + "<figcaption><b>" + escape(g.caption) + "</b><br>" +
             escape(game_name(r, g.file, g.index)) + "</figcaption></figure>";
    }
    out += "</div>";
  }
  out += "</section>";
}

// The years section: column chart and, folded, the table.
void years_html(const Report& r, const std::vector<Table>& all, std::string& out) {
  section_open("years", out);
  std::vector<charts::Row> columns;
  for (const YearRow& y : r.years) columns.push_back({y.year ? std::to_string(*y.year) : "?", y.tally});
  out += charts::stacked_columns(columns, translate("games"), 1000, 240) + legend();
  if (const Table* t = find_table(all, "years")) table_html(*t, out, 12);
  out += "</section>";
}

// The disagreements as a compact table: the game and its players in one cell, what the
// record says beside what the board says.
void disagreements_html(const Report& r, std::string& out) {
  const AdjudicationStats& a = r.adjudication;
  out += "<h3>" + escape(translate("Disagreements: the board contradicts the stored result")) + "</h3>";
  if (a.disagreements.empty()) {
    out += "<p class=\"none\">" + escape(translate("none")) + "</p>";
    return;
  }
  out += "<div class=\"scroll\"><table id=\"t-disagreements\"><thead><tr>";
  for (const char* label : {i18n::N_("game"), i18n::N_("stored result"), i18n::N_("the board")})
    out += "<th>" + escape(translate(label)) + "</th>";
  out += "<th class=\"n\">" + escape(translate("points (Cho : Han)")) + "</th>";
  for (const char* label : {i18n::N_("profiles"), i18n::N_("why")}) out += "<th>" + escape(translate(label)) + "</th>";
  out += "</tr></thead><tbody>";
  auto points = [](const std::optional<int>& half) { return half ? format_half_points(*half) : std::string("?"); };
  const std::size_t listed = r.options.disagreements_listed > 0 ? static_cast<std::size_t>(r.options.disagreements_listed)
                                                                : a.disagreements.size();
  for (std::size_t i = 0; i < a.disagreements.size() && i < listed; ++i) {
    const Disagreement& d = a.disagreements[i];
    std::string board = d.board_winner.empty() ? translate("no ending")
                                               : i18n::translate_known(d.board_winner) + " · " + i18n::translate_known(d.board_reason);
    if (d.board_ply) board += " " + format("at ply {1}", {std::to_string(d.board_ply)});
    board += " (" + format("{1} plies", {std::to_string(d.plies)}) + ")";
    std::string profiles;
    if (d.profiles.size() > 1 && d.profiles.size() == a.profiles.size())
      profiles = format("all {1}", {std::to_string(d.profiles.size())});
    else
      for (const std::string& p : d.profiles) profiles += (profiles.empty() ? "" : ", ") + p;
    out += "<tr><td><b>" + escape(game_name(r, d.file, d.index)) + "</b><br><small>" +
           escape(format("{1} vs {2}", {d.cho.empty() ? "?" : d.cho, d.han.empty() ? "?" : d.han})) +
           "</small></td><td class=\"nw\">" +
           escape(d.result_text) + "</td><td>" + escape(board) + "</td><td class=\"n nw\">" +
           escape(points(d.cho_score) + " : " + points(d.han_score)) + "</td><td>" + escape(profiles) + "</td><td>" +
           escape(i18n::translate_known(d.note)) + "</td></tr>";
  }
  out += "</tbody></table></div>";
  if (a.disagreements.size() > listed)
    out += "<p class=\"note\">" +
           escape(format("{1} games disagree; the first {2} rows are listed (CSV and JSON have all).",
                         {std::to_string(a.disagreeing_games), std::to_string(listed)})) +
           "</p>";
}

// The opening names section: the games of each formation and side as result bars, then the
// tables (the names table folded when long).
void opening_names_html(const Report& r, const std::vector<Table>& all, std::string& out) {
  section_open("opening_names", out);
  const bool ko = i18n::language() == "ko";
  std::vector<charts::Row> rows;
  for (const FormationRow& f : r.opening_names.formations)
    for (int side = 0; side < 2; ++side) {
      const Tally& t = f.tally[static_cast<std::size_t>(side)];
      if (!t.total()) continue;
      const std::string name = f.rule ? (ko ? f.rule->korean : f.rule->english) : translate("unknown");
      rows.push_back({translate(side == 0 ? "Cho" : "Han") + " " + name, t});
    }
  if (!rows.empty())
    out += "<h3>" + escape(translate("Games of each formation, by the side that held it")) + "</h3>" +
           charts::stacked_rows(rows, 820) + legend();
  for (const Table& t : all)
    if (t.section == "opening_names" && seen_by(t.audience, Audience::Human)) table_html(t, out, 40);
  out += "</section>";
}

// The games whose stored winner the engine finds lost; `served`: each linked to the game
// viewer of gibo serve at the judged ply (the report served at /stats).
void contradictions_html(const Report& r, std::string& out, bool served, bool readings) {
  const std::vector<EngineContradiction>& list = readings ? r.analysis.readings : r.analysis.contradictions;
  if (list.empty()) return;
  out += "<h3>" + escape(translate(readings ? "Wins off the board (time, forfeit, disconnection): who the engine finds "
                                              "ahead (information, not a finding)"
                                            : "Stored winners the engine finds lost (engine-contradicts)")) +
         "</h3>";
  out += std::string("<div class=\"scroll\"><table id=\"t-engine-") + (readings ? "readings" : "contradictions") +
         "\"><thead><tr>";
  for (const char* label : {i18n::N_("game"), i18n::N_("stored result"), i18n::N_("profile"), i18n::N_("at ply"),
                            i18n::N_("evaluation")})
    out += "<th>" + escape(translate(label)) + "</th>";
  out += "</tr></thead><tbody>";
  for (const EngineContradiction& x : list) {
    const std::string name = "<b>" + escape(game_name(r, x.file, x.index)) + "</b>";
    out += "<tr><td>" + (served ? "<a href=\"" + escape(contradiction_link(x)) + "\">" + name + "</a>" : name) +
           "<br><small>" + escape(format("{1} vs {2}", {x.cho.empty() ? "?" : x.cho, x.han.empty() ? "?" : x.han})) +
           "</small></td><td class=\"nw\">" + escape(x.result_text) + "</td><td>" + escape(x.profile) +
           "</td><td class=\"n\">" + std::to_string(x.ply) + "</td><td class=\"n nw\">" + escape(x.eval) +
           (readings ? "<br><small>" + escape(i18n::translate_known(x.note)) + "</small>" : std::string()) + "</td></tr>";
  }
  out += "</tbody></table></div><p class=\"note\">" +
         escape(served ? translate("Each game opens in gibo serve's viewer at the judged position.")
                       : translate("gibo serve --db ARCHIVE shows this report at /stats with each game linked to its "
                                   "viewer at the judged position.")) +
         "</p>";
}

// The adjudication section: verdict chart and table, disagreements, their boards.
void adjudication_html(const Report& r, const std::vector<Table>& all, std::string& out, bool served) {
  section_open("adjudication", out);
  if (r.verdicts_from.empty())
    out += "<p class=\"none\">" + escape(translate("No verdicts: the games were not adjudicated.")) + "</p>";
  if (!r.adjudication.profiles.empty()) out += charts::verdict_rows(r.adjudication, 820);
  if (const Table* t = find_table(all, "verdicts")) table_html(*t, out);
  if (const Table* t = find_table(all, "engine_verdicts")) table_html(*t, out);
  contradictions_html(r, out, served, false);
  contradictions_html(r, out, served, true);
  disagreements_html(r, out);
  std::string boards;
  int shown = 0;
  std::string previous;
  for (const Disagreement& d : r.adjudication.disagreements) {
    const std::string key = d.file + "#" + std::to_string(d.index);
    if (key == previous || shown >= 8) continue;
    previous = key;
    const std::string name = game_name(r, d.file, d.index);
    const std::string board = board_svg(d.start_fen, d.moves, name);
    if (board.empty()) continue;
    ++shown;
    std::string says = d.board_winner.empty()
                           ? translate("no ending on the board")
                           : format("{1} by {2}", {i18n::translate_known(d.board_winner), i18n::translate_known(d.board_reason)});
    if (d.board_ply) says += " " + format("at ply {1}", {std::to_string(d.board_ply)});
    says += "; " + format("shown after ply {1}", {std::to_string(d.moves.size())});
    boards += "<figure>" + board + "<figcaption><b>" + escape(name) + "</b><br>" +
              escape(format("{1} (Cho) vs {2} (Han)", {d.cho.empty() ? "?" : d.cho, d.han.empty() ? "?" : d.han})) +
              "<br>" + escape(translate("stored:")) + " <b>" + escape(d.result_text) + "</b> · " +
              escape(translate("board:")) + " " + escape(says) + "<br>" + escape(i18n::translate_known(d.note)) +
              "</figcaption></figure>";
  }
  if (!boards.empty())
    out += "<h3>" + escape(translate("Final positions of the disagreements")) + "</h3><div class=\"boards\">" + boards +
           "</div>";
  out += "</section>";
}

// The ratings section: the model beside the history chart of the leading players, then the
// ratings.
void ratings_html(const Report& r, const std::vector<Table>& all, std::string& out, bool served) {
  section_open("ratings", out);
  out += "<div class=\"grid2\"><div>";
  if (const Table* t = find_table(all, "rating_model")) table_html(*t, out, 100);
  out += "</div><div>";
  // The first ranked players with ratings in two years or more.
  std::vector<std::size_t> ranked;
  for (std::size_t i = 0; i < r.identities.size() && i < r.ratings.fit.players.size(); ++i)
    if (r.ratings.fit.players[i].rank > 0 && r.ratings.fit.players[i].history.size() >= 2) ranked.push_back(i);
  std::sort(ranked.begin(), ranked.end(), [&](std::size_t a, std::size_t b) {
    return r.ratings.fit.players[a].rank < r.ratings.fit.players[b].rank;
  });
  std::vector<charts::RatingSeries> series;
  for (std::size_t k = 0; k < ranked.size() && k < 8; ++k) {
    charts::RatingSeries s{r.identities[ranked[k]].name, {}};
    for (const ratings::PeriodRating& p : r.ratings.fit.players[ranked[k]].history)
      s.points.push_back({r.ratings.first_year.value_or(0) + p.period, p.rating, p.deviation});
    series.push_back(std::move(s));
  }
  out += "<h3>" + escape(translate("Ratings per year")) + "</h3>";
  if (series.empty())
    out += "<p class=\"none\">" + escape(translate("No ranked player has ratings in two years or more.")) + "</p>";
  else
    out += charts::rating_lines(series, 540, 300) + "<p class=\"note\">" +
           escape(translate("The leading ranked players, each year's rating ± one standard error.")) + "</p>";
  out += "</div></div>";
  if (const Table* t = find_table(all, "ratings")) table_html(*t, out, 30, true, served);
  out += "</section>";
}

// The events section: the list, then the crosstables of the largest events.
void events_html(const std::vector<Table>& all, std::string& out, bool served) {
  section_open("events", out);
  for (const Table& t : all)
    if (t.section == "events" && seen_by(t.audience, Audience::Human))
      table_html(t, out, t.id == "event_list" ? 30 : 100, true, served);
  out += "</section>";
}

// Accuracy against the rank written in the players' names (weakest left), a bar per rank
// with its mean accuracy and, under it, the judged moves it rests on: a sanity check that
// stronger players play closer to the engine.
std::string accuracy_by_rank_svg(const std::vector<PlayerAnalysis>& ranks, double width, double height) {
  const double left = 36, bottom = 34, top = 14;
  const double plot = height - bottom - top;
  const double step = (width - left) / static_cast<double>(std::max<std::size_t>(ranks.size(), 1));
  char buf[160];
  std::string svg = "<svg class=\"chart\" viewBox=\"0 0 " + std::to_string(static_cast<int>(width)) + " " +
                    std::to_string(static_cast<int>(height)) + "\" role=\"img\" aria-label=\"" +
                    escape(translate("accuracy by rank")) + "\">";
  for (int pct = 0; pct <= 100; pct += 25) {
    const double y = top + plot * (1 - pct / 100.0);
    std::snprintf(buf, sizeof buf, "<line x1=\"%.0f\" y1=\"%.1f\" x2=\"%.0f\" y2=\"%.1f\" stroke=\"#ddd\"/>", left, y, width, y);
    svg += buf;
    std::snprintf(buf, sizeof buf, "<text x=\"%.0f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%d%%</text>",
                  left - 4, y + 3, pct);
    svg += buf;
  }
  for (std::size_t k = 0; k < ranks.size(); ++k) {
    const PlayerAnalysis& r = ranks[k];
    const double x = left + step * static_cast<double>(k), h = plot * r.accuracy / 100.0;
    std::snprintf(buf, sizeof buf, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#4a7ab5\">",
                  x + step * 0.15, top + plot - h, step * 0.7, h);
    svg += buf;
    std::snprintf(buf, sizeof buf, "%.1f%%, ", r.accuracy);
    svg += "<title>" + escape(r.name + ": " + buf + format("{1} moves", {std::to_string(r.moves)})) + "</title></rect>";
    std::snprintf(buf, sizeof buf, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"10\" text-anchor=\"middle\">", x + step / 2,
                  height - bottom + 13);
    svg += buf + escape(r.name) + "</text>";
    std::snprintf(buf, sizeof buf, "<text x=\"%.1f\" y=\"%.1f\" font-size=\"9\" text-anchor=\"middle\" fill=\"#666\">",
                  x + step / 2, height - bottom + 26);
    svg += buf + escape(std::to_string(r.moves)) + "</text>";
  }
  return svg + "</svg>";
}

// The play-quality section: accuracy by rank, then the tables per player, event, site,
// year and rank; nothing when no game has an analysis.
// `served`: the players link to their pages; offline a note says gibo serve shows them.
void play_quality_html(const Report& r, const std::vector<Table>& all, std::string& out, bool served) {
  if (std::none_of(all.begin(), all.end(), [](const Table& t) { return t.section == "play_quality"; })) return;
  section_open("play_quality", out);
  if (!r.analysis.ranks.empty())
    out += "<h3>" + escape(translate("Accuracy by the rank written in the players' names")) + "</h3>" +
           accuracy_by_rank_svg(r.analysis.ranks, 820, 220) + "<p class=\"note\">" +
           escape(translate("Mean accuracy of the judged moves of the sides whose names carry each rank, weakest left; "
                            "under each rank the number of judged moves.")) +
           "</p>";
  for (const Table& t : all)
    if (t.section == "play_quality" && seen_by(t.audience, Audience::Human)) table_html(t, out, 24, true, served);
  if (!served && !r.analysis.players.empty())
    out += "<p class=\"note\">" +
           escape(translate("gibo serve --db ARCHIVE shows this report at /stats with each player linked to their page "
                            "(/player?name=NAME): their play quality and analysed games.")) +
           "</p>";
  out += "</section>";
}

// The evaluation graphs of the first analysed games (the archive's stored analyses), each
// with its players and their accuracy; nothing when no game has an analysis.
void analyses_html(const Report& r, std::string& out) {
  if (r.analysis.graphed.empty()) return;
  out += "<section id=\"analyses\"><h2>" + escape(translate("Engine analyses")) + "</h2><p class=\"note\">" +
         escape(translate("Evaluation after each ply from Cho's view (up: Cho ahead), clamped at ±10 pawns, a mate at the "
                          "edge; the first analysed games:")) +
         " " + std::to_string(r.analysis.graphed.size()) + " / " + std::to_string(r.analysis.analysed_games) + "</p>";
  char buf[64];
  for (const GraphedGame& g : r.analysis.graphed) {
    std::snprintf(buf, sizeof buf, "%.1f%% / %.1f%%", g.sides[0].accuracy, g.sides[1].accuracy);
    const std::string shown =
        g.file.compare(0, r.path_prefix.size(), r.path_prefix) == 0 ? g.file.substr(r.path_prefix.size()) : g.file;
    out += "<figure class=\"graph\"><figcaption>" + escape(shown + ":" + std::to_string(g.index + 1)) +
           " · " + escape(g.cho.empty() ? "?" : g.cho) + " – " + escape(g.han.empty() ? "?" : g.han) + " · " +
           escape(translate("accuracy")) + " " + buf + "</figcaption>";
    EvalGraphOptions o;
    o.width = 820;
    o.height = 140;
    out += eval_graph_svg(g.evaluations, o) + "</figure>";
  }
  out += "</section>";
}

}  // namespace

std::string render_html(const Report& report, bool served) {
  const std::vector<Table> all = tables(report);
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"" + i18n::language() + "\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>gibo stats: " +
      escape(report.origin) + "</title>\n<style>" + kStyle + "</style>\n</head>\n<body>\n";
  header_html(report, out, served);
  nav_html(all, out);
  out += "\n<main><div class=\"wrap\">\n";
  const std::function<void()> sections[] = {
      [&] { overview_html(report, all, out); },        [&] { results_html(report, all, out); },
      [&] { setups_html(report, all, out); },          [&] { openings_html(all, out); },
      [&] { opening_names_html(report, all, out); },
      [&] { lengths_html(report, all, out); },         [&] { years_html(report, all, out); },
      [&] { simple_section("players", all, out, 200, served); }, [&] { ratings_html(report, all, out, served); },
      [&] { events_html(all, out, served); },          [&] { adjudication_html(report, all, out, served); },
      [&] { play_quality_html(report, all, out, served); },
      [&] { analyses_html(report, out); },
      [&] { simple_section("quality", all, out, 24); },
  };
  for (const auto& section : sections) {
    section();
    out += "\n";
  }
  out += "</div></main>\n<footer>" +
         escape(translate("Written by gibo stats. Stored results are counted as recorded; verdicts compare them with the "
                          "board.")) +
         "</footer>\n</body>\n</html>\n";
  return out;
}

}  // namespace gibo::stats
