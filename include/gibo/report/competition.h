// How an event was played, read from its games (src/report/README.md "Events"): the stages
// its round tags name, its format (record/event_format.h) and, for a knockout, who went out
// where. Nothing here reads files or archives: the caller numbers the players and gives the
// games in the order they were played, each with its round tag (회전).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/record/event_format.h"
#include "gibo/record/result.h"

namespace gibo::competition {

// What a round tag names. A tag names a stage by its words (the game numbers in it left
// out: `결승 2국`, `준결승 제1국`, `4강전(1)-2`, `예선 3경기 1국`, `1주차 월요일 대국`):
//   Final       결승, 결승전, 챔피언결정전 (not 준결승, 예선결승, 승자 결승, 패자 결승)
//   ThirdPlace  3·4위전
//   Semifinal   준결승, 4강
//   RoundOf     N강 (32강전, 32强戰): the round of N
//   Round       N회전 (본선 1회전)
//   Bracket     승자 N회전, 패자 N회전, 승자 결승, 패자 결승 (a double elimination's brackets)
//   Playoff     플레이오프
//   League      리그 (본선리그, 풀리그), N주차 (week N of a league)
//   Preliminary 예선, 예선결승
//   None        anything else: none, 미상, a bare game number (`01`, `제1국`), `특선`
enum class StageKind : std::uint8_t { None, Preliminary, League, Playoff, Round, Bracket, RoundOf, Semifinal, ThirdPlace, Final };
std::string_view stage_kind_name(StageKind k);  // "none", "preliminary", "league", …, "final"

struct StageName {
  StageKind kind = StageKind::None;
  std::string label;  // the stage as one spelling ("결승", "본선 1회전", "32강", "본선리그"); "" for None
};
// The stage a round tag names.
StageName stage_of(std::string_view round);
// Is a stage of this kind played as a knockout (its losers out, or into a losers' bracket)?
bool knockout_kind(StageKind k);

struct Game {
  std::uint32_t cho = 0, han = 0;  // player numbers (cho != han: the caller leaves self-games out)
  Winner winner = Winner::Unknown;
  std::string_view round;          // 회전, verbatim
};

// A stage of the event, in the order the event reached them.
struct Stage {
  StageName name;
  std::vector<std::size_t> games;  // indices of the games given
  std::size_t players = 0;
};

// A knockout's place: players out in the same stage with the same points there share places.
struct Place {
  std::uint32_t player = 0;
  int place = 0, place_to = 0;
  // How far the player went: with stage names, the last stage played (an index into
  // Reading::stages) and round = that index + 1; without, stage is SIZE_MAX and round the
  // matches won + 1 (the round reached).
  std::size_t stage = SIZE_MAX;
  int round = 0;
  double stage_points = 0;  // with stage names: points (1, ½, 0 a game) in the last stage
  bool won = false;         // the event's winner: alone in first place after a final (with stage
                            // names) or at the end of a whole bracket (every other player lost once)
};

struct Reading {
  EventFormat format = EventFormat::Casual;
  bool stated = false;       // the format was given (the alias table), not read
  bool group_stage = false;  // a knockout whose earlier stages were played as a league or group
  std::vector<Stage> stages; // by the order reached: the final last, the third-place match before it
  std::vector<Place> places; // a knockout's, best first; empty for other formats
  int cycles = 0;            // a round robin's games per pair
};

// How the event named `event` whose `games` (in the order played) are among `players`
// numbered players was played; `stated` is a format the alias table gives. A game whose round
// tag names no stage is in the knockout stage the event's name names, if any (`툰도시배 본선
// 16강`; a league or a preliminary in a name says too little about each game).
// The rules, in order:
//   match        two players;
//   round robin  three or more, every pair met equally often;
//   knockout     its stages: a final played by two players, or knockout stages (rounds,
//                rounds of N, semifinals, brackets, playoffs) for half its games or more; or,
//                by its games (each pair's games one match, decided by points): no player
//                lost more than one match and someone won two or more;
//   league       named stages (leagues, preliminaries, knockout stages) for half its games or
//                more; or the median player met two opponents or more and none met more than
//                four times as many (a league or a Swiss: players meet several others, not one);
//   casual       anything else: most players met one opponent, or a few met most of them.
Reading read(std::span<const Game> games, std::size_t players, std::string_view event,
             std::optional<EventFormat> stated = std::nullopt);

}  // namespace gibo::competition
