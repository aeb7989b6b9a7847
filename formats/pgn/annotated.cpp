// The PGN writer with an engine's evaluations: each evaluated ply's NAG and {[%eval E] class; best SAN} comment.
#include "gibo/formats/notation.h"
#include "gibo/formats/pgn.h"

namespace gibo {

std::string write_annotated_pgn_game(Game game, const std::vector<PlyEvaluation>& evaluations,
                                     const PgnWriteOptions& options) {
  annotate_plies(game, evaluations, options.profile, [](const Position& p, Move m) { return write_san(p, m); },
                 [](RecordedPly& rp, const PlyEvaluation& e, const std::string& best) {
                   std::string c = "[%eval " + e.eval + ']';
                   if (!e.class_name.empty()) {
                     rp.nags.push_back(e.nag);
                     c += ' ';
                     c += e.class_name;
                     if (!best.empty()) c += "; best ", c += best;
                   }
                   rp.comments.push_back(c);
                 });
  std::string out;
  write_pgn_game(out, game, options);
  return out;
}

}  // namespace gibo
