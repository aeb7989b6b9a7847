// An analysis run over an archive's games, each analysis stored (gibo/archive/archive_analysis.h).
#include "gibo/archive/archive_analysis.h"

namespace gibo::archive {

Expected<std::size_t> ArchiveAnalysis::select(const std::string& where) {
  auto ids = archive_.select_games(where);
  if (!ids) return ids.error();
  ids_ = std::move(*ids);
  return ids_.size();
}

std::optional<ArchiveAnalysis::Failure> ArchiveAnalysis::run(const Profile* forced, const Profile& fallback,
                                                             const std::function<void(analysis::AnalysedJob&&)>& emit) {
  std::optional<Failure> failed;
  analysis::AnalysisRun run(settings_, jobs_, [&](analysis::AnalysedJob&& done) {
    if (failed) return;  // nothing is handed back as done after the archive failed
    if (auto e = store_.store(done)) {
      failed = Failure{Failure::Step::Storing, std::move(*e)};
      return;
    }
    emit(std::move(done));
  });
  for (std::size_t k = 0; k < ids_.size() && !failed; ++k) {
    auto job = store_.job(ids_[k], forced, fallback);
    if (!job) {
      run.finish();
      return Failure{Failure::Step::Reading, job.error()};
    }
    run.push(std::move(*job));
  }
  run.finish();
  return failed;
}

}  // namespace gibo::archive
