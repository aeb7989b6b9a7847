// The import's writer (import.cpp): the calling thread, which takes the files' chunks
// from the hand-off (import_handoff.h) strictly in input order and stores their records
// (import_store.h) in batches of options.batch_games, each batch one transaction; it
// keeps each source's progress with the batch that holds its games, so that an import
// killed at any moment resumes where the last committed batch stopped (import.h).
//
// On a server other imports may write the archive beside this one, each batch in turn:
// at the start of each batch the writer reads what they committed since its last look
// (refresh()).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "gibo/archive/archive.h"
#include "gibo/archive/import.h"
#include "import_handoff.h"
#include "import_progress.h"
#include "import_store.h"
#include "index_feed.h"

namespace gibo::archive {

class ImportWriter {
 public:
  // What the writer is given of the archive at the start (read before the workers run).
  struct Start {
    std::unordered_map<std::string, SourceState> sources;  // by content hash
    std::string opening_rows;     // the archive's own opening-book rows
    std::int64_t seen_max_id = 0;  // the largest game id
    bool shared = false;           // other imports may write beside this one (a server)
  };
  ImportWriter(Archive& archive, const ImportOptions& options, const ImportCallbacks& callbacks,
               ImportSummary& summary, IndexFeed* feed, Handoff& handoff, Start start, RecordStore& store,
               ImportProgressClock& progress);

  // Stores every file's records; the open batch is rolled back after an error (the
  // summary then counts only what was committed).
  std::optional<Error> write_all();

 private:
  struct Dirty {
    int games_done = 0;
    bool complete = false;
  };
  // The source record a file's games are stored under.
  struct SourceRecord {
    std::int64_t id = 0;   // 0: not inserted yet (it is with the file's first stored game)
    int done_before = 0;   // games an earlier run stored (a resumed file)
  };

  Error roll_back(Error error);
  std::optional<Error> write_file(Slot& slot);
  std::optional<Error> restore_file(Slot& slot, SourceState& known, FileReport& report);
  void skip_file(Slot& slot, const SourceState* known, FileReport& report);
  std::optional<Error> ensure_source(const Slot& slot, SourceRecord& source);
  bool handled(const Slot& slot, const SourceRecord& source, int index) const;
  std::optional<Error> store_games(Slot& slot, SourceRecord& source, FileReport& report);
  std::optional<Error> complete_source(Slot& slot, SourceRecord& source, FileReport& report);
  std::optional<Error> ensure_transaction();
  std::optional<Error> refresh();
  std::optional<Error> commit_batch();
  void emit(const FileReport& report);
  void progress(bool force) { progress_.tick(force, files_done_, handoff_.size(), summary_); }

  Archive& archive_;
  const ImportOptions& options_;
  const ImportCallbacks& callbacks_;
  ImportSummary& summary_;
  IndexFeed* feed_;  // null unless indexing
  Handoff& handoff_;
  RecordStore& store_;
  ImportProgressClock& progress_;
  std::unordered_map<std::string, SourceState> by_hash_;
  std::unordered_set<std::string> same_run_;  // content hashes of the sources this run made
  std::string opening_rows_;                  // the archive's own opening-book rows at the start
  bool shared_ = false;                       // other imports may write beside this one (a server)
  std::int64_t seen_max_id_ = 0;              // the largest game id this writer has seen
  std::unordered_map<std::int64_t, Dirty> dirty_;
  // The summary's counts that only committed games and files make: a rolled-back batch
  // takes them back to what they were at the last commit.
  static constexpr std::array<long ImportSummary::*, 7> kBatchCounts = {
      &ImportSummary::added, &ImportSummary::duplicates, &ImportSummary::replaced, &ImportSummary::twins,
      &ImportSummary::conflicts, &ImportSummary::imported, &ImportSummary::resumed};
  std::array<long, kBatchCounts.size()> committed_{};  // their values at the last commit
  long committed_games_ = 0;                           // the games handled by the last commit
  bool in_transaction_ = false;
  int batch_count_ = 0;
  std::size_t files_done_ = 0;
};

}  // namespace gibo::archive
