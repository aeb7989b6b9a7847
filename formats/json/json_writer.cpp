// The streaming JSON writer and its UTF-8-safe string escaping (see gibo/formats/json_writer.h).
#include "gibo/formats/json_writer.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <cmath>
#include <cstdio>

#include "escapes.h"
#include "gibo/core/utf8.h"

namespace gibo::json {

namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ULL, kHighs = 0x8080808080808080ULL;

// Does the word hold a byte that a JSON string cannot take as it is: a control character
// (< 0x20), '"', '\\', or a byte >= 0x80 (which is fine when the text is UTF-8, asked
// separately)? Never false when there is one (the classic "has less" and "has zero" tests).
bool needs_care(std::uint64_t w) {
  const std::uint64_t control = (w - kOnes * 0x20) & ~w & kHighs;
  const std::uint64_t q = w ^ (kOnes * '"'), b = w ^ (kOnes * '\\');
  const std::uint64_t quote = (q - kOnes) & ~q & kHighs, backslash = (b - kOnes) & ~b & kHighs;
  return ((w & kHighs) | control | quote | backslash) != 0;
}

// The same for one byte.
constexpr std::array<bool, 256> kNeedsCare = [] {
  std::array<bool, 256> t{};
  for (int c = 0; c < 256; ++c) t[static_cast<std::size_t>(c)] = c < 0x20 || c == '"' || c == '\\' || c >= 0x80;
  return t;
}();

// Short text that needs no care at all (a key, a square, a number's text): written with
// its quotes in one append. False, and nothing written, otherwise.
bool append_short_plain(std::string& out, const char* d, std::size_t n) {
  constexpr std::size_t kShort = 64;
  if (n > kShort) return false;
  for (std::size_t i = 0; i < n; ++i)
    if (kNeedsCare[static_cast<unsigned char>(d[i])]) return false;
  char buf[kShort + 2];
  buf[0] = '"';
  std::memcpy(buf + 1, d, n);
  buf[n + 1] = '"';
  out.append(buf, n + 2);
  return true;
}

}  // namespace

void append_string(std::string& out, std::string_view s) {
  const char* const d = s.data();
  const std::size_t n = s.size();
  if (append_short_plain(out, d, n)) return;
  out += '"';
  int valid = -1;  // is `s` well-formed UTF-8? (-1: not asked yet; only a byte >= 0x80 asks)
  std::size_t plain = 0;  // start of the run of bytes written as they are (appended at once)
  for (std::size_t i = 0; i < n;) {
    while (i + 8 <= n) {  // eight plain bytes at a time
      std::uint64_t w;
      std::memcpy(&w, d + i, 8);
      if (needs_care(w)) break;
      i += 8;
    }
    if (i >= n) break;
    const char c = d[i];
    const unsigned char u = static_cast<unsigned char>(c);
    if (!kNeedsCare[u]) {
      ++i;
      continue;
    }
    if (u >= 0x80) {
      if (valid < 0) valid = utf8::valid(s) ? 1 : 0;
      if (valid) {
        ++i;
        continue;
      }
    }
    out.append(d + plain, i - plain);
    if (u >= 0x80) {
      // Policy: a byte that is not part of a UTF-8 character (a file name in another
      // encoding) is written as the text \xNN, so the output stays valid UTF-8.
      if (const utf8::CodePoint cp = utf8::decode(s, i); !cp.bad) {
        out.append(s.substr(i, cp.length));
        i += cp.length - 1u;
      } else {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\\\x%02x", static_cast<unsigned>(u));
        out += buf;
      }
    } else if (const char letter = detail::escape_letter(c)) {
      out += '\\';
      out += letter;
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
      out += buf;
    }
    plain = ++i;
  }
  out.append(d + plain, n - plain);
  out += '"';
}

void Writer::separator() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (depth_ > 0) {
    if (!first_back()) out_ += ',';
    set_first_back(false);
  }
}

Writer& Writer::open(char bracket) {
  separator();
  out_ += bracket;
  push_first();
  return *this;
}
Writer& Writer::close(char bracket) {
  out_ += bracket;
  pop_first();
  return *this;
}
Writer& Writer::begin_object() { return open('{'); }
Writer& Writer::end_object() { return close('}'); }
Writer& Writer::begin_array() { return open('['); }
Writer& Writer::end_array() { return close(']'); }
Writer& Writer::key(std::string_view k) {
  separator();
  append_string(out_, k);
  out_ += ':';
  after_key_ = true;
  return *this;
}
Writer& Writer::value(std::string_view s) {
  separator();
  append_string(out_, s);
  return *this;
}
Writer& Writer::value(std::int64_t n) {
  separator();
  char buf[24];
  out_.append(buf, static_cast<std::size_t>(std::to_chars(buf, buf + sizeof buf, n).ptr - buf));
  return *this;
}
Writer& Writer::value(std::uint64_t n) {
  separator();
  char buf[24];
  out_.append(buf, static_cast<std::size_t>(std::to_chars(buf, buf + sizeof buf, n).ptr - buf));
  return *this;
}
Writer& Writer::value(double d) {
  separator();
  if (!std::isfinite(d)) {
    out_ += "null";
    return *this;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", d);
  out_ += buf;
  return *this;
}
Writer& Writer::value(bool b) {
  separator();
  out_ += b ? "true" : "false";
  return *this;
}
Writer& Writer::null() {
  separator();
  out_ += "null";
  return *this;
}

}  // namespace gibo::json
