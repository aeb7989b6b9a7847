// CP949 conversion (through the C library's iconv, whose "CP949" is the full Windows
// code page 949 / UHC); UTF-8 itself is gibo/core/utf8.h's.
#include "gibo/formats/encoding.h"

#include "gibo/core/enum_names.h"
#include "gibo/core/utf8.h"

#include <iconv.h>

#include <cerrno>
#include <cstring>

namespace gibo::text {
namespace {

// One converter per thread and direction; iconv handles are not thread-safe.
class Converter {
 public:
  Converter(const char* to, const char* from) : handle_(iconv_open(to, from)) {}
  ~Converter() {
    if (handle_ != reinterpret_cast<iconv_t>(-1)) iconv_close(handle_);
  }
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
  bool ok() const { return handle_ != reinterpret_cast<iconv_t>(-1); }
  iconv_t get() const { return handle_; }
  void reset() { iconv(handle_, nullptr, nullptr, nullptr, nullptr); }

 private:
  iconv_t handle_;
};

Converter& to_cp949() {
  thread_local Converter c("CP949", "UTF-8");
  return c;
}

// Runs `conv` over UTF-8 `in`, appending to `out`. On a character it cannot convert (or
// a bad byte), calls on_bad() and goes on after that character (that byte).
template <typename OnBad>
void convert(Converter& conv, std::string_view in, std::string& out, OnBad on_bad) {
  conv.reset();
  char* src = const_cast<char*>(in.data());
  std::size_t src_left = in.size();
  char buffer[4096];
  while (src_left > 0) {
    char* dst = buffer;
    std::size_t dst_left = sizeof buffer;
    const std::size_t rc = iconv(conv.get(), &src, &src_left, &dst, &dst_left);
    out.append(buffer, static_cast<std::size_t>(dst - buffer));
    if (rc != static_cast<std::size_t>(-1)) continue;
    if (errno == E2BIG) continue;
    // EILSEQ or EINVAL: report and skip the offending character
    const std::size_t skip = utf8::decode(in, static_cast<std::size_t>(src - in.data())).length;
    on_bad();
    src += skip;
    src_left -= skip;
    conv.reset();
  }
}

}  // namespace

std::string_view encoding_name(Encoding e) {
  static constexpr auto kNames = std::to_array<Named<Encoding>>({
      {Encoding::Auto, "auto"}, {Encoding::Utf8, "utf-8"}, {Encoding::Cp949, "cp949"}});
  return name_of(kNames, e);
}

namespace {

// A table that stays all zeros when the C library has no CP949 converter: every
// double-byte character then reads as undecodable.
const char32_t* build_cp949_codes_once() {
  static std::vector<char32_t> code(kCp949TableSize, 0);
  Converter conv("UTF-32LE", "CP949");
  if (!conv.ok()) return code.data();
  for (int lead = 0x81; lead <= 0xFE; ++lead)
    for (int trail = 0x41; trail <= 0xFE; ++trail) {
      char in[2] = {static_cast<char>(lead), static_cast<char>(trail)};
      char out[8];
      char* src = in;
      char* dst = out;
      std::size_t src_left = 2, dst_left = sizeof out;
      conv.reset();
      if (iconv(conv.get(), &src, &src_left, &dst, &dst_left) == static_cast<std::size_t>(-1) || src_left != 0 ||
          dst - out != 4)
        continue;
      const auto* b = reinterpret_cast<const unsigned char*>(out);
      const unsigned char pair[2] = {static_cast<unsigned char>(lead), static_cast<unsigned char>(trail)};
      code[cp949_pair(pair, 2)] =
          static_cast<char32_t>(b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24));
    }
  return code.data();
}

}  // namespace

const char32_t* build_cp949_codes() {
  static const char32_t* const codes = build_cp949_codes_once();
  return codes;
}

