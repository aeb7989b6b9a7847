// The position index's per-game facts (internal to src/archive): what a game's row of
// `position_games` holds, how it is packed, and how an update computes it from the
// columns a game is stored with (index_feed.h and position_index_build.cpp both do).
//
// position_games(block, data): kFactsPerBlock games a row, game `id` at block
// id / kFactsPerBlock, kFactBytes bytes at offset (id % kFactsPerBlock) * kFactBytes:
//   u32 start id, u16 plies, u8 winner (0 other, 1 Cho, 2 Han, 3 draw), u8 present,
//   u32 date_number; little-endian. A block's missing tail is games not indexed.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gibo/archive/archive.h"
#include "gibo/record/result.h"
#include "sql.h"

namespace gibo::archive {

inline constexpr std::int64_t kFactsPerBlock = 1024;
inline constexpr std::size_t kFactBytes = 12;

// One game's facts.
struct FactEntry {
  std::uint32_t start_id = 0;
  std::uint16_t plies = 0;
  Winner winner = Winner::Unknown;  // the stored result's: Cho, Han, Draw; else Unknown (void, unknown, none)
  bool present = false;             // false: not indexed, or removed since (forget_indexed_game)
  std::uint32_t date = 0;
};

// The facts of a stored game from its columns (plies, whether result_text is set, the
// winner of result_winner, tags_json), start id aside.
FactEntry game_fact(int plies, bool has_result, Winner winner, const std::string& tags_json);

// Packs `f` into the kFactBytes at `p`, and back.
void encode_fact(const FactEntry& f, char* p);
FactEntry decode_fact(const char* p);

// The facts of games by id from the position_games table `table` (schema-qualified),
// each block read once (a cache for one call's reads).
class FactReader {
 public:
  FactReader(sql::Connection& db, const std::string& table);
  // Game `id`'s facts; nullopt when the index holds none for it (or not present).
  std::optional<FactEntry> get(std::int64_t id);

 private:
  sql::Statement read_;
  std::unordered_map<std::int64_t, std::string> blocks_;
};

}  // namespace gibo::archive
