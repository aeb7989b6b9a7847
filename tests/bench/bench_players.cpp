// The players and events of `gibo stats` on an archive or files (issue 34): first the CPU time
// of each part — the identities of the sides, the ratings with their history, every event's
// crosstable, the tables — on the games loaded (one thread, best of three); then the
// predictive check of the ratings: ratings fitted on the games before a date predict the
// results after it; their log-loss beside that of a coin (the draw rate of the
// earlier games, the rest split evenly), of Cho's first move alone, and of a model that knows
// only the ranks written in the players' names (the rank at the time of each game: N단 is N,
// N급 1 − N; a logistic curve of the rank difference with Cho's advantage and a draw width,
// fitted by maximum likelihood on the same earlier games). The rating models: maximum
// likelihood; a normal prior of several widths (the maximum a posteriori, as BayesElo's
// prior of virtual draws makes it); the yearly history (Whole-History Rating); Glicko. Lower
// is better; ln 3 = 1.0986 is knowing nothing at all.
//
//   build/tests/bench/bench_players (--db ARCHIVE | FILES...) [--split YYYY-MM-DD]...
//
// Files are read directly (not imported), so records without moves count. Each --split is
// checked in turn (by default the date before which four fifths of the dated decided games
// lie); then year by year, each year's games predicted from all the games before it, summed. A game
// counts when it is dated and decided (a win or a draw) between two different identities
// (src/cli/help/stats.md, "Players and events"); every probability is kept at least 10⁻⁴ so that a draw
// nobody predicted costs ln 10⁴ rather than infinity.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <tuple>
#include <string>
#include <vector>

#include "gibo/archive/archive.h"
#include "gibo/formats/game_reader.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/name_aliases.h"
#include "gibo/record/player_name.h"
#include "gibo/report/ratings.h"
#include "report/stats.h"
#include "report/stats_load.h"
#include "report/stats_players.h"

using namespace gibo;

