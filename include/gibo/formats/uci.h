// UCI move lists as a file format (formats/uci/README.md): one game per line, in the form
// an engine is given a game — `position fen <FEN> moves b1c3 c10d8 …` (or `position
// startpos moves …`, or just the moves) — with the moves in UCI or in Fairy-Stockfish's
// JANGGI notation (`H02-83`). No tags, no result: a lossy format for engines and tests.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/formats/text_format.h"
#include "gibo/record/game.h"

namespace gibo {

// Reads a move-list file: each non-blank line that does not start with '#' is one game.
// Moves are resolved on the board under the options' profile; a move that cannot be
// read ends that game's plies (`bad-move`, `no-such-move`, `illegal-move`,
// `ambiguous-move`). Never throws.
void read_uci_games(std::string_view bytes, const TextReadOptions& options, TextFileInfo& info,
                    const std::function<void(Game&&)>& on_game);

enum class MoveNotation { Uci, Janggi };

struct UciWriteOptions {
  MoveNotation notation = MoveNotation::Uci;
  const Profile* profile = nullptr;  // for games that name none; nullptr = the default
};

// Appends one game's line: `position fen <start FEN> moves …` with the plies that replay (a pass
// as the general's own square, `e2e2` / `K95-95`); without plies, no `moves`. A game cut
// short gets a comment line first, as write_fen_game's, and is counted in `loss`.
void write_uci_game(std::string& out, const Game& game, const UciWriteOptions& options = {},
                    WriteLoss* loss = nullptr);
// All games, one line each.
std::string write_uci_games(const std::vector<Game>& games, const UciWriteOptions& options = {});

}  // namespace gibo
