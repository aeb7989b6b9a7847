// gibo.Board: a position under a profile's legality rules (FEN, legal moves, check, push,
// planes for machine learning), and Game.replay's list of boards.
#pragma once

#include <optional>
#include <string>

#include "bindings.h"
#include "gibo/core/position.h"

namespace gibo::python {

struct PyBoard {
  Position position;
  const Profile* profile = nullptr;
};

// The start board, then the board after each ply of `g` that plays on the board, under
// `rules` (None: the game's own profile).
py::list replay_boards(const PyGame& g, const std::optional<std::string>& rules);

}  // namespace gibo::python
