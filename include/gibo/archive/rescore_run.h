// A rescore run (gibo rescore; src/adjudication/README.md): each game's ending re-scored
// under a rules profile beside its stored result, and with an engine the endings the rules
// cannot decide judged by -j N engines (analysis::EngineAdjudicator). Games come from files
// (push_file) or from an archive (ArchiveRescore, which also stores the verdicts) and are
// handed back in the order they were read, so that the output is the same for any N.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gibo/adjudication/rescore.h"
#include "gibo/analysis/engine_adjudicator.h"
#include "gibo/analysis/ordered_stream.h"
#include "gibo/archive/analysis_store.h"
#include "gibo/archive/archive.h"
#include "gibo/formats/detect.h"

namespace gibo::archive {

// How a run judges.
struct RescoreSettings {
  // The profile that judges (--rules): on files, of records that save no rules; on an
  // archive, of every game. nullptr: each record's saved rules, else janggi-gg.
  const Profile* forced = nullptr;
  bool bikjang_fallback = false;  // the bikjang option (janggi-gg) of records that state none
  std::optional<analysis::SearchSettings> engine;  // engine verdicts on unverifiable endings (probed)
  int margin = 300;  // centipawns the stored winner must be ahead by (with an engine)
  int jobs = 1;      // engines judging at once (with an engine)
  const Profile& fallback() const { return forced ? *forced : default_profile(); }
};

// A file's end, handed back after its games: its own errors (not a game's), or why it
// could not be read.
struct RescoredFileEnd {
  std::optional<Error> unread;
  ReadInfo info;
};

// One game re-scored (or, on files, the end of a file: `file_end`).
struct RescoredGame {
  std::string file;  // as given (files) or as stored (an archive)
  int index = 0;     // its rank in the file, from 0
  std::optional<std::string> stored;  // the stored result's text (nullopt: none stored)
  Rescore r;
  const Profile* profile = nullptr;  // the profile that judged it
  std::int64_t game_id = 0;          // an archive's game
  std::optional<analysis::EngineVerdictResult> engine;  // the engine's verdict on an unverifiable ending
  std::optional<RescoredFileEnd> file_end;
  std::string ref() const { return file + ":" + std::to_string(index + 1); }  // FILE:GAME
  // Planned on the reading thread, judged on a worker (with an engine).
  std::optional<analysis::EndingPlan> plan;
  AnalysisStore::EndingLookup lookup;
  std::optional<analysis::PositionEval> searched;
};

// What a run counts for its summary, by the names of the verdicts (verdict_name,
// engine_verdict_name): verdicts, engine verdicts, and the causes of the engine-unclear
// ones (their notes, each once, with its count).
struct RescoreCounts {
  std::map<std::string, long> verdicts, engine, unclear;
  void add(const RescoredGame& g);
  void add(const RescoreCounts& c);
  long games() const;
  long verdict(VerdictKind k) const;
  long engine_verdict(analysis::EngineVerdictKind k) const;
  // A disagreement, an invalid record or (with an engine) an engine contradiction.
  bool findings() const;
};

// A re-scored game's verdict as the verdicts table stores it (game_id 0 for a file's game).
VerdictRow verdict_row(const RescoredGame& g);

// Games from files: each re-scored (and its ending planned) on the caller's thread, judged
// by the engine on a worker, handed to `emit` on the caller's thread in push order.
class RescoreRun {
 public:
  using Emit = std::function<void(RescoredGame&&)>;
  RescoreRun(RescoreSettings settings, Emit emit);
  // Reads the file `path` (any format gibo reads) and pushes its games, then its end.
  void push_file(const std::string& path);
  // Pushes a game read from `path` (files only).
  void push_game(Game& g, const std::string& path);
  // A game planned already (an archive's).
  void push(RescoredGame&& g) { stream_.push(std::move(g)); }
  // Waits for every game pushed and emits the rest.
  void finish() { stream_.finish(); }
  const RescoreSettings& settings() const { return settings_; }
  analysis::EngineAdjudicator* adjudicator() { return adjudicator_ ? &*adjudicator_ : nullptr; }

 private:
  RescoreSettings settings_;
  std::optional<analysis::EngineAdjudicator> adjudicator_;
  analysis::OrderedStream<RescoredGame, RescoredGame> stream_;  // last: its workers use the members above
};

// The games of the file `path` re-scored without an engine, handed to `each` in file order
// on the calling thread (a worker's whole job when -j N files are read at once); the file's
// end (its own errors, or why it could not be read).
RescoredFileEnd rescore_file(const std::string& path, const RescoreSettings& settings, const RescoreRun::Emit& each);

// An archive's games re-scored: the games a --where expression selects, each under
// settings.forced, else its saved rules, else janggi-gg; the verdicts (and engine verdicts)
// stored in batches, an evaluation searched before reused and one searched stored.
class ArchiveRescore {
 public:
  ArchiveRescore(Archive& archive, RescoreSettings settings) : archive_(archive), settings_(std::move(settings)) {}
  // The games `where` selects (an Error: the expression cannot be read); their number.
  Expected<std::size_t> select(const std::string& where);
  // Re-scores the selected games, handing each to `emit` in order; an Error when a stored
  // game cannot be read or a verdict cannot be stored (the run stops there).
  std::optional<Error> run(const RescoreRun::Emit& emit);

 private:
  std::optional<RescoredGame> prepare(const StoredGame& g, analysis::EngineAdjudicator* adjudicator);
  Diagnostic stored_rejection(const StoredGame& g);
  std::optional<Error> keep(RescoredGame& g);
  std::optional<Error> flush();
  Archive& archive_;
  RescoreSettings settings_;
  std::vector<std::int64_t> ids_;
  std::optional<AnalysisStore> store_;
  std::vector<VerdictRow> batch_;
  std::vector<EngineVerdictRow> engine_batch_, engine_none_;  // engine_none_: judged without one (an old one goes)
};

}  // namespace gibo::archive
