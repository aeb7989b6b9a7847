// Ratings (report/ratings.h) against an independent maximum-likelihood computation written
// here: the model's probabilities in Elo, maximised by Newton's method on a finite-difference
// Hessian with the first player's rating held at 0, and the covariance as the inverse of that
// Hessian. On a small made-up case and on a real event (the main league of the 1st 대장군전,
// tests/data/events). Then the history, the groups of unrated players and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <random>

#include "event_records.h"
#include "gibo/report/ratings.h"

using namespace gibo;
using namespace gibo::ratings;

namespace {

// ---------------------------------------------------------------------------
// The independent computation.

// Parameters: r_1 … r_{n-1} (r_0 = 0), then a (first move), then w (draw width), in Elo.
struct Reference {
  std::size_t players = 0;
  std::vector<RatedGame> games;
  bool fit_a = true, fit_w = true;

  // With a prior (its standard deviation in Elo; 0: none) every rating is free, r_0 too, and
  // the objective is the log-likelihood less Σ r_i² / (2 prior²): the maximum a posteriori.
  double prior = 0;

  std::size_t free_ratings() const { return prior > 0 ? players : players - 1; }
  std::size_t size() const { return free_ratings() + (fit_a ? 1 : 0) + (fit_w ? 1 : 0); }
  double rating(const std::vector<double>& x, std::size_t i) const {
    return prior > 0 ? x[i] : i == 0 ? 0 : x[i - 1];
  }
  double a(const std::vector<double>& x) const { return fit_a ? x[free_ratings()] : 0; }
  double w(const std::vector<double>& x) const { return fit_w ? x[free_ratings() + (fit_a ? 1 : 0)] : 0; }

  static double elo_curve(double x) { return 1 / (1 + std::pow(10.0, -x / 400)); }

  double log_likelihood(const std::vector<double>& x) const {
    double ll = 0;
    for (const RatedGame& g : games) {
      const double diff = rating(x, g.cho) - rating(x, g.han) + a(x);
      const double cho = elo_curve(diff - w(x)), han = elo_curve(-diff - w(x));
      ll += std::log(g.outcome == Outcome::ChoWins ? cho : g.outcome == Outcome::HanWins ? han : 1 - cho - han);
    }
    for (std::size_t i = 0; i < players && prior > 0; ++i) ll -= rating(x, i) * rating(x, i) / (2 * prior * prior);
    return ll;
  }

  // The Hessian by central differences (step h Elo).
  std::vector<std::vector<double>> hessian(const std::vector<double>& x, double h = 1e-2) const {
    const std::size_t m = size();
    std::vector<std::vector<double>> H(m, std::vector<double>(m));
    for (std::size_t i = 0; i < m; ++i)
      for (std::size_t j = 0; j < m; ++j) {
        auto at = [&](double di, double dj) {
          std::vector<double> y = x;
          y[i] += di;
          y[j] += dj;
          return log_likelihood(y);
        };
        H[i][j] = (at(h, h) - at(h, -h) - at(-h, h) + at(-h, -h)) / (4 * h * h);
      }
    return H;
  }
  std::vector<double> gradient(const std::vector<double>& x, double h = 1e-3) const {
    std::vector<double> g(size());
    for (std::size_t i = 0; i < g.size(); ++i) {
      std::vector<double> up = x, down = x;
      up[i] += h;
      down[i] -= h;
      g[i] = (log_likelihood(up) - log_likelihood(down)) / (2 * h);
    }
    return g;
  }

  // Newton's method with step halving; returns the maximising parameters.
  std::vector<double> maximise() const {
    std::vector<double> x(size(), 0);
    if (fit_w) x.back() = 50;
    for (int it = 0; it < 200; ++it) {
      const auto g = gradient(x);
      auto H = hessian(x);
      for (auto& row : H)
        for (double& v : row) v = -v;
      const auto step = solve(H, g);
      double t = 1;
      const double here = log_likelihood(x);
      std::vector<double> y;
      for (int k = 0; k < 40; ++k, t /= 2) {
        y = x;
        for (std::size_t i = 0; i < x.size(); ++i) y[i] += t * step[i];
        if ((!fit_w || w(y) > 0) && log_likelihood(y) >= here) break;
      }
      double largest = 0;
      for (std::size_t i = 0; i < x.size(); ++i) largest = std::max(largest, std::abs(y[i] - x[i]));
      x = y;
      if (largest < 1e-7) break;
    }
    return x;
  }

