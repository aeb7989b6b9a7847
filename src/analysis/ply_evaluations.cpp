// An analysis's judged plies in the form the annotated PGN and .gib writers take.
#include <cstdio>

#include "gibo/analysis/game_analysis.h"

namespace gibo::analysis {

std::string pgn_eval_text(const Score& s) {
  char buf[32];
  if (s.mate) std::snprintf(buf, sizeof buf, "#%s%d", s.winner == Side::Cho ? "" : "-", s.mate_moves);
  else std::snprintf(buf, sizeof buf, "%.2f", s.cp / 100.0);
  return buf;
}

std::vector<PlyEvaluation> ply_evaluations(const GameAnalysis& a) {
  std::vector<PlyEvaluation> out;
  for (const PlyAnalysis& p : a.plies) {
    if (!p.judged) continue;
    PlyEvaluation e;
    e.ply = p.ply;
    e.eval = pgn_eval_text(p.after);
    if (!p.best.empty() && p.best != p.played) e.best = parse_uci_move(p.best);
    if (p.judgement != MoveClass::Good) {
      e.class_name = class_name(p.judgement);
      e.nag = std::stoi(std::string(class_nag(p.judgement).substr(1)));  // "$6" -> 6
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace gibo::analysis
