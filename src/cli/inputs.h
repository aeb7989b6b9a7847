// Input handling shared by the commands: expanding PATHS (files, directories searched
// recursively for game files, "-" for standard input) and reading them whole.
#pragma once

#include <optional>
#include <string>
#include <vector>

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

}  // namespace gibo::cli