namespace {

constexpr double kFloor = 1e-4;

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The best of three runs of `work`, CPU seconds.
double best_of_three(const std::function<void()>& work) {
  double best = 1e9;
  for (int i = 0; i < 3; ++i) {
    const double start = cpu_seconds();
    work();
    best = std::min(best, cpu_seconds() - start);
  }
  return best;
}

// What each part of the report's players and events costs on `data`.
void time_parts(const stats::Dataset& data) {
  stats::ReportOptions o;
  std::vector<stats::Identity> identities;
  std::vector<std::array<std::size_t, 2>> sides;
  stats::Report r;
  const stats::Entities entities(data, NameAliases::builtin());
  const double identify = best_of_three([&] {
    sides = stats::identify_sides(data, NameAliases::builtin(), entities, identities);
    stats::identity_games(data, sides, o, entities, identities);
  });
  const double rate = best_of_three([&] { r.ratings = stats::ratings_of(data, sides, identities.size(), o); });
  const double events = best_of_three([&] { r.events = stats::events_of(data, sides, entities, o); });
  r.identities = identities;
  r.options = o;
  const double tables = best_of_three([&] {
    std::vector<stats::Table> out;
    stats::rating_tables(r, out);
    stats::event_tables(r, out);
  });
  std::printf("%zu games, %zu identities, %ld rated, %zu events: CPU seconds, best of three, one thread:\n",
              data.games.size(), identities.size(), r.ratings.fit.rated_players, r.events.events.size());
  std::printf("  identities %.3f, ratings and history %.3f, every event's crosstable %.3f, tables %.3f; all %.3f\n",
              identify, rate, events, tables, identify + rate + events + tables);
  // The fit alone (report/ratings.h) under each model, without and with the yearly history.
  for (const double prior : {0.0, ratings::FitOptions{}.prior}) {
    stats::ReportOptions m;
    m.rating_prior = prior;
    double fit[2];
    for (int history = 0; history < 2; ++history) {
      m.drift = history ? ratings::FitOptions{}.drift : 0;
      fit[history] = best_of_three([&] { r.ratings = stats::ratings_of(data, sides, identities.size(), m); });
    }
    std::printf("  the fit, prior %.0f Elo (%ld rated, %d Newton steps, %s): %.3f, with the history %.3f\n", prior,
                r.ratings.fit.rated_players, r.ratings.fit.iterations, r.ratings.fit.converged ? "converged" : "NOT converged",
                fit[0], fit[1]);
  }
}

// What `gibo stats --db` and `gibo serve` compute before they answer, on the archive `db`
// (CPU seconds, best of three, one thread): the players' report serve makes first (the
// stored facts alone, then identities, ratings and events) and the whole report.
void time_reports(const std::string& db) {
  auto archive = archive::Archive::open(db, archive::OpenMode::ReadOnly);
  if (!archive) return;
  double seconds[2];
  for (int whole = 0; whole < 2; ++whole) {
    stats::LoadOptions lo;
    lo.boards = whole == 1;
    seconds[whole] = best_of_three([&] {
      stats::Dataset data;
      if (stats::load_archive(**archive, "", lo, data)) return;
      const stats::Report r = whole ? stats::aggregate(data) : stats::aggregate_people(data);
    });
  }
  std::printf("  the players' report (serve's /players: stored facts, identities, ratings, events) %.3f; the whole "
              "report (every game replayed and judged) %.3f\n",
              seconds[0], seconds[1]);
}

// −ln of the probability the model gave the outcome, its probabilities floored and renormalised.
double loss(ratings::Probabilities p, ratings::Outcome o) {
  p.cho = std::max(p.cho, kFloor), p.han = std::max(p.han, kFloor), p.draw = std::max(p.draw, kFloor);
  const double sum = p.cho + p.han + p.draw;
  const double q = o == ratings::Outcome::ChoWins ? p.cho : o == ratings::Outcome::HanWins ? p.han : p.draw;
  return -std::log(q / sum);
}

struct Decided {
  std::size_t cho = 0, han = 0;  // identities
  ratings::Outcome outcome{};
  std::string date;
  std::optional<int> cho_level, han_level;  // the ranks written, as levels
};

// The rank-only model: u = b·(level_cho − level_han) + a, draw width w (natural units; w
// held at 0 without draws). Maximum likelihood by Newton's method on finite differences.
struct RankModel {
  double b = 0, a = 0, w = 0;
  ratings::Probabilities predict(const Decided& g) const {
    const double diff = g.cho_level && g.han_level ? static_cast<double>(*g.cho_level - *g.han_level) : 0;
    return ratings::predict((b * diff + a) * ratings::kEloScale, 0, w * ratings::kEloScale);
  }
};
RankModel fit_ranks(const std::vector<Decided>& train) {
  bool draws = false;
  for (const Decided& g : train) draws |= g.outcome == ratings::Outcome::Draw;
  auto ll = [&](const std::array<double, 3>& x) {
    RankModel m{x[0], x[1], draws ? x[2] : 0};
    if (draws && x[2] <= 0) return -1e300;
    double s = 0;
    for (const Decided& g : train) s -= loss(m.predict(g), g.outcome);
    return s;
  };
  std::array<double, 3> x = {0, 0, draws ? 0.1 : 0};
  const int n = draws ? 3 : 2;
  for (int it = 0; it < 100; ++it) {
    const double h = 1e-4;
    double g[3] = {0, 0, 0}, H[3][3] = {};
    for (int i = 0; i < n; ++i) {
      auto at = [&](int p, double dp, int q, double dq) {
        std::array<double, 3> y = x;
        y[static_cast<std::size_t>(p)] += dp;
        y[static_cast<std::size_t>(q)] += dq;
        return ll(y);
      };
      g[i] = (at(i, h, i, 0) - at(i, -h, i, 0)) / (2 * h);
      for (int j = 0; j < n; ++j) H[i][j] = (at(i, h, j, h) - at(i, h, j, -h) - at(i, -h, j, h) + at(i, -h, j, -h)) / (4 * h * h);
    }
    // Solve −H s = g (n ≤ 3) by Gaussian elimination.
    double A[3][4];
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) A[i][j] = -H[i][j];
      A[i][n] = g[i];
    }
    for (int c = 0; c < n; ++c) {
      int p = c;
      for (int r = c + 1; r < n; ++r)
        if (std::abs(A[r][c]) > std::abs(A[p][c])) p = r;
      for (int k = 0; k <= n; ++k) std::swap(A[c][k], A[p][k]);
      if (std::abs(A[c][c]) < 1e-12) return {x[0], x[1], draws ? x[2] : 0};
      for (int r = 0; r < n; ++r) {
        if (r == c) continue;
        const double f = A[r][c] / A[c][c];
        for (int k = c; k <= n; ++k) A[r][k] -= f * A[c][k];
      }
    }
    double t = 1, step = 0;
    const double here = ll(x);
    std::array<double, 3> y = x;
    for (int k = 0; k < 40; ++k, t /= 2) {
      y = x;
      for (int i = 0; i < n; ++i) y[static_cast<std::size_t>(i)] += t * A[i][n] / A[i][i];
      if (ll(y) >= here) break;
    }
    for (int i = 0; i < n; ++i) step = std::max(step, std::abs(y[static_cast<std::size_t>(i)] - x[static_cast<std::size_t>(i)]));
    x = y;
    if (step < 1e-9) break;
  }
  return {x[0], x[1], draws ? x[2] : 0};
}

