// The progress line on standard error, drawn on a terminal only (validate, analyze): it is
// cleared before any other line is written, so that it never garbles one, and at the end.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gibo/formats/input_files.h"

namespace gibo::cli {

class Progress {
 public:
  Progress();  // shown when standard error is a terminal
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  bool shown() const { return shown_; }
  // Writes `text` on standard output (or standard error), the progress line cleared first
  // (the next draw() puts it back below).
  void write(const std::string& text);
  void write_error(const std::string& text);
  // Redraws the line as `text` (on a terminal; else nothing).
  void draw(const std::string& text);

 private:
  void clear();
  bool shown_;
  bool drawn_ = false;
};

// "1:05:09", "4:07", "0:09": a duration in seconds for an ETA.
std::string clock_text(double seconds);

// A run's progress line: "12/84 games, ETA 6:05" after `done` of `total` games (nullopt:
// unknown, then no total and no ETA) in `seconds`; `rate` (if not empty) is put after the
// count: "12/84 games, 41.3 positions/s, ETA 6:05".
std::string games_progress_text(long done, std::optional<long> total, double seconds, const std::string& rate = "");

// The number of games a run's inputs hold, for its ETA, learnt as the files are read (each
// once): the games of the files read so far, and for the others an estimate from their
// sizes at the games per byte of those read; exact once every file is read. Unknown
// (nullopt) before the first file is read and while a file of unknown size (standard input,
// a pipe) is still to be read.
class GamesTotal {
 public:
  explicit GamesTotal(const std::vector<InputFile>& files);
  // `file` (one of the files) holds `games` games.
  void file_read(const InputFile& file, std::size_t games);
  // Games known from elsewhere (an archive's selection).
  void add(std::size_t games) { known_ += static_cast<long>(games); }
  std::optional<long> value() const;

 private:
  long known_ = 0;
  std::int64_t bytes_read_ = 0, bytes_left_ = 0;
  long unknown_size_left_ = 0, files_left_ = 0;
};

}  // namespace gibo::cli
