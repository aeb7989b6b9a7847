// The players' and events' pages of `gibo serve` (page_players.cpp), from the statistics
// report's identities, ratings and events (stats.h). Routes (src/cli/help/serve.md):
//
//   /players?q=TEXT&page=N     every player identity with its rating, those whose name holds
//                              TEXT, a page of ListPage::kSize (page_shell.h) at a time
//   /player?name=NAME          one identity: spellings merged and by which rule, rating,
//                              results by colour and by year, rating per year, games; then
//                              the play quality of the stored analyses (page_player.cpp)
//   /events?q=TEXT&page=N      every event (its name as counted in one season), with its format
//   /event?name=NAME&date=D&page=N  the season of that event holding the date D (a date key,
//                              "" for undated games): a round robin's or league's crosstable,
//                              each result a link to its game; a knockout's places; a
//                              knockout's, match's or casual games' games, a page at a time
//
// Internal to src/report (the server includes it).
#pragma once

#include <optional>
#include <string>

#include "page_shell.h"
#include "stats.h"

namespace gibo::pages {

std::string players_page(const stats::Report& r, const ListPage& l = {});
// The page of the identity named `name`, or of those named `name` at some site (one: its
// page; several: links to each), then `more` (HTML sections: the server's play quality);
// nullopt when no identity has that name and `more` is empty.
std::optional<std::string> player_page(const stats::Report& r, const std::string& name, const std::string& more = "");
// The identities player_page shows for `name`: the one of that name, else those of that name
// at some site (NAME@SITE); none when it has no page.
std::vector<std::size_t> find_players(const stats::Report& r, const std::string& name);
std::string events_page(const stats::Report& r, const ListPage& l = {});
// nullopt when no event has that name and a season holding `date` ("" for undated games, or
// the first season of the name when it has no undated games).
// `l`: the page of its games (no search: l.q is not read).
std::optional<std::string> event_page(const stats::Report& r, const std::string& name, const std::string& date,
                                      const ListPage& l = {});
// The season event_page shows for `name` (as counted, or any spelling an event tag has)
// and `date`; nullptr when none: a value that is no event (미상, a site's name) has none.
const stats::EventReport* find_event(const stats::Report& r, const std::string& name, const std::string& date);

}  // namespace gibo::pages
