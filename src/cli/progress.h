// The progress line on standard error, drawn on a terminal only (validate, analyze): it is
// cleared before any other line is written, so that it never garbles one, and at the end.
#pragma once

#include <optional>
#include <string>

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

}  // namespace gibo::cli
