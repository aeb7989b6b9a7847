// One import writes an archive at a time (internal to src/archive).
//
// Policy: an import holds an exclusive flock(2) on `DB-lock`, a file next to the archive,
// from before it reads the archive's sources and game hashes (the state its duplicate
// check relies on) until after its last commit. A second import on the same archive
// does not wait: it stops at once with "archive busy: another import is writing it".
// The kernel drops the lock when the holder dies, so a killed import never leaves the
// archive locked; the lock file is removed on release, and a taker checks that the file
// it locked is still the one at that path (else it retries), so removing it is safe.
#pragma once

#include <optional>
#include <string>

#include "gibo/core/expected.h"

namespace gibo::archive {

class WriterLock {
 public:
  WriterLock() = default;
  ~WriterLock();
  WriterLock(const WriterLock&) = delete;
  WriterLock& operator=(const WriterLock&) = delete;

  // The lock file of archive `db`.
  static std::string path_for(const std::string& db);

  // Takes the lock of archive `db`. An Error when another process holds it ("DB: archive
  // busy: another import is writing it") or the lock file cannot be made.
  std::optional<Error> acquire(const std::string& db);
  // Releases the lock (also done by the destructor).
  void release();

 private:
  int fd_ = -1;
  std::string path_;
};

}  // namespace gibo::archive
