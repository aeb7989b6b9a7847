// The commands' side of writing: the audience, standard output and error, the archive's protection (outputs.h).
#include "outputs.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "gibo/archive/archive.h"

#include "command.h"

namespace gibo::cli {
namespace {

Audience& output_audience() {
  static Audience audience = Audience::People;
  return audience;
}

// Standard output's buffer once checked_standard_output() installed it (else nullptr).
WriteBuffer*& standard_output_buffer() {
  static WriteBuffer* buffer = nullptr;
  return buffer;
}

}  // namespace

void ProtectedFiles::add_archive(const std::string& db) {
  if (!archive::is_server_archive(db)) add_archive_files(db);  // no file of a server's archive here
}

std::optional<Error> OutputFile::open(const std::string& path) {
  return gibo::OutputFile::open(path, output_audience() == Audience::People);
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

void checked_standard_output() {
  if (standard_output_buffer()) return;
  // Never destroyed: the library flushes std::cout after static objects are gone.
  auto* buffer = new WriteBuffer(STDOUT_FILENO, false);
  buffer->make_visible(output_audience() == Audience::People);
  standard_output_buffer() = buffer;
  std::cout.rdbuf(buffer);
  // On a terminal every output is seen at once, as a line-buffered stdout would show it.
  if (::isatty(STDOUT_FILENO)) std::cout << std::unitbuf;
}

void set_output_audience(Audience audience) {
  output_audience() = audience;
  std::cout.flush();
  if (WriteBuffer* b = standard_output_buffer()) b->make_visible(audience == Audience::People);
}

void set_output_audience_for(const std::string& format) {
  set_output_audience(format == "json" || format == "jsonl" || format == "csv" ? Audience::Programs : Audience::People);
}

void visible_standard_error() {
  static WriteBuffer* buffer = nullptr;
  if (buffer) return;
  // Never destroyed, as standard output's; unit-buffered as std::cerr always is.
  buffer = new WriteBuffer(STDERR_FILENO, false);
  buffer->make_visible();
  std::cerr.rdbuf(buffer);
  std::cerr << std::unitbuf;
}

std::ostream& terminal_control() {
  static std::ostream* stream = [] {
    auto* raw = new std::ostream(new WriteBuffer(STDERR_FILENO, false));
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
  if (WriteBuffer* b = standard_output_buffer(); b && b->error()) e = b->error();
  if (stream_ok && flushed && !std::ferror(stdout) && !(standard_output_buffer() && standard_output_buffer()->error()))
    return true;
  if (!reported)
    std::cerr << "gibo " << command << ": standard output: write error"
              << (e ? std::string(": ") + std::strerror(e) : std::string()) << "\n";
  reported = true;
  return false;
}

void report_write_loss(const Game& game, const WriteLoss& loss, const WriteOptions& options) {
  for (const Diagnostic& d : write_loss_warnings(game, loss, options)) std::cerr << format_diagnostic(d) << "\n";
}

}  // namespace gibo::cli
