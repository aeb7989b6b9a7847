// Command outputs: the overwrite check (ProtectedFiles), files renamed into place, stdout errors (outputs.h).
#include "outputs.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <streambuf>

#include "gibo/archive/archive.h"
#include "gibo/formats/visible_text.h"

#include "command.h"

namespace gibo::cli {
namespace fs = std::filesystem;

namespace {

// The canonical form of a path that may not exist yet ("" if it cannot be formed).
std::string canonical_of(const std::string& path) {
  std::error_code ec;
  const fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  return ec ? std::string() : p.string();
}

}  // namespace

// ---- ProtectedFiles -----------------------------------------------------------------

void ProtectedFiles::add(const std::string& path, const std::string& shown, const std::string& role) {
  Entry e;
  e.path = shown;
  e.role = role;
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0) {
    e.exists = true;
    e.dev = st.st_dev;
    e.ino = st.st_ino;
  }
  e.canonical = canonical_of(path);
  entries_.push_back(std::move(e));
}

void ProtectedFiles::add_input(const std::string& path) {
  if (path != "-") add(path, path, "input");
}

void ProtectedFiles::add_archive(const std::string& db) {
  if (archive::is_server_archive(db)) return;  // no file of it here
  add(db, db, "archive");
  for (const char* suffix : {"-wal", "-shm", "-journal", "-lock"}) add(db + suffix, db, "archive");
}

std::optional<Error> ProtectedFiles::conflict(const std::string& output) const {
  if (output.empty() || output == "-") return std::nullopt;
  struct stat st {};
  const bool exists = ::stat(output.c_str(), &st) == 0;
  const std::string canonical = canonical_of(output);
  for (const Entry& e : entries_) {
    const bool same = (exists && e.exists) ? (st.st_dev == e.dev && st.st_ino == e.ino)
                                            : (!canonical.empty() && canonical == e.canonical);
    if (same) return Error{"refusing to overwrite the " + e.role + " " + e.path + " with the output " + output};
  }
  return std::nullopt;
}

// ---- OutputFile -----------------------------------------------------------------------

namespace {

Audience& output_audience() {
  static Audience audience = Audience::People;
  return audience;
}

}  // namespace

// A stream buffer over a file descriptor that remembers the first write error.
class OutputFile::Buffer : public std::streambuf {
 public:
  // `owned`: close() closes the descriptor (standard output's is left open).
  explicit Buffer(int fd, bool owned = true) : fd_(fd), owned_(owned) { setp(data_, data_ + sizeof data_); }
  ~Buffer() override { close(); }

  // From now on, what is written is made visible (text::visible) on its way out, or not.
  void make_visible(bool on = true) {
    if (on && !visible_) visible_.emplace();
    if (!on) visible_.reset();
  }

  // Writes what is buffered; false (and error_ set) on failure.
  bool drain() {
    std::string shown;
    if (visible_) shown = visible_->feed(std::string_view(pbase(), static_cast<std::size_t>(pptr() - pbase())));
    const bool ok = write_all(visible_ ? shown.data() : pbase(),
                              visible_ ? shown.size() : static_cast<std::size_t>(pptr() - pbase()));
    setp(data_, data_ + sizeof data_);
    return ok;
  }

  // Drains and closes the descriptor; false on any failure.
  bool close() {
    if (fd_ < 0) return error_ == 0;
    drain();
    if (visible_) {
      const std::string rest = visible_->finish();
      write_all(rest.data(), rest.size());
    }
    if (owned_ && ::close(fd_) != 0 && error_ == 0) error_ = errno;
    fd_ = -1;
    return error_ == 0;
  }

  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

 private:
  // Writes `size` bytes at `p`; false (and error_ set) on failure.
  bool write_all(const char* p, std::size_t left) {
    while (left > 0 && error_ == 0) {
      const ssize_t n = ::write(fd_, p, left);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        error_ = n < 0 ? errno : EIO;
        break;
      }
      p += n;
      left -= static_cast<std::size_t>(n);
    }
    return error_ == 0;
  }

  int fd_;
  bool owned_ = true;
  int error_ = 0;
  std::optional<text::VisibleFilter> visible_;
  char data_[1 << 16];
};

OutputFile::OutputFile() = default;
OutputFile::~OutputFile() { discard(); }

void OutputFile::discard() {
  stream_.reset();
  buffer_.reset();  // closes the descriptor
  if (!temporary_.empty()) ::unlink(temporary_.c_str());
  temporary_.clear();
  open_ = false;
}

