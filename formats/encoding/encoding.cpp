// UTF-8 checks and CP949 conversion (through the C library's iconv, whose "CP949" is
// the full Windows code page 949 / UHC).
#include "gibo/formats/encoding.h"

#include <iconv.h>

#include <algorithm>
#include <cerrno>

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

// Runs `conv` over `in`, appending to `out`. On an invalid or incomplete sequence, calls
// on_bad(offset, out) and skips `skip(offset)` bytes.
template <typename OnBad>
void convert(Converter& conv, std::string_view in, std::string& out, OnBad on_bad, std::size_t bad_skip) {
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
    // EILSEQ or EINVAL: report and skip the offending bytes
    const std::size_t offset = static_cast<std::size_t>(src - in.data());
    // bad_skip == 0: skip one whole UTF-8 character (for UTF-8 input)
    const unsigned char lead = static_cast<unsigned char>(*src);
    const std::size_t char_len = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
    const std::size_t skip = std::min(bad_skip == 0 ? char_len : bad_skip, src_left);
    on_bad(offset, skip);
    src += skip;
    src_left -= skip;
    conv.reset();
  }
}

}  // namespace

std::string_view encoding_name(Encoding e) {
  switch (e) {
    case Encoding::Auto: return "auto";
    case Encoding::Utf8: return "utf-8";
    case Encoding::Cp949: return "cp949";
  }
  return "auto";
}

bool is_valid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* end = p + s.size();
  while (p < end) {
    const unsigned c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    int n;
    unsigned cp;
    if ((c & 0xe0) == 0xc0) n = 1, cp = c & 0x1f;
    else if ((c & 0xf0) == 0xe0) n = 2, cp = c & 0x0f;
    else if ((c & 0xf8) == 0xf0) n = 3, cp = c & 0x07;
    else return false;
    if (end - p <= n) return false;
    for (int i = 1; i <= n; ++i) {
      if ((p[i] & 0xc0) != 0x80) return false;
      cp = (cp << 6) | (p[i] & 0x3f);
    }
    if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000) || cp > 0x10ffff ||
        (cp >= 0xd800 && cp <= 0xdfff))
      return false;
    p += n + 1;
  }
  return true;
}

namespace {

// The CP949 double-byte table (lead 0x81-0xFE, trail 0x41-0xFE), built once from the C
// library's own CP949 converter; 0 marks an unmapped pair. Decoding is then a lookup.
struct Cp949Table {
  static constexpr int kLeads = 0xFE - 0x81 + 1, kTrails = 0xFE - 0x41 + 1;
  std::vector<char32_t> code;  // kLeads * kTrails
  bool ok = false;
  Cp949Table() : code(static_cast<std::size_t>(kLeads) * kTrails, 0) {
    Converter conv("UTF-32LE", "CP949");
    if (!conv.ok()) return;
    ok = true;
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
        code[static_cast<std::size_t>(lead - 0x81) * kTrails + (trail - 0x41)] =
            static_cast<char32_t>(b[0] | (b[1] << 8) | (b[2] << 16) | (b[3] << 24));
      }
  }
};

const Cp949Table& cp949_table() {
  static const Cp949Table table;
  return table;
}

}  // namespace

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}


void cp949_to_utf8(std::string_view in, std::string& out, std::vector<std::size_t>& bad_offsets) {
  // Fast path: ASCII needs no conversion.
  bool ascii = true;
  for (char c : in)
    if (static_cast<unsigned char>(c) >= 0x80) {
      ascii = false;
      break;
    }
  if (ascii) {
    out.append(in);
    return;
  }
  const Cp949Table& table = cp949_table();
  for (std::size_t i = 0; i < in.size();) {
    const unsigned char c = static_cast<unsigned char>(in[i]);
    if (c < 0x80) {  // copy the whole ASCII run at once
      std::size_t j = i + 1;
      while (j < in.size() && static_cast<unsigned char>(in[j]) < 0x80) ++j;
      out.append(in.data() + i, j - i);
      i = j;
      continue;
    }
    char32_t cp = 0;
    if (table.ok && c >= 0x81 && c <= 0xFE && i + 1 < in.size()) {
      const unsigned char t = static_cast<unsigned char>(in[i + 1]);
      if (t >= 0x41 && t <= 0xFE) cp = table.code[static_cast<std::size_t>(c - 0x81) * Cp949Table::kTrails + (t - 0x41)];
    }
    if (cp == 0) {  // not a CP949 character: report this byte, go on with the next
      bad_offsets.push_back(i);
      out += "\xEF\xBF\xBD";
      ++i;
      continue;
    }
    append_utf8(out, cp);
    i += 2;
  }
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
  convert(
      conv, in, out,
      [&](std::size_t, std::size_t) {
        ++lost;
        out += '?';
      },
      0);
  return lost;
}

int utf8_length(std::string_view s) {
  int n = 0;
  for (char c : s)
    if ((static_cast<unsigned char>(c) & 0xc0) != 0x80) ++n;
  return n;
}

}  // namespace gibo::text
