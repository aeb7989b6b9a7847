// The two-character escapes of JSON strings (RFC 8259 section 7), read by the parser and
// written by the writer. Internal to formats/json.
#pragma once

namespace gibo::json::detail {

struct Escape {
  char character;  // what the escape stands for
  char letter;     // what follows the backslash
};

// The writer writes '/' as it is; the parser also reads "\/".
inline constexpr Escape kEscapes[] = {{'"', '"'},  {'\\', '\\'}, {'/', '/'},  {'\b', 'b'},
                                      {'\f', 'f'}, {'\n', 'n'},  {'\r', 'r'}, {'\t', 't'}};

// The letter that escapes `c`, or '\0' if it has none (a control character is written as
// \u00XX).
constexpr char escape_letter(char c) {
  for (const Escape& e : kEscapes)
    if (e.character == c) return e.letter;
  return '\0';
}

// The character that "\letter" stands for, or '\0' if it is no two-character escape.
constexpr char escaped_character(char letter) {
  for (const Escape& e : kEscapes)
    if (e.letter == letter) return e.character;
  return '\0';
}

}  // namespace gibo::json::detail
