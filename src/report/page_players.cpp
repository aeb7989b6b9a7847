// The players' and events' pages (page_players.h).
#include "page_players.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "gibo/report/i18n.h"
#include "gibo/report/pages.h"
#include "markup.h"
#include "page_shell.h"
#include "stats_charts.h"
#include "stats_players.h"

namespace gibo::pages {
namespace {

std::string esc(const std::string& s) { return xml_escape(s); }

std::string fixed(double v, int decimals = 1) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, v);
  return buffer;
}

std::string player_link(const std::string& name) {
  return "<a href=\"" + esc(stats::player_link(name)) + "\">" + esc(name) + "</a>";
}
std::string game_link(std::int64_t id, const std::string& text) {
  return "<a href=\"/game/" + std::to_string(id) + "\">" + esc(text) + "</a>";
}

// Why a player is or is not ranked, under the fit's prior (`prior` > 0) or without one.
std::string standing_text(ratings::Standing s, double prior) {
  switch (s) {
    case ratings::Standing::Ranked: return tr("ranked");
    case ratings::Standing::FewGames: return tr("rated, too few games to be ranked");
    case ratings::Standing::NotConnected:
      return prior > 0 ? tr("not rated: no decided game against another player")
                       : tr("not rated: no finite rating on the rated group's scale");
  }
  return "";
}

std::string result_word(int result) {
  static const char* kWords[] = {i18n::N_("won"), i18n::N_("lost"), i18n::N_("drawn"), i18n::N_("other")};
  return tr(kWords[std::clamp(result, 0, 3)]);
}

std::string rule_text(const std::string& rule) {
  if (rule == "name-at-site") return tr("a nickname of this site");
  if (rule == "alias") return tr("an alias line");
  if (rule == "name-without-site")
    return tr("the same name in games that name no site: a nickname of this site only, never met (name-without-site)");
  return tr("the same name, its rank removed");
}

// The possible merges no rule decides that involve identity `i`: the other identities, and why.
std::string possible_merges_of(const stats::Report& r, std::size_t i) {
  std::string rows;
  for (const stats::PossibleMerge& m : r.possible_merges) {
    if (std::find(m.identities.begin(), m.identities.end(), i) == m.identities.end()) continue;
    for (std::size_t other : m.identities)
      if (other != i) rows += "<tr><td>" + player_link(r.identities[other].name) + "</td><td>" + esc(m.reason) + "</td></tr>";
  }
  if (rows.empty()) return "";
  return "<section><h2>" + tr("Possibly the same person") + "</h2><p class=\"muted\">" +
         esc(tr("no rule merges these; a player line of the alias table decides (gibo stats --aliases)")) +
         "</p><table><thead><tr><th>" + tr("player") + "</th><th>" + tr("reason") + "</th></tr></thead><tbody>" + rows +
         "</tbody></table></section>\n";
}

// Counts of results: games, won, drawn, lost, other.
struct Counts {
  long games = 0, won = 0, drawn = 0, lost = 0, other = 0;
  void add(int result) {
    ++games;
    (result == 0 ? won : result == 1 ? lost : result == 2 ? drawn : other)++;
  }
};
std::string counts_cells(const Counts& c) {
  return "<td class=\"n\">" + with_commas(c.games) + "</td><td class=\"n\">" + with_commas(c.won) + "</td><td class=\"n\">" +
         with_commas(c.drawn) + "</td><td class=\"n\">" + with_commas(c.lost) + "</td><td class=\"n\">" +
         with_commas(c.other) + "</td><td class=\"n\">" + share(c.won, c.won + c.drawn + c.lost) + "</td>";
}
std::string counts_head() {
  return "<th class=\"n\">" + tr("games") + "</th><th class=\"n\">" + tr("won") + "</th><th class=\"n\">" + tr("drawn") +
         "</th><th class=\"n\">" + tr("lost") + "</th><th class=\"n\">" + tr("other") + "</th><th class=\"n\">" +
         tr("won %") + "</th>";
}

}  // namespace

