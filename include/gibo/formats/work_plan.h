// Work planning for the runs that read many files in worker threads (ValidateRun, used
// with ordered_parallel, gibo/core/ordered_parallel.h): how the input files are cut into
// shares of work.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace gibo {

// One share of the work, of one of two kinds:
// * a batch of whole files, files [first, end) (parts == 1);
// * part `part` of `parts` of one big file, file `first` (parts > 1, end == first + 1);
//   the parts of one file follow each other, and each reads its own slice of the games.
struct WorkUnit {
  std::size_t first = 0, end = 0;
  int part = 0, parts = 1;
  bool split() const { return parts > 1; }
};

// Files at least this large are split into parts of about this size when jobs > 1;
// smaller ones are handed out in batches of about this size (at most kBatchFiles files),
// so that the threads do not hand over every few kilobytes.
constexpr std::int64_t kPartBytes = 128 * 1024;
constexpr std::size_t kBatchFiles = 64;

// Plans the work for files of `sizes` bytes (-1: not known, e.g. standard input or a pipe:
// never split, a batch of its own weight 0) with `jobs` threads. Every file is in exactly
// one batch or in the consecutive parts of one split file, in input order; with jobs <= 1
// nothing is split. A big file has size / kPartBytes parts, at most 8 per thread. No
// files: no work.
inline std::vector<WorkUnit> plan_work(const std::vector<std::int64_t>& sizes, int jobs) {
  std::vector<WorkUnit> units;
  std::int64_t batch_bytes = 0;
  for (std::size_t f = 0; f < sizes.size(); ++f) {
    const std::int64_t size = std::max<std::int64_t>(sizes[f], 0);
    const int parts = jobs > 1 && sizes[f] >= 0
                          ? static_cast<int>(std::clamp<std::int64_t>(size / kPartBytes, 1, 8 * std::int64_t{jobs}))
                          : 1;
    if (parts == 1 && !units.empty() && !units.back().split() && batch_bytes + size <= kPartBytes &&
        units.back().end - units.back().first < kBatchFiles) {
      units.back().end = f + 1;  // joins the batch
      batch_bytes += size;
      continue;
    }
    for (int p = 0; p < parts; ++p) units.push_back({f, f + 1, p, parts});
    batch_bytes = size;
  }
  return units;
}

}  // namespace gibo
