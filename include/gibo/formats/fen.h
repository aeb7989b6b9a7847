// FEN as a file format (formats/fen/README.md): one Fairy-Stockfish janggi FEN per line.
// Reading gives one game per FEN (the position as its start, no plies); writing gives
// each game's final position, or every position of the game.
//
// Also the bridge between a game's StartPosition and FEN text, used by every format
// that states the start as a FEN (PGN, UCI move lists, JSON).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/formats/text_format.h"
#include "gibo/record/game.h"

namespace gibo {

// The canonical FEN (n/b letters, six fields) of a game's start position; an Error if the
// start is a custom position that does not parse.
Expected<std::string> start_fen(const Game& game);

// The start position a FEN describes: the standard setups (custom = false) when the FEN
// is one of the 16 setup positions with Cho to move, halfmove clock 0 and move 1; else a
// custom start holding the FEN text as given (trimmed). An Error if the FEN does not parse.
Expected<StartPosition> start_from_fen(std::string_view fen);

// Reads a FEN file: every non-blank line that does not start with '#' is one FEN and
// becomes one game (custom or standard start, no plies, no tags). A line that is not a
// valid FEN becomes a game with a `bad-fen` error. Never throws.
void read_fen(std::string_view bytes, const TextReadOptions& options, TextFileInfo& info,
              const std::function<void(Game&&)>& on_game);

struct FenWriteOptions {
  bool each = false;                 // every position (start and after each ply), not only the last
  const Profile* profile = nullptr;  // for games that name none; nullptr = the default
};

// Appends one game's FEN line: its position after its last ply that replays (with
// `each`, the start and every position after it, one per line). A game cut short (plies
// that do not replay) gets a comment line first, `# [Termination "unterminated"] gibo: N
// more plies in the record do not replay from ply K: CODE: MESSAGE`, and is counted in
// `loss` (unwritten_plies, cut_short).
void write_fen_game(std::string& out, const Game& game, const FenWriteOptions& options, WriteLoss* loss = nullptr);
// All games (with `each`, a blank line between games).
std::string write_fen(const std::vector<Game>& games, const FenWriteOptions& options);

}  // namespace gibo
