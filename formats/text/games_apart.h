// The multi-game text of the .gib and PGN writers: each game as its writer writes it, a
// line end between two.
#pragma once

#include <string>
#include <vector>

#include "gibo/record/game.h"

namespace gibo::detail {

// `write_game(out, game)` appends one game to `out`.
template <class WriteGame>
std::string games_apart(const std::vector<Game>& games, WriteGame&& write_game) {
  std::string out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (i) out += '\n';
    write_game(out, games[i]);
  }
  return out;
}

}  // namespace gibo::detail
