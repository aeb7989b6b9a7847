// Input handling shared by the commands: expanding PATHS (files, directories searched
// recursively for game files, "-" for standard input) and reading them whole.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gibo/core/rules.h"
#include "gibo/record/game.h"

namespace gibo::cli {

struct InputFile {
  std::string path;  // "-" = standard input
};

// Expands `paths`: a directory yields its files with a game-file extension (.gib, .pgn,
// .json, .jsonl, .fen, .uci, any case), recursively and sorted; a file is taken as it is.
// Missing paths are reported in `errors`.
std::vector<InputFile> expand_inputs(const std::vector<std::string>& paths, std::vector<std::string>& errors);

// Reads a whole file (or stdin for "-"); nullopt and `error` on failure.
std::optional<std::string> read_input(const std::string& path, std::string& error);

// Is standard error a terminal (progress output goes there only then)?
bool stderr_is_terminal();

// A record position named FILE[:GAME][@PLY]: GAME counts from 1 (default 1); PLY 0 is
// the start position, nullopt the last ply.
struct RecordTarget {
  std::string file;
  int game = 1;
  std::optional<int> ply;
};

// Splits FILE[:GAME][@PLY] from the right, so paths with ':' or '@' still work when the
// suffixes are absent.
RecordTarget parse_record_target(const std::string& spec);

// Reads game `target.game` of `target.file` (any format read_games knows) and replays it
// under its profile (`fallback` when it names none); `rules` receives the legality rules
// it was replayed under. On failure prints "gibo COMMAND: ..." and sets `status`
// (kExitIo: unreadable; kExitUsage: no such game).
std::optional<Game> read_record_game(const std::string& command, const RecordTarget& target, const Profile& fallback,
                                     LegalityRules& rules, int& status);

}  // namespace gibo::cli
