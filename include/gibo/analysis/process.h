// A child process spoken to by lines over pipes (the engine driver's transport). POSIX only.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "gibo/core/expected.h"

namespace gibo::analysis {

// Where an executable would be run from: `name` itself if it holds a '/', else the first
// PATH directory holding an executable `name`, then Debian's /usr/games (where the
// fairy-stockfish package installs it; root's PATH does not list it). Empty if none.
std::string find_executable(const std::string& name);

class Process {
 public:
  enum class Read { Line, Eof, Timeout };

  // Starts argv[0] (looked up with find_executable) with stdin/stdout piped; its stderr
  // goes to /dev/null. An Error when it cannot be started.
  static Expected<std::unique_ptr<Process>> spawn(const std::vector<std::string>& argv);
  ~Process();  // kills and reaps the child if it still runs
  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;

  // Writes `line` and a newline. False if the child no longer reads (pipe closed).
  bool write_line(const std::string& line);
  // The next line (without its newline, a trailing '\r' removed) into `line`, waiting at
  // most `timeout_ms` milliseconds in all (< 0: no limit).
  Read read_line(std::string& line, int timeout_ms);
  // Ends the child (SIGKILL) and reaps it. Safe to call twice.
  void kill();

 private:
  Process() = default;
  int pid_ = -1, to_child_ = -1, from_child_ = -1;
  std::string buffer_;
  bool eof_ = false;
};

}  // namespace gibo::analysis
