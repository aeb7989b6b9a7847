// A lenient reading of a game's date tag; see game_date.h.
#include "gibo/record/game_date.h"

#include <cstdio>

#include "date_grammar.h"

namespace gibo {

GameDate parse_game_date(std::string_view text) {
  GameDate d;
  date_grammar::Found f;
  if (!date_grammar::parse(text, date_grammar::date, f)) return d;
  d.year = static_cast<int>(f.year);
  char buffer[40];
  if (f.month && f.day) std::snprintf(buffer, sizeof buffer, "%04u-%02u-%02u", f.year, f.month, f.day);
  else if (f.month) std::snprintf(buffer, sizeof buffer, "%04u-%02u", f.year, f.month);
  else std::snprintf(buffer, sizeof buffer, "%04u", f.year);
  d.key = buffer;
  return d;
}

std::uint32_t date_number(const GameDate& date) {
  if (!date.year) return 0;
  const std::string& k = date.key;  // "YYYY", "YYYY-MM" or "YYYY-MM-DD"
  auto digits = [&](std::size_t at, std::size_t n) {
    std::uint32_t v = 0;
    for (std::size_t i = at; i < at + n && i < k.size(); ++i) v = v * 10 + static_cast<std::uint32_t>(k[i] - '0');
    return v;
  };
  const std::uint32_t month = k.size() >= 7 ? digits(5, 2) : 0, day = k.size() >= 10 ? digits(8, 2) : 0;
  return static_cast<std::uint32_t>(*date.year) * 10000 + month * 100 + day;
}

std::string date_key(std::uint32_t number) {
  if (number == 0) return "";
  char buffer[16];
  const unsigned year = number / 10000, month = number / 100 % 100, day = number % 100;
  if (month && day) std::snprintf(buffer, sizeof buffer, "%04u-%02u-%02u", year, month, day);
  else if (month) std::snprintf(buffer, sizeof buffer, "%04u-%02u", year, month);
  else std::snprintf(buffer, sizeof buffer, "%04u", year);
  return buffer;
}

}  // namespace gibo
