// rescore --engine: the final position of an unverifiable ending planned, evaluated (or taken from before) and judged.
#include "gibo/analysis/engine_adjudicator.h"

#include "gibo/formats/fen.h"

namespace gibo::analysis {
namespace {

EngineVerdictResult unclear(std::string note) {
  EngineVerdictResult v;
  v.verdict = std::string(engine_verdict_name(EngineVerdictKind::Unclear));
  v.note = std::move(note);
  return v;
}

}  // namespace

EndingPlan EngineAdjudicator::plan(const Rescore& r, const Game& start, std::span<const Move> moves,
                                   int record_plies) const {
  EndingPlan p;
  if (!r.stored || !r.stored->recognised ||
      (r.stored->winner != Winner::Cho && r.stored->winner != Winner::Han && r.stored->winner != Winner::Draw)) {
    p.verdict = unclear("no stored winner or draw to compare");
    return p;
  }
  if (static_cast<int>(moves.size()) < record_plies || r.board.plies < record_plies) {
    p.verdict = unclear("the record did not replay to its last ply: its final position is not known");
    return p;
  }
  const auto variant = engine_variant(*r.profile);
  if (!variant) {
    p.verdict = unclear("profile " + r.profile->id +
                        " has no engine variant (give --rules fs-janggi, fs-traditional, fs-modern, fs-casual or pychess)");
    return p;
  }
  const auto fen = start_fen(start);
  if (!fen || start_position(start, legality_rules(*r.profile, r.bikjang_option), p.final_position)) {
    p.verdict = unclear("the start position cannot be set up");
    return p;
  }
  p.variant = *variant;
  p.fen = *fen;
  for (Move m : moves) {
    p.uci_moves.push_back(uci(m));
    p.final_position.do_move(m);
  }
  p.ply = static_cast<int>(moves.size());
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
    const Position& pos = plan.final_position;
    auto result = [&] {
      auto session = pool_.acquire();
      session->new_game();  // each final position from an empty hash
      return session->search(plan.variant, plan.fen, plan.uci_moves, pos.side_to_move(), settings_.limit,
                             settings_.timeout_ms);
    }();
    std::string failure;
    if (!result) failure = result.error().message;
    else if (!result->best_move.empty() &&
             (parse_uci_move(result->best_move).is_none() || !pos.is_legal(parse_uci_move(result->best_move))))
      failure = "the engine's best move " + result->best_move + " is not legal here";
    if (!failure.empty()) {
      EngineVerdictResult v = unclear("the engine failed on the final position: " + failure);
      v.warning = "warning[engine]: final position failed: " + failure;
      v.engine = out.engine;
      v.ply = out.ply;
      return v;
    }
    found = std::move(*result);
    if (searched) {
      PositionEval p;
      p.ok = true;
      p.result = *found;
      p.to_move = pos.side_to_move();
      *searched = std::move(p);
    }
  }
  const EngineJudgement j = engine_judgement(r.stored->winner, found->score, margin_);
  out.verdict = std::string(engine_verdict_name(j.kind));
  out.note = std::string(j.note);
  out.score = found->score;
  out.depth = found->depth;
  return out;
}

}  // namespace gibo::analysis
