// Percent-encoding (RFC 3986): the one encoder of the SQLite file: URIs (archive) and the
// pages' query strings (report).
#pragma once

#include <string>
#include <string_view>

namespace gibo::text {

// `text` with every byte other than the unreserved ones (A-Z a-z 0-9 - . _ ~) and those of
// `also_kept` written as %XX (upper-case hex).
std::string percent_encode(std::string_view text, std::string_view also_kept = "");

}  // namespace gibo::text
