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

// Reads the whole of `path` ("-": standard input), or says why not, without repeating the
// path: "cannot open: permission denied", "is a directory, not a game file", "read error:
// input/output error". `known_size` >= 0: the caller found a regular file of that size
// (a directory search), so the file is not examined again; a file that has grown since
// is still read whole.
Expected<FileBytes> read_file_bytes(const std::string& path, std::int64_t known_size = -1);

}  // namespace gibo