  // Gauss–Jordan: A s = b.
  static std::vector<double> solve(std::vector<std::vector<double>> A, std::vector<double> b) {
    const std::size_t n = b.size();
    for (std::size_t c = 0; c < n; ++c) {
      std::size_t pivot = c;
      for (std::size_t r = c + 1; r < n; ++r)
        if (std::abs(A[r][c]) > std::abs(A[pivot][c])) pivot = r;
      std::swap(A[c], A[pivot]);
      std::swap(b[c], b[pivot]);
      for (std::size_t r = 0; r < n; ++r) {
        if (r == c) continue;
        const double f = A[r][c] / A[c][c];
        for (std::size_t k = c; k < n; ++k) A[r][k] -= f * A[c][k];
        b[r] -= f * b[c];
      }
    }
    for (std::size_t i = 0; i < n; ++i) b[i] /= A[i][i];
    return b;
  }
  static std::vector<std::vector<double>> inverse(const std::vector<std::vector<double>>& A) {
    const std::size_t n = A.size();
    std::vector<std::vector<double>> out(n, std::vector<double>(n));
    for (std::size_t j = 0; j < n; ++j) {
      std::vector<double> e(n, 0);
      e[j] = 1;
      const auto col = solve(A, e);
      for (std::size_t i = 0; i < n; ++i) out[i][j] = col[i];
    }
    return out;
  }
};

// Checks `fit` (every player of `rated` ranked, the scale anchored at 1500) against the
// independent maximum and covariance over the players `rated` (the reference's numbering).
void expect_same_as_reference(const Fit& fit, const std::vector<std::uint32_t>& rated, const Reference& ref) {
  const std::vector<double> x = ref.maximise();
  const std::size_t n = rated.size();
  double mean = 0;
  for (std::size_t i = 0; i < n; ++i) mean += ref.rating(x, i) / static_cast<double>(n);
  for (std::size_t i = 0; i < n; ++i) {
    const PlayerRating& p = fit.players[rated[i]];
    EXPECT_EQ(p.standing, Standing::Ranked) << i;
    EXPECT_NEAR(p.rating, 1500 + ref.rating(x, i) - mean, 1e-3) << "player " << i;
  }
  EXPECT_EQ(fit.first_move_fitted, ref.fit_a);
  EXPECT_NEAR(fit.first_move, ref.a(x), 1e-3);
  EXPECT_NEAR(fit.draw_width, ref.w(x), 1e-3);
  EXPECT_NEAR(fit.log_likelihood, ref.log_likelihood(x), 1e-7);
  // Covariance: the inverse of the negated Hessian; Var(r_i - mean r) = c' Σ c with
  // c_j = [j = i] - 1/n over r_1 … r_{n-1} (r_0 is held at 0).
  auto H = ref.hessian(x);
  for (auto& row : H)
    for (double& v : row) v = -v;
  const auto cov = Reference::inverse(H);
  ASSERT_TRUE(fit.exact_covariance);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<double> c(ref.size(), 0);
    for (std::size_t j = 1; j < n; ++j) c[j - 1] = (j == i ? 1.0 : 0.0) - 1.0 / static_cast<double>(n);
    double var = 0;
    for (std::size_t j = 0; j < c.size(); ++j)
      for (std::size_t k = 0; k < c.size(); ++k) var += c[j] * cov[j][k] * c[k];
    const PlayerRating& p = fit.players[rated[i]];
    EXPECT_NEAR(p.deviation, std::sqrt(var), 1e-3 * std::sqrt(var)) << "player " << i;
    EXPECT_NEAR(p.low, p.rating - 1.959963984540054 * p.deviation, 1e-9);
    EXPECT_NEAR(p.high, p.rating + 1.959963984540054 * p.deviation, 1e-9);
  }
  if (ref.fit_a) {
    EXPECT_NEAR(fit.first_move_deviation, std::sqrt(cov[n - 1][n - 1]), 1e-3 * std::sqrt(cov[n - 1][n - 1]));
  }
}

