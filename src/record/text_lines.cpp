// take_line (gibo/record/text_lines.h).
#include "gibo/record/text_lines.h"

#include "gibo/core/utf8.h"

namespace gibo {

std::string_view take_line(std::string_view& text) {
  const std::size_t nl = text.find('\n');
  std::string_view line = text.substr(0, nl);
  text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

std::optional<TextFault> text_fault(std::string_view line) {
  int column = 1;
  for (std::size_t i = 0; i < line.size(); ++column) {
    const utf8::CodePoint c = utf8::decode(line, i);
    if (c.bad || c.value == 0) {
      static constexpr char kHex[] = "0123456789ABCDEF";
      const auto byte = static_cast<unsigned char>(line[i]);
      return TextFault{i, column,
                       c.value == 0 ? std::string("a NUL byte is not text")
                                    : std::string("byte 0x") + kHex[byte >> 4] + kHex[byte & 15] +
                                          " is not UTF-8 (the file must be UTF-8)"};
    }
    i += c.length;
  }
  return std::nullopt;
}

}  // namespace gibo
