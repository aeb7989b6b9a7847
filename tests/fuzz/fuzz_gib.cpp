// libFuzzer target for the .gib reader and the replay that follows it, and for the
// result-text grammar (normalize_gib_result) on the bytes as a 대국결과 value: any bytes
// must give games and diagnostics, never a crash, a hang or a leak.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "gibo/formats/gib.h"
#include "gibo/record/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  gibo::GibReadOptions options;
  options.file_name = "fuzz.gib";
  gibo::GibFileInfo info;
  std::vector<gibo::Game> games;
  gibo::read_gib(bytes, options, info, [&](gibo::Game&& g) {
    gibo::replay_under_profile(g, gibo::default_profile());
    games.push_back(std::move(g));
  });
  (void)gibo::normalize_gib_result(bytes.substr(0, 4096));  // a tag value's length at most
  // The writer must cope with whatever the reader produced.
  if (!games.empty()) (void)gibo::write_gib(games, gibo::GibWriteOptions{});
  return 0;
}