RatedGame game(std::uint32_t cho, std::uint32_t han, char result, int period = 0) {
  return {cho, han, result == 'c' ? Outcome::ChoWins : result == 'h' ? Outcome::HanWins : Outcome::Draw, period};
}

}  // namespace

TEST(Ratings, SmallCaseEqualsAnIndependentMaximumLikelihood) {
  // Four players; every pair met, both colours, wins, losses and draws.
  const std::vector<RatedGame> games = {
      game(0, 1, 'c'), game(1, 0, 'c'), game(0, 1, 'd'), game(0, 2, 'c'), game(2, 0, 'h'), game(2, 0, 'c'),
      game(1, 2, 'c'), game(2, 1, 'd'), game(3, 1, 'c'), game(1, 3, 'c'), game(2, 3, 'c'), game(3, 2, 'h'),
      game(3, 2, 'd'), game(3, 0, 'c'), game(0, 3, 'h'), game(1, 2, 'h')};
  const Fit fit = ratings::fit(games, 4, {.min_games = 1, .drift = 0, .prior = 0});
  EXPECT_TRUE(fit.converged);
  EXPECT_EQ(fit.rated_players, 4);
  EXPECT_EQ(fit.rated_games, 16);
  Reference ref;
  ref.players = 4;
  ref.games = games;
  expect_same_as_reference(fit, {0, 1, 2, 3}, ref);
  // Counts and ranks.
  EXPECT_EQ(fit.players[0].games, 8);
  EXPECT_EQ(fit.players[0].wins + fit.players[0].draws + fit.players[0].losses, 8);
  int ranks = 0;
  for (const PlayerRating& p : fit.players) ranks += p.rank;
  EXPECT_EQ(ranks, 1 + 2 + 3 + 4);
  for (const PlayerRating& p : fit.players)
    for (const PlayerRating& q : fit.players)
      if (p.rank < q.rank) {
        EXPECT_GE(p.rating, q.rating);
      }
}

TEST(Ratings, WithoutDrawsAndWithoutTheFirstMove) {
  const std::vector<RatedGame> games = {game(0, 1, 'c'), game(1, 0, 'c'), game(1, 2, 'c'), game(2, 1, 'h'),
                                        game(2, 0, 'c'), game(0, 2, 'h'), game(1, 2, 'h'), game(0, 1, 'h')};
  const Fit fit = ratings::fit(games, 3, {.min_games = 1, .first_move = false, .drift = 0, .prior = 0});
  Reference ref;
  ref.players = 3;
  ref.games = games;
  ref.fit_a = ref.fit_w = false;
  expect_same_as_reference(fit, {0, 1, 2}, ref);
  EXPECT_EQ(fit.draw_width, 0);
}

namespace {

// An event's games as rated games: the players' numbers and the stored results' winners.
struct EventGames {
  std::vector<std::string> names;
  std::vector<RatedGame> games;
};
EventGames event_games(const gibo::testing::EventRecords& records) {
  EventGames e;
  e.names = records.names;
  for (const auto& g : records.games)
    e.games.push_back({g.cho, g.han,
                       g.result.winner == Winner::Cho   ? Outcome::ChoWins
                       : g.result.winner == Winner::Han ? Outcome::HanWins
                                                        : Outcome::Draw});
  return e;
}

}  // namespace

