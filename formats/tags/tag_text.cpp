// Tag-line escaping shared by the .gib and PGN readers and writers (tag_text.h).
#include "gibo/formats/tag_text.h"

#include "gibo/formats/escape.h"

namespace gibo {

std::string escape_tag_value(std::string_view value) {
  static constexpr Escape kEscapes[] = {{'\\', "\\\\"}, {'"', "\\\""}, {'\n', "\\n"}, {'\r', "\\r"}};
  return escape_chars(value, kEscapes);
}

char tag_value_escape(char c) {
  switch (c) {
    case '\\': return '\\';
    case '"': return '"';
    case 'n': return '\n';
    case 'r': return '\r';
    default: return '\0';
  }
}

std::string unescape_tag_value(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char e = text[i] == '\\' && i + 1 < text.size() ? tag_value_escape(text[i + 1]) : '\0';
    if (e) {
      out += e;
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

std::string writable_tag_name(std::string_view name, bool* changed) {
  std::string out;
  out.reserve(name.size());
  bool replaced = name.empty();
  for (std::size_t i = 0; i < name.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    const bool bad = c <= 0x20 || c == 0x7F || c == '"' || c == '[' || c == ']' || c == '{' || c == '}' ||
                     c == '\\' || (i == 0 && c == '%');
    out += bad ? '_' : static_cast<char>(c);
    replaced |= bad;
  }
  if (out.empty()) out.push_back('_');
  if (changed) *changed = replaced;
  return out;
}

bool append_tag_line(std::string& out, std::string_view name, std::string_view value) {
  bool changed = false;
  out += '[';
  out += writable_tag_name(name, &changed);
  out += " \"";
  out += escape_tag_value(value);
  out += "\"]\n";
  return changed;
}

}  // namespace gibo
