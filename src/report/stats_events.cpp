// The events of `gibo stats` (stats_players.h events_of): each event name's games split into
// seasons (runs of dates), each season read as a competition (report/competition.h) with its
// crosstable, knockout places or match score.
#include <algorithm>
#include <chrono>
#include <map>
#include <unordered_map>

#include "gibo/record/name_aliases.h"
#include "stats_players.h"

namespace gibo::stats {
namespace {

// The days a date key covers, as days since 1970: a year or a month is its whole span.
std::pair<int, int> days_of(const std::string& key) {
  using namespace std::chrono;
  const int y = std::stoi(key.substr(0, 4));
  const unsigned m = key.size() >= 7 ? static_cast<unsigned>(std::stoi(key.substr(5, 2))) : 0;
  const unsigned d = key.size() >= 10 ? static_cast<unsigned>(std::stoi(key.substr(8, 2))) : 0;
  const year_month_day first{year{y}, month{m ? m : 1}, day{d ? d : 1}};
  const year_month_day_last month_end{year{y}, month_day_last{month{m ? m : 12}}};
  const year_month_day last = d ? first : year_month_day{month_end};
  return {sys_days(first).time_since_epoch().count(), sys_days(last).time_since_epoch().count()};
}

// The seasons of one event name's games (indices into the Dataset, in dataset order): its
// dated games in runs without a gap of more than kSeasonGapDays, each in the order played
// (date, then dataset order); its undated games join the season when there is one, else
// make a part of their own.
std::vector<std::vector<std::size_t>> seasons_of(const Dataset& data, const std::vector<std::size_t>& games) {
  std::vector<std::size_t> dated, undated;
  for (std::size_t k : games) (data.games[k].date.key.empty() ? undated : dated).push_back(k);
  std::stable_sort(dated.begin(), dated.end(), [&](std::size_t a, std::size_t b) {
    return date_number(data.games[a].date) < date_number(data.games[b].date);
  });
  std::vector<std::vector<std::size_t>> seasons;
  int run_end = 0;
  for (std::size_t k : dated) {
    const auto [first, last] = days_of(data.games[k].date.key);
    if (seasons.empty() || first - run_end > kSeasonGapDays) seasons.emplace_back(), run_end = last;
    seasons.back().push_back(k);
    run_end = std::max(run_end, last);
  }
  if (!undated.empty()) {
    if (seasons.size() == 1) seasons.front().insert(seasons.front().end(), undated.begin(), undated.end());
    else seasons.push_back(undated);
  }
  return seasons;
}

// One season of an event: its players numbered, its games, its format read and its standings.
EventReport event_of(const Dataset& data, const std::vector<std::array<std::size_t, 2>>& sides, const Entities& entities,
                     const ReportOptions& o, const std::vector<std::size_t>& season, long& rescored) {
  const NameAliases& aliases = o.aliases ? *o.aliases : NameAliases::builtin();
  EventReport ev;
  std::map<std::string, long> spellings;
  std::unordered_map<std::size_t, std::uint32_t> number;  // identity -> player number
  std::vector<competition::Game> played;
  for (std::size_t k : season) {
    const GameFacts& g = data.games[k];
    ++spellings[entities.event(k).display];
    if (!g.date.key.empty()) {
      if (ev.first_date.empty() || g.date.key < ev.first_date) ev.first_date = g.date.key;
      if (g.date.key > ev.last_date) ev.last_date = g.date.key;
    }
    const auto [cho, han] = sides[k];
    if (cho == SIZE_MAX || han == SIZE_MAX) {
      ++ev.unnamed;
      continue;
    }
    auto player = [&](std::size_t identity) {
      const auto [at, fresh] = number.try_emplace(identity, static_cast<std::uint32_t>(ev.players.size()));
      if (fresh) ev.players.push_back(identity);
      return at->second;
    };
    const Scored s = scored_result(g, o.by_verdict);
    rescored += s.rescored;
    ev.games.push_back({player(cho), player(han), s.winner, s.method});
    ev.refs.push_back({g.file, g.index, g.id, g.round, g.date.key});
    if (cho != han) played.push_back({ev.games.back().cho, ev.games.back().han, s.winner, g.round});
  }
  ev.key = entities.event(season.front()).key;
  long most = 0;  // shown as its most frequent spelling (the alias's name when one applies)
  for (const auto& [name, n] : spellings)
    if (n > most) most = n, ev.name = name;
  const competition::Reading reading =
      competition::read(played, ev.players.size(), ev.name, aliases.format(entities.event(season.front()).key));
  ev.format = reading.format;
  ev.format_stated = reading.stated;
  ev.group_stage = reading.group_stage;
  ev.stages = reading.stages;
  ev.places = reading.places;
  // A knockout's too: its standings rows give each player's points and games beside the
  // stage reached (its places are the stages', not the crosstable's).
  if (ev.format != EventFormat::Casual)
    ev.table = crosstable::build(ev.games, ev.players.size(), o.points);
  else
    for (const crosstable::EventGame& g : ev.games) (g.cho == g.han ? ev.table.self_games : ev.table.games)++;
  return ev;
}

}  // namespace

EventsReport events_of(const Dataset& data, const std::vector<std::array<std::size_t, 2>>& sides,
                       const Entities& entities, const ReportOptions& o) {
  EventsReport e;
  e.system = o.points;
  e.by_verdict = o.by_verdict;
  std::map<std::string, std::vector<std::size_t>> by_name;  // the event as counted -> its games
  for (std::size_t k = 0; k < data.games.size(); ++k)
    if (!entities.event(k).key.empty()) by_name[entities.event(k).key].push_back(k);
  for (const auto& [key, games] : by_name)
    for (const std::vector<std::size_t>& season : seasons_of(data, games))
      e.events.push_back(event_of(data, sides, entities, o, season, e.rescored));
  for (const EventReport& ev : e.events) ++e.by_format[static_cast<std::size_t>(ev.format)];
  std::stable_sort(e.events.begin(), e.events.end(), [](const EventReport& a, const EventReport& b) {
    const std::size_t x = a.games.size() + static_cast<std::size_t>(a.unnamed),
                      y = b.games.size() + static_cast<std::size_t>(b.unnamed);
    if (x != y) return x > y;
    if (a.name != b.name) return a.name < b.name;
    return a.first_date < b.first_date;
  });
  return e;
}

}  // namespace gibo::stats
