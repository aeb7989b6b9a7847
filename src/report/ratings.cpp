// Ratings (gibo/report/ratings.h; the model: src/report/README.md "Ratings"): who is rated,
// the fit (ratings_model.h: Newton's method over Eigen's sparse factorisation), the anchor,
// the standard errors, the ranks and the yearly history (ratings_history.h).
#include "gibo/report/ratings.h"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <cassert>
#include <cmath>

#include "gibo/core/enum_names.h"
#include "ratings_history.h"
#include "ratings_model.h"

namespace gibo::ratings {
namespace {

using model::Maximum;
using model::Problem;
using model::RatedGroup;

constexpr double kZ95 = 1.959963984540054;

using model::logistic;

// The players of the largest group in which every player reaches every other through
// "beat" (a strongly connected component of the graph of decisive games, Boost.Graph's).
// Within it every rating is bounded by wins and losses both ways, so the maximum exists;
// draws do not connect: with the draw width free, a chain held together by draws alone
// spreads without end (wider draws, farther ratings), with no maximum.
std::vector<bool> rated_group(std::span<const RatedGame> games, std::size_t players) {
  boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS> beat(players);
  for (const RatedGame& g : games) {
    if (g.cho == g.han || g.outcome == Outcome::Draw) continue;
    const std::uint32_t winner = g.outcome == Outcome::ChoWins ? g.cho : g.han, loser = g.cho + g.han - winner;
    boost::add_edge(winner, loser, beat);
  }
  std::vector<int> component(players, 0);
  const int count = players ? boost::strong_components(beat, component.data()) : 0;
  std::vector<long> size(static_cast<std::size_t>(count), 0);
  for (int c : component) ++size[static_cast<std::size_t>(c)];
  std::vector<bool> group(players, false);
  if (size.empty()) return group;
  const int best = static_cast<int>(std::max_element(size.begin(), size.end()) - size.begin());
  if (size[static_cast<std::size_t>(best)] < 2) return group;
  for (std::size_t v = 0; v < players; ++v) group[v] = component[v] == best;
  return group;
}

// Can Cho's advantage be told from the ratings? Not when the players can be given levels
// with every game's Cho exactly one above its Han (a player always Han, say): then a shift of
// α is undone by shifting the levels. Breadth-first over the games, looking for a
// contradiction (a check of the games' pattern, not of numbers: no rank test of a matrix
// answers it as plainly).
bool first_move_separable(const Problem& p) {
  std::vector<std::vector<std::pair<std::uint32_t, int>>> next(p.nodes);
  for (const Problem::Game& g : p.games) {
    next[g.cho].push_back({g.han, -1});
    next[g.han].push_back({g.cho, +1});
  }
  std::vector<long> level(p.nodes, 0);
  std::vector<char> seen(p.nodes, 0);
  std::vector<std::uint32_t> queue;
  for (std::uint32_t s = 0; s < p.nodes; ++s) {
    if (seen[s]) continue;
    seen[s] = 1;
    queue.assign(1, s);
    for (std::size_t k = 0; k < queue.size(); ++k) {
      const std::uint32_t v = queue[k];
      for (const auto& [w, step] : next[v]) {
        if (!seen[w]) {
          seen[w] = 1;
          level[w] = level[v] + step;
          queue.push_back(w);
        } else if (level[w] != level[v] + step) {
          return true;
        }
      }
    }
  }
  return false;
}

// The players rated: with a prior every player with a decided game; without, the largest
// group held from both sides by wins.
RatedGroup rated_players(std::span<const RatedGame> games, std::size_t players, const FitOptions& options) {
  RatedGroup r;
  r.member.assign(players, false);
  if (options.prior > 0) {
    for (const RatedGame& g : games)
      if (g.cho != g.han) r.member[g.cho] = r.member[g.han] = true;
  } else {
    r.member = rated_group(games, players);
  }
  r.node.assign(players, UINT32_MAX);
  for (std::uint32_t v = 0; v < players; ++v)
    if (r.member[v]) r.node[v] = static_cast<std::uint32_t>(r.player.size()), r.player.push_back(v);
  return r;
}

// Each player's games, wins, draws and losses (games against themselves aside).
void count_records(std::span<const RatedGame> games, Fit& f) {
  for (const RatedGame& g : games) {
    assert(g.cho < f.players.size() && g.han < f.players.size());
    if (g.cho == g.han) continue;
    PlayerRating &c = f.players[g.cho], &h = f.players[g.han];
    ++c.games, ++h.games;
    if (g.outcome == Outcome::Draw) ++c.draws, ++h.draws;
    else if (g.outcome == Outcome::ChoWins) ++c.wins, ++h.losses;
    else ++h.wins, ++c.losses;
  }
}

// The maximum of the problem `p` (its draws among its games: `draws`), from a start that
// gives equal players the observed draw rate; without Cho's advantage when the games do not
// tell it (p.free_alpha then false).
Maximum fit_levels(Problem& p, long draws, const FitOptions& options) {
  Eigen::VectorXd start = Eigen::VectorXd::Zero(static_cast<Eigen::Index>(p.nodes + 2));
  if (p.free_d) {  // the draw width that gives equal players the observed draw rate
    const double rate = static_cast<double>(draws) / static_cast<double>(p.games.size());
    start[static_cast<Eigen::Index>(p.nodes + 1)] = std::log((1 + rate) / (1 - rate));
  }
  Maximum m = model::maximise(p, start, options.tolerance, options.max_iterations);
  // Cho's advantage has no finite estimate when the games separate by colour (every game
  // won by the side that moved first, say): rate without it.
  if (p.free_alpha && (!m.converged || std::abs(m.x[static_cast<Eigen::Index>(p.nodes)]) * kEloScale > 1000)) {
    p.free_alpha = false;
    m = model::maximise(p, start, options.tolerance, options.max_iterations);
  }
  return m;
}

// Standings, and the anchor's weights by node. Ranked: min_games games and, with a prior,
// games whose information about the rating (−∂²ℓ/∂u² summed over them at the maximum) is at
// least the prior's precision. The anchor: with a prior its centre (no weights: the scale is
// the prior's, whose centre is also the rated players' mean at the maximum); without, the
// mean of the ranked players (of the rated ones when none is ranked).
std::vector<double> anchor_weights(const Problem& p, const Maximum& m, const RatedGroup& group,
                                   const FitOptions& options, Fit& f) {
  f.rated_players = static_cast<long>(p.nodes);
  std::vector<double> information(p.nodes, 0);
  for (std::size_t g = 0; g < p.games.size(); ++g)
    information[p.games[g].cho] += m.game_information[g], information[p.games[g].han] += m.game_information[g];
  std::vector<bool> ranked(p.nodes, false);
  for (std::size_t i = 0; i < p.nodes; ++i) {
    PlayerRating& r = f.players[group.player[i]];
    ranked[i] = r.rated_games >= options.min_games && (!p.has_prior() || information[i] >= p.prior[i]);
    r.standing = ranked[i] ? Standing::Ranked : Standing::FewGames;
    f.ranked_players += ranked[i];
  }
  std::vector<double> weight(p.nodes, 0);
  for (std::size_t i = 0; i < p.nodes && !p.has_prior(); ++i)
    weight[i] = f.ranked_players ? (ranked[i] ? 1.0 / static_cast<double>(f.ranked_players) : 0)
                                 : 1.0 / static_cast<double>(p.nodes);
  return weight;
}

// Ranks among the ranked, highest rating first (ties: lower player number first).
void rank_players(Fit& f) {
  std::vector<std::uint32_t> order;
  for (std::uint32_t v = 0; v < f.players.size(); ++v)
    if (f.players[v].standing == Standing::Ranked) order.push_back(v);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return f.players[a].rating > f.players[b].rating; });
  for (std::size_t k = 0; k < order.size(); ++k) f.players[order[k]].rank = static_cast<int>(k) + 1;
}

