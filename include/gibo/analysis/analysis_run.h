// An analysis run (gibo analyze): games pushed one by one are analysed by N workers, each
// searching with an engine of the run's pool, and handed back in the order they were
// pushed, so that the output is the same for any N. A game whose analysis is already
// stored is handed back as it is; positions stored before are not searched again.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gibo/analysis/engine_pool.h"
#include "gibo/core/expected.h"
#include "gibo/analysis/ordered_stream.h"

namespace gibo::analysis {

// One game to analyse.
struct AnalysisJob {
  std::string ref;                   // FILE:GAME, as the output names it
  Game game;                         // replayed under `profile`
  const Profile* profile = nullptr;  // the profile it is analysed under
  // With an archive: the stored game and the request its analysis is stored under (0: not
  // stored), its analysis when the archive already holds it whole (shown, not searched),
  // else its positions already stored (not searched again).
  std::int64_t game_id = 0, request_id = 0;
  std::optional<GameAnalysis> stored;
  KnownPositions known;
};

// One game analysed.
struct AnalysedJob {
  AnalysisJob job;        // its `stored` moved into `analysis` when it was taken from the archive
  GameAnalysis analysis;
  bool from_store = false;  // the whole analysis was stored: nothing was searched
  int searched = 0;         // positions searched
};

// Analyses one job with an engine of `pool` (or hands its stored analysis back): what each
// worker of a run does, and each consumer of an archive's analysis queue.
AnalysedJob analyse_job(AnalysisJob& job, EnginePool& pool, const SearchSettings& settings);

// The games of the file `path` (any format gibo reads) as jobs named FILE:GAME (GAME from
// 1), each replayed under its profile (the rules the record names, else `fallback`): what
// `gibo analyze PATHS` pushes, a file at a time. An Error when the file cannot be read.
Expected<std::vector<AnalysisJob>> file_jobs(const std::string& path, const Profile& fallback);

class AnalysisRun {
 public:
  // `jobs` workers (1: each game analysed within its push); `emit` runs on the caller's
  // thread, in push order, during push() and finish().
  AnalysisRun(SearchSettings settings, int jobs, std::function<void(AnalysedJob&&)> emit);
  void push(AnalysisJob job) { stream_.push(std::move(job)); }
  // Waits for every game pushed and emits the rest.
  void finish() { stream_.finish(); }

 private:
  AnalysedJob work(AnalysisJob& job);
  SearchSettings settings_;
  EnginePool pool_;
  OrderedStream<AnalysisJob, AnalysedJob> stream_;  // last: its workers use the members above
};

}  // namespace gibo::analysis