TEST(Ratings, RealEventEqualsAnIndependentMaximumLikelihood) {
  const EventGames e = event_games(gibo::testing::champions_league());
  ASSERT_EQ(e.games.size(), 42u);
  const std::vector<std::string> names = {"김기영", "조용희", "이점섭", "김동학", "김경중", "송종일", "성우제"};
  ASSERT_EQ(e.names, names);
  const Fit fit = ratings::fit(e.games, 7, {.min_games = 1, .drift = 0, .prior = 0});
  EXPECT_TRUE(fit.converged);
  EXPECT_EQ(fit.rated_players, 7);
  EXPECT_EQ(fit.rated_games, 42);
  EXPECT_TRUE(fit.first_move_fitted);
  Reference ref;
  ref.players = 7;
  ref.games = e.games;
  ref.fit_w = false;  // no draw in the league
  expect_same_as_reference(fit, {0, 1, 2, 3, 4, 5, 6}, ref);
  // 김경중 (10 of 12) first, 김기영 (9) second.
  EXPECT_EQ(fit.players[4].rank, 1);
  EXPECT_EQ(fit.players[0].rank, 2);
}

TEST(Ratings, RealEventWithoutARatedGroup) {
  // The main league of the 1st 대장군전 as recorded (8 of its 10 games): no player beat
  // someone who beat him, so no finite rating exists; nobody is rated, 康萬植 lost all three.
  const EventGames e = event_games(gibo::testing::daejanggun_main_league());
  ASSERT_EQ(e.games.size(), 8u);
  const std::vector<std::string> names = {"梁周浩", "金明水", "李在求", "李正碩", "康萬植"};
  ASSERT_EQ(e.names, names);
  const Fit fit = ratings::fit(e.games, 5, {.prior = 0});
  EXPECT_EQ(fit.rated_players, 0);
  for (const PlayerRating& p : fit.players) {
    EXPECT_EQ(p.standing, Standing::NotConnected);
    EXPECT_EQ(p.rating, 0);
  }
  EXPECT_EQ(fit.players[4].losses, 3);
  EXPECT_EQ(fit.players[3].wins, 3);  // 李正碩
  // With the default prior every player is rated, 李正碩 (3 wins, a draw) first, 康萬植 last;
  // no one is ranked on so few games.
  const Fit prior = ratings::fit(e.games, 5, {});
  EXPECT_EQ(prior.rated_players, 5);
  EXPECT_EQ(prior.ranked_players, 0);
  for (const PlayerRating& p : prior.players) {
    EXPECT_EQ(p.standing, Standing::FewGames);
    EXPECT_TRUE(std::isfinite(p.rating) && p.deviation > 0 && p.deviation < FitOptions{}.prior);
    EXPECT_LE(p.rating, prior.players[3].rating);
    EXPECT_GE(p.rating, prior.players[4].rating);
  }
}

namespace {

// 0 beats 1 and 2 and never loses; 1 and 2 trade wins (a group of two); 3, 4 and 5 beat
// each other round (a group of three); 6 only drew with 3; 7 plays nobody.
std::vector<RatedGame> groups_games() {
  return {game(0, 1, 'c'), game(2, 0, 'h'), game(1, 2, 'c'), game(2, 1, 'c'), game(3, 4, 'c'),
          game(4, 5, 'c'), game(3, 5, 'h'), game(4, 3, 'd'), game(6, 3, 'd')};
}

}  // namespace

TEST(Ratings, GroupsWithoutAFiniteRating) {
  const std::vector<RatedGame> games = groups_games();
  FitOptions o;
  o.min_games = 1;
  o.prior = 0;
  const Fit fit = ratings::fit(games, 8, o);
  EXPECT_EQ(fit.rated_players, 3);
  EXPECT_EQ(fit.rated_games, 4);  // the draw within the group counts
  for (int p : {3, 4, 5}) EXPECT_NE(fit.players[static_cast<std::size_t>(p)].standing, Standing::NotConnected) << p;
  for (int p : {0, 1, 2, 6, 7}) {
    EXPECT_EQ(fit.players[static_cast<std::size_t>(p)].standing, Standing::NotConnected) << p;
    EXPECT_EQ(fit.players[static_cast<std::size_t>(p)].rank, 0) << p;
  }
  EXPECT_EQ(fit.players[6].games, 1);
  EXPECT_EQ(fit.players[6].rated_games, 0);
  EXPECT_EQ(fit.players[7].games, 0);
  // min_games: a rated player with fewer games is rated but not ranked.
  o.min_games = 3;
  const Fit strict = ratings::fit(games, 8, o);
  EXPECT_EQ(strict.players[3].standing, Standing::Ranked);  // 3 games in the group
  EXPECT_EQ(strict.players[5].standing, Standing::FewGames);
  EXPECT_EQ(strict.players[5].rank, 0);
  EXPECT_GT(strict.players[5].deviation, 0);
}

