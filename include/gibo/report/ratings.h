// Ratings fitted to a list of games by maximum likelihood: a Bradley–Terry (Elo) model with
// draws and Cho's first-move advantage, as BayesElo and Ordo fit them, with the uncertainty
// of every rating, and a rating history per period (a whole-history model over years).
// The model, its parameters and the anchoring of the scale: src/report/README.md "Ratings".
// Nothing here reads files or archives: the caller numbers the players and gives the games.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace gibo::ratings {

enum class Outcome : std::uint8_t { ChoWins, HanWins, Draw };

// One decided game (a win or a draw) between two numbered players.
struct RatedGame {
  std::uint32_t cho = 0, han = 0;  // player numbers, < the player count; cho != han
  Outcome outcome = Outcome::Draw;
  int period = 0;                  // the game's period (0, 1, …: years from the first), for the history;
                                   // negative: none (an undated game counts in the ratings, not in the history)
};

struct FitOptions {
  // The scale's anchor: with a prior the prior's centre (a player known by no game; at the
  // maximum also the rated players' mean), without one the mean rating of the ranked players.
  double anchor = 1500;
  // Games within the rated group a player needs to be ranked; with a prior the games must
  // also weigh at least as much as the prior (Standing::Ranked).
  int min_games = 5;
  bool first_move = true;      // fit Cho's advantage (false: none)
  // The history: how far (Elo, one standard deviation) a rating may move in one period; 0:
  // no history. Periods without games in between count: two periods apart move sqrt(2) as far.
  double drift = 70;
  // Covariance: exact (the inverse of the observed information) up to this many rated
  // players, an approximation above (README "Ratings").
  int exact_limit = 1000;
  // A normal prior on every rating, its standard deviation in Elo (the maximum a
  // posteriori, as BayesElo's prior of virtual draws makes it): every player with a decided
  // game is rated, the few-games ones drawn towards the mean. 75 by default, the width that
  // predicted the real archive's later games best (src/report/README.md "The prior"); 0:
  // none, maximum likelihood over the rated group. The history always has one (this, or the
  // default when this is 0).
  double prior = 75;
  double tolerance = 1e-9;     // convergence: the largest Newton step, in natural units
  int max_iterations = 200;
};

// Why a player is or is not ranked.
enum class Standing : std::uint8_t {
  Ranked,        // rated, with at least min_games games in the rated group and, with a prior, games
                 // that weigh at least as much as the prior: their information about the rating,
                 // Σ p(1−p) over them in the model's natural units, at least the prior's 1/σ²
                 // (the standard error then at most about σ/√2: 53 Elo at the default 75)
  FewGames,      // rated, with fewer games or games weighing less: a rating, not ranked
  NotConnected,  // outside the rated group: no finite maximum-likelihood rating on its scale
};
std::string_view standing_name(Standing s);  // "ranked", "few-games", "not-connected"

struct PeriodRating {
  int period = 0;
  double rating = 0, deviation = 0;  // Elo; the deviation given the other players' ratings
  long games = 0;
};

struct PlayerRating {
  Standing standing = Standing::NotConnected;
  int rank = 0;                   // 1 … among the ranked, by rating; 0 for the others
  double rating = 0;              // Elo, on the anchored scale (0 when NotConnected)
  double deviation = 0;           // its standard error (Elo)
  double low = 0, high = 0;       // the 95 % interval (rating ∓ 1.96 deviations)
  long games = 0, wins = 0, draws = 0, losses = 0;  // every game given for the player
  long rated_games = 0;           // of which against the rated group
  std::vector<PeriodRating> history;  // one per period with games (drift > 0, rated players only)
};

struct Fit {
  std::vector<PlayerRating> players;  // by player number
  long games = 0;                     // games given
  long rated_games = 0;               // games within the rated group (the fit's data)
  long rated_players = 0, ranked_players = 0;
  // Cho's advantage (Elo) and its standard error. Not fitted (0) when not asked for, when
  // the games cannot tell it from the ratings (a player who always had Han, say) or when
  // they put it out of reach (every game won by the side that moved first).
  bool first_move_fitted = false;
  double first_move = 0, first_move_deviation = 0;
  // The draw width (Elo): two equal players draw with probability F(w) - F(-w), F the
  // model's logistic curve; 0 when no rated game is a draw.
  double draw_width = 0;
  // Of the rated games at the maximum (natural log); with a prior, less Σ β²/(2σ²) in the
  // model's natural units (the log posterior but for its constant).
  double log_likelihood = 0;
  int iterations = 0;
  bool converged = false;
  bool exact_covariance = false;      // the deviations are exact (else approximate)
};

// Fits the model to `games` among `players` numbered players. With a prior (the default)
// every player with a decided game against another is rated; without, the rated group is
// the largest in which every player has beaten every other, directly or through others (so
// has won and lost within it): players outside it have no finite maximum-likelihood rating
// on its scale and are NotConnected. A game whose two players are the same is not counted.
Fit fit(std::span<const RatedGame> games, std::size_t players, const FitOptions& options = {});

// Elo points per natural unit of the model's log-odds: 400 / ln 10.
inline constexpr double kEloScale = 173.71779276130073;

// The model's probabilities of Cho winning, a draw and Han winning for a rating difference
// (Cho's rating minus Han's, Elo) with the fit's first-move advantage and draw width. With
// `deviation` (Elo, the standard error of the difference: the two players' added in
// quadrature) the probabilities average over that uncertainty (the logistic curve's
// expectation under a normal difference, by the probit approximation: the curve flattened by
// √(1 + π σ² / 8), σ in the model's natural units), as a prediction should.
struct Probabilities {
  double cho = 0, draw = 0, han = 0;
};
Probabilities predict(double difference, double first_move, double draw_width, double deviation = 0);

}  // namespace gibo::ratings
