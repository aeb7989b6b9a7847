// The characters of the .gib rules (grammar.h) as C++ reads them: a character of a line's
// coding (UTF-8, CP949 or bytes read as '?') as its UTF-8 bytes packed into an integer
// (utf8::packed), the piece letters' table, and the scanning functions the rules written in
// C++ are made of (letter, chars_but, piece, side, character, number-or-zero); the tables
// of the setup names and the [판] letters. Internal to the .gib reader.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "../../src/core/x3_bytes.h"
#include "gibo/core/types.h"
#include "gibo/core/utf8.h"
#include "gibo/formats/encoding.h"
#include "tokens.h"

namespace gibo::gib::grammar {

namespace x3 = boost::spirit::x3;
using Iterator = const char*;

// ---- characters ------------------------------------------------------------------

// One character: its key and its length in raw bytes (0 at the end).
struct Char {
  std::uint32_t key = 0;
  std::uint32_t len = 0;
};

// The character at `p` in coding C. UTF-8 is valid there (the reader checked the line); a
// character cut by the end keeps the bytes there are. A CP949 byte that is no mapped
// lead-trail pair (text::cp949_pair) is one character, U+FFFD; with Coding::Ascii every
// byte >= 0x80 is '?'.
template <Coding C>
inline Char char_at(Iterator p, Iterator end) {
  if (p == end) return {};
  const unsigned char c = static_cast<unsigned char>(*p);
  if (c < 0x80) return {c, 1};
  if constexpr (C == Coding::Utf8) {
    const auto len = static_cast<std::uint32_t>(utf8::sequence_length(c));  // valid: 2-4
    std::uint32_t key = c, k = 1;
    for (; k < len && p + k < end; ++k) key |= static_cast<std::uint32_t>(static_cast<unsigned char>(p[k])) << (8 * k);
    return {key, k};
  } else if constexpr (C == Coding::Cp949) {
    const auto* u = reinterpret_cast<const unsigned char*>(p);
    if (const std::uint32_t v = text::cp949_utf8()[text::cp949_pair(u, static_cast<std::size_t>(end - p))])
      return {v & 0xFFFFFF, 2};
    return {utf8::packed(0xFFFD), 1};
  } else {
    return {'?', 1};
  }
}

// The piece letters by key in an open-addressing table built at compile time (the symbol
// table of `piece`; a switch over these sparse values costs a chain of mispredicted
// compares on every ply).
struct LetterTable {
  struct Entry {
    std::uint32_t key = 0;
    PieceLetter letter;
  };
  static constexpr std::size_t kSize = 64;
  std::array<Entry, kSize> slot{};
  static constexpr std::size_t hash(std::uint32_t key) {
    return static_cast<std::uint32_t>(key * 2654435761u) >> 26;  // top 6 bits of 32
  }
  constexpr void add(char32_t cp, PieceType t, std::optional<Side> side, bool hanja) {
    const std::uint32_t key = utf8::packed(cp);
    std::size_t h = hash(key);
    while (slot[h].key) h = (h + 1) % kSize;
    slot[h] = {key, PieceLetter{t, side, hanja, key}};
  }
  constexpr const PieceLetter* find(std::uint32_t key) const {
    if (key < 0x80) return nullptr;  // digits and letters, the common case
    for (std::size_t h = hash(key);; h = (h + 1) % kSize) {
      if (slot[h].key == key) return &slot[h].letter;
      if (!slot[h].key) return nullptr;
    }
  }
  // piece = 차 車 | 포 包 砲 | 마 馬 | 상 象 | 사 士 | 장 將 궁 帥 | 졸 卒 (Cho) | 병 兵 (Han)
  //       | 楚 (Cho general) | 漢 (Han general)
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
inline constexpr LetterTable kPieceLetters;

// ---- scanning functions over the raw bytes ---------------------------------------
// (the primitives of the rules written in C++: each rule made from one by x3_bytes::scan,
// src/core/x3_bytes.h; `first` is moved past what matched, untouched when nothing did)
// `letter<C>(U'장')`: that one character.
template <Coding C>
constexpr auto letter(char32_t cp) {
  return x3_bytes::scan([key = utf8::packed(cp)](Iterator& first, Iterator last) {
    const Char c = char_at<C>(first, last);
    if (c.key != key || c.len == 0) return false;
    first += c.len;
    return true;
  });
}

// One piece letter (kPieceLetters), as its PieceLetter (the rule piece<C>).
template <Coding C>
inline constexpr auto read_piece = [](Iterator& first, Iterator last, PieceLetter& out) {
  const Char c = char_at<C>(first, last);
  const PieceLetter* p = kPieceLetters.find(c.key);
  if (!p) return false;
  first += c.len;
  out = *p;
  return true;
};

// 楚 | 초 (Cho) | 漢 | 한 (Han), as its SideLetter (the rule side<C>).
template <Coding C>
inline constexpr auto read_side = [](Iterator& first, Iterator last, SideLetter& out) {
  const Char c = char_at<C>(first, last);
  Side s;
  switch (c.key) {
    case utf8::packed(U'楚'):
    case utf8::packed(U'초'): s = Side::Cho; break;
    case utf8::packed(U'漢'):
    case utf8::packed(U'한'): s = Side::Han; break;
    default: return false;
  }
  first += c.len;
  out = SideLetter{s, c.key};
  return true;
};

// Any one character (the rule character<C>: a CP949 lead and its trail together, so that a
// trail byte is never read as '\\' or ']').
template <Coding C>
inline constexpr auto read_character = [](Iterator& first, Iterator last) {
  const Char c = char_at<C>(first, last);
  first += c.len;
  return c.len != 0;
};

// The set of ASCII bytes `stops`, as two 64-bit masks.
struct AsciiSet {
  std::uint64_t bits[2] = {0, 0};
  constexpr explicit AsciiSet(std::string_view stops) {
    for (char c : stops) bits[static_cast<unsigned char>(c) >> 6] |= std::uint64_t{1} << (c & 63);
  }
  constexpr bool has(unsigned char c) const { return c < 0x80 && ((bits[c >> 6] >> (c & 63)) & 1); }
};

// `chars_but<C>(" \t\"]")`: one or more characters, none of them one of the given ASCII
// bytes; the same as +(character<C> - char_(stops)), as one loop. A stop byte is always a
// character of its own: UTF-8 continuation bytes and the bytes of a CP949 pair that
// char_at reads together are never ASCII stops (a pair's trail may be a letter, and
// letters are no stops here).
// With `wide`, that character stops the run too (UTF-8 or CP949; never in Coding::Ascii).
template <Coding C>
constexpr auto chars_but(std::string_view stops, char32_t wide = 0) {
  return x3_bytes::scan([set = AsciiSet(stops), wide = utf8::packed(wide)](Iterator& first, Iterator last) {
    Iterator p = first;
    while (p != last) {
      const unsigned char c = static_cast<unsigned char>(*p);
      if (c < 0x80) {
        if (set.has(c)) break;
        ++p;
      } else if constexpr (C == Coding::Cp949) {
        const Char ch = char_at<C>(p, last);
        if (ch.key == wide) break;
        p += ch.len;
      } else if constexpr (C == Coding::Utf8) {
        if (c == (wide & 0xFF) && wide >= 0x80 && char_at<C>(p, last).key == wide) break;  // its lead first
        ++p;  // a UTF-8 lead or continuation byte
      } else {
        ++p;  // a byte read as '?'
      }
    }
    if (p == first) return false;
    first = p;
    return true;
  });
}


// digit { digit }, as the value of the digits, or 0 when it does not fit an int (the rule
// number-or-zero; x3::uint_parser<int> would fail there; one loop instead of uint_parser
// and a second pass over digits too long for it).
inline constexpr auto read_number_or_zero = [](Iterator& first, Iterator last, int& out) {
  Iterator p = first;
  std::int64_t value = 0;
  for (; p != last && *p >= '0' && *p <= '9'; ++p)
    if (value <= std::numeric_limits<int>::max()) value = value * 10 + (*p - '0');
  if (p == first) return false;
  first = p;
  out = value <= std::numeric_limits<int>::max() ? static_cast<int>(value) : 0;
  return true;
};

// Whether a line whose first byte that is not blank is `c` may be a tag line: "[", or the
// first byte of "［" in UTF-8 (EF BC BB) or CP949 (A3 DB).
constexpr bool may_open_tag(char c) { return c == '[' || c == '\xEF' || c == '\xA3'; }

// ---- the setup names and the [판] letters ----------------------------------------------
inline constexpr std::array<std::string_view, 4> kSetupNames = {"마상상마", "상마마상", "마상마상", "상마상마"};

struct PanLetter {
  std::string_view text;
  Piece piece;
};
inline constexpr PanLetter kPanLetters[] = {
    {"차", make_piece(Side::Cho, PieceType::Chariot)},  {"마", make_piece(Side::Cho, PieceType::Horse)},
    {"상", make_piece(Side::Cho, PieceType::Elephant)}, {"사", make_piece(Side::Cho, PieceType::Advisor)},
    {"장", make_piece(Side::Cho, PieceType::General)},  {"포", make_piece(Side::Cho, PieceType::Cannon)},
    {"졸", make_piece(Side::Cho, PieceType::Soldier)},  {"車", make_piece(Side::Han, PieceType::Chariot)},
    {"馬", make_piece(Side::Han, PieceType::Horse)},    {"象", make_piece(Side::Han, PieceType::Elephant)},
    {"士", make_piece(Side::Han, PieceType::Advisor)},  {"將", make_piece(Side::Han, PieceType::General)},
    {"包", make_piece(Side::Han, PieceType::Cannon)},   {"兵", make_piece(Side::Han, PieceType::Soldier)},
};

// The symbol tables, built once.
inline const x3::symbols<Setup>& setup_names() {
  static const x3::symbols<Setup> table = [] {
    x3::symbols<Setup> t;
    for (Setup s : kAllSetups) t.add(std::string(kSetupNames[static_cast<int>(s)]), s);
    return t;
  }();
  return table;
}
inline const x3::symbols<Piece>& pan_letters() {
  static const x3::symbols<Piece> table = [] {
    x3::symbols<Piece> t;
    for (const PanLetter& l : kPanLetters) t.add(std::string(l.text), l.piece);
    return t;
  }();
  return table;
}


}  // namespace gibo::gib::grammar
