// A lenient reading of a game's date tag; see game_date.h.
#include "gibo/record/game_date.h"

#include <cstdio>
#include <utility>
#include <vector>

namespace gibo {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The runs of ASCII digits in `text`, in order, as (value, length) pairs (a run longer
// than 8 digits is kept as its length with value -1).
std::vector<std::pair<int, int>> digit_runs(std::string_view text) {
  std::vector<std::pair<int, int>> runs;
  for (std::size_t i = 0; i < text.size();) {
    if (!is_digit(text[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    long value = 0;
    while (j < text.size() && is_digit(text[j])) {
      if (j - i < 9) value = value * 10 + (text[j] - '0');
      ++j;
    }
    const int length = static_cast<int>(j - i);
    runs.emplace_back(length > 8 ? -1 : static_cast<int>(value), length);
    i = j;
  }
  return runs;
}

}  // namespace

GameDate parse_game_date(std::string_view text) {
  GameDate d;
  const auto runs = digit_runs(text);
  std::size_t at = 0;
  int year = 0, month = 0, day = 0;
  for (; at < runs.size(); ++at) {
    const auto [value, length] = runs[at];
    if (length == 4 && value >= 1000 && value <= 2999) {
      year = value;
      break;
    }
    if (length == 8 && value / 10000 >= 1000 && value / 10000 <= 2999) {  // 20110306
      year = value / 10000;
      month = value / 100 % 100;
      day = value % 100;
      if (month < 1 || month > 12) month = 0, day = 0;
      if (day < 1 || day > 31) day = 0;
      break;
    }
  }
  if (year == 0) return d;
  if (month == 0 && at + 1 < runs.size() && runs[at + 1].second <= 2 && runs[at + 1].first >= 1 &&
      runs[at + 1].first <= 12) {
    month = runs[at + 1].first;
    if (at + 2 < runs.size() && runs[at + 2].second <= 2 && runs[at + 2].first >= 1 && runs[at + 2].first <= 31) {
      // A range "2020.01~2020.06" has a four-digit run next, which is not a day.
      day = runs[at + 2].first;
    }
  }
  d.year = year;
  char buffer[16];
  if (month && day) std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02d", year, month, day);
  else if (month) std::snprintf(buffer, sizeof buffer, "%04d-%02d", year, month);
  else std::snprintf(buffer, sizeof buffer, "%04d", year);
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
