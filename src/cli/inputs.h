// Input handling shared by the commands: expanding PATHS (files, directories searched
// recursively for game files, "-" for standard input) and reading their games.
//
// Policy: nothing is skipped silently. A path that cannot be used is reported with its
// real cause (no such file, permission denied, a symbolic link that loops or leads
// nowhere, a directory that cannot be listed). Inside a directory, game files are found
// by their content, not their name: a file named as a game file (.gib, .pgn, .json,
// .jsonl, .fen, .uci, any case) is taken; any other regular file (.txt, no extension) is
// sniffed and taken when it holds a format gibo reads, else listed as not a game file.
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

// A file a directory search found whose content is no game format gibo reads (a README,
// a picture, an empty file): listed as a note, not read, not an error.
struct NotGameFile {
  std::string path;
  // "PATH: note[not-a-game-file]: not a game file (no format gibo reads); not read"
  std::string text() const;
};

// Expands `paths`: a directory yields its game files (see the policy above), recursively
// and sorted, and lists the other files in `not_game_files`; a file named on the command
// line is taken as it is (its content is judged when it is read). Paths that cannot be
// used are reported in `errors`.
std::vector<InputFile> expand_inputs(const std::vector<std::string>& paths, std::vector<InputError>& errors,
                                     std::vector<NotGameFile>& not_game_files);

// Memory policy for a command that reads many files (validate, import): every file is
// read whole and decoded into buffers of about its size, freed right after. glibc would
// hand those buffers back to the kernel (mmap/munmap, heap trimming) and fault them in
// again for the next file; keeping freed memory for reuse instead saves a tenth (validate)
// to a sixth (import) of the CPU time. Costs at most the largest file's buffers in
// retained memory. Call once, before the first file is read.
void keep_freed_memory();

// Does `bytes`, the start of a file (all of it when `whole`), hold a game format gibo
// reads (detect_format)? A JSON document cut short cannot be judged: a prefix that opens
// with '{' or '[' counts as a game file.
bool looks_like_game_file(std::string_view bytes, bool whole);

// The one way a command reads the games of an input: read_file_bytes, then read_games
// (format detection, encoding, the options' profile; file_name set to `path`), calling
// `on_game` in file order and filling `info` (format, encoding, BOM, filler runs, file
// diagnostics). An Error (as read_file_bytes') when the input cannot be read.
std::optional<Error> read_input_games(const std::string& path, ReadOptions options, ReadInfo& info,
                                      const std::function<void(Game&&)>& on_game);

// The value of an --encoding option for input: "auto", "utf-8"/"utf8", "cp949"/"euc-kr";
// nullopt for anything else.
std::optional<text::Encoding> input_encoding(const std::string& name);

// Is standard error a terminal (progress output goes there only then)?
bool stderr_is_terminal();

// The number of games the inputs hold, for a progress line's ETA: counted by a reading
// pass that keeps no game (records read under `fallback`); nullopt when one is standard
// input (it cannot be read twice).
std::optional<long> count_input_games(const std::vector<InputFile>& files, const Profile& fallback);

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
