// Terminal display width of UTF-8 text: hangul, hanja and other East Asian wide
// characters take two columns, combining marks none, everything else one. Used to align
// tables that mix Korean and ASCII.
#pragma once

#include <string>
#include <string_view>

namespace gibo {

// The columns `utf8` takes on a terminal (East Asian Wide/Fullwidth = 2, combining and
// conjoining-vowel code points = 0, other printable = 1). Malformed bytes count 1 each.
int display_width(std::string_view utf8);

// `utf8` followed (pad_right) or preceded (pad_left) by blanks up to `width` columns;
// unchanged when it is already as wide.
std::string pad_right(std::string_view utf8, int width);
std::string pad_left(std::string_view utf8, int width);

}  // namespace gibo
