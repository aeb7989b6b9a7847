// The .gib writer with an engine's evaluations: each evaluated ply's {eval E best M class} comment.
#include "gibo/formats/gib.h"

namespace gibo {

std::string write_annotated_gib_game(Game game, const std::vector<PlyEvaluation>& evaluations,
                                     const GibWriteOptions& options) {
  annotate_plies(game, evaluations, options.profile, [](const Position& p, Move m) { return gib_move_text(p, m); },
                 [](RecordedPly& rp, const PlyEvaluation& e, const std::string& best) {
                   std::string c = "eval " + e.eval;
                   if (!best.empty()) c += " best ", c += best;
                   if (!e.class_name.empty()) c += ' ', c += e.class_name;
                   rp.comments.push_back(c);
                 });
  std::string out;
  write_gib_game(out, game, options);
  return out;
}

}  // namespace gibo