std::optional<Error> OutputFile::open(const std::string& path) {
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
    buffer_ = std::make_unique<Buffer>(fd);
    buffer_->make_visible(output_audience() == Audience::People);
    stream_ = std::make_unique<std::ostream>(buffer_.get());
    open_ = true;
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
  buffer_ = std::make_unique<Buffer>(fd);
  buffer_->make_visible(output_audience() == Audience::People);
  stream_ = std::make_unique<std::ostream>(buffer_.get());
  open_ = true;
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

int write_text_output(const std::string& command, const std::string& output, const std::string& text) {
  if (output.empty() || output == "-") {
    std::cout << text;
    return kExitOk;
  }
  OutputFile out;
  std::optional<Error> error = out.open(output);
  if (!error) {
    out.stream() << text;
    error = out.commit();
  }
  if (!error) return kExitOk;
  std::cerr << "gibo " << command << ": " << error->message << "\n";
  return kExitIo;
}

// ---- standard output ------------------------------------------------------------------

namespace {

// Standard output's buffer once checked_standard_output() installed it (else nullptr).
OutputFile::Buffer*& standard_output_buffer() {
  static OutputFile::Buffer* buffer = nullptr;
  return buffer;
}

}  // namespace

void checked_standard_output() {
  if (standard_output_buffer()) return;
  // Never destroyed: the library flushes std::cout after static objects are gone.
  auto* buffer = new OutputFile::Buffer(STDOUT_FILENO, false);
  buffer->make_visible(output_audience() == Audience::People);
  standard_output_buffer() = buffer;
  std::cout.rdbuf(buffer);
  // On a terminal every output is seen at once, as a line-buffered stdout would show it.
  if (::isatty(STDOUT_FILENO)) std::cout << std::unitbuf;
}

void set_output_audience(Audience audience) {
  output_audience() = audience;
  std::cout.flush();
  if (OutputFile::Buffer* b = standard_output_buffer()) b->make_visible(audience == Audience::People);
}

void set_output_audience_for(const std::string& format) {
  set_output_audience(format == "json" || format == "jsonl" || format == "csv" ? Audience::Programs : Audience::People);
}

void visible_standard_error() {
  static OutputFile::Buffer* buffer = nullptr;
  if (buffer) return;
  // Never destroyed, as standard output's; unit-buffered as std::cerr always is.
  buffer = new OutputFile::Buffer(STDERR_FILENO, false);
  buffer->make_visible();
  std::cerr.rdbuf(buffer);
  std::cerr << std::unitbuf;
}

std::ostream& terminal_control() {
  static std::ostream* stream = [] {
    auto* raw = new std::ostream(new OutputFile::Buffer(STDERR_FILENO, false));
    *raw << std::unitbuf;
    return raw;
  }();
  std::cerr.flush();
  return *stream;
}

bool flush_standard_output(const std::string& command) {
  static bool reported = false;
  errno = 0;
  std::cout.flush();
  const bool stream_ok = static_cast<bool>(std::cout);
  const bool flushed = std::fflush(stdout) == 0;
  int e = errno;
  if (OutputFile::Buffer* b = standard_output_buffer(); b && b->error()) e = b->error();
  if (stream_ok && flushed && !std::ferror(stdout) && !(standard_output_buffer() && standard_output_buffer()->error()))
    return true;
  if (!reported)
    std::cerr << "gibo " << command << ": standard output: write error"
              << (e ? std::string(": ") + std::strerror(e) : std::string()) << "\n";
  reported = true;
  return false;
}

void report_write_loss(const Game& game, const WriteLoss& loss, const WriteOptions& options) {
  auto warn = [&](const char* code, std::string message) {
    Diagnostic d;
    d.code = code;
    d.severity = Severity::Warning;
    d.file = game.source.file;
    d.line = game.source.line;
    d.game = game.source.game_index;
    d.message = std::move(message);
    std::cerr << format_diagnostic(d) << "\n";
  };
  if (loss.unencodable > 0) {
    const bool gib = options.format == Format::Gib;
    warn("unencodable-text", std::to_string(loss.unencodable) + " character" + (loss.unencodable == 1 ? "" : "s") +
                                 " cannot be written in " +
                                 std::string(text::encoding_name(gib ? options.gib_encoding : text::Encoding::Utf8)) +
                                 "; written as '?'");
  }
  if (loss.renamed_tags > 0)
    warn("renamed-tag", std::to_string(loss.renamed_tags) + " tag name" + (loss.renamed_tags == 1 ? "" : "s") +
                            " cannot stand in a tag line as written (space, quote, bracket, backslash or control "
                            "character); written with '_' in their place");
}

}  // namespace gibo::cli
