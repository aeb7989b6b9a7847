// Escaping by a table: the one way the writers (tag lines, HTML and SVG text) replace the
// characters their syntax reserves.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace gibo {

// A reserved character and what stands for it.
struct Escape {
  char c;
  std::string_view as;
};

// `text` with each character `escapes` names replaced by its escape; every other byte as
// it is (UTF-8 intact: the reserved characters are ASCII).
std::string escape_chars(std::string_view text, std::span<const Escape> escapes);

}  // namespace gibo
