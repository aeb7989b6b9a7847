// The game files that paths name (formats/file/README.md "Finding the game files"): files
// as given, directories searched recursively, "-" for standard input.
//
// Policy: nothing is skipped silently. A path that cannot be used is reported with its
// real cause (no such file, permission denied, a symbolic link that loops or leads
// nowhere, a directory that cannot be listed). Inside a directory, game files are found
// by their content, not their name: a file named as a game file (format_of_name: .gib,
// .pgn, .json, .jsonl, .fen, .uci, any case) is taken; any other regular file (.txt, no
// extension) is sniffed and taken when it holds a format gibo reads, else listed as not a
// game file. Symbolic links to directories inside a searched directory are not followed
// (so a link back to an ancestor cannot loop); a directory given by a link is.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gibo {

struct InputFile {
  std::string path;        // "-" = standard input
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
// and sorted, and lists the other files in `not_game_files`; a file named is taken as it
// is (its content is judged when it is read). Paths that cannot be used are reported in
// `errors`.
std::vector<InputFile> expand_inputs(const std::vector<std::string>& paths, std::vector<InputError>& errors,
                                     std::vector<NotGameFile>& not_game_files);

// Does `bytes`, the start of a file (all of it when `whole`), hold a game format gibo
// reads (detect_format)? A JSON document cut short cannot be judged: a prefix that opens
// with '{' or '[' counts as a game file.
bool looks_like_game_file(std::string_view bytes, bool whole);

}  // namespace gibo
