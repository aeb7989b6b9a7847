// UTF-8 checks and counts over whole texts (gibo/core/utf8.h).
#include "gibo/core/utf8.h"

#include <cstring>

namespace gibo::utf8 {
namespace {

constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

std::uint64_t word_at(const char* p) {
  std::uint64_t w;
  std::memcpy(&w, p, 8);
  return w;
}

}  // namespace

bool valid(std::string_view bytes) {
  for (std::size_t i = 0; i < bytes.size();) {
    if (static_cast<unsigned char>(bytes[i]) < 0x80) {
      ++i;
      continue;
    }
    const CodePoint c = decode(bytes, i);
    if (c.bad) return false;
    i += c.length;
  }
  return true;
}

int count(std::string_view s) {
  // The bytes that are no continuation bytes (10xxxxxx), eight at a time.
  std::size_t i = 0, continuation = 0;
  for (; i + 8 <= s.size(); i += 8) {
    const std::uint64_t w = word_at(s.data() + i);
    continuation += static_cast<std::size_t>(__builtin_popcountll(w & ~(w << 1) & kHighBits));
  }
  for (; i < s.size(); ++i) continuation += is_continuation(static_cast<unsigned char>(s[i]));
  return static_cast<int>(s.size() - continuation);
}

}  // namespace gibo::utf8
