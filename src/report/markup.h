// Escaping text for HTML and SVG output (the report layer's one copy).
#pragma once

#include <string>
#include <string_view>

namespace gibo {

// Replaces & < > " with their entities; everything else passes through (UTF-8 intact).
std::string xml_escape(std::string_view s);

}  // namespace gibo
