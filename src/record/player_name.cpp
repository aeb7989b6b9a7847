// Player tags split into name and rank; see player_name.h. The rank is read from the end of
// the tidied value (name_aliases.h tidy_name), as this grammar says:
//
//   value   = name [ blank ] tail | tail | name
//   tail    = "(" [ blank ] rank-expr [ blank ] ")" | rank-expr
//   rank-expr = [ title [ blank ] ] number unit [ [ blank ] "아마" ] | "프로"
//   title   = "프로" | "아마"
//   number  = 1 or 2 digits | hanja numerals (一 … 十, 十八) | "초" | "初"      (초단 = 1단)
//   unit    = "단" | "段" | "급" | "級"                  단 1..10, 급 1..30
//
// A number glued to the name (`입술을깨물죠9단`, `CWYCCYKR8단`) takes at most the two digits
// before the unit that make a rank in range; one written apart (`사군자8 6단`) is the whole
// word. A name that ends in 프로 (`하성호프로`, `유희석프로 4단`) is the name and the title.
// Anything else is all name (`이상두(李翔斗)`, `외통단`, `gksrnr135790`).
#include "gibo/record/player_name.h"

#include <array>

#include "gibo/record/name_aliases.h"

namespace gibo {
namespace {

constexpr std::string_view kPro = "프로", kAmateur = "아마";
constexpr std::array<std::string_view, 4> kUnits = {"단", "段", "급", "級"};
// The hanja numerals 一 … 十 (their values are the index + 1).
constexpr std::array<std::string_view, 10> kHanjaDigits = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

std::string_view trim_right(std::string_view s) {
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  return trim_right(s);
}

bool in_range(RankUnit unit, int n) { return n >= 1 && n <= (unit == RankUnit::Dan ? 10 : 30); }

// The number at the end of `s` (the text before a unit): its value, where it starts, and
// whether it is written in hanja; nullopt when `s` does not end in a number of `unit`'s range.
struct Number {
  int value = 0;
  std::size_t start = 0;
  bool hanja = false;
};
std::optional<Number> trailing_number(std::string_view s, RankUnit unit) {
  // 초단 / 初段: the first dan.
  for (std::string_view first : {std::string_view("초"), std::string_view("初")})
    if (unit == RankUnit::Dan && ends_with(s, first)) return Number{1, s.size() - first.size(), first == "初"};
  // ASCII digits.
  std::size_t digits = 0;
  while (digits < s.size() && s[s.size() - 1 - digits] >= '0' && s[s.size() - 1 - digits] <= '9') ++digits;
  if (digits > 0) {
    const bool apart = digits == s.size() || s[s.size() - 1 - digits] == ' ';
    for (std::size_t take = std::min<std::size_t>(digits, 2); take >= 1; --take) {
      if (apart && take != digits) break;  // a word of its own is the whole number
      const std::string_view d = s.substr(s.size() - take);
      if (d.front() == '0') continue;
      const int n = take == 1 ? d[0] - '0' : (d[0] - '0') * 10 + (d[1] - '0');
      if (in_range(unit, n)) return Number{n, s.size() - take, false};
    }
    return std::nullopt;
  }
  // Hanja numerals: [d] 十 [d] or d, read right to left (at most three characters).
  std::array<int, 3> read{};
  std::size_t count = 0, start = s.size();
  while (count < read.size()) {
    int found = 0;
    for (std::size_t k = 0; k < kHanjaDigits.size() && !found; ++k)
      if (ends_with(s.substr(0, start), kHanjaDigits[k])) found = static_cast<int>(k) + 1;
    if (!found) break;
    read[count++] = found;
    start -= kHanjaDigits[0].size();
  }
  if (count == 0) return std::nullopt;
  // read[] holds the numerals last first; rebuild the value.
  int value = -1;
  if (count == 1) value = read[0];                                                  // 九, 十
  else if (count == 2 && read[0] == 10 && read[1] < 10) value = read[1] * 10;       // 二十
  else if (count == 2 && read[1] == 10 && read[0] < 10) value = 10 + read[0];       // 十八
  else if (count == 3 && read[1] == 10 && read[0] < 10 && read[2] < 10) value = read[2] * 10 + read[0];  // 二十五
  else if (count >= 2 && read[0] < 10 && read[1] < 10) value = read[0], start = s.size() - kHanjaDigits[0].size();
  if (value < 0 || !in_range(unit, value)) return std::nullopt;
  return Number{value, start, true};
}

// Removes a rank expression (without parentheses) from the end of `s` and returns it;
// an empty Rank, `s` unchanged, when `s` does not end in one.
Rank strip_rank(std::string_view& s) {
  Rank r;
  std::string_view rest = s;
  bool amateur_after = false;  // 9단아마
  if (ends_with(rest, kAmateur)) {
    const std::string_view before = trim_right(rest.substr(0, rest.size() - kAmateur.size()));
    for (std::string_view u : kUnits)
      if (ends_with(before, u)) {
        rest = before;
        amateur_after = true;
        break;
      }
  }
  for (std::string_view u : kUnits) {
    if (!ends_with(rest, u)) continue;
    const RankUnit unit = u == "단" || u == "段" ? RankUnit::Dan : RankUnit::Geup;
    const std::string_view head = rest.substr(0, rest.size() - u.size());
    const auto n = trailing_number(head, unit);
    if (!n) break;
    r.unit = unit;
    r.number = n->value;
    r.hanja = n->hanja;
    // A title before the number, glued to the name or apart: 유희석프로 4단, 프로 5단.
    rest = trim_right(head.substr(0, n->start));
    if (ends_with(rest, kPro)) r.title = RankTitle::Pro, rest.remove_suffix(kPro.size());
    else if (ends_with(rest, kAmateur)) r.title = RankTitle::Amateur, rest.remove_suffix(kAmateur.size());
    break;
  }
  if (r.unit == RankUnit::None) {
    // No number: only the title 프로 stands alone (아마 is also a word: "perhaps").
    if (ends_with(s, kPro)) {
      r.title = RankTitle::Pro;
      s = trim_right(s.substr(0, s.size() - kPro.size()));
    }
    return r;
  }
  if (amateur_after) r.title = RankTitle::Amateur;
  s = trim_right(rest);
  return r;
}

// Values that name no one.
bool says_nothing(std::string_view name) { return name.empty() || name == "미상" || name == "?" || name == "-"; }

}  // namespace

std::string Rank::label() const {
  std::string out;
  if (title == RankTitle::Pro) out = kPro;
  if (title == RankTitle::Amateur) out = kAmateur;
  if (unit != RankUnit::None) {
    if (!out.empty()) out += ' ';
    out += std::to_string(number) + (unit == RankUnit::Dan ? "단" : "급");
  }
  return out;
}

std::optional<int> Rank::level() const {
  if (unit == RankUnit::Dan) return number;
  if (unit == RankUnit::Geup) return 1 - number;
  return std::nullopt;
}

PlayerName split_player(std::string_view tag_value) {
  const std::string tidied = tidy_name(tag_value);
  std::string_view s = tidied;
  Rank rank;
  // A parenthesised rank: kiradosa(7단), 김동학(프로), 0002( 13급).
  if (ends_with(s, ")")) {
    const std::size_t open = s.rfind('(');
    if (open != std::string_view::npos) {
      std::string_view inner = trim(s.substr(open + 1, s.size() - open - 2));
      const Rank r = strip_rank(inner);
      if (!r.empty() && inner.empty()) {
        rank = r;
        s = trim_right(s.substr(0, open));
        // 홍길동 프로(5단): a title written before the parentheses.
        if (rank.title == RankTitle::None && ends_with(s, kPro) && s.size() > kPro.size())
          rank.title = RankTitle::Pro, s = trim_right(s.substr(0, s.size() - kPro.size()));
      }
    }
  }
  if (rank.empty()) rank = strip_rank(s);
  PlayerName p;
  p.name = says_nothing(s) ? std::string() : std::string(s);
  p.rank_value = rank;
  p.rank = rank.label();
  return p;
}

std::string player_name(std::string_view tag_value) { return split_player(tag_value).name; }

}  // namespace gibo
