// Text encodings met in game files: UTF-8 and CP949 (Windows Korean, the whole code
// page including the UHC syllables that strict EUC-KR rejects). Decoding never
// replaces a byte silently: every undecodable byte is reported by its offset. UTF-8's
// bytes and code points themselves are gibo/core/utf8.h's.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gibo::text {

enum class Encoding { Auto, Utf8, Cp949 };
std::string_view encoding_name(Encoding e);  // "auto", "utf-8", "cp949"

// The CP949 double-byte rule, written once: a lead byte 0x81-0xFE and a trail byte
// 0x41-0xFE form a pair, numbered (lead - 0x81) * kCp949Trails + (trail - 0x41) in the
// tables below. Every table has one entry more, kCp949NoPair, which is always unmapped,
// so that a loop can look up any byte without a second test.
inline constexpr unsigned kCp949Leads = 0xFE - 0x81 + 1;
inline constexpr unsigned kCp949Trails = 190;  // 0x41-0xFE
inline constexpr std::size_t kCp949NoPair = std::size_t{kCp949Leads} * kCp949Trails;
inline constexpr std::size_t kCp949TableSize = kCp949NoPair + 1;
static_assert(kCp949Trails == 0xFE - 0x41 + 1);

// The table index of the two bytes at `p` (`left` >= 1 bytes there), or kCp949NoPair when
// they are no lead-trail pair (an ASCII byte, a bad lead, a bad trail, or no byte after
// the lead). Inlined by every loop that reads CP949.
inline std::size_t cp949_pair(const unsigned char* p, std::size_t left) {
  const unsigned lead = p[0] - 0x81u;
  const unsigned trail = left > 1 ? p[1] - 0x41u : kCp949Trails;
  return lead < kCp949Leads && trail < kCp949Trails ? lead * kCp949Trails + trail : kCp949NoPair;
}

// The CP949 double-byte table: the code point of each pair at cp949_pair(), 0 where the
// pair is unmapped. Built once, from the C library's own CP949 converter (the whole
// Windows code page 949 / UHC).
const char32_t* build_cp949_codes();
inline const char32_t* cp949_codes() {
  static const char32_t* const codes = build_cp949_codes();
  return codes;
}

// One CP949 character at the start of non-empty `in`: ASCII is one byte; a lead byte
// 0x81-0xFE with a trail 0x41-0xFE that the code page maps is two; any other byte is one
// undecodable byte (`bad`, U+FFFD; the byte after it starts the next character).
struct Cp949Char {
  char32_t cp = 0;
  std::uint8_t length = 1;
  bool bad = false;
};
// Is the pair at cp949_pair() a CP949 character? A bitmap of the table (3 KB,
// cache-friendly) for scanning text that is not decoded.
const std::uint64_t* build_cp949_valid();
inline const std::uint64_t* cp949_valid_bits() {
  static const std::uint64_t* const bits = build_cp949_valid();
  return bits;
}
// Contract: `bits` is cp949_valid_bits() (a loop fetches it once); `k` from cp949_pair().
inline bool cp949_pair_valid(const std::uint64_t* bits, std::size_t k) { return (bits[k >> 6] >> (k & 63)) & 1; }

// The double-byte table again, each entry as its UTF-8 bytes (CP949 stays in the BMP: at
// most 3) from the lowest byte up and their count in the top byte; 0 where unmapped.
const std::uint32_t* build_cp949_utf8();
inline const std::uint32_t* cp949_utf8() {
  static const std::uint32_t* const table = build_cp949_utf8();
  return table;
}

// Contract: `codes` is cp949_codes() (a loop fetches it once).
inline Cp949Char cp949_char(const char32_t* codes, std::string_view in) {
  const unsigned char* p = reinterpret_cast<const unsigned char*>(in.data());
  if (p[0] < 0x80) return {p[0], 1, false};
  if (const char32_t cp = codes[cp949_pair(p, in.size())]) return {cp, 2, false};
  return {0xFFFD, 1, true};
}
inline Cp949Char cp949_char(std::string_view in) { return cp949_char(cp949_codes(), in); }

// Decodes CP949 `in`, appending UTF-8 to `out`. Each undecodable byte becomes U+FFFD
// and its offset (relative to `in`) is appended to `bad_offsets`.
void cp949_to_utf8(std::string_view in, std::string& out, std::vector<std::size_t>& bad_offsets);

// Encodes UTF-8 `in` as CP949, appending to `out`. Characters with no CP949 form are
// written as '?'; returns how many there were (0: the text was encoded exactly).
std::size_t utf8_to_cp949(std::string_view in, std::string& out);

}  // namespace gibo::text
