// A rescore run: games from files or an archive re-scored, their unverifiable endings judged by engines, in order.
#include "gibo/archive/rescore_run.h"

#include "gibo/formats/game_reader.h"
#include "gibo/record/first_error.h"

namespace gibo::archive {
namespace {

using analysis::EngineVerdictKind;

long count_of(const std::map<std::string, long>& counts, std::string_view name) {
  const auto it = counts.find(std::string(name));
  return it == counts.end() ? 0 : it->second;
}

// The engine's step of a game (on a worker): the verdict of its planned ending.
RescoredGame judge(analysis::EngineAdjudicator* adjudicator, RescoredGame& g) {
  if (adjudicator && g.plan) g.engine = adjudicator->judge(*g.plan, g.r, g.lookup.stored, &g.searched);
  return std::move(g);
}

// Reads the games of `path` under the settings' fallback profile, each to `on_game`.
RescoredFileEnd read_file_games(const std::string& path, const RescoreSettings& settings,
                                const std::function<void(Game&&)>& on_game) {
  RescoredFileEnd end;
  ReadOptions ro;
  ro.profile = &settings.fallback();
  end.unread = gibo::read_file_games(path, ro, end.info, on_game);
  return end;
}

// A file's game re-scored (and, with `adjudicator`, its ending planned when the engine judges it).
RescoredGame rescored_game(Game& g, const std::string& path, const RescoreSettings& settings,
                           analysis::EngineAdjudicator* adjudicator) {
  RescoredGame out;
  out.r = rescore_game(g, settings.fallback(), settings.bikjang_fallback);
  out.file = path;
  out.index = g.source.game_index;
  if (g.has_result) out.stored = g.result_text;
  out.profile = out.r.profile;
  if (adjudicator && analysis::engine_judges(out.r)) {
    std::vector<Move> moves;
    for (int k = 0; k < g.valid_plies && k < static_cast<int>(g.plies.size()); ++k)
      moves.push_back(g.plies[static_cast<std::size_t>(k)].move);
    out.plan = adjudicator->plan(out.r, g, moves, static_cast<int>(g.plies.size()));
  }
  return out;
}

}  // namespace

VerdictRow verdict_row(const RescoredGame& g) {
  VerdictRow v;
  v.game_id = g.game_id;
  v.profile_id = g.profile->id;
  v.profile_version = g.profile->version;
  v.verdict = std::string(verdict_name(g.r.verdict.kind));
  v.winner = g.r.board.ending ? std::string(outcome_name(g.r.board.ending->winner)) : "none";
  if (g.r.board.ending) {
    v.reason = std::string(reason_name(g.r.board.ending->reason));
    v.ply = g.r.board.ending->ply;
    v.cho_score = g.r.board.ending->scores.cho;
    v.han_score = g.r.board.ending->scores.han;
  }
  v.ended_before_last_ply = g.r.verdict.ended_before_last_ply;
  v.note = verdict_note(g.r.verdict, g.r.bikjang_inferred);
  return v;
}

void RescoreCounts::add(const RescoredGame& g) {
  ++verdicts[std::string(verdict_name(g.r.verdict.kind))];
  if (!g.engine) return;
  ++engine[std::string(analysis::engine_verdict_name(g.engine->kind))];
  if (g.engine->kind == EngineVerdictKind::Unclear) ++unclear[g.engine->note];
}

void RescoreCounts::add(const RescoreCounts& c) {
  for (const auto& [name, n] : c.verdicts) verdicts[name] += n;
  for (const auto& [name, n] : c.engine) engine[name] += n;
  for (const auto& [name, n] : c.unclear) unclear[name] += n;
}

long RescoreCounts::games() const {
  long n = 0;
  for (const auto& [name, count] : verdicts) n += count;
  return n;
}

long RescoreCounts::verdict(VerdictKind k) const { return count_of(verdicts, verdict_name(k)); }

long RescoreCounts::engine_verdict(EngineVerdictKind k) const {
  return count_of(engine, analysis::engine_verdict_name(k));
}

bool RescoreCounts::findings() const {
  return verdict(VerdictKind::Disagrees) > 0 || verdict(VerdictKind::Invalid) > 0 ||
         engine_verdict(EngineVerdictKind::Contradicts) > 0;
}

RescoreRun::RescoreRun(RescoreSettings settings, Emit emit)
    : settings_(std::move(settings)),
      adjudicator_(settings_.engine ? std::optional<analysis::EngineAdjudicator>(std::in_place, *settings_.engine,
                                                                                  settings_.margin)
                                    : std::nullopt),
      stream_(settings_.engine ? settings_.jobs : 1, [this](RescoredGame& g) { return judge(adjudicator(), g); },
              std::move(emit)) {}

void RescoreRun::push_game(Game& g, const std::string& path) {
  stream_.push(rescored_game(g, path, settings_, adjudicator()));
}

void RescoreRun::push_file(const std::string& path) {
  RescoredGame end;
  end.file = path;
  end.file_end = read_file_games(path, settings_, [&](Game&& g) { push_game(g, path); });
  stream_.push(std::move(end));
}

RescoredFileEnd rescore_file(const std::string& path, const RescoreSettings& settings, const RescoreRun::Emit& each) {
  return read_file_games(path, settings, [&](Game&& g) { each(rescored_game(g, path, settings, nullptr)); });
}

Expected<std::size_t> ArchiveRescore::select(const std::string& where) {
  auto ids = archive_.select_games(where);
  if (!ids) return ids.error();
  ids_ = std::move(*ids);
  return ids_.size();
}

// The first error of a game stored as invalid, from its diagnostics in the archive (the
// file and its rank in it as the game reference).
Diagnostic ArchiveRescore::stored_rejection(const StoredGame& g) {
  Diagnostic first;
  first.code = "invalid";
  first.message = "stored as invalid";
  first.ply = g.valid_plies + 1;
  if (auto game = archive_.load_game(g.game_id))
    if (const Diagnostic* error = first_error(game->diagnostics)) first = *error;
  first.file = g.file;
  first.game = g.game_index;
  return first;
}

std::optional<RescoredGame> ArchiveRescore::prepare(const StoredGame& g, analysis::EngineAdjudicator* adjudicator) {
  const Profile* profile = settings_.forced;
  if (!profile) profile = g.saved_rules ? find_profile(*g.saved_rules) : nullptr;
  if (!profile) profile = &settings_.fallback();
  const BikjangOption option = adjudication_bikjang(*profile, g.saved_bikjang, g.stored_result, settings_.bikjang_fallback);
  Game shell;
  shell.start = g.start;
  Position start;
  if (start_position(shell, legality_rules(*profile, option.on), start)) return std::nullopt;  // unreadable start: skip
  RescoredGame out;
  out.r = rescore(*profile, option, start, g.moves, g.plies, g.stored_result);
  if (!g.valid) reject(out.r, stored_rejection(g));
  out.file = g.file;
  out.index = g.game_index;
  out.stored = g.result_text;
  out.profile = profile;
  out.game_id = g.game_id;
  if (adjudicator && analysis::engine_judges(out.r)) {
    out.plan = adjudicator->plan(out.r, shell, g.moves, g.plies);
    if (!out.plan->verdict) out.lookup = store_->lookup_ending(*out.plan, g.game_id);
  }
  return out;
}

std::optional<Error> ArchiveRescore::keep(RescoredGame& g) {
  if (g.engine) {
    store_->finish_ending(g.lookup, *g.plan, g.game_id, g.searched, *g.engine);
    engine_batch_.push_back(engine_verdict_row(*g.engine, g.game_id, *g.profile, settings_.margin));
  } else if (settings_.engine) {
    EngineVerdictRow none;
    none.game_id = g.game_id;
    none.profile_id = g.profile->id;
    none.profile_version = g.profile->version;
    engine_none_.push_back(std::move(none));
  }
  batch_.push_back(verdict_row(g));
  return batch_.size() >= 5000 ? flush() : std::nullopt;
}

std::optional<Error> ArchiveRescore::flush() {
  if (batch_.empty()) return std::nullopt;
  auto e = archive_.store_verdicts(batch_);
  if (!e && (!engine_batch_.empty() || !engine_none_.empty()))
    e = archive_.store_engine_verdicts(engine_batch_, engine_none_);
  batch_.clear();
  engine_batch_.clear();
  engine_none_.clear();
  return e;
}

std::optional<Error> ArchiveRescore::run(const RescoreRun::Emit& emit) {
  if (settings_.engine) store_.emplace(archive_, *settings_.engine);
  std::optional<Error> not_stored, unread;  // a verdict that could not be stored stops the run
  {
    RescoreRun run(settings_, [&](RescoredGame&& g) {
      if (not_stored) return;
      not_stored = keep(g);
      emit(std::move(g));
    });
    for (std::int64_t id : ids_) {
      const auto g = archive_.stored_game(id);
      if (!g) {
        unread = g.error();
        break;
      }
      if (auto p = prepare(*g, run.adjudicator())) run.push(std::move(*p));
      if (not_stored) break;
    }
  }
  if (!not_stored) not_stored = flush();
  return not_stored ? not_stored : unread;
}

}  // namespace gibo::archive
