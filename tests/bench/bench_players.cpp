// The players and events of `gibo stats` on an archive or files (issue 34): first the CPU time
// of each part — the identities of the sides, the ratings with their history, every event's
// crosstable, the tables — on the games loaded (one thread, best of three); then the
// predictive check of the ratings: ratings fitted on the games before a date predict the
// results after it; their log-loss beside that of a coin (the draw rate of the
// earlier games, the rest split evenly), of Cho's first move alone, and of a model that knows
// only the ranks written in the players' names (the rank at the time of each game: N단 is N,
// N급 1 − N; a logistic curve of the rank difference with Cho's advantage and a draw width,
// fitted by maximum likelihood on the same earlier games). Lower is better; ln 3 = 1.0986 is
// knowing nothing at all.
//
//   build/tests/bench/bench_players (--db ARCHIVE | FILES...) [--split YYYY-MM-DD]
//
// Files are read directly (not imported), so records without moves count. The split
// defaults to the date before which four fifths of the dated decided games lie. A game
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
    sides = stats::identify_sides(data, NameAliases::builtin(), identities);
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

// The rating models of the earlier games: maximum likelihood, the yearly history (a
// whole-history model), and the history with a normal prior.
struct RatingModels {
  ratings::FitOptions options, history_options;
  ratings::Fit fit, history, history_prior;
  int first_year = 0;
  double spread = 200;  // of the players' strengths: the prior, and a player not rated
  double centres[3] = {0, 0, 0};  // each fit's rated players' mean

  // The probabilities `f` (one of the three) gives game `g`: each player's rating with its
  // uncertainty (`latest`: the latest year's before the split, grown by the drift since);
  // a player the earlier games did not rate counts at the fit's centre, the spread its
  // uncertainty.
  ratings::Probabilities predict(const ratings::Fit& f, const Decided& g, bool latest) const {
    const int year = std::atoi(g.date.substr(0, 4).c_str());
    const double mean = centres[&f == &fit ? 0 : &f == &history ? 1 : 2];
    const double drift = history_options.drift;
    auto at = [&](std::size_t who) {
      const ratings::PlayerRating& p = f.players[who];
      if (p.standing == ratings::Standing::NotConnected) return std::pair{mean, spread};
      if (!latest || p.history.empty()) return std::pair{p.rating, p.deviation};
      const ratings::PeriodRating& last = p.history.back();
      const double gap = std::max(0, year - (first_year + last.period));
      return std::pair{last.rating, std::sqrt(last.deviation * last.deviation + drift * drift * gap)};
    };
    const auto [rc, dc] = at(g.cho);
    const auto [rh, dh] = at(g.han);
    return ratings::predict(rc - rh, f.first_move, f.draw_width, std::hypot(dc, dh));
  }
};

