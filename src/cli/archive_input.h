// The one way a command opens an archive it reads (--db of export, stats, rescore,
// explore, search, analyze, serve): a missing or unreadable file is refused as an
// unreadable input is ("PATH: error[io]: no such file or directory", exit status 3),
// and never created. Only `gibo import` creates an archive.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "gibo/archive/archive.h"
#include "inputs.h"

namespace gibo::cli {

// Why the archive `path` cannot be read, in the words an unreadable input gets ("no such
// file or directory", "permission denied", "is a directory, not an archive"); nullopt when
// it is a file this process may read. Creates nothing.
std::optional<InputError> unreadable_archive(const std::string& path);

// Refuses an archive unreadable_archive rejects: prints its InputError line on standard
// error and returns kExitIo; nullopt when the file may be opened.
std::optional<int> refuse_unreadable_archive(const std::string& path);

// Opens the existing archive `path` for `command` (ReadWrite only for a command that
// stores into it, as rescore stores verdicts; the file is never created). On failure
// prints why ("PATH: error[io]: ..." for a missing or unreadable file, "gibo COMMAND:
// ..." when SQLite refuses it) and returns nullptr; the exit status is then kExitIo.
std::unique_ptr<archive::Archive> open_archive(const std::string& command, const std::string& path,
                                               archive::OpenMode mode = archive::OpenMode::ReadOnly);

}  // namespace gibo::cli
