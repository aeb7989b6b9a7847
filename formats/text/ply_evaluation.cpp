// The best moves of an annotated game named on its replayed board (the annotated writers' shared step).
#include "gibo/formats/ply_evaluation.h"

#include "gibo/record/replay.h"

namespace gibo {

namespace {

// The name of each evaluation's best move on the replayed game: [k] for evaluations[k].
std::vector<std::string> best_move_names(const Game& game, const std::vector<PlyEvaluation>& evaluations,
                                         const Profile& profile,
                                         const std::function<std::string(const Position&, Move)>& name) {
  std::vector<std::string> out(evaluations.size());
  Position pos;
  if (start_position(game, game_legality_rules(game, profile), pos)) return out;
  int at = 0;  // plies played on `pos`
  for (std::size_t k = 0; k < evaluations.size(); ++k) {
    const PlyEvaluation& e = evaluations[k];
    if (e.ply - 1 > static_cast<int>(game.plies.size()) || e.ply - 1 < at) continue;  // contract: ascending plies
    while (at < e.ply - 1) pos.do_move(game.plies[static_cast<std::size_t>(at++)].move);
    if (!e.best.is_none() && pos.is_legal(e.best)) out[k] = name(pos, e.best);
  }
  return out;
}

}  // namespace

void annotate_plies(Game& game, const std::vector<PlyEvaluation>& evaluations, const Profile* profile,
                    const std::function<std::string(const Position&, Move)>& name,
                    const std::function<void(RecordedPly&, const PlyEvaluation&, const std::string&)>& annotate) {
  const std::vector<std::string> best =
      best_move_names(game, evaluations, profile ? *profile : default_profile(), name);
  for (std::size_t k = 0; k < evaluations.size(); ++k)
    annotate(game.plies[static_cast<std::size_t>(evaluations[k].ply - 1)], evaluations[k], best[k]);
}

}  // namespace gibo