std::string players_page(const stats::Report& r, const ListPage& asked) {
  const auto& fit = r.ratings.fit.players;
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < r.identities.size(); ++i) order.push_back(i);
  auto key = [&](std::size_t i) { return fit[i].rank ? fit[i].rank : fit[i].standing == ratings::Standing::FewGames ? 1 << 28 : 1 << 29; };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (key(a) != key(b)) return key(a) < key(b);
    if (fit[a].standing == ratings::Standing::FewGames) return fit[a].rating > fit[b].rating;
    return r.identities[a].games.size() > r.identities[b].games.size();
  });
  const ListPage l = asked.within(static_cast<std::size_t>(
      std::count_if(order.begin(), order.end(), [&](std::size_t i) { return asked.matches(r.identities[i].name); })));
  std::string body = "<section><h2>" + tr("Players") + "</h2><p class=\"muted\">" +
                     esc(r.ratings.options.prior > 0
                             ? i18n::format("{1} players; {2} rated, {3} ranked (ratings: a normal prior of {4} Elo on "
                                            "each, centred on 1500, ± one standard error; ranked: at least {5} games, "
                                            "weighing at least as much as the prior)",
                                            {with_commas(r.counts.players),
                                             with_commas(r.ratings.fit.rated_players),
                                             with_commas(r.ratings.fit.ranked_players), fixed(r.ratings.options.prior, 0),
                                             std::to_string(r.ratings.options.min_games)})
                             : i18n::format("{1} players; {2} rated, {3} ranked (ratings: maximum likelihood, the "
                                            "ranked players' mean 1500, ± one standard error)",
                                            {with_commas(r.counts.players),
                                             with_commas(r.ratings.fit.rated_players),
                                             with_commas(r.ratings.fit.ranked_players)})) +
                     "</p>" + search_form("/players", l, tr("a player's name (NAME or NAME@SITE)")) +
                     "<div class=\"table-wrap\"><table><thead><tr><th class=\"n\">#</th><th>" + tr("player") +
                     "</th><th class=\"n\">" + tr("rating") + "</th><th class=\"n\">±</th><th class=\"n\">" + tr("games") +
                     "</th><th class=\"n\">" + tr("won") + "</th><th class=\"n\">" + tr("drawn") + "</th><th class=\"n\">" +
                     tr("lost") + "</th><th>" + tr("years") + "</th></tr></thead><tbody>\n";
  std::size_t matching = 0;
  for (std::size_t i : order) {
    const stats::Identity& who = r.identities[i];
    if (!l.matches(who.name) || !l.shows(matching++)) continue;
    const ratings::PlayerRating& p = fit[i];
    const bool rated = p.standing != ratings::Standing::NotConnected;
    Counts c;
    for (const stats::IdentityGame& g : who.games) c.add(g.result);
    std::string years = who.first_year ? std::to_string(*who.first_year) : "";
    if (who.last_year && who.last_year != who.first_year) years += "–" + std::to_string(*who.last_year);
    body += "<tr><td class=\"n\">" + (p.rank ? std::to_string(p.rank) : std::string()) + "</td><td>" + player_link(who.name) +
            "</td><td class=\"n\">" + (rated ? fixed(p.rating) : "") + "</td><td class=\"n\">" + (rated ? fixed(p.deviation) : "") +
            "</td><td class=\"n\">" + with_commas(static_cast<long>(who.games.size())) + "</td><td class=\"n\">" +
            with_commas(c.won) + "</td><td class=\"n\">" + with_commas(c.drawn) + "</td><td class=\"n\">" +
            with_commas(c.lost) + "</td><td>" +
            esc(years) + "</td></tr>\n";
  }
  body += "</tbody></table></div>" + pager("/players?", l, matching) + "</section>\n";
  return document(tr("Players"), body);
}

