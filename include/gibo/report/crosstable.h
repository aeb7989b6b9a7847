// Crosstables and standings of an event (or of any selection of games): the all-play-all
// grid, each cell the games between two players, and the standings with their tie-breaks,
// under a point system (src/report/README.md "Crosstables"). Nothing here reads files or
// archives: the caller numbers the players and gives the games with their results.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gibo/record/result.h"

namespace gibo::crosstable {

// How a game scores. Classic: 1 for a win, ½ each for a draw, 0 for a loss. Janggi: the
// 7-point system pychess-variants adopted for its Janggi tournaments (its issue #667): 7 for
// a win by checkmate, resignation, time and the like, 0 to the loser; a win on points
// (counting, and a bikjang decided by counting) 4 to the winner and 2 to the loser; a draw
// 3.5 each (pychess-variants gives no figure for a draw; gibo gives half a win).
enum class PointSystem : std::uint8_t { Classic, Janggi };
std::string_view point_system_name(PointSystem s);  // "classic", "janggi"
std::optional<PointSystem> point_system_named(std::string_view name);

// The points of Cho and Han for a result; nullopt when it scores nothing (void, unknown).
struct Points {
  double cho = 0, han = 0;
};
std::optional<Points> points(Winner winner, ResultMethod method, PointSystem system);
// The points of a win by checkmate under the system (1 or 7): Sonneborn–Berger's unit.
double win_points(PointSystem system);

// One game between two numbered players.
struct EventGame {
  std::uint32_t cho = 0, han = 0;
  Winner winner = Winner::Unknown;
  ResultMethod method = ResultMethod::None;
};

// What the games make of the event: a round robin (at least three players, every pair met
// the same number of times), a match (two players) or anything else (knockout, Swiss, a
// partial record).
enum class Pairing : std::uint8_t { RoundRobin, Match, Other };
std::string_view pairing_name(Pairing p);  // "round-robin", "match", "other"

struct Cell {
  std::vector<std::size_t> games;  // the row player's games against the column player (indices of the games given), in order
  double points = 0;               // the row player's points in them
};

struct Standing {
  std::uint32_t player = 0;
  int place = 0, place_to = 0;  // places place..place_to are shared by players equal on every criterion
  double points = 0;
  long games = 0, wins = 0, draws = 0, losses = 0, unscored = 0;  // unscored: void or unknown results
  double direct = 0;            // points in the games among the players level with it on points
  double sonneborn_berger = 0;  // Σ over its games: its points in the game / win_points × the opponent's points
  double buchholz = 0;          // Σ over its scored games: the opponent's points
};

// The most players whose grid build() lays out (n² cells).
inline constexpr std::size_t kGridPlayers = 60;

struct Crosstable {
  PointSystem system = PointSystem::Classic;
  Pairing pairing = Pairing::Other;
  int cycles = 0;                    // a round robin's games per pair
  std::vector<Standing> standings;   // by place; only players with a game in the event
  // cells[i][j]: standings[i]'s player against standings[j]'s; empty for an event of more
  // than kGridPlayers players (a year of casual games: its standings only).
  std::vector<std::vector<Cell>> cells;
  long games = 0, scored = 0;        // games given (self-games aside), of which scored
  long self_games = 0;               // games whose two sides are one player: left out
};

// The crosstable of `games` among `players` numbered players. Standings are ordered by
// points, then, in a round robin or a match, by direct encounter, Sonneborn–Berger and
// wins; otherwise by Buchholz, Sonneborn–Berger and wins.
Crosstable build(std::span<const EventGame> games, std::size_t players, PointSystem system);

}  // namespace gibo::crosstable
