// The one check that no output overwrites a file a command reads (formats/file/README.md,
// "Protected files"): an input, or an archive's database file and its -wal, -shm, -journal
// and -lock companions. Also when the output reaches that file through a symlink, a hard
// link or a `./..` path: files are compared by device and inode, missing ones by their
// canonical path.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <vector>

#include "gibo/core/expected.h"

namespace gibo {

class ProtectedFiles {
 public:
  // A file read as input ("-", standard input, is ignored).
  void add_input(const std::string& path);
  // An archive's files: the database file `db` and its companions (kArchiveCompanions).
  void add_archive_files(const std::string& db);
  // Why writing `output` would destroy a protected file ("refusing to overwrite the input
  // X with the output Y"), or nothing when it would not.
  std::optional<Error> conflict(const std::string& output) const;
  // Why writing the archive `db` (its file or a companion) would destroy a protected file.
  std::optional<Error> archive_conflict(const std::string& db) const;

 private:
  struct Entry {
    std::string path;
    std::string role;  // "input", "archive"
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
    std::string canonical;
  };
  void add(const std::string& path, const std::string& shown, const std::string& role);
  std::vector<Entry> entries_;
};

// The suffixes of the files beside an SQLite archive's database file.
inline constexpr const char* kArchiveCompanions[] = {"-wal", "-shm", "-journal", "-lock"};

}  // namespace gibo