TEST(Ratings, APriorRatesEveryoneAndEqualsAnIndependentMaximumAPosteriori) {
  // The games of GroupsWithoutAFiniteRating: with a normal prior of 200 Elo every player with
  // a game is rated, the unbeaten 0 too, at the maximum of the penalised likelihood.
  const std::vector<RatedGame> games = groups_games();
  FitOptions o;
  o.min_games = 1;
  o.drift = 0;
  o.prior = 200;
  const Fit fit = ratings::fit(games, 8, o);
  EXPECT_TRUE(fit.converged);
  EXPECT_EQ(fit.rated_players, 7);
  EXPECT_EQ(fit.rated_games, 9);
  EXPECT_EQ(fit.players[7].standing, Standing::NotConnected);  // no game at all
  Reference ref;
  ref.players = 7;
  ref.games = games;
  ref.prior = 200;
  ref.fit_a = fit.first_move_fitted;
  const std::vector<double> x = ref.maximise();
  double mean = 0;
  for (std::size_t i = 0; i < 7; ++i) mean += ref.rating(x, i) / 7;
  EXPECT_NEAR(mean, 0, 1e-6);  // at the maximum the ratings' mean is the prior's centre
  auto H = ref.hessian(x);
  for (auto& row : H)
    for (double& v : row) v = -v;
  const auto cov = Reference::inverse(H);
  // Each player's games' information about the rating: −d²/dΔ² of each game's log-likelihood
  // at the maximum (Elo⁻², by central differences), summed; ranked when it reaches the
  // prior's 1/σ².
  std::vector<double> information(7, 0);
  for (const RatedGame& g : games) {
    auto ll = [&](double shift) {
      const double diff = ref.rating(x, g.cho) - ref.rating(x, g.han) + ref.a(x) + shift;
      const double cho = Reference::elo_curve(diff - ref.w(x)), han = Reference::elo_curve(-diff - ref.w(x));
      return std::log(g.outcome == Outcome::ChoWins ? cho : g.outcome == Outcome::HanWins ? han : 1 - cho - han);
    };
    const double h = 0.5, curvature = -(ll(h) - 2 * ll(0) + ll(-h)) / (h * h);
    information[g.cho] += curvature, information[g.han] += curvature;
  }
  int ranked = 0;
  for (std::size_t i = 0; i < 7; ++i) {
    const PlayerRating& p = fit.players[i];
    // Anchored at the prior's centre; the standard error that of the rating itself.
    EXPECT_NEAR(p.rating, 1500 + ref.rating(x, i), 1e-3) << "player " << i;
    EXPECT_NEAR(p.deviation, std::sqrt(cov[i][i]), 1e-3 * std::sqrt(cov[i][i])) << "player " << i;
    ASSERT_GT(std::abs(information[i] * 200 * 200 - 1), 0.01) << "too close to the rule to test it: " << i;
    EXPECT_EQ(p.standing, information[i] >= 1 / (200.0 * 200.0) ? Standing::Ranked : Standing::FewGames) << i;
    ranked += p.standing == Standing::Ranked;
  }
  EXPECT_GT(ranked, 0);
  EXPECT_LT(ranked, 7);
  EXPECT_NEAR(fit.first_move, ref.a(x), 1e-3);
  EXPECT_NEAR(fit.draw_width, ref.w(x), 1e-3);
  EXPECT_NEAR(fit.log_likelihood, ref.log_likelihood(x), 1e-7);
  // The unbeaten player leads, the one who only drew stays near the middle.
  for (std::size_t i = 1; i < 7; ++i) EXPECT_GT(fit.players[0].rating, fit.players[i].rating) << i;
  EXPECT_LT(std::abs(fit.players[6].rating - fit.players[3].rating), 200);
  // The approximate deviations (exact_limit 0) stay close to the exact ones.
  o.exact_limit = 0;
  const Fit approx = ratings::fit(games, 8, o);
  EXPECT_FALSE(approx.exact_covariance);
  for (std::size_t i = 0; i < 7; ++i) {
    EXPECT_NEAR(approx.players[i].rating, fit.players[i].rating, 1e-6) << i;
    EXPECT_NEAR(approx.players[i].deviation, fit.players[i].deviation, 0.25 * fit.players[i].deviation) << i;
  }
}

