// libFuzzer target for the PGN reader and what follows it in `gibo convert`: any bytes
// must give games and diagnostics — never a crash, a hang or a leak — and the games read
// must replay and be written back (PGN and .gib tags) without trouble.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "fuzz_read.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_map.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = gibo::fuzz::text(data, size);
  gibo::PgnReadOptions options;
  options.file_name = "fuzz.pgn";
  // The first byte picks the rank convention, so the fuzzer explores all three.
  if (size > 0) options.ranks = static_cast<gibo::PgnRanks>(data[0] % 3);
  const std::vector<gibo::Game> games = gibo::fuzz::read_games(&gibo::read_pgn, bytes, options, gibo::fuzz::replayed);
  if (!games.empty()) {
    (void)gibo::write_pgn(games);
    for (const gibo::Game& g : games) (void)gibo::gib_tags(g);
  }
  return 0;
}
