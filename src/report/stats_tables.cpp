// The Report laid out as generic tables: the one place that decides which columns each
// table has, their headings, and how numbers are written, so every renderer agrees.
#include <cstdio>

#include "gibo/report/i18n.h"
#include "gibo/formats/gib.h"
#include "gibo/record/opening.h"
#include "gibo/formats/percent_encoding.h"
#include "stats.h"
#include "stats_columns.h"
#include "stats_players.h"

namespace gibo::stats {
namespace {

// The four result columns of a tally.
void tally_columns(Table& t) {
  t.columns.push_back(num_col("cho", "Cho"));
  t.columns.push_back(num_col("han", "Han"));
  t.columns.push_back(num_col("draw", "draw"));
  t.columns.push_back(num_col("other", "other"));
}
// The four result cells of a tally, matching tally_columns().
void tally_cells(std::vector<std::string>& row, const Tally& t) {
  row.push_back(num(t.cho));
  row.push_back(num(t.han));
  row.push_back(num(t.draw));
  row.push_back(num(t.other));
}

// Adds `x`'s counts to `into`.
void merge(Tally& into, const Tally& x) {
  into.cho += x.cho;
  into.han += x.han;
  into.draw += x.draw;
  into.other += x.other;
}


// The path without the report's shared directory.
std::string shown_path(const Report& r, const std::string& path) {
  return path.compare(0, r.path_prefix.size(), r.path_prefix) == 0 ? path.substr(r.path_prefix.size()) : path;
}
// A game's columns: its file and index (from 0) for machines, the one game reference
// FILE:GAME (GAME from 1, as every command writes it) for people.
void game_columns(Table& t) {
  t.columns.push_back(text_col("file", "file", Audience::Machine));
  t.columns.push_back(num_col("index", "index", Audience::Machine));
  t.columns.push_back(text_col("game", "game", Audience::Human));
}
// The cells of game_columns().
void game_cells(std::vector<std::string>& row, const Report& r, const std::string& path, int index) {
  row.push_back(path);
  row.push_back(std::to_string(index));
  row.push_back(shown_path(r, path) + ":" + std::to_string(index + 1));
}

// Overview, sites and events.
void overview_tables(const Report& r, std::vector<Table>& out) {
  const Overview& v = r.overview;
  Table t{"overview", "overview", "Overview", Audience::Both,
          {text_col("key", "key", Audience::Machine), text_col("item", "", Audience::Human),
           text_col("value", "", Audience::Machine), text_col("value_shown", "", Audience::Human)},
          {}, {}, ""};
  // Each value as machines read it and as people do (a date in their language).
  auto add = [&](const char* key, const char* label, const std::string& value, const std::string* shown = nullptr) {
    t.rows.push_back({key, label, value, shown ? *shown : value});
  };
  // A count: the digits for machines, grouped by thousands in the run's language for people.
  auto count = [&](const char* key, const char* label, long n) {
    const std::string shown = i18n::number(n);
    add(key, label, num(n), &shown);
  };
  add("origin", "read from", r.origin);
  if (!r.path_prefix.empty() && r.path_prefix != r.origin && r.path_prefix != r.origin + "/")
    add("directory", i18n::N_("files in"), r.path_prefix);
  count("files", "files", v.files);
  if (v.unreadable_files) count("unreadable_files", i18n::N_("unreadable files"), v.unreadable_files);
  if (r.duplicates) count("duplicates", i18n::N_("duplicate copies (not counted)"), r.duplicates);
  count("games", "games", v.games);
  count("valid", "valid games", v.valid);
  count("rejected", "rejected games", v.rejected);
  count("plies", "plies", v.plies);
  count("valid_plies", "valid plies", v.valid_plies);
  count("dated", "dated games", v.dated);
  const std::string first = v.first_date.empty() ? "-" : v.first_date, last = v.last_date.empty() ? "-" : v.last_date;
  const std::string first_shown = i18n::date(first), last_shown = i18n::date(last);
  add("first_date", "first date", first, &first_shown);
  add("last_date", "last date", last, &last_shown);
  const Counts& c = r.counts;
  count("players", "players (identities)", c.players);
  count("sites", "sites", c.sites);
  count("event_names", "event names", c.event_names);
  count("events", "events (competitions)", c.events);
  count("matches", "matches (two players)", c.matches);
  count("casual_pools", "pools of casual games", c.casual_pools);
  count("standard_starts", "games from a set-up pair", c.standard_starts);
  count("custom_starts", "games from a custom start", c.custom_starts);
  add("verdicts", "verdicts", r.verdicts_from == "archive"    ? i18n::N_("stored in the archive")
                              : r.verdicts_from == "computed" ? i18n::N_("judged while reading")
                                                              : "none");
  out.push_back(std::move(t));

  for (int which = 0; which < 2; ++which) {
    const auto& list = which == 0 ? v.sites : v.events;
    const std::string id = which == 0 ? "site" : "event";
    Table s{id + "s", "overview",
            which == 0 ? "Sites (대국장소), most games first" : "Event names (대회명), most games first", Audience::Both,
            {text_col(id, id, Audience::Machine), text_col(id + "_shown", id, Audience::Human),
             num_col("games", "games"), num_col("percent", "%")},
            {}, {}, ""};
    for (const NamedCount& c : list)
      s.rows.push_back({c.name, c.name.empty() ? "(unknown)" : c.name, num(c.games), percent(c.games, v.games)});
    s.human_rows = static_cast<std::size_t>(r.options.top_sites);  // --top; CSV and JSON hold every row
    s.note = which == 0 ? i18n::N_("spellings of one name count as one (Unicode NFKC, case, spacing, aliases); (unknown): "
                                   "none, 미상, ? or a value that is no site (the table below)")
                        : i18n::N_("spellings of one name count as one (Unicode NFKC, case, spacing, aliases); (unknown): "
                                   "none, 미상, ? or a value that is no event (the table below)");
    out.push_back(std::move(s));
  }
  Table n{"not_sites_or_events", "overview", "Values of the site and event tags that are no site or event",
          Audience::Both,
          {text_col("tag", "tag"), text_col("value", "value"), text_col("why", "why"), num_col("games", "games")},
          {}, {}, ""};
  for (const NotEntity& e : v.not_entities)
    n.rows.push_back({e.event ? "event" : "site", e.value, e.why, num(e.games)});
  n.note = "counted as unknown: the alias table says so (NAME !NOTE), or the site is a player's name, or the event a "
           "site's name";
  if (!n.rows.empty()) out.push_back(std::move(n));
}

// Stored results, results by method, margins of point wins.
void results_tables(const Report& r, std::vector<Table>& out) {
  const Results& x = r.results;
  const long games = x.overall.total();
  Table t{"results", "results", "Stored results", Audience::Both,
          {text_col("result", "result", Audience::Machine), text_col("label", "result", Audience::Human),
           num_col("games", "games"), num_col("percent", "%")},
          {}, {}, ""};
  auto add = [&](const char* id, const char* label, long n, int indent) {
    t.rows.push_back({id, label, num(n), percent(n, games)});
    t.indent.push_back(indent);
  };
  add("cho", "Cho wins", x.overall.cho, 0);
  add("han", "Han wins", x.overall.han, 0);
  add("draw", "draws", x.overall.draw, 0);
  add("other", "other", x.overall.other, 0);
  add("void", "void", x.void_games, 1);
  add("unknown", "unknown or not understood", x.unknown, 1);
  add("no-result", "no stored result", x.no_result, 1);
  out.push_back(std::move(t));

  Table m{"results_by_method", "results", "Results by method", Audience::Both,
          {text_col("method", "method"), num_col("games", "games")}, {}, {}, ""};
  m.columns.push_back(num_col("cho", "Cho"));
  m.columns.push_back(num_col("han", "Han"));
  m.columns.push_back(num_col("draw", "draw"));
  for (const MethodRow& row : x.by_method)
    m.rows.push_back({row.method, num(row.tally.total()), num(row.tally.cho), num(row.tally.han), num(row.tally.draw)});
  out.push_back(std::move(m));

  Table p{"point_margins", "results", "Margins of point wins", Audience::Both,
          {num_col("margin", "margin (points)"), num_col("games", "games"), num_col("cho", "Cho"), num_col("han", "Han")},
          {}, {}, ""};
  for (const MarginRow& row : x.margins)
    p.rows.push_back({format_half_points(row.half_points), num(row.cho + row.han), num(row.cho), num(row.han)});
  if (x.point_wins_without_margin)
    p.note = i18n::format("{1} point wins whose result states no margin are not listed", {num(x.point_wins_without_margin)});
  out.push_back(std::move(p));
}

// The setup matrix for humans, the 16 setup pairs in long form for machines.
void setup_tables(const Report& r, std::vector<Table>& out) {
  const SetupMatrix& s = r.setups;
  Table m{"setup_matrix", "setups", "Setups: games and Cho's win rate (Cho's setup down, Han's across)", Audience::Human,
          {text_col("cho_setup", "Cho ↓ Han →")}, {}, {}, ""};
  for (Setup h : kAllSetups) m.columns.push_back(num_col(std::string(setup_code(h)), setup_label(h)));
  m.columns.push_back(num_col("all", "all"));
  auto cell = [](const Tally& t) {
    if (t.total() == 0) return std::string("·");
    const auto rate = t.cho_win_percent();
    return num(t.total()) + (rate ? "  " + format_decimal(rate, 0) + "%" : "  -");
  };
  std::array<Tally, 4> column_totals{};
  Tally all;
  for (Setup c : kAllSetups) {
    std::vector<std::string> row{setup_label(c)};
    Tally row_total;
    for (Setup h : kAllSetups) {
      const Tally& t = s.cells[static_cast<int>(c)][static_cast<int>(h)];
      row.push_back(cell(t));
      merge(row_total, t);
      merge(column_totals[static_cast<int>(h)], t);
      merge(all, t);
    }
    row.push_back(cell(row_total));
    m.rows.push_back(std::move(row));
  }
  std::vector<std::string> last{"all"};
  for (const Tally& t : column_totals) last.push_back(cell(t));
  last.push_back(cell(all));
  m.rows.push_back(std::move(last));
  m.note = "each cell: games, then Cho's wins in percent of the games won or drawn";
  if (r.counts.custom_starts) m.note += "; " + num(r.counts.custom_starts) + " games from a custom position are not in the matrix";
  out.push_back(std::move(m));

  Table l{"setups", "setups", "Setups", Audience::Machine,
          {text_col("cho_setup", "Cho setup"), text_col("han_setup", "Han setup"), text_col("cho_code", "Cho code"),
           text_col("han_code", "Han code"), num_col("games", "games")},
          {}, {}, ""};
  tally_columns(l);
  l.columns.push_back(num_col("cho_win_percent", "Cho win %"));
  for (Setup c : kAllSetups)
    for (Setup h : kAllSetups) {
      const Tally& t = s.cells[static_cast<int>(c)][static_cast<int>(h)];
      std::vector<std::string> row{setup_label(c), setup_label(h), std::string(setup_code(c)),
                                   std::string(setup_code(h)), num(t.total())};
      tally_cells(row, t);
      row.push_back(format_decimal(t.cho_win_percent()));
      l.rows.push_back(std::move(row));
    }
  out.push_back(std::move(l));
}

// Machine rows: one per node of the tree, with its whole line.
void opening_rows(const std::string& setup, const std::vector<OpeningNode>& nodes, int depth, const std::string& prefix,
                  Table& t) {
  for (const OpeningNode& n : nodes) {
    const std::string line = prefix.empty() ? n.ply : prefix + " " + n.ply;
    std::vector<std::string> row{setup, num(depth), line, n.ply, num(n.games)};
    tally_cells(row, n.tally);
    row.push_back(format_decimal(n.tally.cho_win_percent()));
    t.rows.push_back(std::move(row));
    opening_rows(setup, n.children, depth + 1, line, t);
  }
}

// Human rows: the tree indented, a node whose only shown continuation is played by the
// same games merged into its row ("3. 02마83 12마33 82포85").
void opening_tree_rows(const std::vector<OpeningNode>& nodes, int depth, int indent, Table& t) {
  for (const OpeningNode& n : nodes) {
    std::string text = std::to_string(depth) + ". " + n.ply;
    const OpeningNode* at = &n;
    int end = depth;
    while (at->children.size() == 1 && at->children.front().games == at->games) {
      at = &at->children.front();
      text += " " + at->ply;
      ++end;
    }
    std::vector<std::string> row{text, num(n.games)};
    tally_cells(row, n.tally);
    row.push_back(format_decimal(n.tally.cho_win_percent()));
    t.rows.push_back(std::move(row));
    t.indent.push_back(indent);
    opening_tree_rows(at->children, end + 1, indent + 1, t);
  }
}

// The openings tree for humans (merged lines) and for machines (one row a node).
void opening_tables(const Report& r, std::vector<Table>& out) {
  const std::string note = num(r.openings.games) + " games from a standard start, one tree per set-up pair (Cho / Han); lines played in at least " +
                           num(r.options.opening_min_games) + " games, up to " + num(r.options.opening_depth) +
                           " plies, " + num(r.options.opening_children) + " continuations each";
  Table h{"opening_tree", "openings", "Openings: the most frequent first plies", Audience::Human,
          {text_col("line", "plies"), num_col("games", "games")}, {}, {}, ""};
  tally_columns(h);
  h.columns.push_back(num_col("cho_win_percent", "Cho win %"));
  for (const SetupOpenings& so : r.openings.setups) {
    // A set-up pair's row heads its tree (Cho's / Han's, as seen from Cho).
    std::vector<std::string> row{std::string(gib_setup_name(so.cho)) + " / " + std::string(gib_setup_name(so.han)),
                                 num(so.games)};
    tally_cells(row, so.tally);
    row.push_back(format_decimal(so.tally.cho_win_percent()));
    h.rows.push_back(std::move(row));
    h.indent.push_back(0);
    opening_tree_rows(so.roots, 1, 1, h);
  }
  h.note = note + "; a line followed by all its games is shown on one row";
  out.push_back(std::move(h));

  Table t{"openings", "openings", "Openings: the most frequent first plies", Audience::Machine,
          {text_col("setup", "set-ups"), num_col("depth", "depth"), text_col("line", "line"), text_col("ply", "ply"),
           num_col("games", "games")},
          {}, {}, ""};
  tally_columns(t);
  t.columns.push_back(num_col("cho_win_percent", "Cho win %"));
  for (const SetupOpenings& so : r.openings.setups)
    opening_rows(std::string(setup_code(so.cho)) + "," + std::string(setup_code(so.han)), so.roots, 1, "", t);
  t.note = note;
  out.push_back(std::move(t));
}

// The won, lost and drawn games of a side among `t` (side 0 Cho, 1 Han).
void side_cells(std::vector<std::string>& row, long games, const Tally& t, int side) {
  const long won = side == 0 ? t.cho : t.han, lost = side == 0 ? t.han : t.cho;
  row.push_back(num(games));
  row.push_back(num(won));
  row.push_back(num(lost));
  row.push_back(num(t.draw));
  row.push_back(percent(won, won + lost + t.draw));
}

// The games by opening name (formats/openings/README.md).
void opening_names_table(const Report& r, std::vector<Table>& out) {
  const OpeningNames& n = r.opening_names;
  const bool ko = i18n::language() == "ko";
  Table t{"opening_names", "opening_names", "Games by opening name", Audience::Both,
          {text_col("code", "code"), text_col("name", "opening", Audience::Human),
           text_col("korean", "korean", Audience::Machine), text_col("english", "english", Audience::Machine),
           num_col("games", "games"), num_col("percent", "%")},
          {}, {}, ""};
  tally_columns(t);
  t.columns.push_back(num_col("cho_win_percent", "Cho win %"));
  for (const OpeningNameRow& row : n.names) {
    std::vector<std::string> cells{row.code, opening_name(row.example, ko), opening_name(row.example, true),
                                   opening_name(row.example, false), num(row.games), percent(row.games, n.games)};
    tally_cells(cells, row.tally);
    cells.push_back(format_decimal(row.tally.cho_win_percent()));
    t.rows.push_back(std::move(cells));
  }
  t.human_rows = static_cast<std::size_t>(r.options.top_opening_names);
  t.note = num(n.games) + " games from a set-up pair, named from the board (code: the set-up pair, each side's "
                          "formations, the line; ? a side no formation fits)";
  if (r.counts.custom_starts) t.note += "; " + num(r.counts.custom_starts) + " games from a position of their own";
  out.push_back(std::move(t));

}

// The formations by side, each side's games and results with it.
void formations_table(const OpeningNames& n, std::vector<Table>& out) {
  const bool ko = i18n::language() == "ko";
  Table f{"formations", "opening_names", "Formations by side", Audience::Both,
          {text_col("code", "code"), text_col("name", "formation", Audience::Human),
           text_col("korean", "korean", Audience::Machine), text_col("english", "english", Audience::Machine)},
          {}, {}, ""};
  for (const char* side : {"cho", "han"}) {
    const std::string s(side), label = s == "cho" ? "Cho" : "Han";
    f.columns.push_back(num_col(s + "_games", label + ": games"));
    f.columns.push_back(num_col(s + "_won", label + ": won"));
    f.columns.push_back(num_col(s + "_lost", label + ": lost"));
    f.columns.push_back(num_col(s + "_drawn", label + ": drawn"));
    f.columns.push_back(num_col(s + "_won_percent", label + ": won %"));
  }
  for (const FormationRow& row : n.formations) {
    std::vector<std::string> cells;
    if (row.rule) cells = {row.rule->code, ko ? row.rule->korean : row.rule->english, row.rule->korean, row.rule->english};
    else cells = {"?", ko ? "미상" : "unknown", "미상", "unknown"};
    for (int side = 0; side < 2; ++side)
      side_cells(cells, row.sides[static_cast<std::size_t>(side)], row.tally[static_cast<std::size_t>(side)], side);
    f.rows.push_back(std::move(cells));
  }
  f.note = "games in which the formation's predicate held for that side in the first 24 plies, and that side's results; "
           "a side may hold several";
  out.push_back(std::move(f));
}

// The sides holding each formation of the book, by `first` (a year, a site): `rows`.
void formation_slices_table(const OpeningNames& n, const char* id, const char* title, const char* first,
                            const std::vector<FormationSlice>& rows, std::size_t human_rows, std::vector<Table>& out) {
  Table s{id,
          "opening_names",
          title,
          Audience::Both,
          {text_col(first, first, Audience::Machine), text_col(std::string(first) + "_shown", first, Audience::Human),
           num_col("sides", "sides")},
          {},
          {},
          ""};
  for (const FormationRule* rule : n.book) s.columns.push_back(num_col(rule->code, rule->code));
  for (const FormationSlice& slice : rows) {
    std::vector<std::string> cells{slice.label, slice.label.empty() ? "(unknown)" : slice.label, num(slice.sides)};
    for (std::size_t i = 0; i < n.book.size(); ++i) cells.push_back(num(i < slice.counts.size() ? slice.counts[i] : 0));
    s.rows.push_back(std::move(cells));
  }
  s.human_rows = human_rows;
  s.note = "sides (two a game) holding each formation, by its code";
  out.push_back(std::move(s));
}

// The players' usual formations on each side.
void player_formations_table(const Report& r, std::vector<Table>& out) {
  const OpeningNames& n = r.opening_names;
  Table p{"formations_by_player", "opening_names", "The players' usual formations", Audience::Both,
          {text_col("player", "player"), num_col("games", "games"), text_col("as_cho", "as Cho"),
           text_col("as_cho_code", "as Cho", Audience::Machine), num_col("as_cho_games", "games with it"),
           num_col("cho_games", "games as Cho"), text_col("as_han", "as Han"),
           text_col("as_han_code", "as Han", Audience::Machine), num_col("as_han_games", "games with it"),
           num_col("han_games", "games as Han")},
          {}, {}, ""};
  for (const PlayerOpenings& po : n.players)
    p.rows.push_back({po.name, num(po.games), po.usual_names[0], po.usual[0], num(po.usual_games[0]),
                      num(po.side_games[0]), po.usual_names[1], po.usual[1], num(po.usual_games[1]),
                      num(po.side_games[1])});
  p.human_rows = static_cast<std::size_t>(r.options.top_players);
  p.note = "the formations a player held most often on each side (games from a set-up pair)";
  out.push_back(std::move(p));
}

// The games by opening name, the formations by side, and the formations by year, site and
// player (formats/openings/README.md).
void opening_name_tables(const Report& r, std::vector<Table>& out) {
  const OpeningNames& n = r.opening_names;
  opening_names_table(r, out);
  formations_table(n, out);
  formation_slices_table(n, "formations_by_year", "Formations per year", "year", n.by_year, 0, out);
  formation_slices_table(n, "formations_by_site", "Formations per site", "site", n.by_site,
                         static_cast<std::size_t>(r.options.top_sites), out);
  player_formations_table(r, out);
}

// Length summary and distribution.
void length_tables(const Report& r, std::vector<Table>& out) {
  const Lengths& l = r.lengths;
  Table s{"length_summary", "lengths", "Game length (plies as recorded)", Audience::Both,
          {text_col("statistic", "statistic"), num_col("plies", "plies")}, {}, {}, ""};
  if (l.games) {
    s.rows.push_back({"shortest", num(l.min)});
    s.rows.push_back({"median", format_decimal(l.median)});
    s.rows.push_back({"mean", format_decimal(l.mean)});
    s.rows.push_back({"longest", num(l.max)});
  }
  out.push_back(std::move(s));
  Table t{"lengths", "lengths", "Length distribution", Audience::Both,
          {text_col("range", "plies", Audience::Human), num_col("low", "from", Audience::Machine),
           num_col("high", "to", Audience::Machine), num_col("games", "games"), num_col("percent", "%")},
          {}, {}, ""};
  tally_columns(t);
  for (const LengthBucket& b : l.buckets) {
    std::vector<std::string> row{num(b.low) + "–" + num(b.high), num(b.low), num(b.high), num(b.games),
                                 percent(b.games, l.games)};
    tally_cells(row, b.tally);
    t.rows.push_back(std::move(row));
  }
  out.push_back(std::move(t));
}

// Games per year.
void year_tables(const Report& r, std::vector<Table>& out) {
  Table t{"years", "years", "Games per year (대국일자)", Audience::Both,
          {text_col("year", "year"), num_col("games", "games")}, {}, {}, ""};
  tally_columns(t);
  for (const YearRow& y : r.years) {
    std::vector<std::string> row{y.year ? num(*y.year) : "unknown", num(y.games)};
    tally_cells(row, y.tally);
    t.rows.push_back(std::move(row));
  }
  t.note = i18n::N_("dates read leniently: 2009-01-18, 1937년, 2008년 12월 31일, 2020.01~2020.06 (its start); 미상 is unknown");
  out.push_back(std::move(t));
}

// The top players.
void player_tables(const Report& r, std::vector<Table>& out) {
  const Players& p = r.players;
  Table t{"players", "players", "Top players (초대국자, 한대국자)", Audience::Both,
          {num_col("rank", "#"), player_col("player", "player"), num_col("games", "games"), num_col("wins", "won"),
           num_col("losses", "lost"), num_col("draws", "drawn"), num_col("other", "other"),
           num_col("win_percent", "won %"), num_col("as_cho", "as Cho"), num_col("wins_as_cho", "won as Cho"),
           num_col("as_han", "as Han"), num_col("wins_as_han", "won as Han")},
          {}, {}, ""};
  long rank = 0;
  for (const PlayerRow& row : p.top)
    t.rows.push_back({num(++rank), row.name, num(row.games), num(row.wins), num(row.losses), num(row.draws),
                      num(row.other), percent(row.wins, row.wins + row.losses + row.draws), num(row.as_cho),
                      num(row.wins_as_cho), num(row.as_han), num(row.wins_as_han)});
  t.note = num(r.counts.players) + " players (identities: the rank written in the name removed, a site's nicknames apart, "
           "the alias table's and the collection's merges, src/cli/help/stats.md \"Players and events\")";
  if (p.unnamed) t.note += "; " + num(p.unnamed) + " sides without a name left out";
  t.human_rows = static_cast<std::size_t>(r.options.top_players);  // --top; CSV and JSON hold every row
  out.push_back(std::move(t));

  Table m{"possible_merges", "players", "Possible merges no rule decides", Audience::Both,
          {num_col("group", "#"), player_col("player", "player"), num_col("games", "games"), text_col("reason", "reason")},
          {}, {}, ""};
  long group = 0;
  for (const PossibleMerge& x : r.possible_merges) {
    ++group;
    for (std::size_t i : x.identities)
      m.rows.push_back({num(group), r.identities[i].name, num(static_cast<long>(r.identities[i].games.size())), x.reason});
  }
  m.note = num(group) + " groups of identities that may be one person; a player line of the alias table decides "
           "(player<TAB>NAME<TAB>NAME@SITE merges, player<TAB>NAME<TAB>NAME keeps apart); several-sites: a name "
           "without a site is a nickname at several online sites; known-site: it also plays at a known site; "
           "met-each-other: the two met in a game; nickname-several-sites: one nickname at several online sites; "
           "digits-added: one name is the other with digits added, at one site, never met";
  m.human_rows = static_cast<std::size_t>(r.options.top_players);
  if (!m.rows.empty()) out.push_back(std::move(m));
}

// Play quality from the stored engine analyses (only when some exist): per player (the
// table player_analysis), event, site, year and rank, each row with its sample (games,
// judged moves).
void play_quality_tables(const Report& r, std::vector<Table>& out) {
  if (r.analysis.players.empty() && r.analysis.years.empty() && r.analysis.events.empty()) return;
  struct Group {
    const char* id;
    const char* key_label;
    const char* title;
    const std::vector<PlayerAnalysis>* rows;
    int left_out;  // AnalysisStats::left_out's index of the sides it leaves out; -1: none
  };
  const Group groups[] = {
      {"player_analysis", "player", "Play quality per player (the stored engine analyses)", &r.analysis.players, 0},
      {"play_quality_events", "event", "Play quality per event", &r.analysis.events, 1},
      {"play_quality_sites", "site", "Play quality per site", &r.analysis.sites, 2},
      {"play_quality_years", "year", "Play quality per year", &r.analysis.years, 3},
      {"play_quality_ranks", "rank", "Play quality per rank written in the players' names", &r.analysis.ranks, 4},
  };
  for (const Group& g : groups) {
    if (g.rows->empty()) continue;
    Table t{g.id, "play_quality", g.title, Audience::Both,
            {g.key_label == std::string("player") ? player_col("player", "player") : text_col("group", g.key_label),
             num_col("games", "games"),
             num_col("moves", "moves"), num_col("average_loss", "avg loss cp"), num_col("accuracy", "accuracy %"),
             num_col("best_move_percent", "best move %"), num_col("blunders_per_100", "blunders /100"),
             num_col("inaccuracies", "inaccuracies"), num_col("mistakes", "mistakes"), num_col("blunders", "blunders")},
            {}, {}, ""};
    for (const PlayerAnalysis& p : *g.rows)
      t.rows.push_back({p.name, num(p.games), num(p.moves), format_decimal(p.average_loss), format_decimal(p.accuracy),
                        format_decimal(p.best_move_percent()), format_decimal(p.blunders_per_100(), 2),
                        num(p.inaccuracies), num(p.mistakes), num(p.blunders)});
    t.note = "each game's newest complete analysis (gibo analyze --db); games: analysed sides; moves: judged moves "
             "(the sample); losses, accuracy and classes as gibo analyze gives them";
    if (g.left_out >= 0 && r.analysis.left_out[static_cast<std::size_t>(g.left_out)])
      t.note += "; " + i18n::format("{1} analysed sides without one left out", {num(r.analysis.left_out[static_cast<std::size_t>(g.left_out)])});
    if (r.analysis.requests > 1)
      t.note += "; " + i18n::format("WARNING: the analyses come from {1} different requests (engine, options, limit or "
                                    "variant): the numbers mix them; analyse the games again under one request",
                                    {num(r.analysis.requests)});
    t.human_rows = static_cast<std::size_t>(r.options.top_players);
    out.push_back(std::move(t));
  }
}

// The engine verdicts on the unverifiable endings, per profile (only when some are stored).
void engine_verdict_tables(const Report& r, std::vector<Table>& out) {
  if (r.analysis.engine_verdicts.empty()) return;
  Table t{"engine_verdicts", "adjudication",
          i18n::N_("Engine verdicts on the endings the rules cannot decide (gibo rescore --engine)"), Audience::Both,
          {text_col("profile", "profile"), num_col("games", "games"), num_col("engine-supports", "engine-supports"),
           num_col("engine-contradicts", "engine-contradicts"), num_col("engine-unclear", "engine-unclear"),
           num_col("information", "won off the board")},
          {}, {}, ""};
  for (const EngineVerdictCounts& c : r.analysis.engine_verdicts)
    t.rows.push_back({c.profile, num(c.total()), num(c.supports), num(c.contradicts), num(c.unclear), num(c.information)});
  t.note = i18n::N_("the final position's evaluation beside the stored result: see gibo rescore --help, --margin; won off "
                    "the board: wins on time, by forfeit or disconnection, which the board does not decide (the engine's "
                    "reading is information, not a finding)");
  out.push_back(std::move(t));
  struct List {
    const char* id;
    const char* title;
    const std::vector<EngineContradiction>* rows;
  };
  for (const List& l : {List{"engine_contradictions", "Stored winners the engine finds lost (engine-contradicts)",
                             &r.analysis.contradictions},
                        List{"engine_readings", "Wins off the board (time, forfeit, disconnection): who the engine finds "
                                                "ahead (information, not a finding)",
                             &r.analysis.readings}}) {
    if (l.rows->empty()) continue;
    Table c{l.id, "adjudication", l.title, Audience::Both, {}, {}, {}, ""};
    c.columns.push_back(num_col("game_id", "game id", Audience::Machine));
    game_columns(c);
    c.columns.insert(c.columns.end(), {text_col("cho", "Cho"), text_col("han", "Han"), text_col("stored", "stored result"),
                                       text_col("profile", "profile"), num_col("ply", "at ply"), text_col("eval", "evaluation"),
                                       text_col("note", "reading"), text_col("viewer", "viewer", Audience::Machine)});
    for (const EngineContradiction& x : *l.rows) {
      std::vector<std::string> row = {std::to_string(x.game_id)};
      game_cells(row, r, x.file, x.index);
      row.insert(row.end(), {x.cho, x.han, x.result_text, x.profile, num(x.ply), x.eval, x.note, contradiction_link(x)});
      c.rows.push_back(std::move(row));
    }
    c.note = i18n::N_("the evaluation of the judged position, Cho's view; gibo serve shows each game at that ply with its verdict");
    out.push_back(std::move(c));
  }
}

// Verdicts per profile and the disagreements.
void adjudication_tables(const Report& r, std::vector<Table>& out) {
  const AdjudicationStats& a = r.adjudication;
  Table v{"verdicts", "adjudication", "Verdicts per profile: does the stored result agree with the board?",
          Audience::Both, {text_col("profile", "profile"), num_col("games", "games")}, {}, {}, ""};
  for (const std::string& k : a.kinds) v.columns.push_back(num_col(k, k));
  for (const ProfileVerdicts& p : a.profiles) {
    std::vector<std::string> row{p.profile, num(p.games)};
    for (long n : p.counts) row.push_back(num(n));
    v.rows.push_back(std::move(row));
  }
  out.push_back(std::move(v));

  Table d{"disagreements", "adjudication", "Disagreements: the board contradicts the stored result", Audience::Both,
          {}, {}, {}, ""};
  game_columns(d);
  d.columns.insert(d.columns.end(),
                   {text_col("cho", "Cho"), text_col("han", "Han"), text_col("stored", "stored result"),
                    text_col("profiles", "profiles", Audience::Machine),
                    text_col("profiles_shown", "profiles", Audience::Human), text_col("board", "board"), text_col("reason", "ending"),
                    num_col("ply", "at ply"), num_col("plies", "plies"), num_col("cho_score", "Cho pts"),
                    num_col("han_score", "Han pts"), text_col("why", "why")});
  for (const Disagreement& x : a.disagreements) {
    std::vector<std::string> row;
    game_cells(row, r, x.file, x.index);
    std::string profiles;
    for (const std::string& p : x.profiles) profiles += (profiles.empty() ? "" : " ") + p;
    auto points = [](const std::optional<int>& half) { return half ? format_half_points(*half) : std::string(); };
    const bool every = x.profiles.size() > 1 && x.profiles.size() == a.profiles.size();
    row.insert(row.end(), {x.cho, x.han, x.result_text, profiles,
                           every ? "all " + num(static_cast<long>(x.profiles.size())) : profiles,
                           x.board_winner.empty() ? "no ending" : x.board_winner, x.board_reason,
                           x.board_ply ? num(x.board_ply) : "", num(x.plies), points(x.cho_score),
                           points(x.han_score), x.note});
    d.rows.push_back(std::move(row));
  }
  d.human_rows = static_cast<std::size_t>(r.options.disagreements_listed);
  out.push_back(std::move(d));
}

// Annotation: the records that mark captures and checks, and those that do not.
void annotation_table(const Quality& q, std::vector<Table>& out) {
  Table a{"annotation", "quality", "Annotation: capture and check marks in the records", Audience::Both,
          {text_col("annotation", "annotation", Audience::Machine), text_col("item", "", Audience::Human),
           num_col("games", "games")},
          {}, {}, ""};
  a.rows.push_back({"annotated", "annotated (marks captures and checks)", num(q.annotated)});
  a.rows.push_back({"unannotated", "unannotated (no marks at all)", num(q.unannotated)});
  if (q.annotation_unknown)
    a.rows.push_back({"unknown", i18n::N_("unknown (imported before schema version 2)"), num(q.annotation_unknown)});
  out.push_back(std::move(a));
}

// Diagnostics by code, and by source file (every file for machines, those with findings
// for people).
void diagnostics_tables(const Report& r, std::vector<Table>& out) {
  const Quality& q = r.quality;
  Table c{"diagnostics_by_code", "quality", "Diagnostics by code", Audience::Both,
          {text_col("code", "code"), text_col("severity", "severity"), num_col("occurrences", "times"),
           num_col("games", "games"), num_col("files", "files")},
          {}, {}, ""};
  for (const CodeRow& row : q.codes)
    c.rows.push_back({row.code, std::string(severity_name(row.severity)), num(row.occurrences), num(row.games),
                      num(row.files)});
  out.push_back(std::move(c));

  Table s{"diagnostics_by_source", "quality", i18n::N_("Diagnostics by source file"), Audience::Both,
          {text_col("file", "file", Audience::Machine), text_col("file_shown", "file", Audience::Human),
           text_col("encoding", "encoding"), num_col("games", "games"),
           num_col("rejected", "rejected"), num_col("errors", "errors"), num_col("warnings", "warnings"),
           num_col("notes", "notes"), num_col("filler_runs", "filler runs")},
          {}, {}, ""};
  // Humans see the files with something to say; machines get every file.
  Table h = s;
  h.id = "sources_with_findings";
  h.title = "Source files with findings";
  h.audience = Audience::Human;
  s.audience = Audience::Machine;
  long clean = 0;
  for (const SourceRow& row : q.sources) {
    std::vector<std::string> cells{row.path, shown_path(r, row.path), row.readable ? row.encoding : "unreadable",
                                   num(row.games), num(row.rejected), num(row.errors), num(row.warnings),
                                   num(row.notes), num(row.filler_runs)};
    const bool findings = !row.readable || row.rejected || row.errors || row.warnings || row.notes || row.filler_runs;
    if (findings) h.rows.push_back(cells);
    else ++clean;
    s.rows.push_back(std::move(cells));
  }
  if (clean) h.note = num(clean) + (clean == 1 ? " file" : " files") + " without findings not listed";
  h.human_rows = 100;
  out.push_back(std::move(h));
  out.push_back(std::move(s));
}

// Encoding problems and 총수 mismatches.
void encoding_and_count_tables(const Report& r, std::vector<Table>& out) {
  const Quality& q = r.quality;
  Table e{"encoding_problems", "quality", "Encoding problems", Audience::Both,
          {text_col("file", "file", Audience::Machine), text_col("file_shown", "file", Audience::Human),
           text_col("encoding", "encoding"), text_col("problem", "problem")},
          {}, {}, ""};
  for (const EncodingProblem& p : q.encoding) e.rows.push_back({p.path, shown_path(r, p.path), p.encoding, p.problem});
  e.human_rows = 100;
  out.push_back(std::move(e));

  Table m{"ply_count_mismatches", "quality", "총수 mismatches: the stated ply count differs from the plies", Audience::Both,
          {}, {}, {}, ""};
  game_columns(m);
  m.columns.insert(m.columns.end(), {num_col("stated", "총수"), num_col("plies", "plies")});
  for (const PlyCountMismatch& x : q.ply_count_mismatches) {
    std::vector<std::string> row;
    game_cells(row, r, x.file, x.index);
    row.insert(row.end(), {num(x.stated), num(x.actual)});
    m.rows.push_back(std::move(row));
  }
  m.human_rows = 100;
  out.push_back(std::move(m));
}

// Copies that say otherwise than their game.
void copy_conflicts_table(const Report& r, std::vector<Table>& out) {
  const Quality& q = r.quality;
  Table k{"copy_conflicts", "quality",
          i18n::N_("Copies that say otherwise than their game: the same moves, another player, date or winner"), Audience::Both,
          {}, {}, {}, ""};
  game_columns(k);
  k.columns.insert(k.columns.end(), {text_col("copy_file", "copy", Audience::Machine),
                                     num_col("copy_index", "copy game", Audience::Machine),
                                     text_col("copy", "copy", Audience::Human), text_col("conflicts", i18n::N_("says otherwise"))});
  for (const CopyConflict& x : q.conflicts) {
    std::vector<std::string> row;
    game_cells(row, r, x.file, x.index);
    row.insert(row.end(), {x.copy_file, num(x.copy_index), shown_path(r, x.copy_file) + ":" + num(x.copy_index + 1),
                           x.conflicts});
    k.rows.push_back(std::move(row));
  }
  k.human_rows = 100;
  k.note = i18n::N_("the copies are kept with the game (gibo export --copies); the game counts once");
  out.push_back(std::move(k));
}

// Annotation, diagnostics by code and by file, encoding problems, 총수 mismatches, copy
// conflicts.
void quality_tables(const Report& r, std::vector<Table>& out) {
  annotation_table(r.quality, out);
  diagnostics_tables(r, out);
  encoding_and_count_tables(r, out);
  copy_conflicts_table(r, out);
}

}  // namespace

std::string format_decimal(std::optional<double> v, int decimals) {
  if (!v) return "";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, *v);
  std::string s = buffer;
  if (s == "-0" || s == "-0.0") s.erase(0, 1);
  return s;
}

