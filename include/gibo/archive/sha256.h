// SHA-256 (FIPS 180-4): the content hash that identifies a source file in the archive
// (src/archive/README.md, `sources.content_hash`). Computed by OpenSSL's libcrypto (EVP),
// which uses the CPU's SHA instructions where present.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace gibo::archive {

// SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);
// The 32-byte digest.
std::array<std::uint8_t, 32> sha256(std::string_view bytes);

}  // namespace gibo::archive
