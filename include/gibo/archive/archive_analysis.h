// An analysis run over an archive's games (gibo analyze --db): the games a --where
// expression selects, each analysed under `forced`, else the rules it saves, else
// `fallback`, by an AnalysisRun in selection order; an analysis the archive already holds
// is handed back as it is (not searched), and each searched one is stored (AnalysisStore,
// one transaction a game). The archive's analysis queue (several workers) is
// analysis_worker.h.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gibo/analysis/analysis_run.h"
#include "gibo/archive/analysis_store.h"
#include "gibo/archive/archive.h"

namespace gibo::archive {

class ArchiveAnalysis {
 public:
  // `archive` open for writing (the analyses are stored in it).
  ArchiveAnalysis(Archive& archive, analysis::SearchSettings settings, int jobs)
      : archive_(archive), settings_(std::move(settings)), jobs_(jobs), store_(archive, settings_) {}
  // The games `where` selects (an Error: the expression cannot be read); their number.
  Expected<std::size_t> select(const std::string& where);

  // What stopped a run: a stored game that could not be read (the games before it were
  // handed back, none after it), or an analysis that could not be stored (no game is
  // handed back after it).
  struct Failure {
    enum class Step { Reading, Storing } step;
    Error error;
  };
  // Analyses the selected games, handing each to `emit` in order once it is stored.
  std::optional<Failure> run(const Profile* forced, const Profile& fallback,
                             const std::function<void(analysis::AnalysedJob&&)>& emit);

 private:
  Archive& archive_;
  analysis::SearchSettings settings_;
  int jobs_;
  AnalysisStore store_;
  std::vector<std::int64_t> ids_;
};

}  // namespace gibo::archive
