// The import's progress reports (ImportCallbacks::on_progress): about every 100 ms, from
// the writer thread; the clock is read only every 64th call, off the import's hot path.
#pragma once

#include <chrono>
#include <cstddef>

#include "gibo/archive/import.h"

namespace gibo::archive {

class ImportProgressClock {
 public:
  using Clock = std::chrono::steady_clock;
  ImportProgressClock(const ImportCallbacks& callbacks, Clock::time_point start)
      : callbacks_(callbacks), start_(start) {}

  // Reports `files_done` of `files_total` files and the summary's counts so far when
  // 100 ms passed since the last report, or at once when `force`.
  void tick(bool force, std::size_t files_done, std::size_t files_total, const ImportSummary& summary) {
    if (!callbacks_.on_progress) return;
    if (!force && (++tick_ & 63)) return;
    const auto now = Clock::now();
    if (!force && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    ImportProgress p;
    p.files_done = files_done;
    p.files_total = files_total;
    p.games = summary.games;
    p.added = summary.added;
    p.duplicates = summary.duplicates;
    p.invalid = summary.invalid;
    p.seconds = std::chrono::duration<double>(now - start_).count();
    callbacks_.on_progress(p);
  }

 private:
  const ImportCallbacks& callbacks_;
  Clock::time_point start_, last_;
  unsigned tick_ = 0;
};

}  // namespace gibo::archive
