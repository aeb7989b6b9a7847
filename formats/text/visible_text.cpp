// Control characters made visible (gibo/formats/visible_text.h).
#include "gibo/formats/visible_text.h"

namespace gibo::text {

namespace {

constexpr char kHex[] = "0123456789abcdef";

void put_hex(std::string& out, unsigned char c) {
  out += "\\x";
  out += kHex[c >> 4];
  out += kHex[c & 15];
}

void put_code_point(std::string& out, unsigned code) {
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(code >> shift) & 15];
}

// Is this two-byte sequence (lead, next) a C1 control or U+061C? Its code point, else 0.
unsigned two_byte_control(unsigned char lead, unsigned char next) {
  if (lead == 0xC2 && next >= 0x80 && next <= 0x9F) return next;
  if (lead == 0xD8 && next == 0x9C) return 0x061C;
  return 0;
}

// Is this three-byte sequence one of the bidirectional formatting characters? Its code
// point, else 0.
unsigned three_byte_control(unsigned char a, unsigned char b, unsigned char c) {
  if (a != 0xE2) return 0;
  if (b == 0x80 && (c == 0x8E || c == 0x8F || (c >= 0xAA && c <= 0xAE))) return 0x2000u + (c - 0x80u);
  if (b == 0x81 && c >= 0xA6 && c <= 0xA9) return 0x2040u + (c - 0x80u);
  return 0;
}

// How many bytes at the end of `text` may begin a sequence checked above that the next
// piece completes (0, 1 or 2).
std::size_t open_tail(std::string_view text) {
  const std::size_t n = text.size();
  auto at = [&](std::size_t back) { return static_cast<unsigned char>(text[n - back]); };
  if (n >= 2 && at(2) == 0xE2 && (at(1) == 0x80 || at(1) == 0x81)) return 2;
  if (n >= 1 && (at(1) == 0xC2 || at(1) == 0xD8 || at(1) == 0xE2)) return 1;
  return 0;
}

// Appends the visible form of `text` (complete sequences only) to `out`.
void append_visible(std::string& out, std::string_view text) {
  out.reserve(out.size() + text.size());
  const std::size_t n = text.size();
  for (std::size_t i = 0; i < n;) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
      ++i;
    } else if (c == '\n' || c == '\t') {
      out += static_cast<char>(c);
      ++i;
    } else if (c == 0x1B) {
      out += "\\e";
      ++i;
    } else if (c < 0x20) {
      put_hex(out, c);
      ++i;
    } else if (c == 0x7F) {
      put_code_point(out, c);
      ++i;
    } else if (unsigned code = i + 1 < n ? two_byte_control(c, static_cast<unsigned char>(text[i + 1])) : 0) {
      put_code_point(out, code);
      i += 2;
    } else if (unsigned code3 = i + 2 < n ? three_byte_control(c, static_cast<unsigned char>(text[i + 1]),
                                                                static_cast<unsigned char>(text[i + 2]))
                                          : 0) {
      put_code_point(out, code3);
      i += 3;
    } else {
      out += static_cast<char>(c);
      ++i;
    }
  }
}

}  // namespace

std::string visible(std::string_view text) {
  std::string out;
  append_visible(out, text);
  return out;
}

std::string VisibleFilter::feed(std::string_view piece) {
  std::string joined;
  if (!held_.empty()) {
    joined = std::move(held_);
    joined.append(piece);
    piece = joined;
    held_.clear();
  }
  const std::size_t keep = open_tail(piece);
  std::string out;
  append_visible(out, piece.substr(0, piece.size() - keep));
  held_.assign(piece.substr(piece.size() - keep));
  return out;
}

std::string VisibleFilter::finish() {
  std::string out = visible(held_);
  held_.clear();
  return out;
}

}  // namespace gibo::text
