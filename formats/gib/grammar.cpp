#include "grammar.h"

#include "gibo/formats/tag_text.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

namespace gibo::gib {

// tag = blanks "[" name blanks+ '"' value '"' blanks "]" blanks, where name is one or more
// bytes other than blank, '"' and ']', and value any bytes other than '"', with the
// escapes of tag_text.h (a backslash before anything else is a plain byte). When that
// fails, the lenient reading of values written without escapes (`[Event "The "Big"
// Open"]`, `[Dir "C:\"]`): the value runs verbatim from the first quote to the last one,
// when only blanks and the closing bracket follow it.
bool parse_tag_line(std::string_view line, TagLine& out) {
  out.name.clear();
  out.value.clear();
  auto blank = [](char c) { return c == ' ' || c == '\t'; };
  const std::size_t n = line.size();
  // blanks "]" blanks, to the end, from `i`
  auto closes = [&](std::size_t i) {
    while (i < n && blank(line[i])) ++i;
    if (i == n || line[i] != ']') return false;
    ++i;
    while (i < n && blank(line[i])) ++i;
    return i == n;
  };
  std::size_t i = 0;
  while (i < n && blank(line[i])) ++i;
  if (i == n || line[i] != '[') return false;
  const std::size_t name = ++i;
  while (i < n && !blank(line[i]) && line[i] != '"' && line[i] != ']') ++i;
  if (i == name) return false;
  const std::size_t name_end = i;
  if (i == n || !blank(line[i])) return false;
  while (i < n && blank(line[i])) ++i;
  if (i == n || line[i] != '"') return false;
  const std::size_t open = ++i;
  out.name.assign(line.substr(name, name_end - name));
  while (i < n && line[i] != '"') {
    std::size_t run = i;  // plain bytes up to the next quote or backslash, copied at once
    while (run < n && line[run] != '"' && line[run] != '\\') ++run;
    out.value.append(line.data() + i, run - i);
    i = run;
    if (i < n && line[i] == '\\') {
      const char e = i + 1 < n ? tag_value_escape(line[i + 1]) : '\0';
      out.value += e ? e : '\\';
      i += e ? 2 : 1;
    }
  }
  if (i < n && closes(i + 1)) return true;
  const std::size_t close = line.rfind('"');
  if (close == std::string_view::npos || close < open || !closes(close + 1)) {
    out.name.clear();
    out.value.clear();
    return false;
  }
  out.value.assign(line.substr(open, close - open));
  return true;
}

std::string escape_comment(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  bool line_start = false;  // the first line follows the '{'
  for (char c : text) {
    if (c == '\\') out += "\\\\";
    else if (c == '}') out += "\\}";
    else if (c == '\r') out += "\\r";
    else if (c == '[' && line_start) out += "\\[";
    else out += c;
    if (c == '\n') line_start = true;
    else if (c != ' ' && c != '\t') line_start = false;
  }
  return out;
}

char comment_escape(char c) {
  switch (c) {
    case '\\': return '\\';
    case '}': return '}';
    case 'r': return '\r';
    case '[': return '[';
    default: return '\0';
  }
}

namespace {

struct LetterEntry {
  char32_t cp = 0;
  PieceLetter letter;
};

// The letters by code point in an open-addressing table (a switch over these sparse
// code points costs a chain of mispredicted compares on every ply).
struct LetterTable {
  static constexpr std::size_t kSize = 64;
  std::array<LetterEntry, kSize> slot{};
  static std::size_t hash(char32_t cp) { return (cp * 2654435761u) >> 26; }  // top 6 bits of 32
  void add(char32_t cp, PieceType t, std::optional<Side> side, bool hanja) {
    std::size_t h = hash(cp);
    while (slot[h].cp) h = (h + 1) % kSize;
    slot[h] = {cp, PieceLetter{t, side, hanja}};
  }
  const PieceLetter* find(char32_t cp) const {
    for (std::size_t h = hash(cp);; h = (h + 1) % kSize) {
      if (slot[h].cp == cp) return &slot[h].letter;
      if (!slot[h].cp) return nullptr;
    }
  }
  LetterTable() {
    using T = PieceType;
    add(U'차', T::Chariot, std::nullopt, false);
    add(U'車', T::Chariot, std::nullopt, true);
    add(U'포', T::Cannon, std::nullopt, false);
    add(U'包', T::Cannon, std::nullopt, true);
    add(U'砲', T::Cannon, std::nullopt, true);
    add(U'마', T::Horse, std::nullopt, false);
    add(U'馬', T::Horse, std::nullopt, true);
    add(U'상', T::Elephant, std::nullopt, false);
    add(U'象', T::Elephant, std::nullopt, true);
    add(U'사', T::Advisor, std::nullopt, false);
    add(U'士', T::Advisor, std::nullopt, true);
    add(U'장', T::General, std::nullopt, false);
    add(U'궁', T::General, std::nullopt, false);
    add(U'將', T::General, std::nullopt, true);
    add(U'帥', T::General, std::nullopt, true);
    add(U'졸', T::Soldier, Side::Cho, false);
    add(U'병', T::Soldier, Side::Han, false);
    add(U'卒', T::Soldier, Side::Cho, true);
    add(U'兵', T::Soldier, Side::Han, true);
    add(U'楚', T::General, Side::Cho, true);
    add(U'漢', T::General, Side::Han, true);
  }
};

// piece = 차 車 | 포 包 砲 | 마 馬 | 상 象 | 사 士 | 장 將 궁 帥 | 졸 卒 (Cho) | 병 兵 (Han)
//       | 楚 (Cho general) | 漢 (Han general)     (formats/gib/README.md "Ply tokens": a general may be written
//                                                 with its side's character)
std::optional<PieceLetter> piece_letter(char32_t cp) {
  static const LetterTable table;
  if (cp < 0x80) return std::nullopt;  // digits and letters, the common case
  if (const PieceLetter* p = table.find(cp)) return *p;
  return std::nullopt;
}

// side = 楚 | 漢 | 초 | 한
std::optional<Side> side_letter(char32_t cp) {
  switch (cp) {
    case U'楚':
    case U'초': return Side::Cho;
    case U'漢':
    case U'한': return Side::Han;
    default: return std::nullopt;
  }
}

bool is_digit(char32_t c) { return c >= '0' && c <= '9'; }

}  // namespace

// ply = "한수쉼" | square [side piece-follows] piece square [capture] ["장군"]
// capture = (not "장군") ["타"] piece
// The token's characters are decoded once (UTF-8, valid: the reader decoded it), then
// read by index.
bool parse_ply_token(std::string_view raw, Coding coding, std::string& text, PlyToken& out) {
  out = PlyToken{};
  text.clear();
  constexpr std::size_t kInline = 32;  // a token has at most as many characters as bytes
  char32_t cp_inline[kInline + 2];
  std::uint32_t off_inline[kInline + 2];
  std::vector<char32_t> cp_heap;
  std::vector<std::uint32_t> off_heap;
  char32_t* cp = cp_inline;
  std::uint32_t* off = off_inline;  // where each character starts in `text`
  if (raw.size() > kInline) {
    cp_heap.resize(raw.size() + 2);
    off_heap.resize(raw.size() + 2);
    cp = cp_heap.data();
    off = off_heap.data();
  }
  const auto* u = reinterpret_cast<const unsigned char*>(raw.data());
  std::size_t n = 0;
  if (coding == Coding::Utf8) {  // the text is the bytes themselves
    text.assign(raw);
    for (std::size_t b = 0; b < raw.size(); ++n) {
      const unsigned char c = u[b];
      const std::size_t len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
      char32_t v = len == 1 ? c : c & (0x7F >> len);
      for (std::size_t k = 1; k < len && b + k < raw.size(); ++k) v = (v << 6) | (u[b + k] & 0x3F);
      cp[n] = v;
      off[n] = static_cast<std::uint32_t>(b);
      b = std::min(b + len, raw.size());
    }
  } else {
    // Decoded into a buffer first (at most 3 UTF-8 bytes a raw byte: U+FFFD for a bad one).
    char inline_buffer[3 * kInline + 4];
    std::vector<char> heap_buffer;
    char* o = inline_buffer;
    if (raw.size() > kInline) {
      heap_buffer.resize(3 * raw.size() + 4);
      o = heap_buffer.data();
    }
    char* const begin = o;
    for (std::size_t b = 0; b < raw.size(); ++n) {
      off[n] = static_cast<std::uint32_t>(o - begin);
      char32_t v;
      if (u[b] < 0x80) {
        v = u[b++];
      } else if (coding == Coding::Ascii) {
        v = U'?';
        ++b;
      } else {
        const text::Cp949Char d = text::cp949_char(raw.substr(b));
        v = d.cp;
        b += d.length;
      }
      cp[n] = v;
      if (v < 0x80) {
        *o++ = static_cast<char>(v);
      } else if (v < 0x800) {
        *o++ = static_cast<char>(0xC0 | (v >> 6));
        *o++ = static_cast<char>(0x80 | (v & 0x3F));
      } else {  // CP949 stays in the BMP
        *o++ = static_cast<char>(0xE0 | (v >> 12));
        *o++ = static_cast<char>(0x80 | ((v >> 6) & 0x3F));
        *o++ = static_cast<char>(0x80 | (v & 0x3F));
      }
    }
    text.assign(begin, static_cast<std::size_t>(o - begin));
  }
  cp[n] = cp[n + 1] = 0;  // reading one or two past the end finds no letter
  off[n] = static_cast<std::uint32_t>(text.size());
  out.chars = static_cast<int>(n);
  const std::string_view token = text;

  if (n == 3 && cp[0] == U'한' && cp[1] == U'수' && cp[2] == U'쉼') {
    out.pass = true;
    return true;
  }
  std::size_t i = 0;
  // square = letter a-i and one digit | one or more digits
  auto square = [&](std::string_view& text) {
    const std::size_t start = i;
    if (cp[i] >= 'a' && cp[i] <= 'i' && is_digit(cp[i + 1])) {
      i += 2;
    } else {
      while (is_digit(cp[i])) ++i;
      if (i == start) return false;
    }
    text = token.substr(off[start], off[i] - off[start]);
    return true;
  };
  auto check_mark = [&] { return cp[i] == U'장' && cp[i + 1] == U'군'; };
  if (!square(out.from)) return false;
  // A side mark counts only when a piece letter follows it (`95楚84` is a general).
  if (const auto side = side_letter(cp[i]); side && piece_letter(cp[i + 1])) {
    out.side_mark = side;
    ++i;
  }
  const auto piece = piece_letter(cp[i]);
  if (!piece) return false;
  out.piece = *piece;
  ++i;
  if (!square(out.to)) return false;
  if (!check_mark()) {
    const bool marker = cp[i] == U'타';
    if (const auto captured = piece_letter(cp[i + (marker ? 1 : 0)])) {
      out.capture_marker = marker;
      out.captured = *captured;
      i += marker ? 2 : 1;
    }
  }
  if (check_mark()) {
    out.check = true;
    i += 2;
  }
  return i == n;
}

}  // namespace gibo::gib
