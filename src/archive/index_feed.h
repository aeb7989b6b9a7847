// What an import hands the position index update it runs once its games are stored
// (internal to src/archive; position_index_build.cpp builds the index): the rows and
// facts of the games it stored, computed by its worker threads from the stored form of
// each game, so the update neither reads those games back nor replays them again.
//
// The rows are those positions::game_rows makes from the columns the game is stored
// with, so an index fed by an import is the one an update reading the games would build;
// the update checks that the fed games are exactly the archive's games after the last
// one it reads itself, and reads them all itself otherwise.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "gibo/archive/archive.h"
#include "position_facts.h"
#include "position_rows.h"
#include "run_file.h"

namespace gibo::archive {

// Games an import's worker prepares and hands its writer at a time: a chunk.
inline constexpr std::size_t kGamesPerChunk = 256;

// The rows and facts of a chunk of prepared games, before they have ids (a worker's).
struct ChunkRows {
  std::vector<positions::Row> rows;  // by game, in chunk order; `game` is unset
  std::vector<std::size_t> ends;     // game k's rows end at ends[k]
  std::vector<FactEntry> facts;      // game k's facts (start id unset)
  // Appends `g`'s rows and facts as game number ends.size() of the chunk; the rows from
  // `replayed` (where the game's replay ended) when positions::rows_from_replay can.
  void add(const PreparedGame& g, const Position* replayed);
};

// The fed games: the chunks of the import's games in the order the writer stores them,
// each game with the id it was stored with (ids ascending), or none.
// Not copied or moved (it holds its sorting thread; the destructor joins it).
class IndexFeed {
 public:
  ~IndexFeed();

  // The writer starts storing the games of `chunk` (the feed takes its rows).
  void begin_chunk(ChunkRows&& chunk);
  // Game `k` of the chunk begun last was stored with id `id` (above every id fed before).
  void stored(std::size_t k, std::int64_t id);
  // The fed game `id` was removed again (a valid copy replaced it); nothing if not fed.
  void forget(std::int64_t id);
  // The writer has stored its last game: the rows still held are sorted in the
  // background meanwhile (the import closes its connection, the update opens its own).
  void finish();

  bool empty() const { return facts_.empty(); }
  // Does a run already sorted hold rows of a forgotten game (then the feed is not used)?
  bool stale() const { return stale_; }
  std::int64_t first_id() const { return facts_.empty() ? 0 : facts_.front().first; }
  // The fed games' facts in id order, start ids to be filled in by the update.
  std::vector<std::pair<std::int64_t, FactEntry>>& facts() { return facts_; }
  // The fed games' rows as sorted runs (the feed is spent; waits for finish()'s sort);
  // an Error when a temporary file failed.
  Expected<std::vector<std::unique_ptr<positions::RunFile>>> take_runs();

 private:
  struct Held {
    ChunkRows rows;
    std::vector<std::int64_t> ids;  // by game of the chunk; 0: not stored
  };
  // Sorts the rows of `batch`'s stored games into a run (a temporary file unless
  // `last`), the two halves of the keys in two threads.
  void spill(std::vector<Held>& batch, bool last);
  // The same on a thread of its own for the chunks held now (after the spill before it),
  // so that the writer goes on storing meanwhile.
  void spill_in_background(bool last);

  std::vector<std::pair<std::int64_t, FactEntry>> facts_;
  std::vector<Held> held_;  // the chunks since the last spill
  std::size_t games_held_ = 0;
  std::vector<std::unique_ptr<positions::RunFile>> runs_;
  bool stale_ = false, failed_ = false;
  std::thread sorter_;  // the spill running, if any
  // Written by spills only (read once sorter_ is joined): runs_, failed_.
};

}  // namespace gibo::archive
