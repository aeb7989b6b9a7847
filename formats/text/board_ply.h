// Internal helpers of the text readers (PGN, UCI, JSON; FEN's through line_game.cpp). A
// move resolved on the board becomes a RecordedPly with the squares and the moving piece
// the board gives and the capture and check marks the token itself states (annotation
// policy, formats/gib/README.md: replay() judges the marks, so a token without them is
// unannotated, not wrong), and the move is played.
#pragma once

#include <string>

#include "gibo/core/position.h"
#include "gibo/formats/text_format.h"
#include "gibo/record/game.h"

namespace gibo::detail {

// The marks a SAN or JANGGI-notation token states: a capture (`x`, or `:`) and a check
// (a trailing `+` or `#`, before any `!`/`?`). A UCI move states neither.
struct StatedMarks {
  bool capture = false;
  bool check = false;
};
StatedMarks stated_marks(std::string_view token);

// Contract: `m` is legal in `pos` (a pass is Move::pass of the mover's general).
// Fills a ply for `m` with `text`, `line`, `column` and the token's `marks`, and plays
// `m` on `pos`.
RecordedPly board_ply(Position& pos, Move m, std::string text, int line, int column, StatedMarks marks);

// A diagnostic about a game (file, line, column, game index and ply given).
Diagnostic game_diagnostic(const char* code, Severity severity, const std::string& file, int line, int column,
                           int game, int ply, std::string token, std::string message);

}  // namespace gibo::detail