RatingModels fit_models(const std::vector<Decided>& train, std::size_t players) {
  RatingModels m;
  std::vector<ratings::RatedGame> rated;
  m.first_year = std::atoi(train.front().date.substr(0, 4).c_str());
  for (const Decided& g : train)
    rated.push_back({static_cast<std::uint32_t>(g.cho), static_cast<std::uint32_t>(g.han), g.outcome,
                     std::atoi(g.date.substr(0, 4).c_str()) - m.first_year});
  ratings::FitOptions& o = m.options;
  o.drift = 0;
  m.fit = ratings::fit(rated, players, o);
  // The spread of the players' strengths, estimated from the maximum-likelihood ratings (their
  // variance less what their standard errors account for): the prior of the second fit, and
  // the uncertainty of a player the earlier games did not rate (counted at the mean).
  double variance = 0, noise = 0;
  long counted = 0;
  for (const ratings::PlayerRating& p : m.fit.players)
    if (p.standing == ratings::Standing::Ranked) {
      variance += (p.rating - o.anchor) * (p.rating - o.anchor);
      noise += p.deviation * p.deviation;
      ++counted;
    }
  m.spread = counted > 1 ? std::sqrt(std::max(50.0 * 50.0, (variance - noise) / static_cast<double>(counted - 1))) : 200;
  // The yearly history: each player's latest year before the split, its uncertainty grown
  // by the drift over the years since; maximum likelihood, and with the prior.
  ratings::FitOptions& ho = m.history_options;
  ho = o;
  ratings::FitOptions hpo = o;
  ho.drift = hpo.drift = ratings::FitOptions{}.drift;
  hpo.prior = m.spread;
  m.history = ratings::fit(rated, players, ho);
  m.history_prior = ratings::fit(rated, players, hpo);
  // A player the earlier games did not rate counts at the rated players' mean: with a prior
  // its centre (at the maximum the ratings' deviations from it sum to zero, the likelihood
  // being blind to a common shift).
  auto centre = [](const ratings::Fit& f) {
    double sum = 0;
    long n = 0;
    for (const ratings::PlayerRating& p : f.players)
      if (p.standing != ratings::Standing::NotConnected) sum += p.rating, ++n;
    return n ? sum / static_cast<double>(n) : 0.0;
  };
  m.centres[0] = centre(m.fit);
  m.centres[1] = centre(m.history);
  m.centres[2] = centre(m.history_prior);
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  std::string db, split;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--db" && i + 1 < argc) db = argv[++i];
    else if (a == "--split" && i + 1 < argc) split = argv[++i];
    else if (a.rfind("--", 0) == 0) {
      std::fprintf(stderr, "usage: bench_players (--db ARCHIVE | FILES...) [--split YYYY-MM-DD]\n");
      return 2;
    } else paths.push_back(a);
  }
  if (db.empty() == paths.empty()) {
    std::fprintf(stderr, "usage: bench_players (--db ARCHIVE | FILES...) [--split YYYY-MM-DD]\n");
    return 2;
  }
  stats::Dataset data;
  if (const int status = load_games(db, paths, data); status != 0) return status;
  time_parts(data);
  std::vector<stats::Identity> identities;
  const auto sides = stats::identify_sides(data, NameAliases::builtin(), identities);
  long undated = 0;
  const std::vector<Decided> games = decided_games(data, sides, undated);
  if (games.size() < 2) {
    std::printf("%zu dated decided games between two players: nothing to predict\n", games.size());
    return 0;
  }
  if (split.empty()) split = games[games.size() * 4 / 5].date;
  std::vector<Decided> train, test;
  for (const Decided& g : games) (g.date < split ? train : test).push_back(g);
  std::printf("%zu dated decided games between two players (%ld undated left out); split at %s: %zu before, %zu from it\n",
              games.size(), undated, split.c_str(), train.size(), test.size());
  if (train.empty() || test.empty()) return 0;

  const RatingModels models = fit_models(train, identities.size());
  const ratings::Fit& fit = models.fit;
  const RankModel ranks = fit_ranks(train);
  long draws = 0;
  for (const Decided& g : train) draws += g.outcome == ratings::Outcome::Draw;
  const double draw_rate = (static_cast<double>(draws) + 0.5) / (static_cast<double>(train.size()) + 1);

  struct Sum {
    double coin = 0, colour = 0, ranks = 0, ratings = 0, history = 0, prior = 0;
    long games = 0;
  } all, both;
  for (const Decided& g : test) {
    const bool rc = fit.players[g.cho].standing != ratings::Standing::NotConnected,
               rh = fit.players[g.han].standing != ratings::Standing::NotConnected;
    const double l_coin = loss({(1 - draw_rate) / 2, draw_rate, (1 - draw_rate) / 2}, g.outcome);
    const double l_colour = loss(ratings::predict(0, fit.first_move, fit.draw_width), g.outcome);
    const double l_ranks = loss(ranks.predict(g), g.outcome);
    // Each difference with its uncertainty; a player outside the earlier games' rated group
    // counts at the rated players' mean, with the players' spread as its uncertainty.
    const double l_ratings = loss(models.predict(fit, g, false), g.outcome);
    const double l_history = loss(models.predict(models.history, g, true), g.outcome);
    const double l_prior = loss(models.predict(models.history_prior, g, true), g.outcome);
    for (Sum* s : {&all, rc && rh ? &both : nullptr}) {
      if (!s) continue;
      s->coin += l_coin, s->colour += l_colour, s->ranks += l_ranks, s->ratings += l_ratings, s->history += l_history;
      s->prior += l_prior;
      ++s->games;
    }
  }
  std::printf("ratings of the earlier games: %ld rated (%ld ranked); Cho's advantage %s; draw width %.1f Elo\n",
              fit.rated_players, fit.ranked_players,
              fit.first_move_fitted ? (std::to_string(static_cast<int>(std::lround(fit.first_move))) + " Elo").c_str()
                                    : "not fitted",
              fit.draw_width);
  std::printf("rank-only model: %.1f Elo per rank step, Cho %.1f Elo\n", ranks.b * ratings::kEloScale,
              ranks.a * ratings::kEloScale);
  std::printf("history: yearly, drift %.0f Elo; with a normal prior of %.0f Elo (the spread of the ranked players' "
              "ratings less their errors): %ld rated\n",
              models.history_options.drift, models.spread, models.history_prior.rated_players);
  std::printf("log-loss per game (natural log; ln 3 = 1.0986):\n");
  std::printf("  %-26s %6s %8s %8s %8s %8s %8s %8s\n", "games predicted", "games", "coin", "Cho only", "ranks", "ratings",
              "history", "+prior");
  for (const auto& [label, s] : {std::pair{"every later game", all}, std::pair{"both players rated before", both}}) {
    if (s.games == 0) {
      std::printf("  %-26s %6ld\n", label, s.games);
      continue;
    }
    const double n = static_cast<double>(s.games);
    std::printf("  %-26s %6ld %8.4f %8.4f %8.4f %8.4f %8.4f %8.4f\n", label, s.games, s.coin / n, s.colour / n,
                s.ranks / n, s.ratings / n, s.history / n, s.prior / n);
  }
  return 0;
}
