// Small readings shared by both loaders: lenient dates, player names, ply names, and the
// class of a stored result.
#include "gibo/report/stats_facts.h"

#include <charconv>
#include <cstdio>

#include "gibo/archive/codec.h"
#include "gibo/formats/notation.h"

namespace gibo::stats {
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

std::optional<int> parse_count(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  int n = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (s.empty() || ec != std::errc() || p != s.data() + s.size() || n < 0) return std::nullopt;
  return n;
}

std::string player_name(std::string_view tag_value) { return known_player(archive::split_player(tag_value).name); }

std::string known_player(std::string name) {
  if (name == "미상" || name == "?" || name == "-") return "";
  return name;
}

std::string ply_name(Piece piece, Move m) {
  if (m.is_pass()) return "한수쉼";
  static constexpr const char* kLetters[kPieceTypeCount] = {"?", "장", "사", "상", "마", "차", "포", "졸"};
  const char* letter = kLetters[static_cast<int>(type_of(piece))];
  if (piece == Piece::None) letter = "?";
  else if (type_of(piece) == PieceType::Soldier && side_of(piece) == Side::Han) letter = "병";
  return janggi_square_name(m.from()) + letter + janggi_square_name(m.to());
}

void tag_facts(const std::vector<Tag>& tags, GameFacts& f) {
  auto first = [&](std::initializer_list<std::string_view> names) -> std::string {
    for (std::string_view name : names)
      for (const Tag& t : tags)
        if (t.name == name) return t.value;
    return "";
  };
  f.event = first({"대회명", "Event"});
  f.site = first({"대국장소", "Site"});
  f.date_text = first({"대국일자", "Date"});
  f.date = parse_game_date(f.date_text);
  f.cho_player = first({"초대국자", "White", "Cho"});
  f.han_player = first({"한대국자", "Black", "Han"});
  f.cho_name = player_name(f.cho_player);
  f.han_name = player_name(f.han_player);
  f.stated_plies = parse_count(first({"총수"}));
}

int result_class(const GameFacts& g) {
  if (!g.has_result) return 3;
  switch (g.result.winner) {
    case Winner::Cho: return 0;
    case Winner::Han: return 1;
    case Winner::Draw: return 2;
    default: return 3;
  }
}

}  // namespace gibo::stats