namespace {

// The sections of identity `i`: rating, spellings, results by colour and year, games.
std::string identity_sections(const stats::Report& r, std::size_t i) {
  const stats::Identity& who = r.identities[i];
  const ratings::PlayerRating& p = r.ratings.fit.players[i];
  const bool rated = p.standing != ratings::Standing::NotConnected;
  Counts all;
  for (const stats::IdentityGame& g : who.games) all.add(g.result);
  std::string body = "<section><h2>" + esc(who.name) + "</h2><dl class=\"facts\"><dt>" + tr("rating") + "</dt><dd>";
  if (rated)
    body += fixed(p.rating) + " ± " + fixed(p.deviation) + " <small>(" +
            esc(i18n::format("95 % interval {1}–{2}", {fixed(p.low, 0), fixed(p.high, 0)})) + ")</small>";
  body += "</dd><dt>" + tr("standing") + "</dt><dd>" + esc(standing_text(p.standing, r.ratings.options.prior)) +
          (p.rank ? " · #" + std::to_string(p.rank) : std::string()) + "</dd><dt>" + tr("games") + "</dt><dd>" +
          esc(i18n::format("{1} games: {2} won, {3} drawn, {4} lost; {5} in the rated group",
                           {with_commas(all.games), with_commas(all.won), with_commas(all.drawn), with_commas(all.lost),
                            with_commas(p.rated_games)})) +
          "</dd>";
  if (!who.last_rank.empty()) body += "<dt>" + tr("rank written") + "</dt><dd>" + esc(who.last_rank) + "</dd>";
  body += "</dl></section>\n";

  // The spellings merged into the identity, and by which rule.
  body += "<section><h2>" + tr("Spellings merged") + "</h2><table><thead><tr><th>" + tr("as recorded") + "</th><th>" +
          tr("merged by") + "</th></tr></thead><tbody>";
  for (const auto& [tag, rule] : who.spellings) body += "<tr><td>" + esc(tag) + "</td><td>" + esc(rule_text(rule)) + "</td></tr>";
  body += "</tbody></table></section>\n" + possible_merges_of(r, i);

  // Results by colour and by year, with the year's rating.
  Counts colour[2];
  std::map<int, Counts> years;
  Counts undated;
  for (const stats::IdentityGame& g : who.games) {
    colour[g.cho ? 0 : 1].add(g.result);
    if (g.date.size() >= 4) years[std::atoi(g.date.substr(0, 4).c_str())].add(g.result);
    else undated.add(g.result);
  }
  body += "<section><h2>" + tr("Results by colour") + "</h2><table><thead><tr><th></th>" + counts_head() +
          "</tr></thead><tbody><tr><td>" + tr("as Cho") + "</td>" + counts_cells(colour[0]) + "</tr><tr><td>" + tr("as Han") +
          "</td>" + counts_cells(colour[1]) + "</tr></tbody></table></section>\n";
  std::map<int, const ratings::PeriodRating*> rating_in;
  for (const ratings::PeriodRating& y : p.history) rating_in[r.ratings.first_year.value_or(0) + y.period] = &y;
  body += "<section><h2>" + tr("Results by year") + "</h2><table><thead><tr><th>" + tr("year") + "</th>" + counts_head() +
          "<th class=\"n\">" + tr("rating") + "</th></tr></thead><tbody>";
  for (const auto& [year, c] : years) {
    const auto it = rating_in.find(year);
    body += "<tr><td>" + std::to_string(year) + "</td>" + counts_cells(c) + "<td class=\"n\">" +
            (it == rating_in.end() ? std::string() : fixed(it->second->rating) + " ± " + fixed(it->second->deviation)) +
            "</td></tr>";
  }
  if (undated.games) body += "<tr><td>" + tr("undated") + "</td>" + counts_cells(undated) + "<td></td></tr>";
  body += "</tbody></table>";
  if (p.history.size() >= 2) {
    stats::charts::RatingSeries s{who.name, {}};
    for (const ratings::PeriodRating& y : p.history)
      s.points.push_back({r.ratings.first_year.value_or(0) + y.period, y.rating, y.deviation});
    body += "<figure>" + stats::charts::rating_lines({s}, 720, 260) + "</figure>";
  }
  body += "</section>\n";

  // The games.
  body += "<section><h2>" + tr("Games") + "</h2><table><thead><tr><th>" + tr("date") + "</th><th>" + tr("event") +
          "</th><th>" + tr("side") + "</th><th>" + tr("opponent") + "</th><th>" + tr("result") + "</th><th>" +
          tr("rank written") + "</th><th>" + tr("game") + "</th></tr></thead><tbody>\n";
  for (const stats::IdentityGame& g : who.games) {
    const std::string opponent = g.opponent < r.identities.size() ? player_link(r.identities[g.opponent].name) : "?";
    const std::string event = g.event.empty() ? std::string()
                                              : "<a href=\"" + esc(event_href(g.event, g.date)) + "\">" + esc(g.event) + "</a>";
    const std::string method = g.result <= 1 && g.method != ResultMethod::None && g.method != ResultMethod::Unspecified
                                   ? " <small>" + esc(i18n::translate_known(std::string(method_name(g.method)))) + "</small>"
                                   : "";
    body += "<tr><td>" + esc(i18n::date(g.date)) + "</td><td>" + event + "</td><td>" + tr(g.cho ? "Cho" : "Han") + "</td><td>" +
            opponent + "</td><td>" + result_word(g.result) + method + "</td><td>" + esc(g.rank) + "</td><td>" +
            (g.id ? game_link(g.id, game_ref(g.file, g.index)) : esc(game_ref(g.file, g.index))) + "</td></tr>\n";
  }
  body += "</tbody></table></section>\n";
  return body;
}

}  // namespace

