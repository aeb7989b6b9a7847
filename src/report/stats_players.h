// The players and events of `gibo stats` (stats_players.cpp): the identity of each side,
// each identity's games, the ratings and the events' crosstables. Internal to src/report.
#pragma once

#include <array>
#include <vector>

#include "stats.h"
#include "stats_entities.h"

namespace gibo::stats {

// A game's result as the report scores it: the stored result, or with `by_verdict` the
// ending the board shows under the game's own profile (when it shows one; `rescored` when
// that differs from the stored result).
struct Scored {
  Winner winner = Winner::Unknown;
  ResultMethod method = ResultMethod::None;
  bool rescored = false;
};
Scored scored_result(const GameFacts& g, bool by_verdict);

// Each game's two identities (indices into `identities`, which it fills; SIZE_MAX when a
// side names no one), after the collection's merges (record/identity_merge.h); `possible`,
// when given, receives the merges no rule decides. Each game's site as `entities` counts it.
std::vector<std::array<std::size_t, 2>> identify_sides(const Dataset& data, const NameAliases& aliases,
                                                       const Entities& entities, std::vector<Identity>& identities,
                                                       std::vector<PossibleMerge>* possible = nullptr);
// Fills each identity's games (results scored as the options say).
void identity_games(const Dataset& data, const std::vector<std::array<std::size_t, 2>>& sides, const ReportOptions& o,
                    const Entities& entities, std::vector<Identity>& identities);

// The ratings of the identities over the decided games; years from the first dated game.
RatingsReport ratings_of(const Dataset& data, const std::vector<std::array<std::size_t, 2>>& sides,
                         std::size_t identities, const ReportOptions& o);

// The events (name as counted, year) and their crosstables.
EventsReport events_of(const Dataset& data, const std::vector<std::array<std::size_t, 2>>& sides,
                       const Entities& entities, const ReportOptions& o);

// An event as every output writes it (stats_tables_players.cpp): its season ("2002-07-28 –
// 2003-07-20"), its format in words ("double round robin", "knockout after a league stage",
// "casual games"), where a knockout's player went out (a stage's name, "round N"; "" for
// the winner), its first place (identities) and score.
std::string season_text(const EventReport& e);
std::string format_text(const EventReport& e);
std::string went_out_in(const EventReport& e, const competition::Place& p);
struct EventFirst {
  std::vector<std::size_t> identities;  // several when shared; a match's leader; none for casual games or a level match
  std::string score;                    // a round robin's or league's points, a match's "2–1"
};
EventFirst first_of(const EventReport& e);

// The tables of the sections "ratings" and "events" (stats_tables_players.cpp).
void rating_tables(const Report& r, std::vector<Table>& out);
void event_tables(const Report& r, std::vector<Table>& out);

}  // namespace gibo::stats
