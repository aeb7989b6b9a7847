// The PGN writer with an engine's evaluations: each evaluated ply's NAG and {[%eval E] class; best SAN} comment.
#include "gibo/formats/notation.h"
#include "gibo/formats/pgn.h"

namespace gibo {

std::string write_annotated_pgn_game(Game game, const std::vector<PlyEvaluation>& evaluations,
                                     const PgnWriteOptions& options) {
  const Profile& profile = options.profile ? *options.profile : default_profile();
  const std::vector<std::string> best =
      best_move_names(game, evaluations, profile, [](const Position& p, Move m) { return write_san(p, m); });
  for (std::size_t k = 0; k < evaluations.size(); ++k) {
    const PlyEvaluation& e = evaluations[k];
    RecordedPly& rp = game.plies[static_cast<std::size_t>(e.ply - 1)];
    std::string c = "[%eval " + e.eval + ']';
    if (!e.class_name.empty()) {
      rp.nags.push_back(e.nag);
      c += ' ';
      c += e.class_name;
      if (!best[k].empty()) c += "; best ", c += best[k];
    }
    rp.comments.push_back(c);
  }
  std::string out;
  write_pgn_game(out, game, options);
  return out;
}

}  // namespace gibo