TEST(Ratings, PredictionWithADeviationAveragesOverIt) {
  // Without a deviation: the model's three probabilities; with one, their expectation over a
  // normal rating difference (numerically here), which the probit approximation follows.
  const double diff = 150, a = 30, w = 60, deviation = 120;
  const Probabilities sure = predict(diff, a, w);
  EXPECT_NEAR(sure.cho + sure.draw + sure.han, 1, 1e-12);
  EXPECT_NEAR(sure.cho, 1 / (1 + std::pow(10.0, -(diff + a - w) / 400)), 1e-12);
  Probabilities expected;
  const double step = 0.5;
  for (double z = -8; z <= 8; z += step / deviation) {
    const double density = std::exp(-z * z / 2) / std::sqrt(2 * std::acos(-1.0)) * step / deviation;
    const Probabilities q = predict(diff + z * deviation, a, w);
    expected.cho += density * q.cho, expected.draw += density * q.draw, expected.han += density * q.han;
  }
  const Probabilities unsure = predict(diff, a, w, deviation);
  EXPECT_NEAR(unsure.cho + unsure.draw + unsure.han, 1, 1e-12);
  EXPECT_LT(unsure.cho, sure.cho);  // less sure of the favourite
  EXPECT_NEAR(unsure.cho, expected.cho, 0.01);
  EXPECT_NEAR(unsure.draw, expected.draw, 0.01);
  EXPECT_NEAR(unsure.han, expected.han, 0.01);
}

TEST(Ratings, FirstMoveNotFittedWhenColoursDoNotSeparateIt) {
  // Player 0 always has Han: Cho's advantage and 0's rating cannot be told apart.
  const std::vector<RatedGame> games = {game(1, 0, 'c'), game(1, 0, 'h'), game(2, 0, 'c'), game(2, 0, 'h'),
                                        game(1, 0, 'd')};
  const Fit fit = ratings::fit(games, 3, {.min_games = 1});
  EXPECT_FALSE(fit.first_move_fitted);
  EXPECT_EQ(fit.first_move, 0);
  EXPECT_TRUE(fit.converged);
  EXPECT_EQ(fit.rated_players, 3);
}

TEST(Ratings, BadInputIsNeverRated) {
  FitOptions o;
  // No games at all.
  const Fit none = ratings::fit({}, 0, o);
  EXPECT_EQ(none.rated_players, 0);
  EXPECT_TRUE(none.players.empty());
  // Self-games only: not counted.
  const std::vector<RatedGame> self = {game(0, 0, 'c'), game(0, 0, 'd')};
  const Fit s = ratings::fit(self, 1, o);
  EXPECT_EQ(s.players[0].games, 0);
  EXPECT_EQ(s.players[0].standing, Standing::NotConnected);
  EXPECT_EQ(s.rated_players, 0);
  // One pair that only drew: no decisive game, nothing to rate.
  const std::vector<RatedGame> draws = {game(0, 1, 'd'), game(1, 0, 'd')};
  const Fit d = ratings::fit(draws, 2, o);
  EXPECT_EQ(d.rated_players, 0);
  for (const PlayerRating& p : d.players) EXPECT_EQ(p.standing, Standing::NotConnected);
}

