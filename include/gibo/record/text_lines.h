// Reading a small text file of rows (an alias table, an opening book) line by line.
#pragma once

#include <string_view>

namespace gibo {

// The next line of `text` without its line end (LF or CR LF), `text` advanced past it.
// Contract: !text.empty().
std::string_view take_line(std::string_view& text);

}  // namespace gibo
