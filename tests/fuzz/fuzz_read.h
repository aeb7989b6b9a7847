// What the reader targets begin with: the input as text, and the games one text reader gives
// for it (each reader is called as read(bytes, options, info, on_game)).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "gibo/record/game.h"
#include "gibo/record/replay.h"

namespace gibo::fuzz {

// The fuzzer's bytes as the text a reader takes.
inline std::string_view text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// The games `read` gives for `bytes` under `options`, each first passed to `keep`, which may
// change it and says whether to keep it.
template <class Options, class Info, class OnGame, class Keep>
std::vector<Game> read_games(void (*read)(std::string_view, const Options&, Info&, OnGame), std::string_view bytes,
                             const Options& options, Keep keep) {
  Info info;
  std::vector<Game> games;
  read(bytes, options, info, [&](Game&& g) {
    if (keep(g)) games.push_back(std::move(g));
  });
  return games;
}

// A `keep` for read_games: replays the game under the default profile and keeps it.
inline bool replayed(Game& g) {
  replay_under_profile(g, default_profile());
  return true;
}

}  // namespace gibo::fuzz