// The rated group's problem: its games (counted in each player's rated games), whether α and
// d are free, the prior; `draws` its draws. Empty when nothing can be rated.
Problem overall_problem(std::span<const RatedGame> games, const RatedGroup& group, const FitOptions& options, Fit& f,
                        long& draws) {
  Problem p;
  p.nodes = group.player.size();
  long decisive = 0;
  for (const RatedGame& g : games) {
    if (!group.holds(g)) continue;
    p.games.push_back({group.node[g.cho], group.node[g.han], g.outcome});
    ++f.players[g.cho].rated_games, ++f.players[g.han].rated_games;
    (g.outcome == Outcome::Draw ? draws : decisive)++;
  }
  if (p.nodes == 0 || decisive == 0) return {};
  p.free_d = draws > 0;
  p.free_alpha = options.first_move && first_move_separable(p);
  if (options.prior > 0) p.prior.assign(p.nodes, 1 / ((options.prior / kEloScale) * (options.prior / kEloScale)));
  return p;
}

}  // namespace

std::string_view standing_name(Standing s) {
  static constexpr auto kNames = std::to_array<Named<Standing>>({
      {Standing::Ranked, "ranked"}, {Standing::FewGames, "few-games"}, {Standing::NotConnected, "not-connected"}});
  return name_of(kNames, s);
}

