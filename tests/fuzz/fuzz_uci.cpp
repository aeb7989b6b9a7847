// libFuzzer target for the move-list line grammar (formats/uci/grammar.h) and the move
// notations it reads: any bytes give games and diagnostics, and the games read, written in
// either notation and read again, are written the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "fuzz_read.h"
#include "gibo/formats/uci.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = gibo::fuzz::text(data, size);
  gibo::TextReadOptions options;
  options.file_name = "fuzz.uci";
  const std::vector<gibo::Game> games =
      gibo::fuzz::read_games(&gibo::read_uci_games, bytes, options, [](const gibo::Game& g) { return !g.has_errors(); });
  // Written in either notation and read again, the games are written the same.
  for (gibo::MoveNotation notation : {gibo::MoveNotation::Uci, gibo::MoveNotation::Janggi}) {
    gibo::UciWriteOptions wo;
    wo.notation = notation;
    const std::string text = gibo::write_uci_games(games, wo);
    const std::vector<gibo::Game> again =
        gibo::fuzz::read_games(&gibo::read_uci_games, text, options, [](const gibo::Game&) { return true; });
    if (again.size() != games.size() || gibo::write_uci_games(again, wo) != text) std::abort();
  }
  return 0;
}
