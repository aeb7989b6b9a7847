// Which format a game file is in, told from its content (not its name), and one entry
// point that reads games from any supported format (formats/detect/README.md).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/formats/encoding.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/pgn.h"
#include "gibo/record/game.h"

namespace gibo {

enum class Format { Unknown, Gib, Pgn, Json, Jsonl, Fen, Uci };

// "gib", "pgn", "json", "jsonl", "fen", "uci" ("unknown" for Unknown).
std::string_view format_name(Format f);
// The inverse of format_name (Unknown has no name); nullopt for anything else.
std::optional<Format> format_from_name(std::string_view name);
// The usual file extension with its dot: ".gib", ".pgn", ".json", ".jsonl", ".fen", ".uci".
std::string_view format_extension(Format f);
// The format a file's name says by its ending (format_extension's, in any case: "A.GIB" is
// .gib; the ending is what follows the last '.', so ".gib" alone has none); Unknown for
// any other name.
Format format_of_name(std::string_view name);

// Tells the format from the bytes: JSON (one document) or JSON Lines (several) when the
// text starts with '{' or '[' followed by '{' and parses as JSON; a tag section followed
// by .gib ply tokens (or Korean tag names and no SAN) is .gib, by SAN (or PGN tag names)
// PGN; `position …`, or lines of UCI / JANGGI-notation moves, a move list; a line that
// is a FEN placement, FEN. Unknown if none fits. Never throws.
Format detect_format(std::string_view bytes);

struct ReadOptions {
  Format format = Format::Unknown;                 // Unknown: detect from the content
  text::Encoding encoding = text::Encoding::Auto;
  std::string file_name;                           // used in diagnostics and SourceLocation
  const Profile* profile = nullptr;                // resolves moves (PGN, UCI) for records naming none
  PgnRanks pgn_ranks = PgnRanks::Auto;
  bool original_text = true;                       // .gib: see GibReadOptions::original_text
};

struct ReadInfo {
  Format format = Format::Unknown;                 // the format read (detected or given)
  text::Encoding encoding = text::Encoding::Auto;  // the encoding used
  bool bom = false;
  std::vector<FillerRun> filler_runs;              // filler skipped (.gib: also before decoding)
  std::vector<Diagnostic> diagnostics;             // about the file, not one game
  int games = 0;
};

// The .gib reader's options for `options`, and what it learnt as a ReadInfo: read_games
// reads .gib files through these, and so does a caller that reads a .gib file's games in
// parallel through GibFile.
GibReadOptions gib_read_options(const ReadOptions& options);
ReadInfo read_info(const GibFileInfo& info);

// Reads every game of a file in any supported format, calling `on_game` in file order.
// An undetectable format is an `unknown-format` file error. Never throws.
void read_games(std::string_view bytes, const ReadOptions& options, ReadInfo& info,
                const std::function<void(Game&&)>& on_game);

// The games of the file `path` (read_file_bytes, then read_games with file_name set to
// `path`): the one way to read a file's games. An Error (read_file_bytes') when the file
// cannot be read; `on_game` is then never called.
std::optional<Error> read_file_games(const std::string& path, ReadOptions options, ReadInfo& info,
                                     const std::function<void(Game&&)>& on_game);

}  // namespace gibo
