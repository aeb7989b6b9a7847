// Building the position index (internal to src/archive; position_index_build.cpp).
#pragma once

#include <functional>
#include <optional>

#include "gibo/archive/position_index.h"
#include "index_tables.h"

namespace gibo::archive {

// Indexes the games of the archive on `tables.db` that the index does not hold yet, with
// `threads` threads, committing once at the end (an interrupted update leaves the index
// as it was); `progress` is called now and then. A read-only archive (neither writable
// nor in memory yet) gets its index built in the connection's temporary database
// (tables.memory, tables.schema "temp"). `feed` (may be null) holds the rows and facts an
// import computed for the games it stored, taken instead of reading those games when
// they are exactly the games after those indexed (index_feed.h).
std::optional<Error> update_index(IndexTables& tables, int threads,
                                  const std::function<void(const IndexProgress&)>& progress, IndexFeed* feed);

}  // namespace gibo::archive
