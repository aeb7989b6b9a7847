// libFuzzer target for the .gib reader and the replay that follows it, and for the
// result-text grammar (normalize_gib_result) on the bytes as a 대국결과 value: any bytes
// must give games and diagnostics, never a crash, a hang or a leak.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_read.h"
#include "gibo/formats/gib.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = gibo::fuzz::text(data, size);
  gibo::GibReadOptions options;
  options.file_name = "fuzz.gib";
  const std::vector<gibo::Game> games = gibo::fuzz::read_games(&gibo::read_gib, bytes, options, gibo::fuzz::replayed);
  (void)gibo::normalize_gib_result(bytes.substr(0, 4096));  // a tag value's length at most
  // The writer must cope with whatever the reader produced.
  if (!games.empty()) (void)gibo::write_gib(games, gibo::GibWriteOptions{});
  return 0;
}
