// The position index's tables on one connection (internal to src/archive): where they
// are, their bookkeeping and their segments, shared by the index's build
// (position_index_build.cpp) and its queries (position_index.cpp).
//
// Tables (README "Position index"), in the archive or, for a read-only archive, in the
// connection's temporary schema (in memory on SQLite):
//   position_meta(key, value)                     'format' (fingerprint), 'through' (last game id
//                                                 indexed), 'games' (games indexed)
//   position_segments(id, first_game, last_game, rows)
//   position_blocks(segment, first_key, part, data)  rows packed as position_rows.h says
//   position_games(block, data)                   the games' facts (position_facts.h)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gibo/core/expected.h"
#include "sql.h"

namespace gibo::archive {

// The fingerprint of the key function: the format version and the key of the default
// start position. An index written under another one is rebuilt.
std::string index_fingerprint();

struct IndexTables {
  sql::Connection db;
  bool writable = false;  // the archive's own index may be written
  bool memory = false;    // the index is built in the connection's temporary schema
  std::string main;    // the archive's schema ("main." on SQLite: dialect.h schema_prefix)
  std::string prefix;  // where the index tables are: `main`, or the temporary schema
  // The games indexed, as a table expression: the archive's games, its copies (schema
  // version 9 on: games rows naming their game) left out.
  std::string games;

  struct Segment {
    std::int64_t id = 0, rows = 0;
    std::uint32_t first_game = 0;
  };

  // `what` failed, with the backend's message for the connection's latest failure.
  Error fail(const std::string& what) const { return Error{what + ": " + db.current_error()}; }
  // A block of the index does not decode.
  static Error damaged() { return Error{"the position index is damaged (a block does not decode)"}; }
  std::string table(const char* name) const { return prefix + name; }

  bool has_tables();
  // position_meta's value of `key` ("" when none).
  std::string meta(const std::string& key);
  std::optional<Error> set_meta(const std::string& key, const std::string& value);
  // Is the index in `prefix` complete for the games stored now?
  bool current();
  std::optional<Error> create_tables();
  // The segments, oldest games first.
  Expected<std::vector<Segment>> segments();
};

}  // namespace gibo::archive
