// rescore --engine: the final position of an unverifiable ending planned, evaluated (or taken from before) and judged.
#include "gibo/analysis/engine_adjudicator.h"

#include <algorithm>
#include <cassert>

#include "gibo/formats/fen.h"

namespace gibo::analysis {
namespace {

// How far from a ply limit a position must be for the limit not to matter to a search:
// the depth searched (or 20 plies for a node or time limit), and two plies more.
int horizon(const Limit& limit) {
  return (limit.kind == Limit::Kind::Depth ? static_cast<int>(std::min<std::int64_t>(limit.value, 200)) : 20) + 2;
}

EngineVerdictResult unclear(std::string note) {
  EngineVerdictResult v;
  v.kind = EngineVerdictKind::Unclear;
  v.note = std::move(note);
  return v;
}

}  // namespace

bool engine_judges(const Rescore& r) {
  return r.verdict.kind == VerdictKind::Unverifiable && r.stored && r.stored->recognised &&
         (r.stored->winner == Winner::Cho || r.stored->winner == Winner::Han || r.stored->winner == Winner::Draw);
}

EndingPlan EngineAdjudicator::plan(const Rescore& r, const Game& start, std::span<const Move> moves,
                                   int record_plies) const {
  assert(engine_judges(r));
  EndingPlan p;
  if (static_cast<int>(moves.size()) < record_plies || r.board.plies < record_plies) {
    p.verdict = unclear("the record did not replay to its last ply: its final position is not known");
    return p;
  }
  const auto fen = start_fen(start);
  auto boards = EngineBoards::start(start, *r.profile, r.bikjang_option);
  if (!fen || !boards) {
    p.verdict = unclear("the start position cannot be set up");
    return p;
  }
  for (Move m : moves) {
    p.uci_moves.push_back(uci(m));
    boards->play(m);
  }
  p.variant = boards->variant();
  p.fen = *fen;
  p.ply = static_cast<int>(moves.size());
  if (!boards->representable()) {
    p.verdict = unclear(boards->unrepresentable_reason());
    return p;
  }
  if (const auto d = boards->deciding_difference(horizon(settings_.limit))) {
    p.verdict = unclear("a difference between " + r.profile->id + " and the engine's " + p.variant +
                        " can decide the game from the final position: " + *d);
    return p;
  }
  p.boards = std::move(*boards);
  return p;
}

EngineVerdictResult EngineAdjudicator::judge(const EndingPlan& plan, const Rescore& r,
                                             const std::optional<SearchResult>& stored,
                                             std::optional<PositionEval>* searched) {
  if (plan.verdict) return *plan.verdict;
  EngineVerdictResult out;
  out.ply = plan.ply;
  out.engine = settings_.engine_name;
  std::optional<SearchResult> found = stored;
  out.reused = found.has_value();
  if (!found) {
    const EngineBoards& boards = *plan.boards;
    std::vector<AnalysisWarning> notes;  // a refused best move: searched again within the record's rules
    auto result = [&] {
      auto session = pool_.acquire();
      session->new_game();  // each final position from an empty hash
      return judged_search(*session, boards, plan.fen, plan.uci_moves, settings_.limit, settings_.timeout_ms, notes);
    }();
    std::string failure;
    if (!result) failure = result.error().message;
    if (!failure.empty()) {
      EngineVerdictResult v = unclear("the engine failed on the final position: " + failure);
      v.warnings.push_back({plan.ply, "the final position failed: " + failure, ""});
      v.engine = out.engine;
      v.ply = out.ply;
      return v;
    }
    found = std::move(*result);
    for (AnalysisWarning& n : notes) {
      n.ply = plan.ply;
      out.warnings.push_back(std::move(n));
    }
    for (const std::string& m : found->malformed)
      out.warnings.push_back({plan.ply, "malformed engine output ignored", m.substr(0, 120)});
    if (searched) {
      PositionEval p;
      p.ok = true;
      p.result = *found;
      p.to_move = boards.judged().side_to_move();
      *searched = std::move(p);
    }
  }
  const EngineJudgement j = engine_judgement(r.stored->winner, r.stored->method, found->score, margin_);
  out.kind = j.kind;
  out.note = std::string(j.note);
  out.score = found->score;
  out.depth = found->depth;
  return out;
}

}  // namespace gibo::analysis
