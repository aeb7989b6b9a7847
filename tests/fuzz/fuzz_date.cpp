// libFuzzer target for the date grammar (src/record/date_grammar.h): any bytes give a date
// or none; a date's key is YYYY, YYYY-MM or YYYY-MM-DD with a valid year, month and day,
// and its number gives the key back.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gibo/record/game_date.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const gibo::GameDate d = gibo::parse_game_date(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!d.year) {
    if (!d.key.empty() || gibo::date_number(d) != 0) std::abort();
    return 0;
  }
  if (*d.year < 1000 || *d.year > 2999) std::abort();
  if (d.key.size() != 4 && d.key.size() != 7 && d.key.size() != 10) std::abort();
  const std::uint32_t n = gibo::date_number(d);
  const unsigned month = n / 100 % 100, day = n % 100;
  if (n / 10000 != static_cast<unsigned>(*d.year) || month > 12 || day > 31 || (day && !month)) std::abort();
  if (gibo::date_key(n) != d.key) std::abort();
  return 0;
}
