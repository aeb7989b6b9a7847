// The rating fit (report/ratings.h) at the real archive's size: 25,500 games among 9,178
// players (formats spec 2.4: 25,503 games; issue 34: 9,178 named players), made up with the
// archive's shape — a few players with hundreds of games, most with one or two; opponents
// of similar strength more often than not; Cho's advantage and a few draws; 14 years. Prints
// the CPU time of the fit (one thread), by maximum likelihood and with the default prior,
// with and without the history, best of --rounds runs.
//
//   build/tests/bench/bench_ratings [--games N] [--players N] [--rounds N] [--exact-limit N] [--compare 1]
//
// --compare 1 also fits by maximum likelihood with the exact covariance whatever the rated
// group's size (slow: a sparse factor solved for every player) and prints how the
// approximate deviations compare with it.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "gibo/report/ratings.h"

using namespace gibo::ratings;

namespace {

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

std::vector<RatedGame> archive_like(std::size_t players, std::size_t games, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> strength(0, 200);
  std::vector<double> truth(players);
  for (double& t : truth) t = strength(rng);
  // Activity: Zipf-like weights, so the first players play hundreds of games.
  std::vector<double> cumulative(players);
  double total = 0;
  for (std::size_t i = 0; i < players; ++i) cumulative[i] = total += std::pow(static_cast<double>(i) + 1, -0.9);
  std::uniform_real_distribution<double> unit(0, 1);
  auto pick = [&] {
    return static_cast<std::uint32_t>(std::lower_bound(cumulative.begin(), cumulative.end(), unit(rng) * total) -
                                      cumulative.begin());
  };
  // Each player's years: a start and a span.
  std::vector<int> first(players), span(players);
  for (std::size_t i = 0; i < players; ++i) first[i] = static_cast<int>(unit(rng) * 14), span[i] = 1 + static_cast<int>(unit(rng) * 5);
  std::vector<RatedGame> out;
  out.reserve(games);
  while (out.size() < games) {
    const std::uint32_t a = pick();
    std::uint32_t b = pick();
    for (int tries = 0; tries < 5 && (b == a || std::abs(truth[a] - truth[b]) > 250); ++tries) b = pick();
    if (b == a) continue;
    const Probabilities p = predict(truth[a] - truth[b], 35, 25);
    const double u = unit(rng);
    const int year = std::min(13, first[a] + static_cast<int>(unit(rng) * span[a]));
    out.push_back({a, b, u < p.cho ? Outcome::ChoWins : u < p.cho + p.draw ? Outcome::Draw : Outcome::HanWins, year});
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t games = 25500, players = 9178;
  int rounds = 3, exact_limit = FitOptions{}.exact_limit, compare = 0;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    const long v = std::strtol(argv[i + 1], nullptr, 10);
    if (a == "--games") games = static_cast<std::size_t>(v);
    else if (a == "--players") players = static_cast<std::size_t>(v);
    else if (a == "--rounds") rounds = static_cast<int>(v);
    else if (a == "--exact-limit") exact_limit = static_cast<int>(v);
    else if (a == "--compare") compare = static_cast<int>(v);
    else {
      std::fprintf(stderr, "usage: bench_ratings [--games N] [--players N] [--rounds N] [--exact-limit N] [--compare 1]\n");
      return 2;
    }
  }
  const std::vector<RatedGame> data = archive_like(players, games, 34);
  std::printf("%zu games among %zu players (made up with the archive's shape)\n", data.size(), players);
  for (const double prior : {0.0, FitOptions{}.prior})
    for (const double drift : {0.0, FitOptions{}.drift}) {
      double best = 1e9;
      Fit fit;
      for (int r = 0; r < rounds; ++r) {
        FitOptions o;
        o.prior = prior;
        o.drift = drift;
        o.exact_limit = exact_limit;
        const double start = cpu_seconds();
        fit = gibo::ratings::fit(data, players, o);
        best = std::min(best, cpu_seconds() - start);
      }
      long histories = 0;
      for (const PlayerRating& p : fit.players) histories += !p.history.empty();
      std::printf("prior %.0f, %s: %.3f s CPU (best of %d); %ld rated, %ld ranked (%ld games); %d Newton steps, %s; "
                  "deviations %s; Cho's advantage %.1f ± %.1f Elo, draw width %.1f%s\n",
                  prior, drift > 0 ? "ratings and yearly history" : "ratings", best, rounds, fit.rated_players,
                  fit.ranked_players, fit.rated_games, fit.iterations, fit.converged ? "converged" : "NOT converged",
                  fit.exact_covariance ? "exact" : "approximate", fit.first_move, fit.first_move_deviation,
                  fit.draw_width, drift > 0 ? (", histories: " + std::to_string(histories)).c_str() : "");
    }
  if (compare) {  // maximum likelihood (its rated group: a few thousand players)
    FitOptions o;
    o.prior = 0;
    o.drift = 0;
    o.exact_limit = 0;
    const Fit approximate = gibo::ratings::fit(data, players, o);
    o.exact_limit = 1 << 30;
    const double start = cpu_seconds();
    const Fit exact = gibo::ratings::fit(data, players, o);
    std::vector<double> ratio;
    for (std::size_t i = 0; i < players; ++i)
      if (exact.players[i].standing == Standing::Ranked)
        ratio.push_back(approximate.players[i].deviation / exact.players[i].deviation);
    std::sort(ratio.begin(), ratio.end());
    if (!ratio.empty())
      std::printf("exact deviations: %.1f s CPU; approximate / exact over the %zu ranked: median %.4f, 5 %% %.4f, 95 %% "
                  "%.4f, least %.4f, most %.4f\n",
                  cpu_seconds() - start, ratio.size(), ratio[ratio.size() / 2], ratio[ratio.size() / 20],
                  ratio[ratio.size() * 19 / 20], ratio.front(), ratio.back());
  }
  return 0;
}
