// An archive copied whole to another, between backends or within one (gibo copy):
// every table, rows as they are (ids, texts, blobs, NULLs), the position index with them.
//
// Guarantees:
// * Lossless: the copy holds the same rows; every reading command gives the same output
//   from either (export byte for byte).
// * Never half-written unnoticed, and resumable: rows go in batches, each one
//   transaction, in each table's key order, and the copy is marked in progress (meta
//   'copying_from', the source's name) until its last transaction, which writes the
//   bookkeeping tables (meta, position_meta) and removes the mark. The same copy run
//   again continues after the last batch it committed; another source into a copy in
//   progress, or any copy into an archive that holds games, is refused.
// * The source is read in one snapshot and never written; it must be at this gibo's
//   schema version (an older archive is upgraded by opening it for writing first) and
//   not a copy in progress itself.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gibo/core/expected.h"

namespace gibo::archive {

struct CopySummary {
  std::vector<std::pair<std::string, std::int64_t>> tables;  // rows copied by this run, per table
  std::int64_t rows = 0;  // their sum
  bool resumed = false;   // this run continued a copy in progress
  double seconds = 0;
};

// Copies the archive `from` into `to` (each a SQLite path or a PostgreSQL connection
// string: archive.h is_server_archive); `on_table` is told each table as it is done.
std::optional<Error> copy_archive(const std::string& from, const std::string& to, CopySummary& summary,
                                  const std::function<void(const std::string& table, std::int64_t rows)>& on_table = {});

}  // namespace gibo::archive
