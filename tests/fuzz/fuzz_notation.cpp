// libFuzzer target for the notation grammars (formats/notation/grammar.h): the first byte
// picks a position (two starts, two middle games) and the options, the rest is one move text read as SAN, JANGGI and
// UCI. A move read must be legal, and written in each notation it must read back as itself.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "gibo/core/position.h"
#include "gibo/formats/notation.h"

namespace {

const char* const kPositions[] = {
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1",
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 0 1",
    "2ba1anbr/3k5/1cn6/1p1P1p2p/6p2/6c2/3PB3P/5KCr1/4A4/5A1NR b - - 5 22",  // final positions
    "rb1a1abn1/3k1n3/1c5c1/2p1p1pp1/p8/2P3P2/P4P2r/1C5CR/3K5/RNB1AABN1 b - - 3 7",  // of two games
};

void check(const gibo::Position& pos, const gibo::MoveReadResult& r) {
  if (!r) return;
  const gibo::Move m = *r;
  if (!pos.is_legal(m)) std::abort();
  const auto san = gibo::read_san(pos, gibo::write_san(pos, m));
  const auto janggi = gibo::read_janggi(pos, gibo::write_janggi(pos, m));
  const auto uci = gibo::read_uci(pos, gibo::write_uci(m));
  if (!san || *san != m || !janggi || *janggi != m || !uci || *uci != m) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  gibo::Position pos;
  if (pos.set_fen(kPositions[data[0] % 4])) std::abort();
  const bool zero = data[0] & 4, null_pass = data[0] & 8;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  gibo::SanReadOptions so;
  so.zero_based_ranks = zero;
  gibo::UciReadOptions uo;
  uo.zero_based_ranks = zero;
  uo.null_move_is_pass = null_pass;
  check(pos, gibo::read_san(pos, text, so));
  check(pos, gibo::read_janggi(pos, text));
  check(pos, gibo::read_uci(pos, text, uo));
  return 0;
}
