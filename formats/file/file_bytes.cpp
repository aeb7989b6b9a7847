// read_file_bytes and why_unusable (gibo/formats/file_bytes.h): the one whole-file reader.
#include "gibo/formats/file_bytes.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

Expected<FileBytes> read_file_bytes(const std::string& path, std::int64_t known_size) {
  const bool standard_input = path == "-";
  const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Error{"cannot open: " + why_unusable(path, errno)};
  auto close_fd = [&] {
    if (!standard_input) ::close(fd);
  };
  std::int64_t size = known_size;  // a regular file's size, or -1 (a pipe, a device)
  if (size < 0) {
    struct stat st {};
    if (::fstat(fd, &st) == 0) {
      if (S_ISDIR(st.st_mode)) {
        close_fd();
        return Error{"is a directory, not a game file"};
      }
      if (S_ISREG(st.st_mode)) size = static_cast<std::int64_t>(st.st_size);
    }
  }
  // One allocation when the size is known (and one byte more, so that the end shows in
  // the same read); the buffer doubles if more comes (a file that grows while it is
  // read, or a pipe).
  FileBytes bytes;
  std::size_t capacity = size >= 0 ? static_cast<std::size_t>(size) + 1 : std::size_t{1} << 16;
  bytes.data.reset(new char[capacity]);
  for (;;) {
    if (bytes.size == capacity) {
      std::unique_ptr<char[]> bigger(new char[capacity * 2]);
      std::memcpy(bigger.get(), bytes.data.get(), bytes.size);
      bytes.data = std::move(bigger);
      capacity *= 2;
    }
    const ssize_t n = ::read(fd, bytes.data.get() + bytes.size, capacity - bytes.size);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      Error error{"read error: " + why_unusable(path, errno)};
      close_fd();
      return error;
    }
    if (n == 0) break;
    bytes.size += static_cast<std::size_t>(n);
  }
  close_fd();
  return bytes;
}

}  // namespace gibo