TEST(Ratings, HistoryFollowsAChangeOfStrength) {
  // Player 0 beats 1 and 2 in period 0 and loses to them in period 2; 1 and 2 trade games
  // throughout (so each period is connected).
  std::vector<RatedGame> games;
  for (int k = 0; k < 6; ++k) {
    games.push_back(game(0, 1 + static_cast<std::uint32_t>(k % 2), k % 3 == 0 ? 'd' : 'c', 0));
    games.push_back(game(1 + static_cast<std::uint32_t>(k % 2), 0, 'h', 0));
    games.push_back(game(0, 1 + static_cast<std::uint32_t>(k % 2), 'h', 2));
    games.push_back(game(1 + static_cast<std::uint32_t>(k % 2), 0, k % 3 == 0 ? 'd' : 'c', 2));
    games.push_back(game(1, 2, k % 2 ? 'c' : 'h', k % 3));
    games.push_back(game(2, 1, k % 2 ? 'c' : 'h', k % 3));
  }
  const Fit fit = ratings::fit(games, 3, {.min_games = 1, .drift = 100, .prior = 0});
  ASSERT_EQ(fit.players[0].history.size(), 2u);
  const PeriodRating& early = fit.players[0].history[0];
  const PeriodRating& late = fit.players[0].history[1];
  EXPECT_EQ(early.period, 0);
  EXPECT_EQ(late.period, 2);
  EXPECT_EQ(early.games, 12);
  EXPECT_GT(early.rating - late.rating, 100);
  EXPECT_GT(early.deviation, 0);
  EXPECT_EQ(fit.players[1].history.size(), 3u);  // 1 played in periods 0, 1 and 2
  // The history is anchored as the overall ratings are: the mean of each player's mean
  // period rating equals the overall mean (1500, every player ranked).
  double mean = 0;
  for (const PlayerRating& p : fit.players) {
    double m = 0;
    for (const PeriodRating& h : p.history) m += h.rating / static_cast<double>(p.history.size());
    mean += m / 3;
  }
  EXPECT_NEAR(mean, 1500, 1e-6);
}

TEST(Ratings, HistoryEqualsAnIndependentMaximumOfThePenalisedLikelihood) {
  // Two periods, three players; the history's objective: the log-likelihood of the games at
  // each period's ratings, minus the random walk's (r_t - r_t')² / (2 drift²) per player and
  // the prior's r_0² / (2 σ²) on each player's first period (σ: FitOptions' default prior,
  // the history's when the overall fit has none).
  const std::vector<RatedGame> games = {game(0, 1, 'c', 0), game(1, 2, 'h', 0), game(2, 0, 'c', 0), game(1, 0, 'c', 0),
                                        game(0, 2, 'h', 1), game(2, 1, 'c', 1), game(1, 0, 'h', 1), game(2, 1, 'h', 1)};
  FitOptions o;
  o.min_games = 1;
  o.drift = 80;
  o.first_move = false;
  o.prior = 0;
  const double sigma = FitOptions{}.prior;
  ASSERT_GT(sigma, 0);
  const Fit fit = ratings::fit(games, 3, o);
  // Reference: parameters r_{i,t} for i = 0..2, t = 0..1, all free (the prior holds them).
  auto objective = [&](const std::vector<double>& x) {
    auto r = [&](std::uint32_t i, int t) { return x[i * 2 + static_cast<std::size_t>(t)]; };
    double ll = 0;
    for (const RatedGame& g : games) {
      const double p = Reference::elo_curve(r(g.cho, g.period) - r(g.han, g.period));
      ll += std::log(g.outcome == Outcome::ChoWins ? p : 1 - p);
    }
    // The drift in Elo as the model's natural units: (Δ/s)² / (2 (drift/s)²) = Δ² / (2 drift²).
    for (std::uint32_t i = 0; i < 3; ++i)
      ll -= std::pow(r(i, 1) - r(i, 0), 2) / (2 * o.drift * o.drift) + r(i, 0) * r(i, 0) / (2 * sigma * sigma);
    return ll;
  };
  std::vector<double> x(6, 0);
  for (int it = 0; it < 100; ++it) {  // Newton on finite differences
    const double h = 1e-2;
    std::vector<double> g(6);
    std::vector<std::vector<double>> H(6, std::vector<double>(6));
    for (std::size_t i = 0; i < 6; ++i) {
      auto at = [&](std::size_t a, double da, std::size_t b, double db) {
        std::vector<double> y = x;
        y[a] += da;
        y[b] += db;
        return objective(y);
      };
      g[i] = (at(i, h, i, 0) - at(i, -h, i, 0)) / (2 * h);
      for (std::size_t j = 0; j < 6; ++j)
        H[i][j] = -(at(i, h, j, h) - at(i, h, j, -h) - at(i, -h, j, h) + at(i, -h, j, -h)) / (4 * h * h);
    }
    const auto step = Reference::solve(H, g);
    double largest = 0;
    for (std::size_t i = 0; i < 6; ++i) x[i] += step[i], largest = std::max(largest, std::abs(step[i]));
    if (largest < 1e-8) break;
  }
  // Compare differences (the anchor aside): each player's period ratings against player 0's in period 0.
  auto ref = [&](std::uint32_t i, int t) { return x[i * 2 + static_cast<std::size_t>(t)] - x[0]; };
  const double base = fit.players[0].history[0].rating;
  for (std::uint32_t i = 0; i < 3; ++i) {
    ASSERT_EQ(fit.players[i].history.size(), 2u) << i;
    for (int t = 0; t < 2; ++t)
      EXPECT_NEAR(fit.players[i].history[static_cast<std::size_t>(t)].rating - base, ref(i, t), 1e-3) << i << "," << t;
  }
}

