// Escaping by a table (gibo/formats/escape.h).
#include "gibo/formats/escape.h"

namespace gibo {

std::string escape_chars(std::string_view text, std::span<const Escape> escapes) {
  std::string out;
  out.reserve(text.size() + 2);
  for (char c : text) {
    const Escape* e = escapes.data();
    const Escape* end = e + escapes.size();
    while (e != end && e->c != c) ++e;
    if (e != end) out += e->as;
    else out += c;
  }
  return out;
}

}  // namespace gibo
