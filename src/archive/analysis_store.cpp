// A run's analyses in the archive: requests by variant, what is stored of a game, storing what was searched.
#include "gibo/archive/analysis_store.h"

#include <algorithm>

#include "gibo/record/replay.h"

namespace gibo::archive {

AnalysisRequest analysis_request(const analysis::SearchSettings& s, const std::string& variant) {
  AnalysisRequest r;
  std::tie(r.engine, r.engine_version) = split_engine_name(s.engine_name);
  r.options = canonical_options(s.config.options);
  r.limit = s.limit;
  r.variant = variant;
  return r;
}

Expected<std::int64_t> AnalysisStore::request(const std::string& variant) {
  if (const auto it = requests_.find(variant); it != requests_.end()) return it->second;
  const auto id = archive_.analysis_request(analysis_request(settings_, variant), true);
  if (!id) return id.error();
  requests_.emplace(variant, *id);
  return *id;
}

Expected<analysis::AnalysisJob> AnalysisStore::job(std::int64_t game_id, const Profile* forced,
                                                  const Profile& fallback) {
  auto job = unplanned_job(game_id, forced, fallback);
  if (!job) return job;
  if (auto e = plan(*job)) return *e;
  return job;
}

Expected<std::int64_t> AnalysisStore::request_of(std::int64_t game_id, const Profile* forced, const Profile& fallback) {
  const auto job = unplanned_job(game_id, forced, fallback);
  if (!job) return job.error();
  return request_for(*job);
}

Expected<std::int64_t> AnalysisStore::request_for(const analysis::AnalysisJob& job) {
  return request(analysis::engine_variant(*job.profile, game_bikjang_option(job.game, false)));
}

Expected<analysis::AnalysisJob> AnalysisStore::unplanned_job(std::int64_t game_id, const Profile* forced,
                                                            const Profile& fallback) {
  const auto sg = archive_.stored_game(game_id);
  if (!sg) return sg.error();
  analysis::AnalysisJob job;
  job.ref = sg->file + ":" + std::to_string(sg->game_index + 1);
  job.game_id = game_id;
  Game& g = job.game;
  g.start = sg->start;
  g.tags = sg->tags;
  g.saved_profile_id = sg->saved_rules;
  g.saved_bikjang_option = sg->saved_bikjang;
  g.source.file = sg->file;
  g.source.game_index = sg->game_index;
  if (sg->result_text) g.result_text = *sg->result_text, g.has_result = true;
  for (Move m : sg->moves) {
    RecordedPly p;
    p.move = m;
    p.pass = m.is_pass();
    g.plies.push_back(p);
  }
  g.valid_plies = std::min<int>(sg->valid_plies, static_cast<int>(g.plies.size()));
  g.played_plies = g.valid_plies;
  g.replayed = true;
  job.profile = forced ? forced : &game_profile(g, fallback);
  return job;
}

std::optional<Error> AnalysisStore::plan(analysis::AnalysisJob& job) {
  const auto id = request_for(job);
  if (!id) return id.error();
  job.request_id = *id;
  const auto row = archive_.analysis_game(job.request_id, job.game_id);
  if (!row) return row.error();
  if (*row && (*row)->failed_positions == 0) {
    auto loaded = archive_.load_analysis(job.request_id, job.game_id);
    if (!loaded) return loaded.error();
    if (*loaded) {
      job.stored = std::move(*loaded);
      return std::nullopt;
    }
  }
  auto known = archive_.analysis_positions(job.request_id, job.game_id);
  if (!known) return known.error();
  job.known = std::move(*known);
  return std::nullopt;
}

std::optional<Error> AnalysisStore::store(const analysis::AnalysedJob& done) {
  if (done.from_store || !done.job.request_id) return std::nullopt;
  // One transaction per game: a killed run keeps every game stored before it.
  return archive_.store_analysis(done.job.request_id, done.job.game_id, done.analysis);
}

AnalysisStore::EndingLookup AnalysisStore::lookup_ending(const analysis::EndingPlan& plan, std::int64_t game_id) {
  EndingLookup out;
  const auto id = request(plan.variant);
  if (!id) {
    out.warning = "cannot store the analysis request: " + id.error().message;
    return out;
  }
  if (*id == 0) return out;  // an archive without the analysis tables (read only)
  out.request_id = *id;
  if (const auto stored = archive_.analysis_position(*id, game_id, plan.ply); stored && *stored) out.stored = **stored;
  return out;
}

void AnalysisStore::finish_ending(const EndingLookup& lookup, const analysis::EndingPlan& plan, std::int64_t game_id,
                                  const std::optional<analysis::PositionEval>& searched,
                                  analysis::EngineVerdictResult& v) {
  if (plan.verdict || !v.score) return;  // no evaluation: nothing to store or say
  v.request_id = lookup.request_id;
  if (!lookup.warning.empty()) v.warnings.push_back({-1, lookup.warning, ""});
  if (searched && lookup.request_id)
    if (auto e = archive_.store_position(*lookup.request_id, game_id, *searched, plan.ply))
      v.warnings.push_back({plan.ply, "cannot store the final position's evaluation: " + e->message, ""});
}

EngineVerdictRow engine_verdict_row(const analysis::EngineVerdictResult& v, std::int64_t game_id,
                                    const Profile& profile, int margin) {
  EngineVerdictRow row;
  row.game_id = game_id;
  row.profile_id = profile.id;
  row.profile_version = profile.version;
  row.request_id = v.score ? v.request_id : std::nullopt;
  row.margin = margin;
  row.verdict = std::string(analysis::engine_verdict_name(v.kind));
  if (v.score) row.ply = v.ply, row.score = v.score;
  row.depth = v.depth;
  row.note = v.note;
  return row;
}

}  // namespace gibo::archive
