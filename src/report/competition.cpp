// How an event was played, read from its games; see gibo/report/competition.h.
#include "gibo/report/competition.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "gibo/core/enum_names.h"
#include "gibo/record/name_aliases.h"

namespace gibo::competition {
namespace {

bool has(std::string_view s, std::string_view word) { return s.find(word) != std::string_view::npos; }

// The number written just before byte `at` of `s` (ASCII digits); 0 when none.
int number_before(std::string_view s, std::size_t at) {
  std::size_t start = at;
  while (start > 0 && s[start - 1] >= '0' && s[start - 1] <= '9') --start;
  int n = 0;
  for (std::size_t i = start; i < at && n < 10000; ++i) n = n * 10 + (s[i] - '0');
  return n;
}

// `s` up to the end of `word` (its first occurrence), blanks tidied.
std::string through(std::string_view s, std::string_view word) {
  return tidy_name(s.substr(0, s.find(word) + word.size()));
}

// A stage named by a number of rounds of N (N강) or N회전, when the tag holds one.
std::optional<StageName> numbered_stage(std::string_view s) {
  for (std::string_view strong : {std::string_view("강"), std::string_view("强")})
    if (const std::size_t at = s.find(strong); at != std::string_view::npos)
      if (const int n = number_before(s, at); n >= 2) {
        if (n == 2) return StageName{StageKind::Final, "결승"};
        if (n == 4) return StageName{StageKind::Semifinal, "준결승"};
        return StageName{StageKind::RoundOf, std::to_string(n) + "강"};
      }
  if (const std::size_t at = s.find("회전"); at != std::string_view::npos && number_before(s, at) > 0) {
    const bool bracket = has(s, "승자") || has(s, "패자");
    return StageName{bracket ? StageKind::Bracket : StageKind::Round, through(s, "회전")};
  }
  return std::nullopt;
}

}  // namespace

std::string_view stage_kind_name(StageKind k) {
  static constexpr auto kNames = std::to_array<Named<StageKind>>(
      {{StageKind::None, "none"}, {StageKind::Preliminary, "preliminary"}, {StageKind::League, "league"},
       {StageKind::Playoff, "playoff"}, {StageKind::Round, "round"}, {StageKind::Bracket, "bracket"},
       {StageKind::RoundOf, "round-of"}, {StageKind::Semifinal, "semifinal"}, {StageKind::ThirdPlace, "third-place"},
       {StageKind::Final, "final"}});
  return name_of(kNames, k);
}

bool knockout_kind(StageKind k) {
  return k == StageKind::Playoff || k == StageKind::Round || k == StageKind::Bracket || k == StageKind::RoundOf ||
         k == StageKind::Semifinal || k == StageKind::ThirdPlace || k == StageKind::Final;
}

StageName stage_of(std::string_view round) {
  const std::string tidied = tidy_name(round);
  const std::string_view s = tidied;
  for (std::string_view third : {"3·4위", "3,4위", "34위", "3-4위", "3/4위"})
    if (has(s, third)) return {StageKind::ThirdPlace, "3·4위전"};
  if (has(s, "준결승")) return {StageKind::Semifinal, "준결승"};
  if (has(s, "예선결승") || has(s, "예선 결승")) return {StageKind::Preliminary, "예선결승"};
  if (has(s, "결승") && (has(s, "승자") || has(s, "패자"))) return {StageKind::Bracket, has(s, "승자") ? "승자 결승" : "패자 결승"};
  if (has(s, "결승") || has(s, "챔피언결정전")) return {StageKind::Final, "결승"};
  if (auto numbered = numbered_stage(s)) return *numbered;
  if (has(s, "플레이오프")) return {StageKind::Playoff, "플레이오프"};
  if (has(s, "리그")) return {StageKind::League, through(s, "리그")};
  if (has(s, "주차")) return {StageKind::League, "리그"};
  if (has(s, "예선")) return {StageKind::Preliminary, "예선"};
  return {};
}

namespace {

// Points of a game for Cho and Han (1, ½, 0); nullopt when it scores nothing.
std::optional<std::pair<double, double>> game_points(Winner w) {
  if (w == Winner::Cho) return std::pair{1.0, 0.0};
  if (w == Winner::Han) return std::pair{0.0, 1.0};
  if (w == Winner::Draw) return std::pair{0.5, 0.5};
  return std::nullopt;
}

// The stages of the games in the order reached: by their first game, then the third-place
// match and the final last.
std::vector<Stage> stages_of(std::span<const Game> games, std::size_t players, std::string_view event) {
  std::vector<Stage> stages;
  std::map<std::string, std::size_t> index;
  // The event's name stands for the stage only when it names a knockout stage (툰도시배 본선 16강):
  // 리그 and 예선 in a name say too little about each game.
  StageName of_event = stage_of(event);
  if (!knockout_kind(of_event.kind)) of_event = {};
  for (std::size_t k = 0; k < games.size(); ++k) {
    StageName name = stage_of(games[k].round);
    if (name.kind == StageKind::None) name = of_event;
    auto [it, fresh] = index.try_emplace(name.label, stages.size());
    if (fresh) stages.push_back({std::move(name), {}, 0});
    stages[it->second].games.push_back(k);
  }
  std::stable_sort(stages.begin(), stages.end(), [](const Stage& a, const Stage& b) {
    auto last = [](StageKind k) { return k == StageKind::Final ? 2 : k == StageKind::ThirdPlace ? 1 : 0; };
    return last(a.name.kind) < last(b.name.kind);
  });
  for (Stage& s : stages) {
    std::vector<char> in(players, 0);
    for (std::size_t k : s.games) in[games[k].cho] = in[games[k].han] = 1;
    s.players = static_cast<std::size_t>(std::count(in.begin(), in.end(), 1));
  }
  return stages;
}

// Each pair's games as one match decided by points: per player, matches won and lost and
// opponents met.
struct Matches {
  std::vector<int> won, lost, opponents;
};
Matches matches_of(std::span<const Game> games, std::size_t players) {
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::pair<double, double>> pairs;  // (low, high) -> points
  for (const Game& g : games) {
    const auto p = game_points(g.winner);
    const bool swap = g.cho > g.han;
    auto& at = pairs[{std::min(g.cho, g.han), std::max(g.cho, g.han)}];
    if (!p) continue;
    at.first += swap ? p->second : p->first;
    at.second += swap ? p->first : p->second;
  }
  Matches m{std::vector<int>(players, 0), std::vector<int>(players, 0), std::vector<int>(players, 0)};
  for (const auto& [pair, points] : pairs) {
    ++m.opponents[pair.first], ++m.opponents[pair.second];
    if (points.first > points.second) ++m.won[pair.first], ++m.lost[pair.second];
    if (points.second > points.first) ++m.won[pair.second], ++m.lost[pair.first];
  }
  return m;
}

EventFormat read_format(std::span<const Game> games, const std::vector<Stage>& stages, const Matches& m) {
  std::size_t knockout_games = 0, other_named = 0;
  bool final_of_two = false;
  for (const Stage& s : stages) {
    if (knockout_kind(s.name.kind)) knockout_games += s.games.size();
    else if (s.name.kind != StageKind::None) other_named += s.games.size();
    final_of_two = final_of_two || (s.name.kind == StageKind::Final && s.players == 2);
  }
  if (final_of_two || 2 * knockout_games >= games.size()) return EventFormat::Knockout;
  if (2 * (knockout_games + other_named) >= games.size()) return EventFormat::League;
  std::vector<int> opponents;
  int most_lost = 0, most_won = 0;
  for (std::size_t p = 0; p < m.opponents.size(); ++p)
    if (m.opponents[p] > 0) {
      opponents.push_back(m.opponents[p]);
      most_lost = std::max(most_lost, m.lost[p]), most_won = std::max(most_won, m.won[p]);
    }
  if (most_lost <= 1 && most_won >= 2) return EventFormat::Knockout;
  std::sort(opponents.begin(), opponents.end());
  const int median = opponents.empty() ? 0 : opponents[opponents.size() / 2];
  if (median >= 2 && opponents.back() <= 4 * median) return EventFormat::League;
  return EventFormat::Casual;
}

// A knockout's places: by the last stage played (the order reached), then by the points in it;
// without stage names, by the matches won. Equal players share places.
std::vector<Place> places_of(std::span<const Game> games, const std::vector<Stage>& stages, const Matches& m,
                             std::size_t players) {
  const bool named = std::any_of(stages.begin(), stages.end(), [](const Stage& s) { return s.name.kind != StageKind::None; });
  std::vector<Place> out;
  std::vector<char> present(players, 0);
  for (const Game& g : games) present[g.cho] = present[g.han] = 1;
  for (std::uint32_t p = 0; p < players; ++p)
    if (present[p]) out.push_back({p, 0, 0, SIZE_MAX, 0, 0, false});
  if (named) {
    std::vector<std::size_t> last(players, 0);
    for (std::size_t s = 0; s < stages.size(); ++s)
      for (std::size_t k : stages[s].games) last[games[k].cho] = last[games[k].han] = s;
    for (Place& pl : out) {
      pl.stage = last[pl.player];
      pl.round = static_cast<int>(pl.stage) + 1;
      for (std::size_t k : stages[pl.stage].games) {
        const auto pts = game_points(games[k].winner);
        if (pts && games[k].cho == pl.player) pl.stage_points += pts->first;
        if (pts && games[k].han == pl.player) pl.stage_points += pts->second;
      }
    }
  } else {
    // The unbeaten first; among equals on matches won, fewer lost.
    for (Place& pl : out) pl.round = m.won[pl.player] + 1, pl.stage_points = -m.lost[pl.player];
  }
  auto ahead = [](const Place& a, const Place& b) {
    if (a.round != b.round) return a.round > b.round;
    return a.stage_points > b.stage_points + 1e-9;
  };
  std::stable_sort(out.begin(), out.end(), ahead);
  for (std::size_t i = 0; i < out.size();) {
    std::size_t j = i + 1;
    while (j < out.size() && !ahead(out[i], out[j])) ++j;
    for (std::size_t k = i; k < j; ++k) out[k].place = static_cast<int>(i) + 1, out[k].place_to = static_cast<int>(j);
    i = j;
  }
  // The winner: alone in first place, after a final (with stage names) or at the end of a
  // whole bracket (without: every other player lost one match).
  if (out.empty()) return out;
  std::size_t beaten = 0;
  for (int lost : m.lost) beaten += lost > 0;
  const bool decided = named ? stages.back().name.kind == StageKind::Final && out[0].stage + 1 == stages.size()
                             : beaten + 1 == out.size();
  if (out[0].place_to == 1 && decided) out[0].won = true;
  return out;
}

}  // namespace

Reading read(std::span<const Game> games, std::size_t players, std::string_view event, std::optional<EventFormat> stated) {
  Reading r;
  r.stages = stages_of(games, players, event);
  const Matches m = matches_of(games, players);
  std::size_t present = 0;
  std::size_t pairs = 0;
  std::set<int> per_pair;
  {
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> count;
    for (const Game& g : games) ++count[{std::min(g.cho, g.han), std::max(g.cho, g.han)}];
    pairs = count.size();
    for (const auto& [pair, n] : count) per_pair.insert(n);
    for (int n : m.opponents) present += n > 0;
  }
  if (stated) {
    r.format = *stated;
    r.stated = true;
  } else if (games.empty()) {
    r.format = EventFormat::Casual;  // no game between two players: nothing to read
  } else if (present == 2) {
    r.format = EventFormat::Match;
  } else if (present >= 3 && pairs == present * (present - 1) / 2 && per_pair.size() == 1) {
    r.format = EventFormat::RoundRobin;
  } else {
    r.format = read_format(games, r.stages, m);
  }
  if (r.format == EventFormat::RoundRobin && per_pair.size() == 1) r.cycles = *per_pair.begin();
  if (r.format == EventFormat::Knockout) {
    r.places = places_of(games, r.stages, m, players);
    const bool named = std::any_of(r.stages.begin(), r.stages.end(), [](const Stage& s) { return s.name.kind != StageKind::None; });
    r.group_stage = named && std::any_of(r.stages.begin(), r.stages.end(), [](const Stage& s) {
      return s.name.kind == StageKind::League || (s.name.kind == StageKind::None && s.players >= 3);
    });
  }
  return r;
}

}  // namespace gibo::competition
