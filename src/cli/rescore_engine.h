// rescore --engine: the engine verdict on each game whose ending the rules cannot decide
// (verdict unverifiable), from the final position's evaluation, and how rescore's text,
// CSV and JSON Lines show it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine_options.h"
#include "gibo/adjudication/rescore.h"
#include "gibo/analysis/game_analysis.h"
#include "gibo/archive/archive.h"
#include "gibo/formats/json_writer.h"

namespace gibo::cli {

struct EngineVerdictOut {
  std::string verdict;  // engine_verdict_name()
  std::optional<analysis::Score> score;  // the final position's evaluation, Cho's view; nullopt: none
  int depth = 0, ply = 0;
  std::string engine;    // the engine's name and version
  std::string note;
  bool reused = false;   // the evaluation of a stored analysis
  std::optional<std::int64_t> request_id;  // with an archive: the request it is stored under
  std::string warning;   // for standard error (an engine failure, a failed store); "" if none
};

class EngineAdjudicator {
 public:
  // `choice` resolved and probed (engine_name set); `margin` in centipawns; `archive`
  // (may be null) is where stored evaluations of final positions are reused and new ones
  // stored. Without an archive, judge() may be called from several threads.
  EngineAdjudicator(const EngineChoice& choice, int margin, archive::Archive* archive)
      : choice_(choice), margin_(margin), archive_(archive) {}

  // The engine verdict on a game whose rescore `r` is unverifiable: the position after
  // `moves` from `start` (the record's start as a shell game), when the record replayed to
  // its last ply (`record_plies`), evaluated under the judging profile's engine variant
  // and compared with the stored result with the margin. `game_id` is the stored game
  // (archive only).
  EngineVerdictOut judge(const Rescore& r, const Game& start, std::span<const Move> moves, int record_plies,
                         std::int64_t game_id = 0);
 private:
  std::unique_ptr<analysis::EngineSession> acquire();
  void release(std::unique_ptr<analysis::EngineSession> s);
  EngineChoice choice_;
  int margin_;
  archive::Archive* archive_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<analysis::EngineSession>> pool_;
  std::map<std::string, std::int64_t> requests_;  // archive: by variant
};

// The engine verdict in words, appended to rescore's text line: "; engine-supports
// (+3.50 for Cho at depth 8, Fairy-Stockfish 11.1 LB 64: the stored winner is ahead by
// the margin or more)".
std::string engine_verdict_words(const EngineVerdictOut& v);
// rescore --engine's CSV columns after the others (",engine_verdict,engine_eval,...") and
// a row's fields (empty for a game without an engine verdict).
extern const char* const kEngineCsvColumns;
std::string engine_csv_fields(const std::optional<EngineVerdictOut>& v);
// The JSON Lines field "engine": {"verdict", "eval" ({"cp"} or {"mate","winner"}, null
// without one), "depth", "ply", "engine", "note", "reused"}.
void write_engine_json(json::Writer& w, const EngineVerdictOut& v);
// The engine verdict as the archive stores it beside the game's verdict.
archive::EngineVerdictRow engine_verdict_row(const EngineVerdictOut& v, std::int64_t game_id, const Profile& profile,
                                             int margin);

}  // namespace gibo::cli
