// SHA-256 through OpenSSL's EVP interface (gibo/archive/sha256.h): a thin adapter.
#include "gibo/archive/sha256.h"

#include <openssl/evp.h>

#include <cstdlib>

namespace gibo::archive {

std::array<std::uint8_t, 32> sha256(std::string_view bytes) {
  std::array<std::uint8_t, 32> digest{};
  unsigned int length = 0;
  // EVP_Digest fails only when libcrypto cannot allocate its context: nothing to go on with.
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length, EVP_sha256(), nullptr) != 1 ||
      length != digest.size())
    std::abort();
  return digest;
}

std::string sha256_hex(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  const std::array<std::uint8_t, 32> digest = sha256(bytes);
  std::string out;
  out.reserve(64);
  for (std::uint8_t b : digest) {
    out += kHex[b >> 4];
    out += kHex[b & 15];
  }
  return out;
}

}  // namespace gibo::archive