TEST(Ratings, ApproximateDeviationsTrackTheExactOnes) {
  // A random archive of 400 players with heavy-tailed activity: the approximation
  // (FitOptions::exact_limit 0) against the exact inverse.
  std::mt19937_64 rng(34);
  std::normal_distribution<double> strength(0, 150);
  std::vector<double> truth(400);
  for (double& t : truth) t = strength(rng);
  std::vector<RatedGame> games;
  std::uniform_real_distribution<double> unit(0, 1);
  for (int k = 0; k < 4000; ++k) {
    auto pick = [&] { return static_cast<std::uint32_t>(400 * std::pow(unit(rng), 2.0)); };
    const std::uint32_t c = pick(), h = pick();
    if (c == h) continue;
    const Probabilities p = predict(truth[c] - truth[h], 30, 40);
    const double u = unit(rng);
    games.push_back({c, h, u < p.cho ? Outcome::ChoWins : u < p.cho + p.draw ? Outcome::Draw : Outcome::HanWins, 0});
  }
  FitOptions o;
  o.drift = 0;
  o.prior = 0;
  const Fit exact = ratings::fit(games, 400, o);
  o.exact_limit = 0;
  const Fit approximate = ratings::fit(games, 400, o);
  ASSERT_TRUE(exact.exact_covariance);
  ASSERT_FALSE(approximate.exact_covariance);
  std::vector<double> ratio;
  for (std::size_t i = 0; i < 400; ++i) {
    if (exact.players[i].standing != Standing::Ranked) continue;
    EXPECT_NEAR(exact.players[i].rating, approximate.players[i].rating, 1e-6);
    ratio.push_back(approximate.players[i].deviation / exact.players[i].deviation);
  }
  ASSERT_GT(ratio.size(), 200u);
  std::sort(ratio.begin(), ratio.end());
  const double median = ratio[ratio.size() / 2], low = ratio[ratio.size() / 20], high = ratio[ratio.size() * 19 / 20];
  std::cerr << "approximate / exact deviation: median " << median << ", 5 % " << low << ", 95 % " << high << "\n";
  EXPECT_GT(low, 0.85);
  EXPECT_LT(high, 1.15);
}
