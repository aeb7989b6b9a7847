// UTF-8: gibo's one decoder and encoder between bytes and Unicode code points. Pure
// functions on bytes; nothing here knows files or other encodings (CP949 and the choice of
// an encoding are formats/encoding's). It sits in core because the layers below the
// formats (record: name keys; report: display widths) read UTF-8 too.
//
// Bad-input policy, the one behaviour for every caller: decoding never fails and never
// skips a byte silently. A byte that does not begin a well-formed sequence decodes as
// U+FFFD, one byte long and marked `bad`, and decoding goes on at the next byte. Such a
// byte is a continuation byte (80-BF) where a character should begin, C0, C1 or F5-FF, or
// a lead byte whose sequence is cut short (by the end of the text or by a byte that is no
// continuation), is an overlong form (C0 80 for NUL), a surrogate (U+D800-U+DFFF) or
// above U+10FFFF. So every bad byte is one U+FFFD, as every undecodable CP949 byte is.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace gibo::utf8 {

inline constexpr char32_t kReplacement = 0xFFFD;  // what a bad byte decodes as
inline constexpr char32_t kMaxCodePoint = 0x10FFFF;

// ---- decoding -------------------------------------------------------------------------
// Is `b` a continuation byte (10xxxxxx), which never begins a character?
constexpr bool is_continuation(unsigned char b) { return (b & 0xC0) == 0x80; }

// The length of the sequence a byte announces: 1 for ASCII, 2 for C2-DF, 3 for E0-EF, 4
// for F0-F4; 0 for a byte that begins none (80-C1, F5-FF).
constexpr int sequence_length(unsigned char lead) {
  return lead < 0x80 ? 1 : lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0;
}

struct CodePoint {
  char32_t value = 0;
  std::uint8_t length = 0;  // bytes read: 1-4
  bool bad = false;         // a bad byte (value U+FFFD, length 1)
};

// The code point at s[i] (contract: i < s.size()), or a bad byte (the policy above).
constexpr CodePoint decode(std::string_view s, std::size_t i) {
  const auto lead = static_cast<unsigned char>(s[i]);
  if (lead < 0x80) return {lead, 1, false};
  constexpr CodePoint bad{kReplacement, 1, true};
  const int n = sequence_length(lead);
  if (n == 0 || s.size() - i < static_cast<std::size_t>(n)) return bad;
  char32_t cp = lead & (0x7Fu >> n);
  for (int k = 1; k < n; ++k) {
    const auto c = static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]);
    if (!is_continuation(c)) return bad;
    cp = (cp << 6) | (c & 0x3Fu);
  }
  constexpr char32_t kLeast[5] = {0, 0, 0x80, 0x800, 0x10000};  // the least code point of each length
  if (cp < kLeast[n] || cp > kMaxCodePoint || (cp >= 0xD800 && cp <= 0xDFFF)) return bad;
  return {cp, static_cast<std::uint8_t>(n), false};
}

// The code point at s[i] (contract: i < s.size()), `i` moved past it: a loop over a text.
constexpr char32_t next(std::string_view s, std::size_t& i) {
  const CodePoint c = decode(s, i);
  i += c.length;
  return c.value;
}

// Is `bytes` well-formed UTF-8 (no byte decodes as bad)?
bool valid(std::string_view bytes);

// The number of code points of well-formed UTF-8 `s` (the bytes that are no continuation).
int count(std::string_view s);

// ---- encoding -------------------------------------------------------------------------
// Contract for the encoders: cp <= U+10FFFF and no surrogate (what decode gives).

// The number of bytes of cp's sequence: 1-4.
constexpr int encoded_length(char32_t cp) { return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4; }

// cp's bytes packed into one integer from the lowest byte up (ASCII: the byte itself); the
// .gib grammar compares characters as these integers.
constexpr std::uint32_t packed(char32_t cp) {
  if (cp < 0x80) return cp;
  if (cp < 0x800) return (0xC0 | (cp >> 6)) | ((0x80 | (cp & 0x3F)) << 8);
  if (cp < 0x10000)
    return (0xE0 | (cp >> 12)) | ((0x80 | ((cp >> 6) & 0x3F)) << 8) | ((0x80 | (cp & 0x3F)) << 16);
  return (0xF0 | (cp >> 18)) | ((0x80 | ((cp >> 12) & 0x3F)) << 8) | ((0x80 | ((cp >> 6) & 0x3F)) << 16) |
         ((0x80 | (cp & 0x3F)) << 24);
}

// The number of bytes of a packed sequence (packed(cp) for some cp).
constexpr int packed_length(std::uint32_t bytes) {
  return bytes < 0x100 ? 1 : bytes < 0x10000 ? 2 : bytes < 0x1000000 ? 3 : 4;
}

// Stores the packed sequence at `o` as one 4-byte store (contract: 4 bytes of room there)
// and returns the end of its bytes: a loop writing characters fast.
inline char* put_packed(char* o, std::uint32_t bytes) {
  const char b[4] = {static_cast<char>(bytes), static_cast<char>(bytes >> 8), static_cast<char>(bytes >> 16),
                     static_cast<char>(bytes >> 24)};
  __builtin_memcpy(o, b, 4);
  return o + packed_length(bytes);
}

// Appends cp to `out` as UTF-8.
inline void append(std::string& out, char32_t cp) {
  char b[4];
  out.append(b, static_cast<std::size_t>(put_packed(b, packed(cp)) - b));
}

}  // namespace gibo::utf8
