// An output file complete or absent: a temporary renamed into place (output_file.h).
#include "gibo/formats/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace gibo {
namespace fs = std::filesystem;

OutputFile::OutputFile() = default;
OutputFile::~OutputFile() { discard(); }

void OutputFile::discard() {
  stream_.reset();
  buffer_.reset();  // closes the descriptor
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
  open_ = false;
}

void OutputFile::attach(int fd, bool visible) {
  buffer_ = std::make_unique<WriteBuffer>(fd);
  buffer_->make_visible(visible);
  stream_ = std::make_unique<std::ostream>(buffer_.get());
  open_ = true;
}

std::optional<Error> OutputFile::open(const std::string& path, bool visible) {
  discard();
  path_ = path;
  std::error_code ec;
  target_ = fs::is_symlink(path, ec) ? fs::weakly_canonical(path, ec).string() : path;
  if (ec) target_ = path;
  struct stat existing {};
  const bool exists = ::stat(target_.c_str(), &existing) == 0;
  if (exists && S_ISDIR(existing.st_mode)) return Error{path + ": cannot create: it is a directory"};
  if (exists && !S_ISREG(existing.st_mode)) {
    // A device or a pipe (/dev/null, a FIFO) is written as it is: nothing to replace.
    const int fd = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) return Error{path + ": cannot open: " + std::strerror(errno)};
    attach(fd, visible);
    return std::nullopt;
  }
  const fs::path target(target_);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  std::string base = ".";
  base += target.filename().string();
  base += ".gibo-XXXXXX";
  std::string name = (dir / base).string();
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return Error{path + ": cannot create: " + std::strerror(errno)};
  temporary_ = name;
  // The mode a plain create would give (or the replaced file's), not mkstemp's 0600.
  mode_t mode;
  if (exists) {
    mode = existing.st_mode & 07777;
  } else {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  ::fchmod(fd, mode);
  attach(fd, visible);
  return std::nullopt;
}

std::ostream& OutputFile::stream() { return *stream_; }

std::optional<Error> OutputFile::commit() {
  if (!open_) return Error{path_ + ": not open"};
  stream_->flush();
  const bool written = buffer_->close();
  if (!written || !*stream_) {
    const int e = buffer_->error();
    Error error{path_ + ": write error: " + (e ? std::strerror(e) : "the output stream failed")};
    discard();
    return error;
  }
  if (temporary_.empty()) {  // written in place (a device or a pipe)
    discard();
    return std::nullopt;
  }
  if (std::rename(temporary_.c_str(), target_.c_str()) != 0) {
    Error error{path_ + ": cannot write: " + std::strerror(errno)};
    discard();
    return error;
  }
  temporary_.clear();
  discard();
  return std::nullopt;
}

}  // namespace gibo
