// rescore --engine: the final positions of unverifiable endings evaluated (or taken from the archive) and judged.
#include "rescore_engine.h"

#include <cstdio>

#include "gibo/analysis/engine_verdict.h"
#include "gibo/formats/fen.h"
#include "report/markup.h"

namespace gibo::cli {
namespace {

using namespace gibo::analysis;

EngineVerdictOut unclear(std::string note) {
  EngineVerdictOut v;
  v.verdict = std::string(engine_verdict_name(EngineVerdictKind::Unclear));
  v.note = std::move(note);
  return v;
}

std::string eval_text(const Score& s) {
  if (s.mate) return std::string("mate in ") + std::to_string(s.mate_moves) + " for " + (s.winner == Side::Cho ? "Cho" : "Han");
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", s.cp / 100.0);
  return std::string(buf) + " for Cho";
}

}  // namespace

std::unique_ptr<EngineSession> EngineAdjudicator::acquire() {
  std::lock_guard lock(mutex_);
  if (pool_.empty()) return std::make_unique<EngineSession>(choice_.config);
  auto s = std::move(pool_.back());
  pool_.pop_back();
  return s;
}

void EngineAdjudicator::release(std::unique_ptr<EngineSession> s) {
  std::lock_guard lock(mutex_);
  pool_.push_back(std::move(s));
}

EngineVerdictOut EngineAdjudicator::judge(const Rescore& r, const Game& start, std::span<const Move> moves,
                                          int record_plies, std::int64_t game_id) {
  if (!r.stored || !r.stored->recognised ||
      (r.stored->winner != Winner::Cho && r.stored->winner != Winner::Han && r.stored->winner != Winner::Draw))
    return unclear("no stored winner or draw to compare");
  if (static_cast<int>(moves.size()) < record_plies || r.board.plies < record_plies)
    return unclear("the record did not replay to its last ply: its final position is not known");
  const auto variant = engine_variant(*r.profile);
  if (!variant)
    return unclear("profile " + r.profile->id + " has no engine variant (give --rules fs-janggi, fs-traditional, "
                   "fs-modern, fs-casual or pychess)");
  const auto fen = start_fen(start);
  Position pos;
  if (!fen || start_position(start, legality_rules(*r.profile, r.bikjang_option), pos))
    return unclear("the start position cannot be set up");
  std::vector<std::string> uci_moves;
  for (Move m : moves) {
    uci_moves.push_back(uci(m));
    pos.do_move(m);
  }
  EngineVerdictOut out;
  out.ply = static_cast<int>(moves.size());
  out.engine = choice_.engine_name;
  std::optional<SearchResult> found;
  if (archive_) {
    auto [at, fresh] = requests_.emplace(*variant, 0);
    if (fresh) {
      if (const auto id = archive_->analysis_request(analysis_request(choice_, *variant), true)) at->second = *id;
      else out.warning = "cannot store the analysis request: " + id.error().message;
    }
    if (at->second) {
      out.request_id = at->second;
      if (const auto stored = archive_->analysis_position(at->second, game_id, out.ply); stored && *stored) {
        found = **stored;
        out.reused = true;
      }
    }
  }
  if (!found) {
    auto session = acquire();
    std::optional<Error> fresh = session->new_game();
    auto result = fresh ? Expected<SearchResult, SearchError>(SearchError{SearchError::Kind::Crashed, fresh->message})
                        : session->search(*variant, *fen, uci_moves, pos.side_to_move(), choice_.limit, choice_.timeout_ms);
    release(std::move(session));
    std::string failure;
    if (!result) failure = result.error().message;
    else if (!result->best_move.empty() &&
             (parse_uci_move(result->best_move).is_none() || !pos.is_legal(parse_uci_move(result->best_move))))
      failure = "the engine's best move " + result->best_move + " is not legal here";
    if (!failure.empty()) {
      EngineVerdictOut v = unclear("the engine failed on the final position: " + failure);
      v.warning = "warning[engine]: final position failed: " + failure;
      v.engine = out.engine;
      v.ply = out.ply;
      return v;
    }
    found = std::move(*result);
    if (archive_ && out.request_id) {
      PositionEval p;
      p.ok = true;
      p.result = *found;
      p.to_move = pos.side_to_move();
      if (auto e = archive_->store_position(*out.request_id, game_id, p, out.ply))
        out.warning = "cannot store the final position's evaluation: " + e->message;
    }
  }
  const EngineJudgement j = engine_judgement(r.stored->winner, found->score, margin_);
  out.verdict = std::string(engine_verdict_name(j.kind));
  out.note = std::string(j.note);
  out.score = found->score;
  out.depth = found->depth;
  return out;
}

std::string engine_verdict_words(const EngineVerdictOut& v) {
  std::string s = "; " + v.verdict + " (";
  if (v.score) s += eval_text(*v.score) + " at depth " + std::to_string(v.depth) + ", " + v.engine + ": ";
  return s + v.note + ")";
}

const char* const kEngineCsvColumns = ",engine_verdict,engine_cp,engine_mate,engine_depth,engine,engine_note";

std::string engine_csv_fields(const std::optional<EngineVerdictOut>& v) {
  if (!v) return ",,,,,,";
  std::string cp, mate;
  if (v->score && v->score->mate) mate = std::to_string(v->score->winner == Side::Cho ? v->score->mate_moves : -v->score->mate_moves);
  else if (v->score) cp = std::to_string(v->score->cp);
  return "," + v->verdict + "," + cp + "," + mate + "," + (v->score ? std::to_string(v->depth) : "") + "," +
         csv_field(v->engine) + "," + csv_field(v->note);
}

void write_engine_json(json::Writer& w, const EngineVerdictOut& v) {
  w.key("engine").begin_object().field("verdict", v.verdict).key("eval");
  if (!v.score) {
    w.null();
  } else {
    w.begin_object();
    if (v.score->mate)
      w.field("mate", v.score->winner == Side::Cho ? v.score->mate_moves : -v.score->mate_moves)
          .field("winner", v.score->winner == Side::Cho ? "cho" : "han");
    else
      w.field("cp", v.score->cp);
    w.end_object();
  }
  w.field("depth", v.depth).field("ply", v.ply).field("engine", v.engine).field("note", v.note).field("reused", v.reused);
  w.end_object();
}

archive::EngineVerdictRow engine_verdict_row(const EngineVerdictOut& v, std::int64_t game_id, const Profile& profile,
                                             int margin) {
  archive::EngineVerdictRow row;
  row.game_id = game_id;
  row.profile_id = profile.id;
  row.profile_version = profile.version;
  row.request_id = v.score ? v.request_id : std::nullopt;
  row.margin = margin;
  row.verdict = v.verdict;
  if (v.score) row.ply = v.ply, row.score = v.score;
  row.depth = v.depth;
  row.note = v.note;
  return row;
}

}  // namespace gibo::cli
