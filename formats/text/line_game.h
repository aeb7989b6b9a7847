// What the line-based readers (FEN, UCI: one game a line) share: the reading of the file
// line by line, a line's game with its source filled in, and a start read from a FEN that
// reports a bad one on the game.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "gibo/formats/decode.h"
#include "gibo/formats/text_format.h"
#include "gibo/record/game.h"

namespace gibo::detail {

// One line of a line-based file (`n` from 0; `begin`, `end`: its offsets in the decoded
// text): its game, or nullopt for a line that holds none (blank, or a '#' comment).
using LineReader =
    std::function<std::optional<Game>(const DecodedText& decoded, std::size_t n, std::size_t begin, std::size_t end)>;

// Reads a line-based file: decodes `bytes` (what it learns goes into `info`), reads each
// line with `read_line`, and calls `on_game` with each game in file order, counted in
// info.games (while a line is read, the index its game gets). A file with no game gets
// the file diagnostic "no-games" with `no_games` ("no FEN line found").
void read_lines(std::string_view bytes, const TextReadOptions& options, TextFileInfo& info,
                const std::function<void(Game&&)>& on_game, const char* no_games, const LineReader& read_line);

// The game on line `n` (from 0) of `decoded`, whose text runs from `begin` to `end`
// (offsets in the decoded text, on that line) and starts at character `column` of the
// line: its source (`file`, `game_index`, line, column, byte offset and length in the raw
// file) and its original text.
Game line_game(const DecodedText& decoded, std::size_t n, std::size_t begin, std::size_t end, int column,
               const std::string& file, int game_index);

// Sets the start of `g` from `fen`. A FEN that does not parse makes a custom start
// holding the text, and a bad-fen error on `g` at `column` naming `token` (the game's
// file, line and index as its source gives them); false then.
bool start_from_fen_text(Game& g, std::string_view fen, int column, std::string token);

}  // namespace gibo::detail
