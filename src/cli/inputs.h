// Input handling shared by the commands: expanding PATHS (files, directories searched
// recursively for game files, "-" for standard input) and reading them whole.
//
// Policy: nothing is skipped silently. A path that cannot be used is reported with its
// real cause (no such file, permission denied, a symbolic link that loops or leads
// nowhere, a directory that cannot be listed); inside a directory, an entry with a game
// file extension that is not a readable regular file is reported the same way.
// Symbolic links to directories inside a searched directory are not followed (so a link
// back to an ancestor cannot loop); a directory given by a link on the command line is.
#pragma once

#include <functional>
#include <optional>
#include <cstdint>
#include <string>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/record/game.h"
#include "gibo/formats/detect.h"

namespace gibo::cli {

struct InputFile {
  std::string path;  // "-" = standard input
  std::int64_t size = -1;  // bytes, as the search found it (a regular file); -1 unknown
};

// A path that could not be used, and why ("permission denied", ...).
struct InputError {
  std::string path, reason;
  std::string text() const { return path + ": error[io]: " + reason; }  // "PATH: error[io]: REASON"
};

// Expands `paths`: a directory yields its files with a game-file extension (.gib, .pgn,
// .json, .jsonl, .fen, .uci, any case), recursively and sorted; a file is taken as it is.
// Paths that cannot be used are reported in `errors`.
std::vector<InputFile> expand_inputs(const std::vector<std::string>& paths, std::vector<InputError>& errors);

// Reads a whole file (or stdin for "-"), or says why not ("cannot open: permission
// denied", "is a directory, not a game file", ...; the path is not repeated).
// `known_size` >= 0: the search found a regular file of that size (InputFile::size), so
// the file is not examined again (a file that has changed since is still read whole).
Expected<std::string> read_input(const std::string& path, std::int64_t known_size = -1);

// The one way a command reads the games of an input: read_input, then read_games
// (format detection, encoding, the options' profile; file_name set to `path`), calling
// `on_game` in file order and filling `info` (format, encoding, BOM, filler runs, file
// diagnostics). An Error (as read_input's) when the input cannot be read.
std::optional<Error> read_input_games(const std::string& path, ReadOptions options, ReadInfo& info,
                                      const std::function<void(Game&&)>& on_game);

// The value of an --encoding option for input: "auto", "utf-8"/"utf8", "cp949"/"euc-kr";
// nullopt for anything else.
std::optional<text::Encoding> input_encoding(const std::string& name);

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
// (kExitIo: unreadable; kExitFindings: the file holds no game; kExitUsage: no such game).
std::optional<Game> read_record_game(const std::string& command, const RecordTarget& target, const Profile& fallback,
                                     LegalityRules& rules, int& status);

}  // namespace gibo::cli
