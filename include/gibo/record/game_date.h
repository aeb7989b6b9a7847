// A lenient reading of a game's date tag (`대국일자`, PGN `Date`), as archives write it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gibo {

struct GameDate {
  std::optional<int> year;  // nullopt: unknown (미상, empty, nothing that looks like a year)
  std::string key;          // sortable "YYYY", "YYYY-MM" or "YYYY-MM-DD"; empty when unknown
};

// Reads "2009-01-18", "2011.03.06", "20110306", "1937년", "2008년 12월 31일",
// "2020.01~2020.06" (a range counts as its start), "미상" (unknown). The year is the first
// run of exactly four digits between 1000 and 2999; the month and day are the next one-
// or two-digit numbers when they are valid (1..12, 1..31).
GameDate parse_game_date(std::string_view text);

// The key as a number, YYYYMMDD with 00 for an unknown month or day (2008-12 -> 20081200);
// 0 when the date is unknown. Orders like the key.
std::uint32_t date_number(const GameDate& date);
// The inverse: the key of a date_number ("" for 0).
std::string date_key(std::uint32_t number);

}  // namespace gibo
