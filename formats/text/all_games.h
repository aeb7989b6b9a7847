// The whole-file form of a streaming reader: every game it gives, in order, in a vector.
#pragma once

#include <vector>

#include "gibo/record/game.h"

namespace gibo::detail {

// `read(info, on_game)` runs the streaming reader, filling `info` (the caller's, or a
// local one when `info` is null) and calling on_game(Game&&) for each game.
template <class Info, class Read>
std::vector<Game> all_games(Info* info, Read&& read) {
  std::vector<Game> games;
  Info local;
  read(info ? *info : local, [&](Game&& g) { games.push_back(std::move(g)); });
  return games;
}

}  // namespace gibo::detail
