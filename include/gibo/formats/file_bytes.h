// Reading a whole file into memory: the one reader below every command (src/cli) and the
// bulk import (src/archive), so that both name a file they cannot read in the same words.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "gibo/core/expected.h"

namespace gibo {

// A file's bytes, in a buffer that is not zero-filled first (a bulk import reads
// gigabytes; filling them with zeros before reading costs time for nothing).
struct FileBytes {
  std::unique_ptr<char[]> data;
  std::size_t size = 0;
  std::string_view view() const { return {data.get(), size}; }
};

// Why `path` could not be opened or examined, given the errno of the failed call, in
// lower-case words: "no such file or directory", "permission denied", "symbolic link
// loop (too many levels of symbolic links)", "dangling symbolic link to TARGET".
std::string why_unusable(const std::string& path, int error_number);

// What a file is read as, and so the most of it gibo reads (README, "Limits"): an input
// larger than its kind's limit is refused, never read on into memory (a device such as
// /dev/zero, a runaway pipe).
enum class FileKind {
  GameFile,  // records: .gib, PGN, FEN, JSON ... (2 GiB)
  Table,     // a table of the user's: an opening book, an alias table (64 MiB)
};
// The most bytes of a file of `kind` gibo reads.
std::size_t file_limit(FileKind kind);

// Reads the whole of `path` ("-": standard input), or says why not, without repeating the
// path: "cannot open: permission denied", "is a directory, not a game file", "read error:
// input/output error", "is larger than 64 MiB, the most gibo reads of a table".
// `known_size` >= 0: the caller found a regular file of that size (a directory search),
// so the file is not examined again; a file that has grown since is still read whole (up
// to the limit).
Expected<FileBytes> read_file_bytes(const std::string& path, std::int64_t known_size = -1,
                                    FileKind kind = FileKind::GameFile);
// The same from `fd`, already open on `path` (not closed here); `size` as known_size.
Expected<FileBytes> read_open_file(int fd, const std::string& path, std::int64_t size, FileKind kind);

}  // namespace gibo
