// Opening an archive file that exists, for readers (internal to src/archive).
#pragma once

#include <string>

#include "sql.h"

namespace gibo::archive {

// Opens the existing archive at `path` without creating or changing it: read-write when
// this process may write the file and create the -wal and -shm beside it (a reader
// beside a running import must share them), else read-only, and where SQLite cannot
// have the -shm file, as immutable (nobody can be writing a file no one may write). Sets
// the busy timeout. An Error ("PATH: cannot open: ...") on failure. The schema is not
// checked here.
std::optional<Error> open_existing_archive(const std::string& path, sql::Connection& db);

}  // namespace gibo::archive
