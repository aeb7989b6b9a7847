// libFuzzer target for the JSON parser (formats/json/json_value.cpp over RapidJSON): any
// bytes give a value or an error at a place inside the text, never a crash; every string
// and key of a value is UTF-8; a value followed by more text is found by parse_value.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gibo/core/utf8.h"
#include "gibo/formats/json_value.h"

namespace {

void check(const gibo::json::Value& v, int depth) {
  if (depth > 256) std::abort();
  if (v.is_string() && !gibo::utf8::valid(v.as_string())) std::abort();
  for (const gibo::json::Value& item : v.items()) check(item, depth + 1);
  for (const auto& [key, value] : v.members()) {
    if (!gibo::utf8::valid(key)) std::abort();
    check(value, depth + 1);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto whole = gibo::json::parse(text);
  if (whole) check(*whole, 0);
  else if (whole.error().offset > size || whole.error().line < 1 || whole.error().column < 1) std::abort();
  std::size_t pos = 0;
  const auto first = gibo::json::parse_value(text, pos);
  if (first && (pos > size || pos == 0)) std::abort();
  if (whole && !first) std::abort();
  return 0;
}
