// Reading a small text file of rows (an alias table, an opening book) line by line.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace gibo {

// The next line of `text` without its line end (LF or CR LF), `text` advanced past it.
// Contract: !text.empty().
std::string_view take_line(std::string_view& text);

// What in a line of such a file is not text: a NUL byte, or bytes that are not UTF-8.
// Policy: a table's rows are UTF-8 text, refused otherwise at the byte's line and column
// (the same on every archive backend: PostgreSQL could store neither).
struct TextFault {
  std::size_t offset = 0;  // of the first such byte in the line
  int column = 1;          // 1-based, in characters before it
  std::string message;     // "a NUL byte is not text", "byte 0xFF is not UTF-8 (the file must be UTF-8)"
};
std::optional<TextFault> text_fault(std::string_view line);

}  // namespace gibo
