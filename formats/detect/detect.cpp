// Format detection from content (see gibo/formats/detect.h).
#include <algorithm>
#include <array>

#include "gibo/core/enum_names.h"
#include "gibo/formats/decode.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/json_value.h"

namespace gibo {
namespace {

// Character classes of the sniffing code.
bool is_blank_char(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool is_filler(char c) { return static_cast<unsigned char>(c) == 0xFF || c == 0x1A; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_file_letter(char c) { return c >= 'a' && c <= 'i'; }

// The lines of `s` (without line ends), filler bytes removed, at most `limit` of them,
// one at a time: detection mostly stops after a few lines, so the rest is never copied.
class Lines {
 public:
  Lines(std::string_view s, std::size_t limit) : s_(s), left_(limit) {}
  bool next(std::string& line) {
    if (left_ == 0 || pos_ >= s_.size()) return false;
    line.clear();
    const std::size_t end = std::min(s_.find('\n', pos_), s_.size());
    for (std::size_t i = pos_; i < end; ++i)
      if (s_[i] != '\r' && !is_filler(s_[i])) line += s_[i];
    const bool last = end == s_.size();
    pos_ = end + 1;
    --left_;
    return !(last && line.empty());  // a last line without '\n' counts only if it holds something
  }

 private:
  std::string_view s_;
  std::size_t left_;
  std::size_t pos_ = 0;
};

// `s` without surrounding white space.
std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank_char(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank_char(s.back())) s.remove_suffix(1);
  return s;
}

// The first blank-separated word of `s`.
std::string_view first_word(std::string_view s) {
  s = trim(s);
  std::size_t e = 0;
  while (e < s.size() && !is_blank_char(s[e])) ++e;
  return s.substr(0, e);
}

// A FEN placement: ten ranks of piece letters and digits.
bool looks_like_fen(std::string_view word) {
  int slashes = 0;
  for (char c : word) {
    if (c == '/') ++slashes;
    else if (!(c >= '1' && c <= '9') && std::string_view("rnbakcpheRNBAKCPHE").find(c) == std::string_view::npos)
      return false;
  }
  return slashes == 9;
}

// A UCI move ("b1c3", "a10a9") or a JANGGI-notation move ("H02-83", "P56x66+").
bool looks_like_engine_move(std::string_view t) {
  while (!t.empty() && (t.back() == '+' || t.back() == '#')) t.remove_suffix(1);
  if (t.size() == 6 && std::string_view("KAEHRCPNB").find(t[0]) != std::string_view::npos && is_digit(t[1]) &&
      is_digit(t[2]) && (t[3] == '-' || t[3] == 'x') && is_digit(t[4]) && is_digit(t[5]))
    return true;
  std::size_t i = 0;
  for (int sq = 0; sq < 2; ++sq) {
    if (i >= t.size() || !is_file_letter(t[i])) return false;
    ++i;
    const std::size_t d = i;
    while (i < t.size() && is_digit(t[i])) ++i;
    if (i == d || i - d > 2) return false;
  }
  return i == t.size();
}

// What the first ply token of a movetext line says: .gib (squares + Korean/hanja piece,
// or 한수쉼) or PGN (SAN letters), or nothing.
Format movetext_kind(std::string_view line) {
  line = trim(line);
  std::size_t i = 0;
  while (i < line.size() && is_digit(line[i])) ++i;
  if (i == 0 || i >= line.size() || line[i] != '.') return Format::Unknown;
  while (i < line.size() && line[i] == '.') ++i;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  const std::string_view tok = first_word(line.substr(i));
  if (tok.empty()) return Format::Unknown;
  const bool non_ascii = std::any_of(tok.begin(), tok.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
  if (non_ascii) return Format::Gib;  // 79졸78, 한수쉼, 02楚馬83 (UTF-8 or CP949 bytes)
  if (std::string_view("KAEHRCPNB").find(tok[0]) != std::string_view::npos || is_file_letter(tok[0]))
    return Format::Pgn;
  return Format::Unknown;
}

constexpr std::array<std::string_view, 10> kPgnTagNames = {"Event", "Site",    "Date", "Round", "White",
                                                            "Black", "Result", "FEN",  "Variant", "SetUp"};

// Whether a line opens with a full-width bracket "［" (UTF-8 or CP949): a .gib tag line
// (formats/gib/README.md, "Tag-line variants").
bool opens_full_width_tag(std::string_view line) {
  return line.rfind("\xEF\xBC\xBB", 0) == 0 || line.rfind("\xA3\xDB", 0) == 0;
}

// Gib or PGN for a file that starts with a tag section (see README.md, step 3).
Format detect_tagged(Lines& lines) {
  bool pgn_names = false, in_comment = false;
  for (std::string raw; lines.next(raw);) {
    const std::string_view line = trim(raw);
    if (in_comment) {
      if (line.find('}') != std::string_view::npos) in_comment = false;
      continue;
    }
    if (line.empty()) continue;
    if (line[0] == '[') {
      std::string_view name = line.substr(1);
      name = first_word(name);
      for (std::string_view n : kPgnTagNames)
        if (name == n) pgn_names = true;
      continue;
    }
    if (line[0] == '{') {
      if (line.find('}') == std::string_view::npos) in_comment = true;
      continue;
    }
    if (opens_full_width_tag(line)) continue;
    if (line[0] == ';' || line[0] == '%') continue;
    const Format kind = movetext_kind(line);
    if (kind != Format::Unknown) return kind;
    if (line == "*" || line == "1-0" || line == "0-1" || line == "1/2-1/2") return Format::Pgn;
  }
  return pgn_names ? Format::Pgn : Format::Gib;
}

}  // namespace

namespace {

// The formats' names and file extensions (Format::Unknown has neither: format_name calls it
// "unknown", which format_from_name does not read).
constexpr auto kFormatNames = std::to_array<Named<Format>>({
    {Format::Gib, "gib"}, {Format::Pgn, "pgn"}, {Format::Json, "json"}, {Format::Jsonl, "jsonl"},
    {Format::Fen, "fen"}, {Format::Uci, "uci"}});
constexpr auto kFormatExtensions = std::to_array<Named<Format>>({
    {Format::Gib, ".gib"}, {Format::Pgn, ".pgn"}, {Format::Json, ".json"}, {Format::Jsonl, ".jsonl"},
    {Format::Fen, ".fen"}, {Format::Uci, ".uci"}});

}  // namespace

std::string_view format_name(Format f) { return f == Format::Unknown ? "unknown" : name_of(kFormatNames, f); }

std::optional<Format> format_from_name(std::string_view name) { return value_named(kFormatNames, name); }

std::string_view format_extension(Format f) { return f == Format::Unknown ? "" : name_of(kFormatExtensions, f); }

Format format_of_name(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || name[dot - 1] == '/') return Format::Unknown;
  std::string ext(name.substr(dot));
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return value_named(kFormatExtensions, ext).value_or(Format::Unknown);
}

Format detect_format(std::string_view bytes) {
  bytes = bytes.substr(0, find_text_end(bytes, true).end);  // what a 0x1A ends is not read
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  std::size_t p = 0;
  while (p < bytes.size() && (is_blank_char(bytes[p]) || is_filler(bytes[p]))) ++p;
  if (p >= bytes.size()) return Format::Unknown;
  const std::string_view s = bytes.substr(p);

  if (s.rfind("\\HS", 0) == 0 || s.rfind("\\[", 0) == 0) return Format::Gib;  // Tygem Go: the .gib reader rejects it
  std::size_t q = 1;
  while (q < s.size() && is_blank_char(s[q])) ++q;
  if (s[0] == '{' || (s[0] == '[' && q < s.size() && (s[q] == '{' || s[q] == ']'))) {
    std::size_t pos = 0;
    if (json::parse_value(s, pos)) {
      while (pos < s.size() && is_blank_char(s[pos])) ++pos;
      return pos < s.size() && s[0] == '{' ? Format::Jsonl : Format::Json;
    }
    // A JSON Lines file whose first record is broken still has '{' lines.
    if (s[0] == '{' && s.find("\"tags\"") != std::string_view::npos) return Format::Jsonl;
  }

  Lines lines(s, 400);
  if (s[0] == '[' || s[0] == '{' || opens_full_width_tag(s)) return detect_tagged(lines);

  for (std::string raw; lines.next(raw);) {
    const std::string_view line = trim(raw);
    if (line.empty() || line[0] == '#') continue;
    const std::string_view w = first_word(line);
    if (w == "position" || w == "startpos" || w == "fen") return Format::Uci;
    if (looks_like_fen(w)) return Format::Fen;
    if (looks_like_engine_move(w)) return Format::Uci;
    const Format kind = movetext_kind(line);
    if (kind != Format::Unknown) return kind;
    break;
  }
  return Format::Unknown;
}

}  // namespace gibo