// Loads the games of the archive `db` or of the game files `paths` (read directly, not
// imported; a folder stands for the game records under it, .gib and .pgn, in name order);
// 0, or 3 after the message.
int load_games(const std::string& db, const std::vector<std::string>& paths, stats::Dataset& data) {
  if (!db.empty()) {
    auto archive = archive::Archive::open(db, archive::OpenMode::ReadOnly);
    if (!archive) {
      std::fprintf(stderr, "%s: %s\n", db.c_str(), archive.error().message.c_str());
      return 3;
    }
    if (auto e = stats::load_archive(**archive, "", stats::LoadOptions{}, data)) {
      std::fprintf(stderr, "%s: %s\n", db.c_str(), e->message.c_str());
      return 3;
    }
    return 0;
  }
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!std::filesystem::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (const auto& e : std::filesystem::recursive_directory_iterator(path, ec)) {
      const std::string ext = e.path().extension().string();
      if (e.is_regular_file(ec) && (ext == ".gib" || ext == ".pgn")) found.push_back(e.path().string());
    }
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  for (const std::string& path : files) {
    auto reader = GameReader::open(path);
    if (!reader) {
      std::fprintf(stderr, "%s: %s\n", path.c_str(), reader.error().message.c_str());
      return 3;
    }
    while (auto g = reader->next()) {
      stats::GameFacts f;
      stats::tag_facts(g->tags, f);
      f.has_result = g->has_result;
      f.result = normalize_result(g->result_text);
      data.games.push_back(std::move(f));
    }
  }
  return 0;
}

// The dated decided games between two different identities (by the sides `sides`), in
// date order; `undated` counts the decided ones without a date.
std::vector<Decided> decided_games(const stats::Dataset& data, const std::vector<std::array<std::size_t, 2>>& sides,
                                   long& undated) {
  std::vector<Decided> games;
  for (std::size_t k = 0; k < data.games.size(); ++k) {
    const stats::GameFacts& f = data.games[k];
    const auto [cho, han] = sides[k];
    const stats::Scored s = stats::scored_result(f, false);
    if (cho == SIZE_MAX || han == SIZE_MAX || cho == han) continue;
    if (s.winner != Winner::Cho && s.winner != Winner::Han && s.winner != Winner::Draw) continue;
    if (!f.date.year) {
      ++undated;
      continue;
    }
    Decided g;
    g.cho = cho, g.han = han, g.date = f.date.key;
    g.outcome = s.winner == Winner::Cho ? ratings::Outcome::ChoWins
                : s.winner == Winner::Han ? ratings::Outcome::HanWins
                                          : ratings::Outcome::Draw;
    g.cho_level = split_player(f.cho_player).rank_value.level();
    g.han_level = split_player(f.han_player).rank_value.level();
    games.push_back(std::move(g));
  }
  std::stable_sort(games.begin(), games.end(), [](const Decided& a, const Decided& b) { return a.date < b.date; });
  return games;
}

// A model's probabilities for a later game.
using Predictor = std::function<ratings::Probabilities(const Decided&)>;
struct Model {
  std::string name;
  Predictor predict;
};

int year_of(const Decided& g) { return std::atoi(g.date.substr(0, 4).c_str()); }

std::vector<ratings::RatedGame> rated_games(const std::vector<Decided>& train, int first_year) {
  std::vector<ratings::RatedGame> rated;
  for (const Decided& g : train)
    rated.push_back({static_cast<std::uint32_t>(g.cho), static_cast<std::uint32_t>(g.han), g.outcome,
                     year_of(g) - first_year});
  return rated;
}

