#include "gibo/formats/json_writer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gibo/formats/encoding.h"

namespace gibo::json {

namespace {

// The length of the well-formed UTF-8 character at s[i] (a byte >= 0x80), or 0.
std::size_t utf8_char_length(std::string_view s, std::size_t i) {
  const unsigned char lead = static_cast<unsigned char>(s[i]);
  const std::size_t n = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 ? 2 : 0;
  return n && i + n <= s.size() && text::is_valid_utf8(s.substr(i, n)) ? n : 0;
}

}  // namespace

void append_string(std::string& out, std::string_view s) {
  out += '"';
  const bool ascii = std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  const bool valid = ascii || text::is_valid_utf8(s);
  std::size_t plain = 0;  // start of the run of bytes written as they are (appended at once)
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x20 && c != '"' && c != '\\' && (u < 0x80 || valid)) continue;
    out.append(s.data() + plain, i - plain);
    if (u >= 0x80) {
      // Policy: a byte that is not part of a UTF-8 character (a file name in another
      // encoding) is written as the text \xNN, so the output stays valid UTF-8.
      if (const std::size_t n = utf8_char_length(s, i)) {
        out.append(s.substr(i, n));
        i += n - 1;
      } else {
        char buf[8];
        std::snprintf(buf, sizeof buf, "\\\\x%02x", static_cast<unsigned>(u));
        out += buf;
      }
    } else {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default: {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(u));
          out += buf;
        }
      }
    }
    plain = i + 1;
  }
  out.append(s.data() + plain, s.size() - plain);
  out += '"';
}

void Writer::separator() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_ += ',';
    first_.back() = false;
  }
}

Writer& Writer::begin_object() {
  separator();
  out_ += '{';
  first_.push_back(true);
  return *this;
}
Writer& Writer::end_object() {
  out_ += '}';
  first_.pop_back();
  return *this;
}
Writer& Writer::begin_array() {
  separator();
  out_ += '[';
  first_.push_back(true);
  return *this;
}
Writer& Writer::end_array() {
  out_ += ']';
  first_.pop_back();
  return *this;
}
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
  out_ += std::to_string(n);
  return *this;
}
Writer& Writer::value(std::uint64_t n) {
  separator();
  out_ += std::to_string(n);
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
