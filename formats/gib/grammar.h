// The .gib grammar, in Boost.Spirit X3 and in one place (formats/gib/README.md states each
// rule as it is written here; tests/formats/grammar_readme_test.cpp compares them): tag
// lines, ply tokens (numbered, hangul or hanja piece names, side marks, capture and check
// suffixes, 한수쉼, letter and old numbered squares), move lines (ply numbers, plies,
// times), comments, results, and the values of the setup and [판] tags.
//
// The line-level rules read a line's raw bytes in its coding (no decoding first): a
// character is compared as its UTF-8 bytes packed into an integer (utf8::packed), which UTF-8
// text gives as it stands and CP949 text gives from one table (text::cp949_utf8). Each rule
// is built once, per coding where it reads letters (a template over Coding), and yields
// positions in the input (raw[] over the bytes) so that the reader keeps every
// diagnostic's exact place. Internal to the .gib reader.
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
#include "gibo/formats/tag_text.h"
#include "gibo/record/result.h"

namespace gibo::gib {

// How the raw bytes of one line decode: the reader decides per file, and per line when a
// forced UTF-8 meets bytes that are not UTF-8.
enum class Coding : std::uint8_t {
  Utf8,   // valid UTF-8
  Cp949,  // CP949; an undecodable byte reads as U+FFFD
  Ascii,  // forced UTF-8 on invalid bytes: every byte >= 0x80 reads as '?'
};

// Appends `raw` decoded to UTF-8: a CP949 byte that does not decode is U+FFFD; with
// Coding::Ascii every byte >= 0x80 is '?'.
void decode(std::string_view raw, Coding coding, std::string& out);

struct TagLine {
  std::string name, value;
};

// A tag line (grammar::tag_line), given as the raw bytes of one line in `coding`; the name
// and the value (its escapes undone) are decoded to UTF-8.
bool parse_tag_line(std::string_view raw, Coding coding, TagLine& out);

// Comment text as the writer escapes it inside `{…}`: `\\` a backslash, `\}` a closing
// brace, `\r` a carriage return, and `\[` (`\［`) a bracket (a full-width one) that begins
// one of the comment's lines (which would otherwise read as a tag line). A backslash
// before anything else is a plain character.
std::string escape_comment(std::string_view text);
// The character the escape `\c` stands for in a comment, or '\0' if `\c` is no escape.
char comment_escape(char c);

// Where a piece letter came from: which side's script it implies, if any.
struct PieceLetter {
  PieceType type = PieceType::None;
  std::optional<Side> implied_side;  // 졸/卒 Cho, 병/兵 Han, 楚 Cho general, 漢 Han general
  bool hanja = false;
  std::uint32_t key = 0;  // the letter as its UTF-8 bytes (utf8::packed)
};

// A side mark: the side, and the letter as its UTF-8 bytes (utf8::packed).
struct SideLetter {
  Side side = Side::Cho;
  std::uint32_t key = 0;
};

// One ply token after its `N.` number (grammar::ply). Squares are kept as written ("79",
// "i3", "4"), as views into the raw token (they are ASCII, the same bytes in every
// coding); their meaning depends on the game's coordinate system and is decided by the
// reader.
struct PlyToken {
  bool pass = false;
  std::string_view from, to;
  std::optional<Side> side_mark;
  std::uint32_t side_key = 0;  // the side mark's letter (utf8::packed), 0 if none
  PieceLetter piece;
  bool capture_marker = false;
  PieceLetter captured;
  bool check = false;
  int chars = 0;  // the token's length in characters
  std::string_view token;  // the whole token as read (a view into the raw bytes)
};

// The text of a ply token the ply rule read from `raw` (its bytes in `coding`), decoded to
// UTF-8, and its length in characters (t.chars).
void read_ply_text(std::string_view raw, Coding coding, PlyToken& t, std::string& text);

// Reads a whole token, given as raw bytes in `coding`: false if it is not a ply. `text`
// receives the token decoded to UTF-8 (also when it is no ply); the squares in `out` are
// views into `raw`.
bool parse_ply_token(std::string_view raw, Coding coding, std::string& text, PlyToken& out);

namespace grammar {

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

// ---- primitive parsers over the raw bytes -----------------------------------------
// (each made from its scanning function by x3_bytes::scan, src/core/x3_bytes.h)
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

// `piece<C>`: one piece letter (kPieceLetters), as its PieceLetter.
template <Coding C>
inline constexpr auto piece = x3_bytes::scan<PieceLetter>([](Iterator& first, Iterator last, PieceLetter& out) {
  const Char c = char_at<C>(first, last);
  const PieceLetter* p = kPieceLetters.find(c.key);
  if (!p) return false;
  first += c.len;
  out = *p;
  return true;
});

// `side<C>` = 楚 | 초 (Cho) | 漢 | 한 (Han).
template <Coding C>
inline constexpr auto side = x3_bytes::scan<SideLetter>([](Iterator& first, Iterator last, SideLetter& out) {
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
});

// `character<C>`: any one character (a CP949 lead and its trail together, so that a trail
// byte is never read as '\\' or ']').
template <Coding C>
inline constexpr auto character = x3_bytes::scan([](Iterator& first, Iterator last) {
  const Char c = char_at<C>(first, last);
  first += c.len;
  return c.len != 0;
});

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

// ---- shared pieces ----------------------------------------------------------------
using x3_bytes::blank;
using x3_bytes::blanks;
using x3_bytes::view_of;
inline const auto digit = x3::char_('0', '9');

// ---- ply tokens (README "Ply tokens") -------------------------------------------------
// A rule that reads letters is built once per coding: ply<Coding::Cp949> and so on. Each
// letter is read once: a side mark and its piece are taken together by one action, so that
// a side letter that turns out to be the piece, `95楚84`, leaves no mark behind, and "장군"
// is tried before the piece letter 장 of a capture.
inline const auto square = x3::raw[x3::char_('a', 'i') >> digit | +digit];
// A token ends at a blank or at the end of the line (or of the text given).
inline const auto token_end = &(blank | x3::eoi);

namespace act {
inline constexpr auto pass = [](auto& ctx) { x3::_val(ctx).pass = true; };
inline constexpr auto from = [](auto& ctx) { x3::_val(ctx).from = view_of(x3::_attr(ctx)); };
inline constexpr auto to = [](auto& ctx) { x3::_val(ctx).to = view_of(x3::_attr(ctx)); };
inline constexpr auto marked_piece = [](auto& ctx) {  // side piece: their attributes together
  const SideLetter& side = boost::fusion::at_c<0>(x3::_attr(ctx));
  x3::_val(ctx).side_mark = side.side;
  x3::_val(ctx).side_key = side.key;
  x3::_val(ctx).piece = boost::fusion::at_c<1>(x3::_attr(ctx));
};
inline constexpr auto piece = [](auto& ctx) { x3::_val(ctx).piece = x3::_attr(ctx); };
inline constexpr auto marked_capture = [](auto& ctx) {
  x3::_val(ctx).captured = x3::_attr(ctx);
  x3::_val(ctx).capture_marker = true;
};
inline constexpr auto capture = [](auto& ctx) { x3::_val(ctx).captured = x3::_attr(ctx); };
inline constexpr auto check = [](auto& ctx) { x3::_val(ctx).check = true; };
inline constexpr auto token = [](auto& ctx) { x3::_val(ctx).token = view_of(x3::_attr(ctx)); };
}  // namespace act

template <Coding C>
inline const auto check = letter<C>(U'장') >> letter<C>(U'군');

template <Coding C>
inline const auto capture = letter<C>(U'타') >> piece<C>[act::marked_capture] | piece<C>[act::capture];

template <Coding C>
struct ply_id;
template <Coding C>
inline const auto ply = x3::rule<ply_id<C>, PlyToken>{"ply"} = x3::raw
    [(letter<C>(U'한') >> letter<C>(U'수') >> letter<C>(U'쉼') >> token_end)[act::pass] |
     (square[act::from] >> ((side<C> >> piece<C>)[act::marked_piece] | piece<C>[act::piece]) >> square[act::to] >>
      -(check<C>[act::check] | capture<C> >> -check<C>[act::check]) >> token_end)][act::token];

// ---- move lines (README "Text") ---------------------------------------------------------
// `number_or_zero`: digit { digit }, as the value of the digits, or 0 when it does not
// fit an int (x3::uint_parser<int> would fail there; one loop instead of uint_parser
// and a second pass over digits too long for it).
inline constexpr auto number_or_zero = x3_bytes::scan<int>([](Iterator& first, Iterator last, int& out) {
  Iterator p = first;
  std::int64_t value = 0;
  for (; p != last && *p >= '0' && *p <= '9'; ++p)
    if (value <= std::numeric_limits<int>::max()) value = value * 10 + (*p - '0');
  if (p == first) return false;
  first = p;
  out = value <= std::numeric_limits<int>::max() ? static_cast<int>(value) : 0;
  return true;
});

// The attribute is the number's value, 0 when it does not fit an int.
inline const auto ply_number = number_or_zero >> x3::lit('.');
inline const auto seconds = x3::rule<struct seconds_id, int>{"seconds"} =
    x3::uint_parser<int>{} | x3::lit('-') >> +x3::lit('0') >> x3::attr(0);
inline const auto time = x3::lit('<') >> seconds >> x3::lit('>') >> token_end;

// What move-line reads goes to the reader, given by x3::with<move_line_tag>(std::ref(r)):
// r.ply_number(text) for each number (its bytes, the "." included), r.ply(token) for each
// ply and r.time(seconds) for each time; the last two return false to end the line there
// (a square that is no board point; a time before any ply).
struct move_line_tag;
namespace act {
inline constexpr auto ply_number = [](auto& ctx) { x3_bytes::state_of<move_line_tag>(ctx).ply_number(view_of(x3::_attr(ctx))); };
inline constexpr auto ply = [](auto& ctx) { x3::_pass(ctx) = x3_bytes::state_of<move_line_tag>(ctx).ply(x3::_attr(ctx)); };
inline constexpr auto time = [](auto& ctx) { x3::_pass(ctx) = x3_bytes::state_of<move_line_tag>(ctx).time(x3::_attr(ctx)); };
}  // namespace act

template <Coding C>
inline const auto numbered_ply = x3::raw[ply_number][act::ply_number] >> blanks >> ply<C>[act::ply];
// A move line is read as far as this rule reaches; what stands after that is no ply.
template <Coding C>
inline const auto move_line = blanks >> *((time[act::time] | numbered_ply<C>) >> blanks);
// A line that reads as plies: where an unterminated comment ends (no actions).
template <Coding C>
inline const auto ply_line_start = blanks >> ply_number >> blanks >> ply<C>;

// ---- comments (README "Text"), over the decoded text -------------------------------------
// The actions append the comment, escapes undone, to the string given by
// x3::with<comment_out_tag>(std::ref(out)) (read_comment_text).
struct comment_out_tag;
namespace act {
inline constexpr auto comment_run = [](auto& ctx) {
  const auto& r = x3::_attr(ctx);
  x3_bytes::state_of<comment_out_tag>(ctx).append(r.begin(), r.end());
};
inline constexpr auto comment_char = [](auto& ctx) { x3_bytes::state_of<comment_out_tag>(ctx) += x3::_attr(ctx); };
inline constexpr auto comment_escape = [](auto& ctx) {
  x3_bytes::state_of<comment_out_tag>(ctx) += gib::comment_escape(x3::_attr(ctx));
};
}  // namespace act
inline const auto comment_escape = x3_bytes::one_of("\\}r[")[act::comment_escape] | x3::raw[x3::lit("［")][act::comment_run];
inline const auto comment_text = *(x3::raw[chars_but<Coding::Utf8>("}\\")][act::comment_run] |
                                   x3::lit('\\') >> comment_escape | x3::char_('\\')[act::comment_char]);

// Reads comment-text from `first`, appending it (escapes undone) to `out`; `first` is left
// at the closing '}' or at `last`.
inline void read_comment_text(Iterator& first, Iterator last, std::string& out) {
  x3::parse(first, last, x3::with<comment_out_tag>(std::ref(out))[comment_text]);
}

// ---- tag lines (README "Text") -----------------------------------------------------------
// The actions decode the name and the value (its escapes undone) into TagState::out.
struct TagState {
  TagLine* out;
  Coding coding;
};
struct tag_state_tag;
namespace act {
inline constexpr auto name = [](auto& ctx) {
  const TagState& s = x3_bytes::state_of<tag_state_tag>(ctx);
  s.out->name.clear();
  decode(view_of(x3::_attr(ctx)), s.coding, s.out->name);
};
inline constexpr auto value_run = [](auto& ctx) {
  const TagState& s = x3_bytes::state_of<tag_state_tag>(ctx);
  decode(view_of(x3::_attr(ctx)), s.coding, s.out->value);
};
inline constexpr auto value_char = [](auto& ctx) { x3_bytes::state_of<tag_state_tag>(ctx).out->value += x3::_attr(ctx); };
inline constexpr auto value_escape = [](auto& ctx) {
  x3_bytes::state_of<tag_state_tag>(ctx).out->value += tag_value_escape(x3::_attr(ctx));
};
inline constexpr auto verbatim = [](auto& ctx) {
  const TagState& s = x3_bytes::state_of<tag_state_tag>(ctx);
  s.out->value.clear();
  decode(view_of(x3::_attr(ctx)), s.coding, s.out->value);
};
}  // namespace act

template <Coding C>
inline const auto open = x3::lit('[') | letter<C>(U'［');
template <Coding C>
inline const auto close = x3::lit(']') | letter<C>(U'］');
template <Coding C>
inline const auto open_quote = x3::lit('"') | letter<C>(U'“') | letter<C>(U'＂');
template <Coding C>
inline const auto close_quote = x3::lit('"') | letter<C>(U'”') | letter<C>(U'＂');
template <Coding C>
inline const auto tag_close = close_quote<C> >> blanks >> close<C> >> blanks >> x3::eoi;
template <Coding C>
inline const auto tag_name = blanks >> open<C> >> x3::raw[chars_but<C>(" \t\"]", U'］')][act::name] >> +blank;
template <Coding C>
inline const auto tag_open = tag_name<C> >> open_quote<C>;
template <Coding C>
inline const auto bare_close = blanks >> close<C> >> blanks >> x3::eoi;
template <Coding C>
inline const auto bare_value =
    x3::raw[+(character<C> - bare_close<C> - open_quote<C> - close_quote<C>)][act::verbatim];
inline const auto tag_escape = x3_bytes::one_of("\\\"nr")[act::value_escape];
template <Coding C>
inline const auto tag_value = *(x3::raw[chars_but<C>("\"\\")][act::value_run] | x3::lit('\\') >> tag_escape |
                                x3::char_('\\')[act::value_char]);
template <Coding C>
inline const auto tag_line = tag_open<C> >> tag_value<C> >> tag_close<C> |
                             tag_open<C> >> x3::raw[*(character<C> - tag_close<C>)][act::verbatim] >> tag_close<C> |
                             tag_name<C> >> !open_quote<C> >> bare_value<C> >> bare_close<C>;

// Whether a line whose first byte that is not blank is `c` may be a tag line: "[", or the
// first byte of "［" in UTF-8 (EF BC BB) or CP949 (A3 DB).
constexpr bool may_open_tag(char c) { return c == '[' || c == '\xEF' || c == '\xA3'; }

// ---- results (대국결과, decoded text; README "Results") ------------------------------------
// The result text is read in two passes: result-text makes the canonical text (楚 漢 as
// 초 한, blanks dropped, the quotes that end it cut), and result reads that; a text that
// fits none of its alternatives is no result gibo knows (winner unknown).
struct canonical_out_tag;
struct ResultState {
  NormalizedResult result;
  Side named = Side::Cho;
  int half = 0;  // the last number read, in half points
  bool fraction = false;
};
struct result_state_tag;
namespace act {
inline constexpr auto put_text = [](const char* text) {
  return [text](auto& ctx) { x3_bytes::state_of<canonical_out_tag>(ctx) += text; };
};
inline constexpr auto put_byte = [](auto& ctx) { x3_bytes::state_of<canonical_out_tag>(ctx) += x3::_attr(ctx); };
inline constexpr auto whole = [](auto& ctx) {
  unsigned value = 0;  // wraps where the number is past any margin
  for (char c : x3::_attr(ctx)) value = value * 10 + static_cast<unsigned>(c - '0');
  ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
  st.half = static_cast<int>(value * 2);
  st.fraction = false;
};
inline constexpr auto fraction = [](auto& ctx) {
  ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
  st.fraction = true;
  if (x3::_attr(ctx) >= '5') ++st.half;  // N.5 points: the deom makes every margin a half
};
inline constexpr auto margin = [](auto& ctx) {
  ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
  st.result.margin_half_points = st.half;
};
inline constexpr auto margin_if_fraction = [](auto& ctx) {
  ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
  if (st.fraction) st.result.margin_half_points = st.half;
};
inline constexpr auto named = [](Side side) { return [side](auto& ctx) { x3_bytes::state_of<result_state_tag>(ctx).named = side; }; };
inline constexpr auto winner = [](Winner w) { return [w](auto& ctx) { x3_bytes::state_of<result_state_tag>(ctx).result.winner = w; }; };
inline constexpr auto named_won = [](bool won) {
  return [won](auto& ctx) {
    ResultState& st = x3_bytes::state_of<result_state_tag>(ctx);
    st.result.winner = (st.named == Side::Cho) == won ? Winner::Cho : Winner::Han;
  };
};
inline constexpr auto method = [](ResultMethod m) {
  return [m](auto& ctx) { x3_bytes::state_of<result_state_tag>(ctx).result.method = m; };
};
}  // namespace act

inline const auto result_text = *(x3::lit("楚")[act::put_text("초")] | x3::lit("漢")[act::put_text("한")] | blank |
                                  x3::char_[act::put_byte]);
inline const auto quotes = +x3::char_("'\"");
inline const auto result_body = *((quotes >> !x3::eoi) | (x3::char_ - x3::char_("'\"")));

inline const auto unknown_result = x3::lit("미상");
inline const auto void_result = (x3::lit("무효") | x3::lit("통신장애"))[act::winner(Winner::Void)];
inline const auto draw_how = &x3::seek[x3::lit("동의")] >> x3::eps[act::method(ResultMethod::Agreement)] |
                             &x3::seek[x3::lit("빅")] >> x3::eps[act::method(ResultMethod::Bikjang)] |
                             &x3::seek[x3::lit("자동")] >> x3::eps[act::method(ResultMethod::Automatic)] |
                             x3::eps[act::method(ResultMethod::Unspecified)];
inline const auto draw = &(x3::lit("무승부") | x3::lit("비김")) >> x3::eps[act::winner(Winner::Draw)] >> draw_how;
inline const auto named = x3::lit("초")[act::named(Side::Cho)] | x3::lit("한")[act::named(Side::Han)];
inline const auto number = x3::raw[+digit][act::whole] >> -(x3::lit('.') >> digit[act::fraction] >> *digit);
inline const auto margin = number >> (x3::lit("점")[act::margin] | x3::eps[act::margin_if_fraction]);
inline const auto paren_margin =
    *(x3::char_ - '(') >> x3::lit('(') >> number >> (&x3::lit("점")[act::margin] | x3::eps[act::margin_if_fraction]);
inline const auto pae_end = x3::lit("패") >> &(x3::lit('(') | x3::eoi);
inline const auto lost = (*(x3::char_ - '(' - pae_end) >> pae_end) | x3::seek[x3::lit("패") >> x3::eoi];
inline const auto outcome = &x3::seek[x3::lit("승") | x3::lit("와늣") | x3::lit("완슫")] >> x3::eps[act::named_won(true)] |
                            &lost >> x3::eps[act::named_won(false)];
inline const auto has_margin =
    x3_bytes::when([](const auto& ctx) { return x3_bytes::state_of<result_state_tag>(ctx).result.margin_half_points.has_value(); });
inline const auto how =
    &x3::seek[x3::lit("기권") | x3::lit("불계")] >> x3::eps[act::method(ResultMethod::Resignation)] |
    &x3::seek[x3::lit("시간")] >> x3::eps[act::method(ResultMethod::Time)] |
    &x3::seek[x3::lit("끊김") | x3::lit("접속")] >> x3::eps[act::method(ResultMethod::Disconnection)] |
    (&x3::seek[x3::lit("점수") | x3::lit("판정") | x3::lit("기물")] | has_margin) >>
        x3::eps[act::method(ResultMethod::Points)] |
    &x3::seek[x3::lit("빅")] >> x3::eps[act::method(ResultMethod::Bikjang)] |
    &x3::seek[x3::lit("실격")] >> x3::eps[act::method(ResultMethod::Forfeit)] |
    &x3::seek[x3::lit("외통") | x3::lit("장군")] >> x3::eps[act::method(ResultMethod::Checkmate)] |
    &x3::seek[x3::lit("완승") | x3::lit("촨승") | x3::lit("와늣") | x3::lit("완슫")] >>
        x3::eps[act::method(ResultMethod::Outright)] |
    x3::eps[act::method(ResultMethod::Unspecified)];
inline const auto decided = named >> -x3::lit("의") >> -margin >> -&paren_margin >> outcome >> how;
inline const auto result = unknown_result | void_result | draw | decided;

// ---- setup and [판] values (decoded text; README "Tags with a meaning") ---------------------
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

inline const auto& setup_name = setup_names();
inline const auto& pan_letter = pan_letters();
inline const auto setup_value = *x3::lit(' ') >> setup_name >> *x3::lit(' ') >> x3::eoi;
inline const auto pan = x3::raw[*~x3::char_(' ')] >> x3::lit(' ') >> *x3::lit(' ') >>
                        (x3::lit("초") >> x3::attr(Side::Cho) | x3::lit("한") >> x3::attr(Side::Han));

}  // namespace grammar

// What the board rule's actions fill in: the points read so far and the first rule
// broken (a rank past the tenth, a rank wider than nine points).
struct PanBoard {
  std::array<std::array<Piece, kFiles>, kRanks> grid{};
  int rank = 0, file = 0;
  std::string error;  // empty if none
  PanBoard() {
    for (auto& r : grid) r.fill(Piece::None);
  }
};

namespace grammar {
struct pan_board_tag;
namespace act {
inline constexpr auto pan_rank = [](auto& ctx) {
  PanBoard& b = x3_bytes::state_of<pan_board_tag>(ctx);
  if (++b.rank >= kRanks) {
    b.error = "[판] board has more than 10 ranks";
    x3::_pass(ctx) = false;
    return;
  }
  b.file = 0;
};
inline constexpr auto pan_width = [](PanBoard& b, auto& ctx) {
  if (b.file > kFiles) {
    b.error = "[판] rank " + std::to_string(b.rank + 1) + " is wider than 9 points";
    x3::_pass(ctx) = false;
  }
};
inline constexpr auto pan_empty = [](auto& ctx) {
  PanBoard& b = x3_bytes::state_of<pan_board_tag>(ctx);
  b.file += x3::_attr(ctx) - '0';
  pan_width(b, ctx);
};
inline constexpr auto pan_piece = [](auto& ctx) {
  PanBoard& b = x3_bytes::state_of<pan_board_tag>(ctx);
  if (b.file < kFiles) b.grid[static_cast<std::size_t>(b.rank)][static_cast<std::size_t>(b.file)] = x3::_attr(ctx);
  ++b.file;
  pan_width(b, ctx);
};
}  // namespace act
inline const auto pan_board =
    *(x3::lit('/')[act::pan_rank] | x3::char_('1', '9')[act::pan_empty] | pan_letter[act::pan_piece]);
}  // namespace grammar

// Reads a [판] board (grammar::pan_board) into `out`: false with out.error set when a
// rule is broken or a character is no part of a board.
bool parse_pan_board(std::string_view board, PanBoard& out);

}  // namespace gibo::gib
