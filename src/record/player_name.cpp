// Player tags split into name and rank; see player_name.h.
#include "gibo/record/player_name.h"

namespace gibo {

namespace {

// Is `word` a rank: (ASCII digits | hanja numerals | 초) followed by 단 or 급?
bool is_rank(std::string_view word) {
  static constexpr std::string_view kUnits[] = {"단", "급"};
  static constexpr std::string_view kNumerals[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};
  std::string_view unit;
  for (std::string_view u : kUnits)
    if (word.size() > u.size() && word.substr(word.size() - u.size()) == u) unit = u;
  if (unit.empty()) return false;
  std::string_view number = word.substr(0, word.size() - unit.size());
  if (number == "초") return true;
  bool digits = true;
  for (char c : number) digits &= c >= '0' && c <= '9';
  if (digits && number.size() <= 3) return true;
  while (!number.empty()) {
    bool matched = false;
    for (std::string_view n : kNumerals)
      if (number.substr(0, n.size()) == n) {
        number.remove_prefix(n.size());
        matched = true;
        break;
      }
    if (!matched) return false;
  }
  return true;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

PlayerName split_player(std::string_view value) {
  const std::string_view v = trim(value);
  const std::size_t blank = v.find_last_of(" \t");
  if (blank != std::string_view::npos) {
    const std::string_view name = trim(v.substr(0, blank)), rank = v.substr(blank + 1);
    if (!name.empty() && is_rank(rank)) return {std::string(name), std::string(rank)};
  }
  return {std::string(v), ""};
}

std::string player_name(std::string_view tag_value) {
  std::string name = split_player(tag_value).name;
  if (name == "미상" || name == "?" || name == "-") return "";
  return name;
}

}  // namespace gibo
