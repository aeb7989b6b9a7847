// The .gib writer with an engine's evaluations: each evaluated ply's {eval E best M class} comment.
#include "gibo/formats/gib.h"

namespace gibo {

std::string write_annotated_gib_game(Game game, const std::vector<PlyEvaluation>& evaluations,
                                     const GibWriteOptions& options) {
  const Profile& profile = options.profile ? *options.profile : default_profile();
  const std::vector<std::string> best =
      best_move_names(game, evaluations, profile, [](const Position& p, Move m) { return gib_move_text(p, m); });
  for (std::size_t k = 0; k < evaluations.size(); ++k) {
    const PlyEvaluation& e = evaluations[k];
    std::string c = "eval " + e.eval;
    if (!best[k].empty()) c += " best ", c += best[k];
    if (!e.class_name.empty()) c += ' ', c += e.class_name;
    game.plies[static_cast<std::size_t>(e.ply - 1)].comments.push_back(c);
  }
  std::string out;
  write_gib_game(out, game, options);
  return out;
}

}  // namespace gibo
