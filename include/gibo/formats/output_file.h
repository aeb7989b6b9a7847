// Writing an output file (formats/file/README.md, "Writing"): complete or absent. An
// OutputFile is written under a temporary name in its directory and renamed over the target
// only when every byte was written; on failure the temporary is removed and the error says
// why ("PATH: write error: REASON"), which a command reports with exit 3. WriteBuffer is the
// stream buffer under it (and under a command's standard output): a file descriptor that
// remembers the first write error, and can make control characters visible on their way out.
#pragma once

#include <memory>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>

#include "gibo/core/expected.h"
#include "gibo/formats/visible_text.h"

namespace gibo {

// A stream buffer over a file descriptor that remembers the first write error.
class WriteBuffer : public std::streambuf {
 public:
  // `owned`: close() closes the descriptor (standard output's is left open).
  explicit WriteBuffer(int fd, bool owned = true) : fd_(fd), owned_(owned) { setp(data_, data_ + sizeof data_); }
  ~WriteBuffer() override { close(); }
  WriteBuffer(const WriteBuffer&) = delete;
  WriteBuffer& operator=(const WriteBuffer&) = delete;

  // From now on, what is written is made visible (text::visible) on its way out, or not.
  void make_visible(bool on = true);
  // Writes what is buffered; false (and error() set) on failure.
  bool drain();
  // Drains and closes the descriptor; false on any failure.
  bool close();
  // The errno of the first failed write (0: none).
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  int sync() override { return drain() ? 0 : -1; }

 private:
  bool write_all(const char* p, std::size_t left);
  int fd_;
  bool owned_ = true;
  int error_ = 0;
  std::optional<text::VisibleFilter> visible_;
  char data_[1 << 16];
};

// An output file written under a temporary name and renamed into place by commit().
// Destroying it uncommitted removes the temporary, so a failed output leaves no file
// (and an existing target untouched).
class OutputFile {
 public:
  OutputFile();
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Creates the temporary next to `path` (a symlink is followed: its target is
  // replaced). A device or a pipe (`-o /dev/null`) is written in place instead. `visible`:
  // control characters are made visible (an output for people). An Error ("PATH: cannot
  // create: REASON") on failure.
  std::optional<Error> open(const std::string& path, bool visible);
  // The stream to write to (valid after a successful open).
  std::ostream& stream();
  // Flushes, closes and renames the temporary over the target. An Error ("PATH: write
  // error: REASON") on failure; the temporary is then removed.
  std::optional<Error> commit();
  const std::string& path() const { return path_; }

 private:
  void discard();
  void attach(int fd, bool visible);
  std::string path_, target_, temporary_;
  std::unique_ptr<WriteBuffer> buffer_;
  std::unique_ptr<std::ostream> stream_;
  bool open_ = false;
};

}  // namespace gibo
