// libFuzzer target for the PGN reader and what follows it in `gibo convert`: any bytes
// must give games and diagnostics — never a crash, a hang or a leak — and the games read
// must replay and be written back (PGN and .gib tags) without trouble.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  gibo::PgnReadOptions options;
  options.file_name = "fuzz.pgn";
  // The first byte picks the rank convention, so the fuzzer explores all three.
  if (size > 0) options.ranks = static_cast<gibo::PgnRanks>(data[0] % 3);
  gibo::TextFileInfo info;
  std::vector<gibo::Game> games;
  gibo::read_pgn(bytes, options, info, [&](gibo::Game&& g) {
    gibo::replay_under_profile(g, gibo::default_profile());
    games.push_back(std::move(g));
  });
  if (!games.empty()) {
    (void)gibo::write_pgn(games);
    for (const gibo::Game& g : games) (void)gibo::gib_tags(g);
  }
  return 0;
}
