// Escaping text for HTML, SVG and CSV output (the report layer's one copy of each).
#pragma once

#include <string>
#include <string_view>

namespace gibo {

// Replaces & < > " with their entities and makes control characters visible
// (text::visible: ESC as \e, a right-to-left override as \u202e), so that a record cannot
// reorder or hide what a page shows; everything else passes through (UTF-8 intact).
std::string xml_escape(std::string_view s);

// One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. Policy
// against formula injection: a text cell beginning with '=', '+', '-', '@', a tab or a CR
// (which a spreadsheet would run as a formula) gets a leading apostrophe and is quoted;
// a number ("-3", "+0.5", "1e3") stays a number.
std::string csv_field(std::string_view s);

}  // namespace gibo
