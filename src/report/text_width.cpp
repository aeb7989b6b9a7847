// Display width by code point ranges (Unicode East Asian Width W/F, and the zero-width
// combining ranges met in Korean text).
#include "text_width.h"

#include "gibo/core/utf8.h"

namespace gibo {
namespace {

// Columns of one code point: 0, 1 or 2.
int code_point_width(char32_t c) {
  if (c < 0x20 || (c >= 0x7F && c < 0xA0)) return 0;
  if ((c >= 0x0300 && c <= 0x036F) || (c >= 0x1160 && c <= 0x11FF) || (c >= 0x200B && c <= 0x200F) ||
      (c >= 0xD7B0 && c <= 0xD7FF) || (c >= 0xFE00 && c <= 0xFE0F))
    return 0;
  if ((c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0x303E) || (c >= 0x3041 && c <= 0x33FF) ||
      (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xA000 && c <= 0xA4CF) ||
      (c >= 0xA960 && c <= 0xA97F) || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF) ||
      (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) || (c >= 0xFFE0 && c <= 0xFFE6) ||
      (c >= 0x1F300 && c <= 0x1F64F) || (c >= 0x20000 && c <= 0x3FFFD))
    return 2;
  return 1;
}

}  // namespace

int display_width(std::string_view utf8) {
  int width = 0;
  // a bad byte is U+FFFD, one column (gibo/core/utf8.h)
  for (std::size_t i = 0; i < utf8.size();) width += code_point_width(utf8::next(utf8, i));
  return width;
}

std::string pad_right(std::string_view utf8, int width) {
  std::string out(utf8);
  for (int w = display_width(utf8); w < width; ++w) out += ' ';
  return out;
}

std::string pad_left(std::string_view utf8, int width) {
  const int w = display_width(utf8);
  std::string out(static_cast<std::size_t>(w < width ? width - w : 0), ' ');
  out += utf8;
  return out;
}

}  // namespace gibo
