// How the import's writer stores one record (import.h, "Every record kept"): as a game, as
// the copy of a stored game with the same start and moves (saying what it says otherwise:
// its conflicts), as a twin (another game of those moves), or, a valid record repeating a
// broken stored game, as the game in the broken one's place. Inside the writer's open
// transaction; each record counted in its file's report and the import's summary.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_set>

#include "gibo/archive/archive.h"
#include "gibo/archive/import.h"
#include "import_handoff.h"
#include "index_feed.h"

namespace gibo::archive {

// The stored game a record is a copy of, if any, among `same` (the games of its start and
// moves): the first that says nothing otherwise, else, past the twins' line, the first
// (copies.h). `conflicts`: what the record says otherwise than the first (0 with the first
// kind).
struct CopyJudgement {
  const Archive::SameGame* kept = nullptr;
  unsigned conflicts = 0;
};
CopyJudgement judge_copy(const PreparedGame& g, const Archive::SameGames& same);

class RecordStore {
 public:
  // `feed` (null unless indexing) is told what is stored; `valid_only`: records with
  // errors are counted, not stored.
  RecordStore(Archive& archive, IndexFeed* feed, bool valid_only, ImportSummary& summary)
      : archive_(archive), feed_(feed), valid_only_(valid_only), summary_(summary) {}

  // The hashes of the stored games (a filter: a record whose hash is not among them has
  // no stored game of its moves).
  void know(std::int64_t hash) { hashes_.insert(hash); }
  void reserve(std::size_t n) { hashes_.reserve(n); }

  // Stores (or counts) game k of `chunk` as a record of the source `source_id`.
  std::optional<Error> store(std::int64_t source_id, const Chunk& chunk, std::size_t k, FileReport& report);

 private:
  // Stores game k of `chunk` as a copy of the stored game `kept` (saying `conflicts`
  // otherwise), or, when it is valid and `kept` is broken, as the game in its place.
  std::optional<Error> store_copy(std::int64_t source_id, const Chunk& chunk, std::size_t k,
                                  const Archive::SameGame& kept, unsigned conflicts, FileReport& report);

  Archive& archive_;
  IndexFeed* feed_;
  bool valid_only_;
  ImportSummary& summary_;
  std::unordered_set<std::int64_t> hashes_;
};

}  // namespace gibo::archive
