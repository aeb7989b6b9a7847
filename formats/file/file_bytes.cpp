// read_file_bytes and why_unusable (gibo/formats/file_bytes.h): the one whole-file reader.
#include "gibo/formats/file_bytes.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace gibo {

std::string why_unusable(const std::string& path, int error_number) {
  struct stat lst {};
  if (error_number == ENOENT && ::lstat(path.c_str(), &lst) == 0 && S_ISLNK(lst.st_mode)) {
    std::error_code ec;
    const std::filesystem::path target = std::filesystem::read_symlink(path, ec);
    return "dangling symbolic link" + (ec ? std::string() : " to " + target.string());
  }
  if (error_number == ELOOP) return "symbolic link loop (too many levels of symbolic links)";
  std::string s = std::strerror(error_number);
  if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

namespace {

const char* kind_name(FileKind kind) { return kind == FileKind::GameFile ? "a game file" : "a table"; }

Error too_large(FileKind kind) {
  return Error{"is larger than " + std::to_string(file_limit(kind) >> 20) + " MiB, the most gibo reads of " +
               kind_name(kind)};
}

}  // namespace

std::size_t file_limit(FileKind kind) {
  return kind == FileKind::GameFile ? std::size_t{2} << 30 : std::size_t{64} << 20;
}

Expected<FileBytes> read_file_bytes(const std::string& path, std::int64_t known_size, FileKind kind) {
  const bool standard_input = path == "-";
  const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error{"cannot open: " + why_unusable(path, errno)};
  Expected<FileBytes> bytes = read_open_file(fd, path, known_size, kind);
  if (!standard_input) ::close(fd);
  return bytes;
}

Expected<FileBytes> read_open_file(int fd, const std::string& path, std::int64_t known_size, FileKind kind) {
  const std::size_t limit = file_limit(kind);
  std::int64_t size = known_size;  // a regular file's size, or -1 (a pipe, a device)
  if (size < 0) {
    struct stat st {};
    if (::fstat(fd, &st) == 0) {
      if (S_ISDIR(st.st_mode)) return Error{std::string("is a directory, not ") + kind_name(kind)};
      if (S_ISREG(st.st_mode)) size = static_cast<std::int64_t>(st.st_size);
    }
  }
  if (size > static_cast<std::int64_t>(limit)) return too_large(kind);
  // One allocation when the size is known (and one byte more, so that the end shows in
  // the same read); the buffer doubles if more comes (a file that grows while it is
  // read, or a pipe), up to the limit and one byte.
  FileBytes bytes;
  std::size_t capacity = size >= 0 ? static_cast<std::size_t>(size) + 1 : std::size_t{1} << 16;
  bytes.data.reset(new char[capacity]);
  for (;;) {
    if (bytes.size == capacity) {
      if (capacity > limit) return too_large(kind);
      const std::size_t larger = std::min(capacity * 2, limit + 1);
      std::unique_ptr<char[]> bigger(new char[larger]);
      std::memcpy(bigger.get(), bytes.data.get(), bytes.size);
      bytes.data = std::move(bigger);
      capacity = larger;
    }
    const ssize_t n = ::read(fd, bytes.data.get() + bytes.size, capacity - bytes.size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Error{"read error: " + why_unusable(path, errno)};
    if (n == 0) break;
    bytes.size += static_cast<std::size_t>(n);
  }
  if (bytes.size > limit) return too_large(kind);
  return bytes;
}

}  // namespace gibo
