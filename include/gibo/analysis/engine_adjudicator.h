// rescore --engine (src/adjudication/README.md "Engine verdicts"): the engine verdict on a game whose ending
// the rules cannot decide (verdict unverifiable), from the evaluation of its final
// position under the judging profile's engine variant, compared with the stored result.
// In two steps so that a caller with an archive can look up an evaluation kept from an
// earlier run before searching (plan), and store what was searched (judge's `searched`).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "gibo/adjudication/rescore.h"
#include "gibo/analysis/engine_pool.h"
#include "gibo/analysis/engine_verdict.h"
#include "gibo/analysis/game_analysis.h"

namespace gibo::analysis {

// One game's engine verdict as rescore shows and stores it.
struct EngineVerdictResult {
  EngineVerdictKind kind = EngineVerdictKind::Unclear;  // its text: engine_verdict_name()
  std::optional<Score> score;          // the final position's evaluation, Cho's view; nullopt: none
  int depth = 0, ply = 0;
  std::string engine;                  // the engine's name and version
  std::string note;
  bool reused = false;                 // the evaluation of a stored analysis
  std::optional<std::int64_t> request_id;  // with an archive: the request it is stored under
  std::vector<AnalysisWarning> warnings;  // for standard error: the engine failed, a move it gave was refused
};

// Whether the engine judges the ending of `r`: its verdict is unverifiable and its stored
// result claims a winner or a draw. A void or unknown stored result (무효, 미상) claims
// neither, so there is nothing for an evaluation to support or contradict: such a game gets
// no engine verdict, as a game with no stored result gets none.
bool engine_judges(const Rescore& r);

// What judging one ending takes: either a verdict known without a search (`verdict` set:
// a record that did not replay to its end, a start that
// cannot be set up, a final position the engine's variant cannot be given, a listed
// difference between the record's rules and the variant that can decide the game from
// there), or the final position to search.
struct EndingPlan {
  std::optional<EngineVerdictResult> verdict;
  std::string variant, fen;             // the engine variant and the start position
  std::vector<std::string> uci_moves;   // the moves from the start
  std::optional<EngineBoards> boards;   // at the final position
  int ply = 0;                          // plies from the start to the final position
};

class EngineAdjudicator {
 public:
  // `settings` with the probed engine's name; `margin` in centipawns (> 0).
  EngineAdjudicator(SearchSettings settings, int margin)
      : settings_(std::move(settings)), margin_(margin), pool_(settings_.config) {}

  // The plan for a game the engine judges (engine_judges(r)): the position after `moves` from
  // `start` (the record's start as a shell game), when the record replayed to its last ply
  // (`record_plies`), under the variant nearest to the judging profile (r.profile with
  // r.bikjang_option). Cheap; no engine runs.
  EndingPlan plan(const Rescore& r, const Game& start, std::span<const Move> moves, int record_plies) const;

  // The verdict of a planned ending: `plan.verdict` when set; else from `stored` (an
  // evaluation of the final position kept from before: `reused`), else from a search by
  // an engine of the pool, which `searched` (if given) receives for storing. Thread-safe.
  EngineVerdictResult judge(const EndingPlan& plan, const Rescore& r, const std::optional<SearchResult>& stored,
                            std::optional<PositionEval>* searched = nullptr);

  const SearchSettings& settings() const { return settings_; }
  int margin() const { return margin_; }

 private:
  SearchSettings settings_;
  int margin_;
  EnginePool pool_;
};

}  // namespace gibo::analysis
