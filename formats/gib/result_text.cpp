// Normalising the stored result text (대국결과) by its grammar (formats/gib/README.md
// "Results"), not by a table of known strings:
//
//   result = side ["의"] [points] outcome ["(" detail ")"] | draw | void | unknown
//   side   = 초 | 한 (楚 | 漢)          points = int ["." digit] ["점"]
//   outcome: a word ending in 승 (the named side won) or 패 (the named side lost); the
//   method is named by a key word anywhere in it: 기권/불계 resignation, 시간 time,
//   점수/판정/기물/N.5점 points, 빅 bikjang, 실격 forfeit, 끊김 disconnection,
//   외통/장군승 checkmate, 완승 outright (and the typos 촨승 와늣 완슫), else unspecified.
#include <string>

#include "gibo/formats/gib.h"

namespace gibo {
namespace {

bool contains(std::string_view s, std::string_view word) { return s.find(word) != std::string_view::npos; }
bool starts_with(std::string_view s, std::string_view word) { return s.substr(0, word.size()) == word; }
bool ends_with(std::string_view s, std::string_view word) {
  return s.size() >= word.size() && s.substr(s.size() - word.size()) == word;
}

// Reads "12.5" (digits, optional "." digits) at the front of `s`; returns half-points.
std::optional<int> read_number(std::string_view& s, bool& has_fraction) {
  std::size_t i = 0;
  int whole = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') whole = whole * 10 + (s[i++] - '0');
  if (i == 0) return std::nullopt;
  int half = whole * 2;
  has_fraction = false;
  if (i + 1 < s.size() && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
    has_fraction = true;
    if (s[i + 1] >= '5') ++half;  // N.5 points: the deom makes every margin a half
    i += 2;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  }
  s.remove_prefix(i);
  return half;
}

}  // namespace

NormalizedResult normalize_gib_result(std::string_view text) {
  // Canonical form: 楚→초, 漢→한, no spaces, no trailing apostrophes.
  std::string s;
  for (std::size_t i = 0; i < text.size();) {
    if (text.substr(i, 3) == "楚") s += "초", i += 3;
    else if (text.substr(i, 3) == "漢") s += "한", i += 3;
    else if (text[i] == ' ' || text[i] == '\t') ++i;
    else s += text[i++];
  }
  while (!s.empty() && (s.back() == '\'' || s.back() == '"')) s.pop_back();

  NormalizedResult r;
  std::string_view v = s;
  if (v.empty()) return r;
  if (starts_with(v, "미상")) {
    r.recognised = true;
    return r;
  }
  if (starts_with(v, "무효") || starts_with(v, "통신장애")) {
    r.winner = Winner::Void;
    r.recognised = true;
    return r;
  }
  if (starts_with(v, "무승부") || starts_with(v, "비김")) {
    r.winner = Winner::Draw;
    r.recognised = true;
    r.method = contains(v, "동의") ? ResultMethod::Agreement
               : contains(v, "빅")  ? ResultMethod::Bikjang
               : contains(v, "자동") ? ResultMethod::Automatic
                                      : ResultMethod::Unspecified;
    return r;
  }
  Side named;
  if (starts_with(v, "초")) named = Side::Cho;
  else if (starts_with(v, "한")) named = Side::Han;
  else return r;
  v.remove_prefix(3);
  if (starts_with(v, "의")) v.remove_prefix(3);

  bool fraction = false;
  if (auto half = read_number(v, fraction)) {
    if (starts_with(v, "점") || fraction) r.margin_half_points = half;
    if (starts_with(v, "점")) v.remove_prefix(3);
  }
  // A margin inside parentheses: 승(2.5점)
  if (const auto open = v.find('('); open != std::string_view::npos) {
    std::string_view inner = v.substr(open + 1);
    bool f2 = false;
    if (auto half = read_number(inner, f2); half && (starts_with(inner, "점") || f2)) r.margin_half_points = half;
  }

  const bool lost = ends_with(v.substr(0, v.find('(')), "패") || ends_with(v, "패");
  const bool won = contains(v, "승") || contains(v, "와늣") || contains(v, "완슫");  // typos of 완승
  if (!lost && !won) return r;
  r.winner = (lost && !won) ? (named == Side::Cho ? Winner::Han : Winner::Cho)
                            : (named == Side::Cho ? Winner::Cho : Winner::Han);
  r.recognised = true;

  if (contains(v, "기권") || contains(v, "불계")) r.method = ResultMethod::Resignation;
  else if (contains(v, "시간")) r.method = ResultMethod::Time;
  else if (contains(v, "끊김") || contains(v, "접속")) r.method = ResultMethod::Disconnection;
  else if (contains(v, "점수") || contains(v, "판정") || contains(v, "기물") || r.margin_half_points)
    r.method = ResultMethod::Points;
  else if (contains(v, "빅")) r.method = ResultMethod::Bikjang;
  else if (contains(v, "실격")) r.method = ResultMethod::Forfeit;
  else if (contains(v, "외통") || contains(v, "장군")) r.method = ResultMethod::Checkmate;
  else if (contains(v, "완승") || contains(v, "촨승") || contains(v, "와늣") || contains(v, "완슫"))
    r.method = ResultMethod::Outright;
  else r.method = ResultMethod::Unspecified;
  return r;
}

}  // namespace gibo
