// The position index of an archive: for each stored game, each distinct position it
// reaches (placement and side to move; move counters ignored), the first ply at which it
// reaches it and what it played there. It answers "which games reach this position, and
// what did they play next" for `gibo explore` and `gibo search`. README "Position index"
// documents the tables and what building them costs.
//
// Policies (enforced here):
// * Built by `gibo import` as it stores games (index_imported_games), and on first use
//   of an archive that lacks it: update() indexes every game the index does not hold yet
//   (all of them the first time, the new ones after an import), so an archive made before
//   the index existed, or by an import told not to index, gets it without re-import.
//   Games are never changed; a game is removed only when a valid copy replaces a broken
//   one (Archive::replace_game), which marks it absent in the index, so what is indexed
//   stays right.
// * Exact answers: rows are found by a 64-bit Zobrist key, and every candidate game is
//   confirmed by replaying its moves to the ply the row names and comparing the placement
//   and side to move, so a key collision can never add a game; a game's positions are
//   told apart by their boards when its rows are made, so a collision never hides one.
// * A read-only archive is never written: its index, when missing or behind, is built in
//   memory for the life of the object (in_memory()).
// * The index tables are created with IF NOT EXISTS and belong to no schema version; an
//   index written by another key function (a changed Zobrist table) is detected by its
//   fingerprint and rebuilt.
// * Errors follow gibo's convention (gibo/core/expected.h): Expected<T> for a value,
//   std::optional<Error> (empty on success) for a call that only does something.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "gibo/archive/archive.h"
#include "gibo/core/position.h"
#include "gibo/record/result.h"

namespace gibo::archive {

struct ImportSummary;
class IndexFeed;

// One game reaching a position.
struct PositionHit {
  enum class Next : std::uint8_t {
    Move,    // it played `move` there
    Ended,   // the record ends in this position
    Broken,  // the record goes on with a ply that does not replay (an invalid game)
  };
  std::int64_t game_id = 0;
  int ply = 0;  // the first ply at which the game reaches the position (0: its start)
  Next next = Next::Ended;
  Move move = Move::none();  // Next::Move only; a pass is the general's square twice
};

// What the index keeps about each game for aggregating (the stored result as recorded).
struct IndexedGame {
  std::int64_t id = 0;
  int plies = 0;                   // plies the record holds
  Winner winner = Winner::Unknown; // Cho, Han, Draw; Unknown for void, unknown or none
  std::uint32_t date = 0;          // date_number() of its 대국일자 / Date tag; 0 unknown
};

// Games of one set-up pair with one stored result (PositionIndex::setup_tallies).
struct SetupTally {
  std::optional<Setup> cho, han;  // nullopt: the game starts from a position of its own (a FEN)
  Winner winner = Winner::Unknown;  // as IndexedGame::winner
  std::int64_t games = 0;
};

struct IndexProgress {
  long games_done = 0, games_total = 0;
};

struct IndexSize {
  std::int64_t games = 0;      // games indexed
  std::int64_t positions = 0;  // rows: (game, distinct position) pairs
  std::int64_t segments = 0;
  std::int64_t bytes = 0;      // pages of the index tables x page size (dbstat), or 0
};

class PositionIndex {
 public:
  // Opens the archive at `path` (which must exist and be a gibo archive) for reading and,
  // with ReadWrite when the file allows it, for maintaining its index (ReadOnly never
  // writes it). An Error ("PATH: ...") otherwise.
  static Expected<std::unique_ptr<PositionIndex>> open(const std::string& path, OpenMode mode);
  ~PositionIndex();
  PositionIndex(const PositionIndex&) = delete;
  PositionIndex& operator=(const PositionIndex&) = delete;

  // Indexes the games not indexed yet with `threads` threads, committing once at the end
  // (an interrupted update leaves the index as it was). `progress` is called now and then.
  std::optional<Error> update(int threads, const std::function<void(const IndexProgress&)>& progress = {});
  // Is the index kept in memory (read-only archive)?
  bool in_memory() const;
  // Games in the archive (as the index counted them when it is up to date).
  Expected<std::int64_t> game_count();
  // Does the archive hold a game (without counting them)?
  bool has_games();

  // Every game reaching `position`, confirmed by replay, in game id order. Call update()
  // first: games not indexed yet are not found.
  Expected<std::vector<PositionHit>> find(const Position& position);
  // The index's facts of `ids`, in the same order.
  Expected<std::vector<IndexedGame>> games(const std::vector<std::int64_t>& ids);
  // Where `ids` come from, with players, date and result, in the same order.
  Expected<std::vector<GameListing>> describe(const std::vector<std::int64_t>& ids);
  // The indexed games (those in `selected` when given) counted by the set-up pair whose
  // start position they start from (a game starting from a FEN of its own counts under
  // the pair whose start it is, if any) and stored result; every game is in exactly one
  // tally. Call update() first.
  Expected<std::vector<SetupTally>> setup_tallies(const std::unordered_set<std::int64_t>* selected);
  // The index's size.
  IndexSize size();

 private:
  friend std::optional<Error> index_imported_games(const std::string&, int, ImportSummary&, IndexFeed*);
  struct Impl;
  explicit PositionIndex(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// What import_files does once its games are stored (import.h, index_positions): opens the
// archive at `path` and updates its position index with `threads` threads, adding the
// time it took to summary.seconds and summary.index_seconds. `feed` (internal to the
// archive layer; may be null) holds the rows and facts the import computed for the games
// it stored, which the update then takes instead of reading and replaying those games.
// An Error ("PATH: cannot index positions: ...") when the index cannot be written; the
// games stay stored, and the next explore or search indexes them.
std::optional<Error> index_imported_games(const std::string& path, int threads, ImportSummary& summary,
                                          IndexFeed* feed = nullptr);

}  // namespace gibo::archive
