// Internal helper of the move-list readers (PGN, UCI): a move resolved on the board
// becomes a RecordedPly stating what the board says (piece, capture, check), so that
// replay() agrees with it, and the move is played.
#pragma once

#include <string>

#include "gibo/core/position.h"
#include "gibo/record/game.h"

namespace gibo::detail {

// Contract: `m` is legal in `pos` (a pass is Move::pass of the mover's general).
// Fills a ply for `m` with `text`, `line` and `column`, and plays `m` on `pos`.
RecordedPly board_ply(Position& pos, Move m, std::string text, int line, int column);

// A diagnostic about a game (file, line, column, game index and ply given).
Diagnostic game_diagnostic(const char* code, Severity severity, const std::string& file, int line, int column,
                           int game, int ply, std::string token, std::string message);

}  // namespace gibo::detail
