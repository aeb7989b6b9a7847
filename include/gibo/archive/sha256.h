// SHA-256 (FIPS 180-4): the content hash that identifies a source file in the archive
// (src/archive/README.md, `sources.content_hash`).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace gibo::archive {

// SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);
// The 32-byte digest, computed with the CPU's SHA instructions where present.
std::array<std::uint8_t, 32> sha256(std::string_view bytes);
// The same; `portable` forces the plain C++ rounds even where the CPU's SHA instructions
// would be used (for testing that both agree).
std::array<std::uint8_t, 32> sha256(std::string_view bytes, bool portable);

}  // namespace gibo::archive
