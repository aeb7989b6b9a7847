// The analyses of one run (analyze --db, rescore --engine --db) kept in an archive: the
// request each engine variant's analyses are stored under (made on first use), what the
// archive already holds of a game (planned before it is searched), and storing what was
// searched. Used from one thread (the run's caller), as the Archive it wraps.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "gibo/analysis/analysis_run.h"
#include "gibo/analysis/engine_adjudicator.h"
#include "gibo/archive/archive.h"

namespace gibo::archive {

// The request an analysis of `variant` with these settings is stored under.
AnalysisRequest analysis_request(const analysis::SearchSettings& settings, const std::string& variant);

class AnalysisStore {
 public:
  AnalysisStore(Archive& archive, analysis::SearchSettings settings)
      : archive_(archive), settings_(std::move(settings)) {}

  // The id of the request of `variant` (made when the archive holds none).
  Expected<std::int64_t> request(const std::string& variant);

  // analyze: the stored game `game_id` as a job (its start, tags, saved rules and the moves
  // that replayed at import), analysed under `forced`, else the rules it saves, else
  // `fallback`, and planned (plan). An Error when it cannot be read.
  Expected<analysis::AnalysisJob> job(std::int64_t game_id, const Profile* forced, const Profile& fallback);
  // The request the stored game `game_id` is analysed under (its profile as job() finds
  // it, and that profile's engine variant).
  Expected<std::int64_t> request_of(std::int64_t game_id, const Profile* forced, const Profile& fallback);
  // The request `job` is analysed under (its profile's engine variant).
  Expected<std::int64_t> request_for(const analysis::AnalysisJob& job);
  // analyze: sets `job`'s request (of its profile's engine variant) and what the archive holds of it: its whole analysis when the game is analysed
  // under the request without failed positions, else its stored positions. `job.game_id`
  // set.
  std::optional<Error> plan(analysis::AnalysisJob& job);
  // analyze: stores a searched game's analysis (one transaction); nothing for a game
  // without a request or taken from the archive.
  std::optional<Error> store(const analysis::AnalysedJob& done);
  // The stored game as a job, its profile chosen, not planned.
  Expected<analysis::AnalysisJob> unplanned_job(std::int64_t game_id, const Profile* forced, const Profile& fallback);

  // rescore --engine: what the archive holds of a planned ending's final position.
  struct EndingLookup {
    std::optional<analysis::SearchResult> stored;  // its evaluation kept from before
    std::optional<std::int64_t> request_id;        // the variant's request (nullopt: it cannot be made)
    std::string warning;                           // why the request cannot be made
  };
  // Looks up the final position of game `game_id`'s planned ending (plan.verdict unset)
  // under its variant's request, making the request when new.
  EndingLookup lookup_ending(const analysis::EndingPlan& plan, std::int64_t game_id);
  // After EngineAdjudicator::judge: an evaluated verdict gets the request it is stored
  // under, the position `searched` (if any) is stored, and a failure of either becomes
  // the verdict's warning.
  void finish_ending(const EndingLookup& lookup, const analysis::EndingPlan& plan, std::int64_t game_id,
                     const std::optional<analysis::PositionEval>& searched, analysis::EngineVerdictResult& v);

 private:
  Archive& archive_;
  analysis::SearchSettings settings_;
  std::map<std::string, std::int64_t> requests_;  // by variant
};

// The engine verdict as the archive stores it beside the game's verdict.
EngineVerdictRow engine_verdict_row(const analysis::EngineVerdictResult& v, std::int64_t game_id,
                                    const Profile& profile, int margin);

}  // namespace gibo::archive
