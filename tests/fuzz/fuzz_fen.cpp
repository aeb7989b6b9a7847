// libFuzzer target for the FEN grammar (src/core/fen_grammar.h) through the FEN file reader:
// any bytes give games and diagnostics, never a crash or a hang, and every position that
// reads is written back as a FEN that reads to the same position.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gibo/core/position.h"
#include "gibo/formats/fen.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  gibo::TextReadOptions options;
  options.file_name = "fuzz.fen";
  gibo::TextFileInfo info;
  gibo::read_fen(bytes, options, info, [&](gibo::Game&& g) {
    if (g.has_errors()) return;
    const auto fen = gibo::start_fen(g);
    if (!fen) std::abort();  // a start that read must write
    gibo::Position again;
    if (again.set_fen(*fen) || again.fen() != *fen) std::abort();  // and read back the same
  });
  return 0;
}
