// Unsigned LEB128 varints, the archive's one encoding of small numbers in its blobs (the
// times and material signatures of codec.cpp, the position index's rows in
// position_rows.cpp): seven bits a byte, low bits first, the high bit set on every byte
// but the last.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>

namespace gibo::archive {

// Writes `v` at `out`; the byte after it. Contract: room for 10 bytes at `out`.
inline char* put_varint(char* out, std::uint64_t v) {
  while (v >= 0x80) {
    *out++ = static_cast<char>((v & 0x7F) | 0x80);
    v >>= 7;
  }
  *out++ = static_cast<char>(v);
  return out;
}

// Appends `v` to `out`.
inline void put_varint(std::uint64_t v, std::string& out) {
  char bytes[10];
  out.append(bytes, static_cast<std::size_t>(put_varint(bytes, v) - bytes));
}

// Reads a varint of at most U's bits at `at` into `v`, moving `at` past it; false when it
// is truncated or longer than U's bits take.
template <class U>
bool get_varint(std::string_view data, std::size_t& at, U& v) {
  v = 0;
  for (int shift = 0; shift < std::numeric_limits<U>::digits; shift += 7) {
    if (at >= data.size()) return false;
    const auto byte = static_cast<unsigned char>(data[at++]);
    v |= static_cast<U>(byte & 0x7F) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

}  // namespace gibo::archive