// The rated players' mean rating: where a player the fit did not rate counts (with a prior
// the prior's centre: at the maximum the ratings' deviations from it sum to zero, the
// likelihood being blind to a common shift).
double centre(const ratings::Fit& f) {
  double sum = 0;
  long n = 0;
  for (const ratings::PlayerRating& p : f.players)
    if (p.standing != ratings::Standing::NotConnected) sum += p.rating, ++n;
  return n ? sum / static_cast<double>(n) : 0.0;
}

// The spread of the players' strengths from maximum-likelihood ratings: their variance less
// what their standard errors account for (at least 50 Elo).
double spread(const ratings::Fit& ml) {
  double variance = 0, noise = 0, mean = 0;
  long counted = 0;
  for (const ratings::PlayerRating& p : ml.players)
    if (p.standing == ratings::Standing::Ranked) mean += p.rating, ++counted;
  if (counted < 2) return 200;
  mean /= static_cast<double>(counted);
  for (const ratings::PlayerRating& p : ml.players)
    if (p.standing == ratings::Standing::Ranked)
      variance += (p.rating - mean) * (p.rating - mean), noise += p.deviation * p.deviation;
  return std::sqrt(std::max(50.0 * 50.0, (variance - noise) / static_cast<double>(counted - 1)));
}

// A fit's predictions: each player's rating with its uncertainty (`latest`: the latest
// year's before the split, grown by the drift since); a player the fit did not rate counts
// at its centre with `unknown` (Elo) as uncertainty.
Predictor fit_predictor(std::shared_ptr<const ratings::Fit> f, double unknown, bool latest, int first_year, double drift) {
  const double mean = centre(*f);
  return [f, unknown, latest, first_year, drift, mean](const Decided& g) {
    auto at = [&](std::size_t who) {
      const ratings::PlayerRating& p = f->players[who];
      if (p.standing == ratings::Standing::NotConnected) return std::pair{mean, unknown};
      if (!latest || p.history.empty()) return std::pair{p.rating, p.deviation};
      const ratings::PeriodRating& last = p.history.back();
      const double gap = std::max(0, year_of(g) - (first_year + last.period));
      return std::pair{last.rating, std::sqrt(last.deviation * last.deviation + drift * drift * gap)};
    };
    const auto [rc, dc] = at(g.cho);
    const auto [rh, dh] = at(g.han);
    return ratings::predict(rc - rh, f->first_move, f->draw_width, std::hypot(dc, dh));
  };
}

// Glicko (Glickman 1999) over monthly rating periods, a draw half a win: each player's
// rating and deviation after the earlier games (350 for a player never seen; c such that a
// deviation of 50 grows back to 350 in five years without games); a later game predicted
// with the rating difference, the deviations in quadrature, and the first move and draw
// width of `f` (Glicko has neither).
Predictor glicko(const std::vector<Decided>& train, std::size_t players, const ratings::Fit& f) {
  const double q = std::log(10.0) / 400, pi = std::acos(-1.0), c2 = (350.0 * 350 - 50.0 * 50) / 60;
  std::vector<double> r(players, 1500), rd(players, 350);
  std::vector<int> last(players, -1);  // the player's last month
  auto g_of = [&](double d) { return 1 / std::sqrt(1 + 3 * q * q * d * d / (pi * pi)); };
  auto month = [](const Decided& g) {  // a date of a year alone: its first month
    return year_of(g) * 12 + (g.date.size() >= 7 ? std::atoi(g.date.substr(5, 2).c_str()) - 1 : 0);
  };
  for (std::size_t k = 0; k < train.size();) {
    const int now = month(train[k]);
    std::size_t end = k;
    while (end < train.size() && month(train[end]) == now) ++end;
    // Each player's deviation at the period's start: grown by the months without games.
    std::map<std::size_t, double> start;
    for (std::size_t i = k; i < end; ++i)
      for (const std::size_t p : {train[i].cho, train[i].han})
        start.try_emplace(p, last[p] < 0 ? 350 : std::min(350.0, std::sqrt(rd[p] * rd[p] + c2 * (now - last[p]))));
    std::map<std::size_t, std::pair<double, double>> sums;  // player: Σ g²E(1−E), Σ g(s − E)
    for (std::size_t i = k; i < end; ++i) {
      const Decided& g = train[i];
      const double s = g.outcome == ratings::Outcome::ChoWins ? 1 : g.outcome == ratings::Outcome::HanWins ? 0 : 0.5;
      for (const auto& [me, them, score] : {std::tuple{g.cho, g.han, s}, std::tuple{g.han, g.cho, 1 - s}}) {
        const double gj = g_of(start[them]), e = 1 / (1 + std::pow(10.0, -gj * (r[me] - r[them]) / 400));
        auto& [info, pull] = sums[me];
        info += gj * gj * e * (1 - e);
        pull += gj * (score - e);
      }
    }
    for (const auto& [me, sum] : sums) {
      const double d2 = 1 / (q * q * sum.first), precision = 1 / (start[me] * start[me]) + 1 / d2;
      r[me] += q / precision * sum.second;
      rd[me] = std::sqrt(1 / precision);
      last[me] = now;
    }
    k = end;
  }
  return [r, rd, last, c2, a = f.first_move, w = f.draw_width, month](const Decided& g) {
    auto dev = [&](std::size_t p) {
      return last[p] < 0 ? 350.0 : std::min(350.0, std::sqrt(rd[p] * rd[p] + c2 * (month(g) - last[p])));
    };
    return ratings::predict(r[g.cho] - r[g.han], a, w, std::hypot(dev(g.cho), dev(g.han)));
  };
}

