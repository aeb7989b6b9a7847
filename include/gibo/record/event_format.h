// How an event was played: its format. Read from an event's games by the report
// (src/report/README.md "Events") or stated by a `format` line of the alias table
// (name_aliases.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace gibo {

enum class EventFormat : std::uint8_t {
  RoundRobin,  // three or more players, every pair met equally often: a crosstable
  Knockout,    // rounds whose losers go out (after a group stage or not): places by the round reached
  League,      // three or more players meeting several opponents each (a league, a Swiss): standings
  Match,       // two players: a match score
  Casual,      // a pool of casual games: no standings
};
// "round-robin", "knockout", "league", "match", "casual"
std::string_view event_format_name(EventFormat f);
std::optional<EventFormat> event_format_named(std::string_view name);

}  // namespace gibo
