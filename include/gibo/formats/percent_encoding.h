// Percent-encoding (RFC 3986): the one encoder and decoder of the SQLite file: URIs and
// PostgreSQL URIs (archive) and the pages' query strings (report).
#pragma once

#include <string>
#include <string_view>

namespace gibo::text {

// `text` with every byte other than the unreserved ones (A-Z a-z 0-9 - . _ ~) and those of
// `also_kept` written as %XX (upper-case hex).
std::string percent_encode(std::string_view text, std::string_view also_kept = "");
// `text` with each %XX decoded (a '%' not followed by two hex digits is kept as it is);
// with `plus_is_space`, '+' is a space, as in a form's query string.
std::string percent_decode(std::string_view text, bool plus_is_space = false);

}  // namespace gibo::text