std::string format_half_points(int half_points) {
  return std::to_string(half_points / 2) + (half_points % 2 ? ".5" : "");
}

std::string setup_label(Setup s) { return std::string(gib_setup_name(s)); }

const std::vector<Section>& sections() {
  static const std::vector<Section> list = {
      {"overview", "Overview"},       {"results", "Results"},         {"setups", "Setups"},
      {"openings", "Openings"},       {"opening_names", "Opening names"},
      {"lengths", "Game lengths"},    {"years", "Games per year"},
      {"players", "Players"},         {"ratings", "Ratings"},         {"events", "Events"},
      {"adjudication", "Adjudication"}, {"play_quality", "Play quality"}, {"quality", "Data quality"},
  };
  return list;
}

bool seen_by(Audience audience, Audience reader) { return audience == Audience::Both || audience == reader; }

std::vector<std::size_t> shown_columns(const Table& t, Audience reader) {
  std::vector<std::size_t> shown;
  for (std::size_t c = 0; c < t.columns.size(); ++c)
    if (seen_by(t.columns[c].audience, reader)) shown.push_back(c);
  return shown;
}

std::size_t shown_rows(const Table& t) {
  return t.human_rows && t.human_rows < t.rows.size() ? t.human_rows : t.rows.size();
}

std::string human_note(const Table& t) {
  std::string note = t.note;
  if (shown_rows(t) < t.rows.size())
    note += (note.empty() ? "" : "; ") + std::string("the first ") + std::to_string(shown_rows(t)) + " of " +
            std::to_string(t.rows.size()) + " rows; CSV and JSON have all";
  return note;
}

std::string player_link(const std::string& name) { return "/player?name=" + text::percent_encode(name); }

std::vector<Table> tables(const Report& report) {
  std::vector<Table> out;
  overview_tables(report, out);
  results_tables(report, out);
  setup_tables(report, out);
  opening_tables(report, out);
  opening_name_tables(report, out);
  length_tables(report, out);
  year_tables(report, out);
  player_tables(report, out);
  rating_tables(report, out);
  event_tables(report, out);
  play_quality_tables(report, out);
  adjudication_tables(report, out);
  engine_verdict_tables(report, out);
  quality_tables(report, out);
  for (Table& t : out) t.indent.resize(t.rows.size(), 0);
  return out;
}

}  // namespace gibo::stats
