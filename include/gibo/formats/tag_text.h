// How tag lines are written in the bracketed text formats (.gib and PGN: `[Name "value"]`)
// so that every name and value reads back exactly (formats/tags/README.md, "Tag lines").
//
// Escapes in a value: `\\` a backslash, `\"` a double quote, `\n` a line feed, `\r` a
// carriage return. A backslash before any other character stands for itself, so values
// written by other programs that hold a lone backslash read as they always did.
#pragma once

#include <string>
#include <string_view>

namespace gibo {

// `value` with backslash, double quote, LF and CR escaped.
std::string escape_tag_value(std::string_view value);

// The character the escape `\c` stands for in a tag value, or '\0' when `\c` is no
// escape (the backslash is then a plain character).
char tag_value_escape(char c);

// Undoes escape_tag_value (and reads a lone backslash as itself).
std::string unescape_tag_value(std::string_view text);

// A tag name as a tag line can hold it: white space, control characters, `"`, `[`, `]`,
// `{`, `}`, `\` and a leading `%` (which would end the name or the line, or make it a
// PGN escape line) become `_`; an empty name becomes `_`. `changed` (if given) is set
// when the name had to change.
std::string writable_tag_name(std::string_view name, bool* changed = nullptr);

// Appends `[NAME "VALUE"]` and a line feed, the tag line `.gib` and PGN share: the name
// through writable_tag_name, the value through escape_tag_value. Returns true when the
// name had to change.
bool append_tag_line(std::string& out, std::string_view name, std::string_view value);

}  // namespace gibo
