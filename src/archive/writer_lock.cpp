// WriterLock: the exclusive flock on DB-lock that lets one import write an archive (writer_lock.h).
#include "writer_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace gibo::archive {

WriterLock::~WriterLock() { release(); }

std::string WriterLock::path_for(const std::string& db) { return db + "-lock"; }

std::optional<Error> WriterLock::acquire(const std::string& db) {
  release();
  const std::string path = path_for(db);
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return Error{db + ": cannot create the lock file " + path + ": " + std::strerror(errno)};
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int e = errno;
      ::close(fd);
      return Error{e == EWOULDBLOCK ? db + ": archive busy: another import is writing it"
                                    : db + ": cannot lock " + path + ": " + std::strerror(e)};
    }
    // The file locked must still be the one at `path` (a releasing holder unlinks it).
    struct stat held {}, now {};
    if (::fstat(fd, &held) == 0 && ::stat(path.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
        held.st_ino == now.st_ino) {
      fd_ = fd;
      path_ = path;
      return std::nullopt;
    }
    ::close(fd);
  }
  return Error{db + ": cannot lock " + path + ": it keeps being replaced"};
}

void WriterLock::release() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());  // while still held: a taker of the old file sees it is gone
  ::close(fd_);
  fd_ = -1;
}

}  // namespace gibo::archive