std::vector<std::size_t> find_players(const stats::Report& r, const std::string& name) {
  // The identity of that name; else those whose name it is at some site (NAME@SITE).
  std::vector<std::size_t> found;
  for (std::size_t i = 0; i < r.identities.size() && found.empty(); ++i)
    if (r.identities[i].name == name) found.push_back(i);
  const bool exact = !found.empty();
  for (std::size_t i = 0; i < r.identities.size() && !exact; ++i) {
    const std::string& n = r.identities[i].name;
    if (n.size() > name.size() + 1 && n.compare(0, name.size(), name) == 0 && n[name.size()] == '@') found.push_back(i);
  }
  return found;
}

std::optional<std::string> player_page(const stats::Report& r, const std::string& name, const std::string& more) {
  const std::vector<std::size_t> found = find_players(r, name);
  if (found.empty() && more.empty()) return std::nullopt;
  std::string body;
  if (found.size() == 1) {
    body = identity_sections(r, found[0]);
  } else if (found.size() > 1) {
    body = "<section><h2>" + tr("Players of this name") + "</h2><ul>";
    for (std::size_t i : found) body += "<li>" + player_link(r.identities[i].name) + "</li>";
    body += "</ul></section>\n";
  }
  return document(name, body + more);
}

std::string events_page(const stats::Report& r, const ListPage& asked) {
  const stats::EventsReport& ev = r.events;
  const ListPage l = asked.within(static_cast<std::size_t>(std::count_if(
      ev.events.begin(), ev.events.end(), [&](const stats::EventReport& e) { return asked.matches(e.name); })));
  std::string body = "<section><h2>" + tr("Events") + "</h2><p class=\"muted\">" +
                     esc(i18n::format("{1} events ({2} round robins, {3} knockouts, {4} leagues); {5} matches; {6} pools of "
                                      "casual games; an event is its name as counted in one season",
                                      {with_commas(r.counts.events), with_commas(ev.by_format[0]), with_commas(ev.by_format[1]),
                                       with_commas(ev.by_format[2]), with_commas(r.counts.matches),
                                       with_commas(r.counts.casual_pools)})) +
                     "</p>" + search_form("/events", l, tr("an event's name")) +
                     "<div class=\"table-wrap\"><table><thead><tr><th>" + tr("event") + "</th><th>" + tr("season") + "</th><th>" + tr("format") +
                     "</th><th class=\"n\">" + tr("games") + "</th><th class=\"n\">" + tr("players") + "</th><th>" +
                     tr("first") + "</th><th class=\"n\">" + tr("score") + "</th></tr></thead><tbody>\n";
  std::size_t matching = 0;
  for (const stats::EventReport& e : ev.events) {
    if (!l.matches(e.name) || !l.shows(matching++)) continue;
    const stats::EventFirst f = stats::first_of(e);
    std::string first;
    for (std::size_t i : f.identities) first += (first.empty() ? "" : ", ") + player_link(r.identities[i].name);
    body += "<tr><td><a href=\"" + esc(event_href(e.name, e.first_date)) + "\">" + esc(e.name) + "</a></td><td>" +
            esc(stats::season_text(e)) + "</td><td>" + esc(i18n::translate_known(stats::format_text(e))) +
            "</td><td class=\"n\">" + with_commas(e.table.games) + "</td><td class=\"n\">" +
            with_commas(static_cast<long>(e.players.size())) + "</td><td>" + first + "</td><td class=\"n\">" +
            esc(f.score) + "</td></tr>\n";
  }
  body += "</tbody></table></div>" + pager("/events?", l, matching) + "</section>\n";
  return document(tr("Events"), body);
}

