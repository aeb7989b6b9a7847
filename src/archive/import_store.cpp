// How the import's writer stores one record (import_store.h).
#include "import_store.h"

#include "gibo/archive/copies.h"

namespace gibo::archive {

CopyJudgement judge_copy(const PreparedGame& g, const Archive::SameGames& same) {
  CopyJudgement j;
  for (const Archive::SameGame& candidate : same.games)
    if (conflicts_between(g.claims, candidate.claims) == 0) {
      j.kept = &candidate;
      return j;
    }
  if (same.games.empty()) return j;
  j.conflicts = conflicts_between(g.claims, same.games.front().claims);
  if (!is_twin(g.plies, j.conflicts)) j.kept = &same.games.front();
  return j;
}

std::optional<Error> RecordStore::store(std::int64_t source_id, const Chunk& chunk, std::size_t k,
                                        FileReport& report) {
  const PreparedGame& g = chunk.games[k];
  ++report.games;
  ++summary_.games;
  report.plies += g.plies;
  summary_.plies += g.plies;
  if (!g.valid) {
    ++report.invalid;
    ++summary_.invalid;
    ++summary_.invalid_by_code[g.error_code];
    report.invalid_games.push_back({g.game_index, !valid_only_, g.diagnostics});
    if (valid_only_) {
      ++report.rejected;
      ++summary_.rejected;
      return std::nullopt;
    }
  }
  Archive::SameGames same;
  if (hashes_.count(g.hash)) {
    auto found = archive_.same_games(g);
    if (!found) return found.error();
    same = std::move(*found);
  }
  const CopyJudgement judged = judge_copy(g, same);
  if (judged.kept) return store_copy(source_id, chunk, k, *judged.kept, judged.conflicts, report);
  const auto id = archive_.insert_game(source_id, g, std::nullopt, same.next_twin);
  if (!id) return id.error();
  if (feed_) feed_->stored(k, *id);
  hashes_.insert(g.hash);
  ++report.added;
  ++summary_.added;
  if (!same.games.empty()) {
    const auto o = archive_.game_origin(same.games.front().id);
    if (!o) return o.error();
    report.twins.push_back({g.game_index, *id, same.games.front().id, o->path, o->game_index, judged.conflicts});
    ++summary_.twins;
  }
  return std::nullopt;
}

std::optional<Error> RecordStore::store_copy(std::int64_t source_id, const Chunk& chunk, std::size_t k,
                                             const Archive::SameGame& kept, unsigned conflicts, FileReport& report) {
  const PreparedGame& g = chunk.games[k];
  if (g.valid && !kept.valid) {
    // The valid copy is the game: it takes the broken one's place.
    const auto replaced = archive_.replace_game(source_id, g, kept.id);
    if (!replaced) return replaced.error();
    if (feed_) {
      feed_->forget(replaced->old_id);
      feed_->stored(k, replaced->new_id);
    }
    report.replacements.push_back({g.game_index, replaced->new_id, replaced->path, replaced->game_index,
                                   replaced->error_code, replaced->error_ply});
    ++report.replaced;
    ++summary_.replaced;
  } else {
    const auto id = archive_.insert_game(source_id, g, kept.id, 0, conflicts);
    if (!id) return id.error();
    ++report.duplicates;
    ++summary_.duplicates;
  }
  if (conflicts) {
    const auto o = archive_.game_origin(kept.id);
    if (!o) return o.error();
    report.conflicts.push_back({g.game_index, kept.id, o->path, o->game_index, conflicts});
    ++summary_.conflicts;
  }
  return std::nullopt;
}

}  // namespace gibo::archive