Probabilities predict(double difference, double first_move, double draw_width, double deviation) {
  const double sigma = deviation / kEloScale, flatten = std::sqrt(1 + std::acos(-1.0) * sigma * sigma / 8);
  const double u = (difference + first_move) / kEloScale / flatten, d = draw_width / kEloScale / flatten;
  Probabilities p;
  p.cho = logistic(u - d);
  p.han = logistic(-u - d);
  p.draw = std::max(0.0, 1 - p.cho - p.han);
  return p;
}

Fit fit(std::span<const RatedGame> games, std::size_t players, const FitOptions& options) {
  Fit f;
  f.players.resize(players);
  f.games = static_cast<long>(games.size());
  count_records(games, f);
  const RatedGroup group = rated_players(games, players, options);
  long draws = 0;
  Problem p = overall_problem(games, group, options, f, draws);
  if (p.nodes == 0) return f;  // nothing to rate: every player NotConnected
  f.rated_games = static_cast<long>(p.games.size());

  const Maximum m = fit_levels(p, draws, options);
  const auto n = static_cast<Eigen::Index>(p.nodes);
  f.iterations = m.iterations;
  f.converged = m.converged;
  f.log_likelihood = m.ll;
  f.first_move_fitted = p.free_alpha;
  f.first_move = m.x[n] * kEloScale;
  f.draw_width = m.x[n + 1] * kEloScale;

  const std::vector<double> weight = anchor_weights(p, m, group, options, f);
  const double level = Eigen::Map<const Eigen::VectorXd>(weight.data(), n).dot(m.x.head(n));
  f.exact_covariance = static_cast<long>(p.nodes) <= options.exact_limit;
  const std::vector<double> variance =
      f.exact_covariance ? model::exact_variances(p, m, weight) : model::approximate_variances(p, m);
  f.first_move_deviation = std::sqrt(model::first_move_variance(p, m)) * kEloScale;
  for (std::size_t i = 0; i < p.nodes; ++i) {
    PlayerRating& r = f.players[group.player[i]];
    r.rating = options.anchor + (m.x[static_cast<Eigen::Index>(i)] - level) * kEloScale;
    r.deviation = std::sqrt(variance[i]) * kEloScale;
    r.low = r.rating - kZ95 * r.deviation;
    r.high = r.rating + kZ95 * r.deviation;
  }
  rank_players(f);
  // The history always has a prior (ratings_history.h): the fit's, or the default one.
  if (options.drift > 0)
    model::fit_history(games, group, m, weight, options.prior > 0 ? options.prior : FitOptions{}.prior, options, f);
  return f;
}

}  // namespace gibo::ratings