namespace {

std::string points_text(double v) {
  if (std::abs(v - 0.5) < 1e-9) return std::string("½");
  return std::abs(v - std::round(v)) < 1e-9 ? fixed(v, 0) : fixed(v, 1);
}

// A round robin's or league's standings with the grid (up to crosstable::kGridPlayers).
std::string crosstable_section(const stats::Report& r, const stats::EventReport& e) {
  const crosstable::Crosstable& x = e.table;
  const std::size_t n = x.standings.size();
  const std::size_t columns = x.cells.empty() ? 0 : n;  // no grid beyond crosstable::kGridPlayers
  std::string body = "<div style=\"overflow-x:auto\"><table><thead><tr><th class=\"n\">#</th><th>" + tr("player") + "</th>";
  for (std::size_t j = 0; j < columns; ++j) body += "<th class=\"n\">" + std::to_string(j + 1) + "</th>";
  body += "<th class=\"n\">" + tr("score") + "</th><th class=\"n\">" + tr("games") + "</th><th class=\"n\">" + tr("won") +
          "</th><th class=\"n\">" + tr("drawn") + "</th><th class=\"n\">" + tr("lost") + "</th><th class=\"n\">" + tr("direct") +
          "</th><th class=\"n\">SB</th><th class=\"n\">Buchholz</th></tr></thead><tbody>\n";
  for (std::size_t i = 0; i < n; ++i) {
    const crosstable::Standing& s = x.standings[i];
    std::string place = std::to_string(s.place);
    if (s.place_to != s.place) place += "–" + std::to_string(s.place_to);
    body += "<tr><td class=\"n\">" + place + "</td><td>" + player_link(r.identities[e.players[s.player]].name) + "</td>";
    for (std::size_t j = 0; j < columns; ++j) {
      body += "<td class=\"n\">";
      if (i == j) body += "×";
      for (std::size_t k : x.cells[i][j].games) {
        const crosstable::EventGame& g = e.games[k];
        const auto p = crosstable::points(g.winner, g.method, x.system);
        const std::string text = p ? points_text(g.cho == s.player ? p->cho : p->han) : "?";
        const stats::EventGameRef& ref = e.refs[k];
        body += ref.id ? "<a href=\"/game/" + std::to_string(ref.id) + "\" title=\"" +
                             esc(game_ref(ref.file, ref.index) + (ref.round.empty() ? "" : " · " + ref.round)) + "\">" +
                             esc(text) + "</a> "
                       : esc(text) + " ";
      }
      body += "</td>";
    }
    body += "<td class=\"n\"><b>" + points_text(s.points) + "</b></td><td class=\"n\">" + with_commas(s.games) +
            "</td><td class=\"n\">" + with_commas(s.wins) + "</td><td class=\"n\">" + with_commas(s.draws) +
            "</td><td class=\"n\">" + with_commas(s.losses) + "</td><td class=\"n\">" + fixed(s.direct, 1) +
            "</td><td class=\"n\">" + fixed(s.sonneborn_berger, 2) + "</td><td class=\"n\">" + fixed(s.buchholz, 1) +
            "</td></tr>\n";
  }
  return body + "</tbody></table></div>";
}

// A knockout's places: who went out where.
std::string knockout_section(const stats::Report& r, const stats::EventReport& e) {
  std::string body = "<table><thead><tr><th class=\"n\">#</th><th>" + tr("player") + "</th><th>" + tr("went out in") +
                     "</th></tr></thead><tbody>\n";
  for (const competition::Place& p : e.places) {
    std::string place = std::to_string(p.place);
    if (p.place_to != p.place) place += "–" + std::to_string(p.place_to);
    body += "<tr><td class=\"n\">" + place + "</td><td>" + player_link(r.identities[e.players[p.player]].name) + "</td><td>" +
            esc(i18n::message(stats::went_out_in(e, p))) + "</td></tr>\n";
  }
  return body + "</tbody></table>";
}

// The games of a match, a knockout or casual games, in the order played: page `l` of them,
// its pager's links at `href` (the event's page and "&").
std::string games_section(const stats::Report& r, const stats::EventReport& e, const ListPage& l, const std::string& href) {
  std::string body = "<h2>" + tr("Games") + "</h2>" + pager(href, l, e.games.size()) +
                     "<div class=\"table-wrap\"><table><thead><tr><th>" + tr("date") + "</th><th>" + tr("Cho") + "</th><th>" +
                     tr("Han") + "</th><th>" + tr("result") + "</th><th>" + tr("game") + "</th></tr></thead><tbody>\n";
  for (std::size_t k = l.first(); k < e.games.size() && l.shows(k); ++k) {
    const crosstable::EventGame& g = e.games[k];
    const stats::EventGameRef& ref = e.refs[k];
    const std::string result = g.winner == Winner::Cho ? tr("Cho") : g.winner == Winner::Han ? tr("Han")
                               : g.winner == Winner::Draw ? tr("drawn") : tr("other");
    body += "<tr><td>" + esc(i18n::date(ref.date)) + "</td><td>" + player_link(r.identities[e.players[g.cho]].name) + "</td><td>" +
            player_link(r.identities[e.players[g.han]].name) + "</td><td>" + result + "</td><td>" +
            (ref.id ? game_link(ref.id, game_ref(ref.file, ref.index)) : esc(game_ref(ref.file, ref.index))) + "</td></tr>\n";
  }
  return body + "</tbody></table></div>" + pager(href, l, e.games.size());
}

}  // namespace