// The models of the earlier games.
std::vector<Model> fit_models(const std::vector<Decided>& train, std::size_t players) {
  std::vector<Model> models;
  const int first_year = year_of(train.front());
  const std::vector<ratings::RatedGame> rated = rated_games(train, first_year);
  const double drift = ratings::FitOptions{}.drift;
  auto fit = [&](double prior, double history) {
    ratings::FitOptions o;
    o.prior = prior;
    o.drift = history;
    return std::make_shared<const ratings::Fit>(ratings::fit(rated, players, o));
  };
  const auto ml = fit(0, 0), map = fit(ratings::FitOptions{}.prior, 0);
  long draws = 0;
  for (const Decided& g : train) draws += g.outcome == ratings::Outcome::Draw;
  const double draw_rate = (static_cast<double>(draws) + 0.5) / (static_cast<double>(train.size()) + 1);
  models.push_back({"coin (the draw rate)", [draw_rate](const Decided&) {
                      return ratings::Probabilities{(1 - draw_rate) / 2, draw_rate, (1 - draw_rate) / 2};
                    }});
  models.push_back({"Cho's first move only", [map](const Decided&) {
                      return ratings::predict(0, map->first_move, map->draw_width);
                    }});
  const RankModel ranks = fit_ranks(train);
  models.push_back({"written ranks", [ranks](const Decided& g) { return ranks.predict(g); }});
  const double players_spread = spread(*ml);
  models.push_back({"maximum likelihood", fit_predictor(ml, players_spread, false, first_year, drift)});
  for (const double sigma : {40.0, 50.0, 60.0, 75.0, 100.0, 125.0, 150.0, 200.0, 300.0, 400.0})
    models.push_back({"prior " + std::to_string(static_cast<int>(sigma)) + " (BayesElo-like)",
                      fit_predictor(fit(sigma, 0), sigma, false, first_year, drift)});
  models.push_back({"prior = the spread of the ML ratings",
                    fit_predictor(fit(players_spread, 0), players_spread, false, first_year, drift)});
  const double sigma = ratings::FitOptions{}.prior;
  const auto whr = fit(sigma, drift);
  models.push_back({"history (WHR), latest year", fit_predictor(whr, sigma, true, first_year, drift)});
  models.push_back({"history (WHR), overall", fit_predictor(whr, sigma, false, first_year, drift)});
  models.push_back({"Glicko, monthly", glicko(train, players, *map)});
  return models;
}

// Every model's summed log-loss on the later games: on all, on those whose players both
// had at least kKnown earlier decided games, and on the others.
constexpr int kKnown = 10;
struct Losses {
  std::vector<std::string> names;
  std::vector<std::array<double, 3>> sums;
  std::array<long, 3> counts = {0, 0, 0};
  void add(const Losses& o) {
    if (names.empty()) names = o.names, sums.assign(o.sums.size(), {0, 0, 0});
    for (std::size_t m = 0; m < sums.size(); ++m)
      for (std::size_t k = 0; k < 3; ++k) sums[m][k] += o.sums[m][k];
    for (std::size_t k = 0; k < 3; ++k) counts[k] += o.counts[k];
  }
};

