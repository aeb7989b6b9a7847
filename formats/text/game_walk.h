// Internal helper of the writers (PGN, FEN, UCI, JSON): walks a game's plies on the board
// for as long as they replay, so every writer states moves the board confirms.
#pragma once

#include <cstddef>
#include <functional>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"
#include "gibo/record/game.h"

namespace gibo::detail {

// Sets `pos` to the start of `g` under its saved profile (else `fallback`, else the
// default) and plays its plies while they are legal, calling `visit(i, pos, move)` with
// the position before ply i (0-based) and its move (a pass as the general's own square).
// Returns the number of plies played, or -1 if the start position is invalid.
int walk_plies(const Game& g, const Profile* fallback, Position& pos,
               const std::function<void(std::size_t, const Position&, Move)>& visit);

}  // namespace gibo::detail
