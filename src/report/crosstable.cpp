// Crosstables and standings; see gibo/report/crosstable.h and src/report/README.md.
#include "gibo/report/crosstable.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "gibo/core/enum_names.h"

namespace gibo::crosstable {
namespace {

bool same(double a, double b) { return std::abs(a - b) < 1e-9; }

// A win decided by counting the pieces (a point win, or a bikjang decided so).
bool on_points(ResultMethod m) { return m == ResultMethod::Points || m == ResultMethod::Bikjang; }

}  // namespace

namespace {

constexpr auto kPointSystemNames = std::to_array<Named<PointSystem>>({
    {PointSystem::Classic, "classic"}, {PointSystem::Janggi, "janggi"}});

}  // namespace

std::string_view point_system_name(PointSystem s) { return name_of(kPointSystemNames, s); }

std::optional<PointSystem> point_system_named(std::string_view name) { return value_named(kPointSystemNames, name); }

double win_points(PointSystem system) { return system == PointSystem::Janggi ? 7 : 1; }

std::optional<Points> points(Winner winner, ResultMethod method, PointSystem system) {
  const bool janggi = system == PointSystem::Janggi;
  switch (winner) {
    case Winner::Draw: return janggi ? Points{3.5, 3.5} : Points{0.5, 0.5};
    case Winner::Cho:
    case Winner::Han: {
      const double win = !janggi ? 1 : on_points(method) ? 4 : 7, loss = janggi && on_points(method) ? 2 : 0;
      return winner == Winner::Cho ? Points{win, loss} : Points{loss, win};
    }
    default: return std::nullopt;
  }
}

std::string_view pairing_name(Pairing f) {
  static constexpr auto kNames = std::to_array<Named<Pairing>>({
      {Pairing::RoundRobin, "round-robin"}, {Pairing::Match, "match"}, {Pairing::Other, "other"}});
  return name_of(kNames, f);
}

namespace {

using PairCounts = std::map<std::pair<std::uint32_t, std::uint32_t>, long>;  // games per unordered pair

// Each player's games, results and points (all[p] for player p), the games per pair, and the
// table's counts; present[p] says whether p played anyone but themselves.
void tally(std::span<const EventGame> games, PointSystem system, Crosstable& t, std::vector<Standing>& all,
           std::vector<char>& present, PairCounts& pairs) {
  for (const EventGame& g : games) {
    if (g.cho == g.han) {
      ++t.self_games;
      continue;
    }
    ++t.games;
    present[g.cho] = present[g.han] = 1;
    ++pairs[{std::min(g.cho, g.han), std::max(g.cho, g.han)}];
    Standing &c = all[g.cho], &h = all[g.han];
    ++c.games, ++h.games;
    const auto p = points(g.winner, g.method, system);
    if (!p) {
      ++c.unscored, ++h.unscored;
      continue;
    }
    ++t.scored;
    c.points += p->cho, h.points += p->han;
    if (g.winner == Winner::Draw) ++c.draws, ++h.draws;
    else if (g.winner == Winner::Cho) ++c.wins, ++h.losses;
    else ++h.wins, ++c.losses;
  }
}

// Sonneborn–Berger and Buchholz, which need every player's points; direct encounter counts
// the games between players level on points.
void tie_breaks(std::span<const EventGame> games, PointSystem system, std::vector<Standing>& all) {
  for (const EventGame& g : games) {
    const auto p = g.cho == g.han ? std::nullopt : points(g.winner, g.method, system);
    if (!p) continue;
    Standing &c = all[g.cho], &h = all[g.han];
    c.sonneborn_berger += p->cho / win_points(system) * h.points;
    h.sonneborn_berger += p->han / win_points(system) * c.points;
    c.buchholz += h.points;
    h.buchholz += c.points;
    if (same(c.points, h.points)) c.direct += p->cho, h.direct += p->han;
  }
}

// The pairing of `n` players who met as `pairs` says: two players a match; three or more who
// all met equally often a round robin (and how many times).
void read_pairing(std::size_t n, const PairCounts& pairs, Crosstable& t) {
  if (n == 2) {
    t.pairing = Pairing::Match;
  } else if (n >= 3 && pairs.size() == n * (n - 1) / 2) {
    const long k = pairs.begin()->second;
    if (std::all_of(pairs.begin(), pairs.end(), [&](const auto& e) { return e.second == k; })) {
      t.pairing = Pairing::RoundRobin;
      t.cycles = static_cast<int>(k);
    }
  }
}

// `in` in order of the criteria (points, then direct encounter where everyone met, else
// Buchholz, then Sonneborn–Berger, then wins), each with its place (shared places as a range).
void place(std::vector<Standing>& in, bool by_direct) {
  auto criteria = [&](const Standing& s) {
    return std::array<double, 4>{s.points, by_direct ? s.direct : s.buchholz, s.sonneborn_berger,
                                 static_cast<double>(s.wins)};
  };
  auto ahead = [&](const Standing& a, const Standing& b) {
    const auto x = criteria(a), y = criteria(b);
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!same(x[i], y[i])) return x[i] > y[i];
    return false;
  };
  std::stable_sort(in.begin(), in.end(), ahead);
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n;) {
    std::size_t j = i + 1;
    while (j < n && !ahead(in[i], in[j]) && !ahead(in[j], in[i])) ++j;
    for (std::size_t k = i; k < j; ++k) in[k].place = static_cast<int>(i) + 1, in[k].place_to = static_cast<int>(j);
    i = j;
  }
}

// The grid of the standings' players: each cell the games between two and the points won.
void fill_grid(std::span<const EventGame> games, std::size_t players, PointSystem system, Crosstable& t) {
  const std::size_t n = t.standings.size();
  std::vector<std::size_t> row(players, SIZE_MAX);
  for (std::size_t i = 0; i < n; ++i) row[t.standings[i].player] = i;
  t.cells.assign(n, std::vector<Cell>(n));
  for (std::size_t k = 0; k < games.size(); ++k) {
    const EventGame& g = games[k];
    if (g.cho == g.han) continue;
    const std::size_t c = row[g.cho], h = row[g.han];
    t.cells[c][h].games.push_back(k);
    t.cells[h][c].games.push_back(k);
    if (const auto p = points(g.winner, g.method, system)) {
      t.cells[c][h].points += p->cho;
      t.cells[h][c].points += p->han;
    }
  }
}

}  // namespace

Crosstable build(std::span<const EventGame> games, std::size_t players, PointSystem system) {
  Crosstable t;
  t.system = system;
  std::vector<Standing> all(players);
  std::vector<char> present(players, 0);
  PairCounts pairs;
  for (std::uint32_t p = 0; p < players; ++p) all[p].player = p;
  tally(games, system, t, all, present, pairs);
  tie_breaks(games, system, all);
  std::vector<Standing> in;
  for (std::uint32_t p = 0; p < players; ++p)
    if (present[p]) in.push_back(all[p]);
  read_pairing(in.size(), pairs, t);
  place(in, t.pairing != Pairing::Other);
  t.standings = std::move(in);
  if (t.standings.size() <= kGridPlayers) fill_grid(games, players, system, t);
  return t;
}

}  // namespace gibo::crosstable
