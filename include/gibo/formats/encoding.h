// Text encodings met in game files: UTF-8 and CP949 (Windows Korean, the whole code
// page including the UHC syllables that strict EUC-KR rejects). Decoding never
// replaces a byte silently: every undecodable byte is reported by its offset.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gibo::text {

enum class Encoding { Auto, Utf8, Cp949 };
std::string_view encoding_name(Encoding e);  // "auto", "utf-8", "cp949"

// Is `bytes` well-formed UTF-8 (no overlongs, no surrogates, <= U+10FFFF)?
bool is_valid_utf8(std::string_view bytes);

// Decodes CP949 `in`, appending UTF-8 to `out`. Each undecodable byte becomes U+FFFD
// and its offset (relative to `in`) is appended to `bad_offsets`.
void cp949_to_utf8(std::string_view in, std::string& out, std::vector<std::size_t>& bad_offsets);

// Encodes UTF-8 `in` as CP949, appending to `out`. Characters with no CP949 form are
// written as '?'; returns how many there were (0: the text was encoded exactly).
std::size_t utf8_to_cp949(std::string_view in, std::string& out);

// Appends code point `cp` (<= U+10FFFF) to `out` as UTF-8.
void append_utf8(std::string& out, char32_t cp);

// Number of code points in well-formed UTF-8 `s` (continuation bytes not counted).
int utf8_length(std::string_view s);

}  // namespace gibo::text
