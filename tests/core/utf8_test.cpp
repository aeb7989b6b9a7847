// The one UTF-8 decoder and encoder (gibo/core/utf8.h): well-formed sequences of every
// length and at every boundary, and the one behaviour for bad bytes (each one U+FFFD, one
// byte long): overlong forms, surrogates, code points past U+10FFFF, sequences cut short,
// stray continuation bytes and bytes that begin nothing.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gibo/core/utf8.h"

namespace gibo {
namespace {

// Every code point of `s` by decode, with whether it was a bad byte.
struct Read {
  std::vector<char32_t> code_points;
  std::vector<bool> bad;
};
Read read_all(std::string_view s) {
  Read r;
  for (std::size_t i = 0; i < s.size();) {
    const utf8::CodePoint c = utf8::decode(s, i);
    EXPECT_GE(c.length, 1);
    r.code_points.push_back(c.value);
    r.bad.push_back(c.bad);
    i += c.length;
  }
  return r;
}

TEST(Utf8, DecodesEveryLengthAtItsBoundaries) {
  const struct {
    const char* bytes;
    char32_t cp;
  } cases[] = {
      {"\x00", 0x00},         {"A", 0x41},           {"\x7F", 0x7F},          {"\xC2\x80", 0x80},
      {"\xDF\xBF", 0x7FF},    {"\xE0\xA0\x80", 0x800}, {"\xED\x9F\xBF", 0xD7FF}, {"\xEE\x80\x80", 0xE000},
      {"\xEF\xBF\xBF", 0xFFFF}, {"\xF0\x90\x80\x80", 0x10000}, {"\xF4\x8F\xBF\xBF", 0x10FFFF},
      {"장", U'장'},          {"楚", U'楚'},          {"\xEF\xBF\xBD", 0xFFFD},
  };
  for (const auto& c : cases) {
    const std::string s = c.cp == 0 ? std::string(1, '\0') : std::string(c.bytes);
    const utf8::CodePoint d = utf8::decode(s, 0);
    EXPECT_EQ(d.value, c.cp) << s;
    EXPECT_EQ(d.length, s.size()) << s;
    EXPECT_FALSE(d.bad) << s;
    EXPECT_TRUE(utf8::valid(s)) << s;
    EXPECT_EQ(utf8::count(s), 1) << s;
  }
}

// Each malformed text reads as one U+FFFD per byte, every one of them marked bad.
TEST(Utf8, EveryBadByteIsOneReplacement) {
  const char* const bad[] = {
      "\x80",              // a continuation byte where a character begins
      "\xBF\xBF",          // two of them
      "\xC0\x80",          // overlong NUL
      "\xC1\xBF",          // overlong U+007F
      "\xE0\x80\x80",      // overlong, 3 bytes
      "\xE0\x9F\xBF",      // overlong U+07FF
      "\xF0\x80\x80\x80",  // overlong, 4 bytes
      "\xF0\x8F\xBF\xBF",  // overlong U+FFFF
      "\xED\xA0\x80",      // surrogate U+D800
      "\xED\xBF\xBF",      // surrogate U+DFFF
      "\xF4\x90\x80\x80",  // U+110000
      "\xF5\x80\x80\x80",  // a lead byte of nothing
      "\xFF",              "\xFE",
      "\xE2\x82",          // cut short by the end
      "\xF0\x9F\x98",      // cut short by the end
      "\xC2",              // cut short by the end
  };
  for (const char* s : bad) {
    const std::string text(s);
    const Read r = read_all(text);
    ASSERT_EQ(r.code_points.size(), text.size()) << text;
    for (std::size_t k = 0; k < text.size(); ++k) {
      EXPECT_EQ(r.code_points[k], utf8::kReplacement) << text << " byte " << k;
      EXPECT_TRUE(r.bad[k]) << text << " byte " << k;
    }
    EXPECT_FALSE(utf8::valid(text)) << text;
  }
}

// A sequence cut short by a byte that is no continuation: the lead is one bad byte, and
// decoding goes on with that byte.
TEST(Utf8, ACutSequenceResumesAtTheNextByte) {
  const Read r = read_all("\xE2\x82" "A\xC2" "장");
  const std::vector<char32_t> want = {0xFFFD, 0xFFFD, U'A', 0xFFFD, U'장'};
  EXPECT_EQ(r.code_points, want);
  EXPECT_EQ(r.bad, (std::vector<bool>{true, true, false, true, false}));
  std::size_t i = 0;
  const std::string s = "x\xFFy";
  EXPECT_EQ(utf8::next(s, i), U'x');
  EXPECT_EQ(utf8::next(s, i), utf8::kReplacement);
  EXPECT_EQ(i, 2u);
  EXPECT_EQ(utf8::next(s, i), U'y');
  EXPECT_EQ(i, 3u);
}

// A bad byte anywhere in or after a long ASCII run is found, and a well-formed character
// after one is still checked whole.
TEST(Utf8, ValidFindsABadByteAnywhere) {
  const std::string ascii(40, 'a');
  for (std::size_t at = 0; at <= ascii.size(); ++at) {
    std::string s = ascii;
    s.insert(at, "\xC0\x80");
    EXPECT_FALSE(utf8::valid(s)) << at;
    s = ascii;
    s.insert(at, "장");
    EXPECT_TRUE(utf8::valid(s)) << at;
    EXPECT_EQ(utf8::count(s), 41) << at;
    s = ascii;
    s.insert(at, "\xE3\x85");  // cut short by ASCII, or by the end
    EXPECT_FALSE(utf8::valid(s)) << at;
  }
  EXPECT_TRUE(utf8::valid(""));
  EXPECT_EQ(utf8::count(""), 0);
}

// The encoder gives back what the decoder read, for every code point but the surrogates;
// packed() is the same bytes as one integer.
TEST(Utf8, EncodesWhatItDecodes) {
  for (char32_t cp = 0; cp <= utf8::kMaxCodePoint; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF) continue;
    std::string s;
    utf8::append(s, cp);
    ASSERT_EQ(static_cast<int>(s.size()), utf8::encoded_length(cp)) << static_cast<unsigned>(cp);
    const utf8::CodePoint d = utf8::decode(s, 0);
    ASSERT_EQ(d.value, cp);
    ASSERT_EQ(d.length, s.size());
    ASSERT_FALSE(d.bad);
    std::uint32_t packed = 0;
    for (std::size_t k = 0; k < s.size(); ++k) packed |= std::uint32_t{static_cast<unsigned char>(s[k])} << (8 * k);
    ASSERT_EQ(utf8::packed(cp), packed) << static_cast<unsigned>(cp);
    ASSERT_EQ(utf8::packed_length(packed), utf8::encoded_length(cp)) << static_cast<unsigned>(cp);
  }
  static_assert(utf8::packed(U'장') == (0xEC | 0x9E << 8 | 0xA5 << 16));
  static_assert(utf8::sequence_length(0xC1) == 0 && utf8::sequence_length(0xC2) == 2 &&
                utf8::sequence_length(0xF4) == 4 && utf8::sequence_length(0xF5) == 0);
}

}  // namespace
}  // namespace gibo