const std::uint64_t* build_cp949_valid() {
  static const std::vector<std::uint64_t> bits = [] {
    std::vector<std::uint64_t> b((kCp949TableSize + 63) / 64, 0);
    const char32_t* codes = cp949_codes();
    for (std::size_t k = 0; k < kCp949TableSize; ++k)
      if (codes[k]) b[k >> 6] |= std::uint64_t{1} << (k & 63);
    return b;
  }();
  return bits.data();
}

const std::uint32_t* build_cp949_utf8() {
  static const std::vector<std::uint32_t> table = [] {
    std::vector<std::uint32_t> t(kCp949TableSize, 0);
    const char32_t* codes = cp949_codes();
    for (std::size_t k = 0; k < t.size(); ++k) {
      if (codes[k])  // at most three bytes: the fourth holds their count
        t[k] = utf8::packed(codes[k]) | static_cast<std::uint32_t>(utf8::encoded_length(codes[k])) << 24;
    }
    return t;
  }();
  return table.data();
}

namespace {

// Decodes CP949 `in` into `o`, which has room for 3 * in.size() + 1 bytes; returns the end.
char* cp949_to_utf8_into(std::string_view in, char* o, std::vector<std::size_t>& bad_offsets) {
  const std::uint32_t* table = text::cp949_utf8();
  const auto* p = reinterpret_cast<const unsigned char*>(in.data());
  const std::size_t n = in.size();
  for (std::size_t i = 0; i < n;) {
    const unsigned char c = p[i];
    if (c < 0x80) {  // an ASCII run: eight bytes at a time while they last
      *o++ = static_cast<char>(c);
      if (++i == n || p[i] >= 0x80) continue;  // one ASCII byte between characters (a blank)
      while (i + 8 <= n) {
        std::uint64_t w;
        std::memcpy(&w, p + i, 8);
        if (w & 0x8080808080808080ULL) break;
        std::memcpy(o, &w, 8);
        o += 8;
        i += 8;
      }
      while (i < n && p[i] < 0x80) *o++ = static_cast<char>(p[i++]);
      continue;
    }
    const std::uint32_t v = table[cp949_pair(p + i, n - i)];
    if (v == 0) {  // not a CP949 character: report this byte, go on with the next
      bad_offsets.push_back(i);
      std::memcpy(o, "\xEF\xBF\xBD", 3);
      o += 3;
      ++i;
      continue;
    }
    const char b[4] = {static_cast<char>(v), static_cast<char>(v >> 8), static_cast<char>(v >> 16), 0};
    std::memcpy(o, b, 4);  // one store; only v >> 24 of the bytes count
    o += v >> 24;
    i += 2;
  }
  return o;
}

}  // namespace

void cp949_to_utf8(std::string_view in, std::string& out, std::vector<std::size_t>& bad_offsets) {
  if (in.size() <= 64) {  // short texts (ply tokens, tag values) through the stack: no over-allocation
    char buffer[3 * 64 + 1];
    out.append(buffer, static_cast<std::size_t>(cp949_to_utf8_into(in, buffer, bad_offsets) - buffer));
    return;
  }
  const std::size_t start = out.size();
  out.resize(start + 3 * in.size() + 1);
  char* end = cp949_to_utf8_into(in, out.data() + start, bad_offsets);
  out.resize(static_cast<std::size_t>(end - out.data()));
}

std::size_t utf8_to_cp949(std::string_view in, std::string& out) {
  Converter& conv = to_cp949();
  if (!conv.ok()) {  // no CP949 converter: the text stays UTF-8, every non-ASCII character counted
    out.append(in);
    std::size_t non_ascii = 0;
    for (char c : in) non_ascii += (static_cast<unsigned char>(c) & 0xC0) == 0xC0;
    return non_ascii;
  }
  std::size_t lost = 0;
  convert(conv, in, out, [&] {
    ++lost;
    out += '?';
  });
  return lost;
}

}  // namespace gibo::text