const stats::EventReport* find_event(const stats::Report& r, const std::string& name, const std::string& date) {
  // The season of that name whose dates hold `date`; "" the undated part, or the only season.
  // A spelling as a record writes it finds its event by the key it counts under.
  const NameAliases& aliases = r.options.aliases ? *r.options.aliases : NameAliases::builtin();
  const std::string key = aliases.count_as(false, name).key;
  const stats::EventReport* found = nullptr;
  for (const stats::EventReport& e : r.events.events) {
    if (e.name != name && (key.empty() || e.key != key)) continue;
    const bool holds = date.empty() ? e.first_date.empty()
                                    : !e.first_date.empty() && e.first_date.substr(0, date.size()) <= date &&
                                          date <= e.last_date + "~";
    if (holds || (!found && date.empty())) found = &e;
  }
  return found;
}

std::optional<std::string> event_page(const stats::Report& r, const std::string& name, const std::string& date,
                                      const ListPage& asked) {
  const stats::EventReport* found = find_event(r, name, date);
  if (!found) return std::nullopt;
  const stats::EventReport& e = *found;
  const ListPage l = asked.within(e.games.size());
  const std::string href = event_href(name, date) + "&";
  const std::string title = e.name + (e.first_date.empty() ? std::string() : " (" + stats::season_text(e) + ")");
  const stats::EventFirst f = stats::first_of(e);
  std::string body = "<section><h2>" + esc(title) + "</h2><p class=\"muted\">" +
                     esc(i18n::format("{1}; {2} games, {3} players; scoring: {4}",
                                      {i18n::translate_known(stats::format_text(e)), with_commas(e.table.games),
                                       with_commas(static_cast<long>(e.players.size())),
                                       r.events.system == crosstable::PointSystem::Janggi
                                          ? tr("janggi (7, 4–2 on points, 3.5 a draw)")
                                          : tr("classic (1, ½, 0)")})) +
                     (r.events.by_verdict ? " · " + esc(tr("scored by the board's ending where it shows one")) : std::string()) +
                     (f.score.empty() || e.format != EventFormat::Match ? std::string()
                                                                        : " · " + esc(tr("match score")) + " " + esc(f.score)) +
                     "</p>";
  if (e.format == EventFormat::RoundRobin || e.format == EventFormat::League) body += crosstable_section(r, e);
  else if (e.format == EventFormat::Knockout) body += knockout_section(r, e) + games_section(r, e, l, href);
  else body += games_section(r, e, l, href);
  body += "</section>\n";
  return document(title, body);
}

}  // namespace gibo::pages
