// The players' and events' pages of `gibo serve` (page_players.cpp), from the statistics
// report's identities, ratings and events (stats.h). Routes (README "gibo serve"):
//
//   /players                   every player identity with its rating
//   /player?name=NAME          one identity: spellings merged and by which rule, rating,
//                              results by colour and by year, rating per year, games
//   /events                    every event (its name as counted, each year its own)
//   /event?name=NAME&year=Y    one event's crosstable, each result a link to its game
//
// Internal to src/report (the server includes it).
#pragma once

#include <optional>
#include <string>

#include "stats.h"

namespace gibo::pages {

std::string players_page(const stats::Report& r);
// nullopt when no identity is named `name`.
std::optional<std::string> player_page(const stats::Report& r, const std::string& name);
std::string events_page(const stats::Report& r);
// nullopt when no event has that name and year ("" for undated games).
std::optional<std::string> event_page(const stats::Report& r, const std::string& name, const std::string& year);

}  // namespace gibo::pages
