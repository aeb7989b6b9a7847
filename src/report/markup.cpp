// Escaping for HTML/SVG text and CSV fields (markup.h).
#include "markup.h"

#include "gibo/formats/escape.h"
#include "gibo/formats/visible_text.h"

namespace gibo {

std::string xml_escape(std::string_view s) {
  static constexpr Escape kEntities[] = {{'&', "&amp;"}, {'<', "&lt;"}, {'>', "&gt;"}, {'"', "&quot;"}};
  return escape_chars(text::visible(s), kEntities);
}

namespace {

// Is `s` a plain decimal number: optional sign, digits, optional fraction and exponent?
bool is_number(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::size_t digits = i;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
  bool any = i > digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    const std::size_t f = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    any = any || i > f;
  }
  if (!any) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const std::size_t e = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    if (i == e) return false;
  }
  return i == s.size();
}

}  // namespace

std::string csv_field(std::string_view s) {
  const bool formula = !s.empty() && std::string_view("=+-@\t\r").find(s.front()) != std::string_view::npos &&
                       !is_number(s);
  if (!formula && s.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(s);
  std::string q = formula ? "\"'" : "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

}  // namespace gibo
