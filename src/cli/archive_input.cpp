// Opening the archive a command reads, refusing a missing one as an unreadable input (archive_input.h).
#include "archive_input.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>

#include "command.h"
#include "gibo/formats/file_bytes.h"

namespace gibo::cli {

std::optional<InputError> unreadable_archive(const std::string& path) {
  if (archive::is_server_archive(path)) return std::nullopt;  // the server says, when connecting
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return InputError{path, why_unusable(path, errno)};
  if (S_ISDIR(st.st_mode)) return InputError{path, "is a directory, not an archive"};
  if (::access(path.c_str(), R_OK) != 0) return InputError{path, why_unusable(path, errno)};
  return std::nullopt;
}

std::optional<int> refuse_unreadable_archive(const std::string& path) {
  const auto why = unreadable_archive(path);
  if (!why) return std::nullopt;
  std::cerr << why->text() << "\n";
  return kExitIo;
}

std::unique_ptr<archive::Archive> open_archive(const std::string& command, const std::string& path,
                                               archive::OpenMode mode) {
  if (refuse_unreadable_archive(path)) return nullptr;
  auto opened = archive::Archive::open(path, mode);
  if (!opened) {
    std::cerr << "gibo " << command << ": " << opened.error().message << "\n";
    return nullptr;
  }
  return std::move(*opened);
}

}  // namespace gibo::cli
