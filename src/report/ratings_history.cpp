// The yearly rating history (ratings_history.h): Whole-History Rating (Coulom 2008) with
// yearly steps. Each rated player has a rating in each year played, tied year to year by a
// random walk; a normal prior on the first year holds every player's years, so each has a
// finite maximum whatever the games of a single year say (a player who only won in the
// dated games of a year is held by it and by the walk).
#include "ratings_history.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace gibo::ratings::model {
namespace {

// The history's nodes: each rated player's periods with games, (period, games) in period
// order, the nodes of player node i from first[i] to first[i + 1].
struct Periods {
  std::vector<std::vector<std::pair<int, long>>> of;  // by player node
  std::vector<std::size_t> first;
  // The history node of player node `i` in `period` (one it played in).
  std::uint32_t node(std::size_t i, int period) const {
    const auto& ps = of[i];
    const auto it = std::lower_bound(ps.begin(), ps.end(), std::pair<int, long>{period, 0});
    return static_cast<std::uint32_t>(first[i] + static_cast<std::size_t>(it - ps.begin()));
  }
  // The random walk's precision between player node i's periods k − 1 and k (natural units).
  double link(std::size_t i, std::size_t k, double step) const {
    return 1 / (step * step * (of[i][k].first - of[i][k - 1].first));
  }
};

Periods history_periods(std::span<const RatedGame> games, const RatedGroup& group, std::size_t n) {
  Periods h;
  h.of.resize(n);
  for (const RatedGame& g : games) {
    if (!group.holds(g) || g.period < 0) continue;
    for (std::uint32_t v : {group.node[g.cho], group.node[g.han]}) h.of[v].push_back({g.period, 1});
  }
  h.first.assign(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    auto& ps = h.of[i];
    std::sort(ps.begin(), ps.end());
    std::vector<std::pair<int, long>> merged;
    for (const auto& [period, count] : ps)
      if (!merged.empty() && merged.back().first == period) merged.back().second += count;
      else merged.push_back({period, count});
    ps.swap(merged);
    h.first[i + 1] = h.first[i] + ps.size();
  }
  return h;
}

// The history's problem: its games, the random walk's links, the prior on first periods.
Problem history_problem(std::span<const RatedGame> games, const RatedGroup& group, const Periods& periods,
                        double prior, const FitOptions& options) {
  const std::size_t n = group.player.size();
  Problem h;
  h.nodes = periods.first[n];
  h.free_alpha = h.free_d = false;
  for (const RatedGame& g : games)
    if (group.holds(g) && g.period >= 0)
      h.games.push_back({periods.node(group.node[g.cho], g.period), periods.node(group.node[g.han], g.period), g.outcome});
  const double step = options.drift / kEloScale;
  h.prior.assign(h.nodes, 0);
  for (std::size_t i = 0; i < n; ++i) {
    if (periods.of[i].empty()) continue;
    h.prior[periods.first[i]] = 1 / ((prior / kEloScale) * (prior / kEloScale));
    for (std::size_t k = 1; k < periods.of[i].size(); ++k)
      h.links.push_back({static_cast<std::uint32_t>(periods.first[i] + k - 1),
                         static_cast<std::uint32_t>(periods.first[i] + k), periods.link(i, k, step)});
  }
  return h;
}

// The variances of player node i's period ratings given the other players' (natural
// units²): the diagonal of the inverse of the player's own block of the information, the
// games' on the diagonal and the links off it, as Whole-History Rating computes them.
Eigen::VectorXd own_variances(const Periods& periods, std::size_t i, const Eigen::VectorXd& diagonal, double step) {
  const std::size_t b = periods.first[i];
  const auto len = static_cast<Eigen::Index>(periods.first[i + 1] - b);
  Eigen::MatrixXd block = Eigen::MatrixXd::Zero(len, len);
  for (Eigen::Index k = 0; k < len; ++k) {
    block(k, k) = diagonal[static_cast<Eigen::Index>(b) + k];
    if (k > 0) block(k, k - 1) = block(k - 1, k) = -periods.link(i, static_cast<std::size_t>(k), step);
  }
  return block.llt().solve(Eigen::MatrixXd::Identity(len, len)).diagonal();
}

}  // namespace

void fit_history(std::span<const RatedGame> games, const RatedGroup& group, const Maximum& overall,
                 const std::vector<double>& weight, double prior, const FitOptions& options, Fit& f) {
  const std::size_t n = group.player.size();
  const Periods periods = history_periods(games, group, n);
  const Problem h = history_problem(games, group, periods, prior, options);
  // From the overall ratings, each player's in every year.
  Eigen::VectorXd start(static_cast<Eigen::Index>(h.nodes + 2));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t k = periods.first[i]; k < periods.first[i + 1]; ++k)
      start[static_cast<Eigen::Index>(k)] = overall.x[static_cast<Eigen::Index>(i)];
  start.tail(2) = overall.x.tail(2);
  const Maximum hm = maximise(h, start, options.tolerance, options.max_iterations);
  // The same anchor: the weighted mean over players of their mean period rating equals the
  // overall fit's level (with a prior no weights: the prior's centre, as the overall's).
  double level = 0, weights = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t b = periods.first[i], len = periods.first[i + 1] - b;
    if (len == 0) continue;  // only undated games: no history
    level += weight[i] * hm.x.segment(static_cast<Eigen::Index>(b), static_cast<Eigen::Index>(len)).mean();
    weights += weight[i];
  }
  if (weights > 0) level /= weights;
  const Eigen::VectorXd diagonal = hm.information.diagonal();
  const double step = options.drift / kEloScale;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t b = periods.first[i], len = periods.first[i + 1] - b;
    if (len == 0) continue;
    const Eigen::VectorXd variance = own_variances(periods, i, diagonal, step);
    PlayerRating& r = f.players[group.player[i]];
    for (std::size_t k = 0; k < len; ++k)
      r.history.push_back({periods.of[i][k].first,
                           options.anchor + (hm.x[static_cast<Eigen::Index>(b + k)] - level) * kEloScale,
                           std::sqrt(std::max(0.0, variance[static_cast<Eigen::Index>(k)])) * kEloScale,
                           periods.of[i][k].second});
  }
}

}  // namespace gibo::ratings::model
