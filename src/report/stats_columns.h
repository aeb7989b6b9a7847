// The cells and columns every table of the report writes the same way (stats_tables.cpp,
// stats_tables_players.cpp). Internal to src/report.
#pragma once

#include <string>

#include "stats.h"

namespace gibo::stats {

inline std::string num(long n) { return std::to_string(n); }

// `part` in percent of `whole`, one decimal; "" when whole is 0.
inline std::string percent(long part, long whole) {
  if (whole == 0) return "";
  return format_decimal(100.0 * static_cast<double>(part) / static_cast<double>(whole));
}

// A text column, a numeric column, a column of player names (the served HTML links each
// to the player's page: player_link).
inline Column text_col(std::string id, std::string label, Audience a = Audience::Both) {
  return {std::move(id), std::move(label), false, a};
}
inline Column num_col(std::string id, std::string label, Audience a = Audience::Both) {
  return {std::move(id), std::move(label), true, a};
}
inline Column player_col(std::string id, std::string label, Audience a = Audience::Both) {
  return {std::move(id), std::move(label), false, a, true};
}

}  // namespace gibo::stats
