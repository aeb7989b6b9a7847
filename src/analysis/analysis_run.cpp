// An analysis run: each pushed game analysed on a worker with an engine of the pool, handed back in order.
#include "gibo/analysis/analysis_run.h"

#include "gibo/formats/detect.h"
#include "gibo/record/replay.h"

namespace gibo::analysis {

AnalysisRun::AnalysisRun(SearchSettings settings, int jobs, std::function<void(AnalysedJob&&)> emit)
    : settings_(std::move(settings)),
      pool_(settings_.config),
      stream_(jobs, [this](AnalysisJob& job) { return work(job); }, std::move(emit)) {}

AnalysedJob analyse_job(AnalysisJob& job, EnginePool& pool, const SearchSettings& settings) {
  AnalysedJob done;
  if (job.stored) {
    done.analysis = std::move(*job.stored);
    job.stored.reset();
    done.from_store = true;
  } else {
    auto session = pool.acquire();
    done.analysis = analyze_game(job.game, *job.profile, *session, settings.limit, settings.timeout_ms,
                                 job.request_id ? &job.known : nullptr);
    done.searched = static_cast<int>(done.analysis.positions.size());
  }
  done.job = std::move(job);
  return done;
}

AnalysedJob AnalysisRun::work(AnalysisJob& job) { return analyse_job(job, pool_, settings_); }

Expected<std::vector<AnalysisJob>> file_jobs(const std::string& path, const Profile& fallback) {
  ReadOptions options;
  options.profile = &fallback;
  options.original_text = false;  // not needed: the outputs are written from the plies
  ReadInfo info;
  std::vector<AnalysisJob> jobs;
  const auto unread = read_file_games(path, options, info, [&](Game&& g) {
    AnalysisJob job;
    job.ref = path + ":" + std::to_string(g.source.game_index + 1);
    job.profile = &replay_under_profile(g, fallback);
    job.game = std::move(g);
    jobs.push_back(std::move(job));
  });
  if (unread) return *unread;
  return jobs;
}

}  // namespace gibo::analysis