Losses evaluate(const std::vector<Decided>& train, const std::vector<Decided>& test, std::size_t players) {
  Losses out;
  std::vector<long> earlier(players, 0);
  for (const Decided& g : train) ++earlier[g.cho], ++earlier[g.han];
  const std::vector<Model> models = fit_models(train, players);
  out.sums.assign(models.size(), {0, 0, 0});
  for (const Model& m : models) out.names.push_back(m.name);
  for (const Decided& g : test) {
    const std::size_t known = earlier[g.cho] >= kKnown && earlier[g.han] >= kKnown ? 1 : 2;
    ++out.counts[0], ++out.counts[known];
    for (std::size_t m = 0; m < models.size(); ++m) {
      const double l = loss(models[m].predict(g), g.outcome);
      out.sums[m][0] += l;
      out.sums[m][known] += l;
    }
  }
  return out;
}

void print_losses(const Losses& l) {
  std::printf("log-loss per game (natural log, lower is better; ln 3 = 1.0986 knows nothing):\n");
  std::printf("  %-34s %12s %12s %12s\n", "model", "every game", "both known", "the others");
  std::printf("  %-34s %12ld %12ld %12ld\n", "(games)", l.counts[0], l.counts[1], l.counts[2]);
  for (std::size_t m = 0; m < l.names.size(); ++m) {
    std::printf("  %-34s", l.names[m].c_str());
    for (std::size_t k = 0; k < 3; ++k)
      if (l.counts[k]) std::printf(" %12.4f", l.sums[m][k] / static_cast<double>(l.counts[k]));
      else std::printf(" %12s", "-");
    std::printf("\n");
  }
  std::printf("(both known: both players had at least %d decided games before)\n", kKnown);
}

// The predictive check at `split`: fitted on the games before it, every later game predicted.
void split_check(const std::vector<Decided>& games, std::size_t players, const std::string& split) {
  std::vector<Decided> train, test;
  for (const Decided& g : games) (g.date < split ? train : test).push_back(g);
  std::printf("\nsplit at %s: %zu games before, %zu from it\n", split.c_str(), train.size(), test.size());
  if (train.empty() || test.empty()) return;
  print_losses(evaluate(train, test, players));
}

// Year by year: each year's games predicted from every game before it (its 1 January), the
// losses summed over the years with at least 100 games to predict and 1,000 before.
void yearly_check(const std::vector<Decided>& games, std::size_t players) {
  Losses all;
  std::string years;
  for (int year = year_of(games.front()) + 1; year <= year_of(games.back()); ++year) {
    const std::string from = std::to_string(year);
    std::vector<Decided> train, test;
    for (const Decided& g : games)
      if (g.date < from) train.push_back(g);
      else if (year_of(g) == year) test.push_back(g);
    if (train.size() < 1000 || test.size() < 100) continue;
    const Losses l = evaluate(train, test, players);
    years += (years.empty() ? "" : ", ") + from + " (" + std::to_string(l.counts[0]) + ", " +
             std::to_string(l.counts[1]) + " known)";
    all.add(l);
  }
  std::printf("\nyear by year, each year predicted from the games before it: %s\n", years.c_str());
  if (!all.names.empty()) print_losses(all);
}

}  // namespace

int main(int argc, char** argv) {
  std::string db;
  std::vector<std::string> paths, splits;
  const char* usage = "usage: bench_players (--db ARCHIVE | FILES...) [--split YYYY-MM-DD]...\n";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--db" && i + 1 < argc) db = argv[++i];
    else if (a == "--split" && i + 1 < argc) splits.push_back(argv[++i]);
    else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "%s", usage);
      return 2;
    } else paths.push_back(a);
  }
  if (db.empty() == paths.empty()) {
    std::fprintf(stderr, "%s", usage);
    return 2;
  }
  stats::Dataset data;
  if (const int status = load_games(db, paths, data); status != 0) return status;
  time_parts(data);
  if (!db.empty()) time_reports(db);
  std::vector<stats::Identity> identities;
  const stats::Entities entities(data, NameAliases::builtin());
  const auto sides = stats::identify_sides(data, NameAliases::builtin(), entities, identities);
  long undated = 0;
  const std::vector<Decided> games = decided_games(data, sides, undated);
  std::printf("%zu dated decided games between two players (%ld undated left out)\n", games.size(), undated);
  if (games.size() < 2) return 0;
  if (splits.empty()) splits.push_back(games[games.size() * 4 / 5].date);
  for (const std::string& split : splits) split_check(games, identities.size(), split);
  yearly_check(games, identities.size());
  return 0;
}
