// The explorer's first move (explore.h): the archive's games by the set-up pair they
// start from, counted, and its text and JSON renderings.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gibo/formats/gib.h"
#include "gibo/formats/json_writer.h"
#include "gibo/report/explore.h"
#include "gibo/report/i18n.h"
#include "percent.h"
#include "text_width.h"

namespace gibo::explore {

std::string setup_pair_code(const SetupLine& line) {
  if (!line.cho || !line.han) return "";
  return std::string(setup_code(*line.cho)) + "," + std::string(setup_code(*line.han));
}

std::string setup_pair_name(const SetupLine& line) {
  if (!line.cho || !line.han) return i18n::translate("other start (FEN)");
  return std::string(gib_setup_name(*line.cho)) + " / " + std::string(gib_setup_name(*line.han));
}

Expected<SetupTable> setup_table(archive::PositionIndex& index, const std::unordered_set<std::int64_t>* selected) {
  const auto tallies = index.setup_tallies(selected);
  if (!tallies) return tallies.error();
  const auto total = index.game_count();
  if (!total) return total.error();
  SetupTable t;
  t.archive_games = static_cast<long>(*total);
  for (const archive::SetupTally& x : *tallies) {
    auto it = std::find_if(t.lines.begin(), t.lines.end(),
                           [&](const SetupLine& l) { return l.cho == x.cho && l.han == x.han; });
    if (it == t.lines.end()) {
      t.lines.push_back({x.cho, x.han});
      it = t.lines.end() - 1;
    }
    const long n = static_cast<long>(x.games);
    it->games += n;
    t.games += n;
    (x.winner == Winner::Cho ? it->cho_wins : x.winner == Winner::Han ? it->han_wins : x.winner == Winner::Draw ? it->draw
                                                                                                              : it->other) += n;
  }
  std::sort(t.lines.begin(), t.lines.end(), [](const SetupLine& a, const SetupLine& b) {
    const bool ac = !a.cho, bc = !b.cho;
    if (ac != bc) return bc;
    if (a.games != b.games) return a.games > b.games;
    return std::make_pair(a.cho, a.han) < std::make_pair(b.cho, b.han);
  });
  return t;
}

namespace {

// One set-up by its code or .gib name.
std::optional<Setup> setup_named(std::string_view s) {
  for (Setup setup : kAllSetups)
    if (s == setup_code(setup) || s == gib_setup_name(setup)) return setup;
  return std::nullopt;
}

}  // namespace

std::optional<std::pair<Setup, Setup>> parse_setup_pair(std::string_view text) {
  const auto comma = text.find(',');
  if (comma == std::string_view::npos) return std::nullopt;
  const auto cho = setup_named(text.substr(0, comma));
  const auto han = setup_named(text.substr(comma + 1));
  if (!cho || !han) return std::nullopt;
  return std::make_pair(*cho, *han);
}

std::string render_setups_text(const SetupTable& t) {
  using i18n::number;
  using i18n::translate;
  std::string out = t.archive + ": " + translate("games:") + " " + number(t.archive_games);
  if (!t.where.empty()) out += ", " + translate("selected:") + " " + number(t.games) + " (" + t.where + ")";
  out += std::string("\n") + translate("set-ups played (Cho / Han, as seen from Cho); explore one with --setup CHO,HAN") +
         "\n\n";
  std::vector<std::vector<std::string>> rows = {{"--setup", translate("set-ups"), translate("games"), translate("share"),
                                                 translate("Cho"), translate("Han"), translate("draw"), translate("other")}};
  for (const SetupLine& l : t.lines)
    rows.push_back({l.cho ? setup_pair_code(l) : "--fen", setup_pair_name(l), number(l.games), percent_text(l.games, t.games),
                    number(l.cho_wins), number(l.han_wins), number(l.draw), number(l.other)});
  std::vector<int> width(8, 0);
  for (const auto& r : rows)
    for (std::size_t c = 0; c < r.size(); ++c) width[c] = std::max(width[c], display_width(r[c]));
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t c = 0; c < r.size(); ++c) {
      if (c) line += "  ";
      line += c >= 2 ? pad_left(r[c], width[c]) : pad_right(r[c], width[c]);
    }
    out += line + "\n";
  }
  out += translate("total") + std::string(" ") + number(t.games) + " " +
         translate("games (Cho, Han, draw: stored results as recorded)") + "\n";
  return out;
}

std::string render_setups_json(const SetupTable& t) {
  std::string out;
  json::Writer w(out);
  w.begin_object();
  w.field("archive", t.archive).field("where", t.where);
  w.field("archive_games", static_cast<std::int64_t>(t.archive_games)).field("games", static_cast<std::int64_t>(t.games));
  w.key("setups").begin_array();
  for (const SetupLine& l : t.lines) {
    w.begin_object();
    w.key("cho");
    if (l.cho) w.value(std::string(setup_code(*l.cho)));
    else w.null();
    w.key("han");
    if (l.han) w.value(std::string(setup_code(*l.han)));
    else w.null();
    w.field("name", setup_pair_name(l)).field("games", static_cast<std::int64_t>(l.games));
    w.field("cho_wins", static_cast<std::int64_t>(l.cho_wins)).field("han_wins", static_cast<std::int64_t>(l.han_wins));
    w.field("draw", static_cast<std::int64_t>(l.draw)).field("other", static_cast<std::int64_t>(l.other));
    w.end_object();
  }
  w.end_array();
  w.end_object();
  return out + "\n";
}

}  // namespace gibo::explore
