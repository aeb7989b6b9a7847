// The .gib tag-line and ply-token grammar and its text decoding (see grammar.h).
#include "grammar.h"

#include "gibo/formats/tag_text.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
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

// A character as its UTF-8 bytes packed from the lowest byte up (ASCII: the byte itself):
// the tokens' letters are compared in this form, which UTF-8 text gives without decoding
// and CP949 text gives from one table (text::cp949_utf8).
constexpr std::uint32_t key_of(char32_t cp) {
  if (cp < 0x80) return cp;
  if (cp < 0x800) return (0xC0 | (cp >> 6)) | ((0x80 | (cp & 0x3F)) << 8);
  if (cp < 0x10000)
    return (0xE0 | (cp >> 12)) | ((0x80 | ((cp >> 6) & 0x3F)) << 8) | ((0x80 | (cp & 0x3F)) << 16);
  return (0xF0 | (cp >> 18)) | ((0x80 | ((cp >> 12) & 0x3F)) << 8) | ((0x80 | ((cp >> 6) & 0x3F)) << 16) |
         ((0x80 | (cp & 0x3F)) << 24);
}

struct LetterEntry {
  std::uint32_t key = 0;
  PieceLetter letter;
};

// The letters by key in an open-addressing table (a switch over these sparse values
// costs a chain of mispredicted compares on every ply). Built at compile time.
struct LetterTable {
  static constexpr std::size_t kSize = 64;
  std::array<LetterEntry, kSize> slot{};
  static constexpr std::size_t hash(std::uint32_t key) {
    return static_cast<std::uint32_t>(key * 2654435761u) >> 26;  // top 6 bits of 32
  }
  constexpr void add(char32_t cp, PieceType t, std::optional<Side> side, bool hanja) {
    const std::uint32_t key = key_of(cp);
    std::size_t h = hash(key);
    while (slot[h].key) h = (h + 1) % kSize;
    slot[h] = {key, PieceLetter{t, side, hanja}};
  }
  constexpr const PieceLetter* find(std::uint32_t key) const {
    for (std::size_t h = hash(key);; h = (h + 1) % kSize) {
      if (slot[h].key == key) return &slot[h].letter;
      if (!slot[h].key) return nullptr;
    }
  }
  constexpr LetterTable() {
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
constexpr LetterTable kLetters;

// piece = 차 車 | 포 包 砲 | 마 馬 | 상 象 | 사 士 | 장 將 궁 帥 | 졸 卒 (Cho) | 병 兵 (Han)
//       | 楚 (Cho general) | 漢 (Han general)     (formats/gib/README.md "Ply tokens": a general may be written
//                                                 with its side's character)
// nullptr if the character (as key_of) is no piece letter.
const PieceLetter* piece_letter(std::uint32_t key) {
  if (key < 0x80) return nullptr;  // digits and letters, the common case
  return kLetters.find(key);
}

// side = 楚 | 漢 | 초 | 한
std::optional<Side> side_letter(std::uint32_t key) {
  switch (key) {
    case key_of(U'楚'):
    case key_of(U'초'): return Side::Cho;
    case key_of(U'漢'):
    case key_of(U'한'): return Side::Han;
    default: return std::nullopt;
  }
}

bool is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

// One character of a token: its key (key_of) and its length in raw bytes (0 at the end).
struct Char {
  std::uint32_t key = 0;
  std::uint32_t len = 0;
};

// Reads the characters of one token's raw bytes in their coding, each where it stands.
class TokenChars {
 public:
  TokenChars(std::string_view raw, Coding coding)
      : u_(reinterpret_cast<const unsigned char*>(raw.data())),
        n_(raw.size()),
        coding_(coding),
        pairs_(coding == Coding::Cp949 ? text::cp949_utf8() : nullptr) {}

  std::size_t size() const { return n_; }
  unsigned char byte(std::size_t b) const { return b < n_ ? u_[b] : 0; }

  // The character at byte `b` (key 0, len 0 at or past the end). UTF-8 is valid here (the
  // reader checked the line); a character cut by the end keeps the bytes there are. A
  // CP949 byte that does not decode reads as U+FFFD; with Coding::Ascii, every byte >= 0x80
  // reads as '?'.
  Char at(std::size_t b) const {
    if (b >= n_) return {};
    const unsigned char c = u_[b];
    if (c < 0x80) return {c, 1};
    switch (coding_) {
      case Coding::Utf8: {
        const std::uint32_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        std::uint32_t key = c, k = 1;
        for (; k < len && b + k < n_; ++k) key |= static_cast<std::uint32_t>(u_[b + k]) << (8 * k);
        return {key, k};
      }
      case Coding::Cp949: {
        // as text::cp949_char reads it: a mapped lead-trail pair, or one bad byte
        if (c >= 0x81 && c <= 0xFE && b + 1 < n_ && u_[b + 1] >= 0x41 && u_[b + 1] <= 0xFE)
          if (const std::uint32_t v = pairs_[(c - 0x81) * 190 + (u_[b + 1] - 0x41)]) return {v & 0xFFFFFF, 2};
        return {key_of(0xFFFD), 1};
      }
      case Coding::Ascii: return {'?', 1};
    }
    return {'?', 1};
  }

 private:
  const unsigned char* u_;
  std::size_t n_;
  Coding coding_;
  const std::uint32_t* pairs_;  // text::cp949_utf8(), for Coding::Cp949
};

// The UTF-8 length of a key: from its lead byte.
std::uint32_t key_length(std::uint32_t key) {
  const std::uint32_t lead = key & 0xFF;
  return lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
}

// A token's text, written as its characters are read.
class TextOut {
 public:
  explicit TextOut(std::size_t raw_size) {
    if (raw_size > kInline) heap_.resize(4 * raw_size);
    begin_ = o_ = raw_size > kInline ? heap_.data() : inline_;
  }
  void ascii(std::string_view run) {  // a square: usually two bytes, copied without a call
    for (char c : run) *o_++ = c;
  }
  void character(std::uint32_t key) {
    const char bytes[4] = {static_cast<char>(key), static_cast<char>(key >> 8), static_cast<char>(key >> 16),
                           static_cast<char>(key >> 24)};
    std::memcpy(o_, bytes, 4);  // one store; only key_length(key) of the bytes count
    o_ += key_length(key);
  }
  void into(std::string& text) const { text.assign(begin_, static_cast<std::size_t>(o_ - begin_)); }

 private:
  static constexpr std::size_t kInline = 48;  // raw bytes; at most four UTF-8 bytes each
  char inline_[4 * kInline];
  std::string heap_;
  char* begin_;
  char* o_;
};

}  // namespace

// Undecodable bytes are reported once per file by the reader's scan, not here.
void decode(std::string_view raw, Coding coding, std::string& out) {
  switch (coding) {
    case Coding::Utf8: out += raw; return;
    case Coding::Cp949: {
      std::vector<std::size_t> bad;
      text::cp949_to_utf8(raw, out, bad);
      return;
    }
    case Coding::Ascii:
      for (char c : raw) out += static_cast<unsigned char>(c) < 0x80 ? c : '?';
      return;
  }
}

// ply = "한수쉼" | square [side piece-follows] piece square [capture] ["장군"]
// capture = (not "장군") ["타"] piece
// square = letter a-i and one digit | one or more digits
// Read straight from the raw bytes, a character where the grammar needs one, its text
// written as it is read; the squares are ASCII, so they are views into `raw`.
bool parse_ply_token(std::string_view raw, Coding coding, std::string& text, PlyToken& out) {
  out = PlyToken{};
  const TokenChars chars(raw, coding);
  TextOut written(raw.size());
  std::size_t b = 0;  // the byte where the next character starts
  int count = 0;      // characters read
  auto take = [&](const Char& c) {
    written.character(c.key);
    b += c.len;
    ++count;
  };
  auto square = [&](std::string_view& sq) {
    const std::size_t start = b;
    const unsigned char c = chars.byte(b);
    if (c >= 'a' && c <= 'i' && is_digit(chars.byte(b + 1))) {
      b += 2;
    } else {
      while (b < chars.size() && is_digit(chars.byte(b))) ++b;
      if (b == start) return false;
    }
    count += static_cast<int>(b - start);
    sq = raw.substr(start, b - start);
    written.ascii(sq);
    return true;
  };
  // Is "장군" at byte `at`? Its length in bytes, or 0.
  auto check_mark = [&](std::size_t at) -> std::uint32_t {
    const Char a = chars.at(at);
    if (a.key != key_of(U'장')) return 0;
    const Char g = chars.at(at + a.len);
    return g.key == key_of(U'군') ? a.len + g.len : 0;
  };
  auto no_ply = [&] {  // the token as a whole, for the reader's message
    text.clear();
    decode(raw, coding, text);
    return false;
  };

  if (!square(out.from)) {
    // the only ply that does not start with a square
    const Char a = chars.at(0), s = chars.at(a.len), w = chars.at(a.len + s.len);
    if (a.key == key_of(U'한') && s.key == key_of(U'수') && w.key == key_of(U'쉼') &&
        a.len + s.len + w.len == raw.size()) {
      take(a);
      take(s);
      take(w);
      written.into(text);
      out.pass = true;
      out.chars = 3;
      return true;
    }
    return no_ply();
  }
  // A side mark counts only when a piece letter follows it (`95楚84` is a general).
  Char c = chars.at(b);
  if (const auto side = side_letter(c.key); side && piece_letter(chars.at(b + c.len).key)) {
    out.side_mark = side;
    take(c);
    c = chars.at(b);
  }
  const PieceLetter* piece = piece_letter(c.key);
  if (!piece) return no_ply();
  out.piece = *piece;
  take(c);
  if (!square(out.to)) return no_ply();
  if (b < raw.size() && !check_mark(b)) {
    c = chars.at(b);
    const bool marker = c.key == key_of(U'타');
    const Char p = marker ? chars.at(b + c.len) : c;
    if (const PieceLetter* captured = piece_letter(p.key)) {
      out.capture_marker = marker;
      out.captured = *captured;
      if (marker) take(c);
      take(p);
    }
  }
  if (b < raw.size() && check_mark(b)) {
    out.check = true;
    take(chars.at(b));
    take(chars.at(b));
  }
  if (b != raw.size()) return no_ply();
  written.into(text);
  out.chars = count;
  return true;
}

}  // namespace gibo::gib
