// Sorted runs of position index rows kept while an index update is built (internal to
// src/archive): in a temporary file, or in memory when they fit one batch.
#pragma once

#include <algorithm>
#include <cstdio>
#include <span>
#include <vector>

#include "position_rows.h"

namespace gibo::archive::positions {

// Games whose rows an index update holds in memory and sorts at a time, into runs (about
// 100 MB of rows): the update reading stored games reads that many at a time, an import's
// feed (index_feed.h) holds that many before it sorts them.
inline constexpr std::size_t kGamesPerBatch = 50000;

// Rows in row_less order: in a temporary file (removed when closed), or, for an update
// that holds its rows in one batch (as an import's usually does), kept in memory, where
// they already are (the memory bound is the batch's either way).
class RunFile {
 public:
  explicit RunFile(bool in_memory) : file_(in_memory ? nullptr : std::tmpfile()), in_memory_(in_memory) {}
  ~RunFile() {
    if (file_) std::fclose(file_);
  }
  RunFile(const RunFile&) = delete;
  RunFile& operator=(const RunFile&) = delete;
  bool ok() const { return in_memory_ || file_ != nullptr; }
  // Takes the rows (`rows` is left empty) and counts them.
  bool write(std::vector<Row>& rows) {
    this->rows += static_cast<std::int64_t>(rows.size());
    if (in_memory_) {
      memory_ = std::move(rows);
      rows.clear();
      return true;
    }
    const bool written = rows.empty() || std::fwrite(rows.data(), sizeof(Row), rows.size(), file_) == rows.size();
    rows.clear();
    return written;
  }
  bool rewind() {
    at_ = 0;
    return in_memory_ || std::fseek(file_, 0, SEEK_SET) == 0;
  }
  std::int64_t rows = 0;  // rows written
  // The rows of a run kept in memory (nothing for a file's).
  std::span<const Row> in_memory() const { return in_memory_ ? std::span<const Row>(memory_) : std::span<const Row>(); }
  // Reads up to `n` rows into `out`; how many.
  std::size_t read(Row* out, std::size_t n) {
    if (!in_memory_) return std::fread(out, sizeof(Row), n, file_);
    const std::size_t k = std::min(n, memory_.size() - at_);
    std::copy_n(memory_.begin() + static_cast<std::ptrdiff_t>(at_), k, out);
    at_ += k;
    return k;
  }

 private:
  std::FILE* file_;
  bool in_memory_;
  std::vector<Row> memory_;
  std::size_t at_ = 0;
};

}  // namespace gibo::archive::positions
