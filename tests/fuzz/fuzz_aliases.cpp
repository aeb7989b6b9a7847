// libFuzzer target for the alias table reader (src/record/name_aliases.cpp): any bytes are
// taken or refused with the place of the first bad line ("ORIGIN:LINE: ..."), never a
// crash; a table that was taken answers every lookup.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gibo/record/name_aliases.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  gibo::NameAliases aliases;
  if (const auto error = aliases.add(text, "fuzz.tsv")) {
    if (error->message.rfind("fuzz.tsv:", 0) != 0) std::abort();
    return 0;
  }
  (void)aliases.count_as(true, text.substr(0, 64));
  (void)aliases.count_as(false, text.substr(0, 64));
  return 0;
}
