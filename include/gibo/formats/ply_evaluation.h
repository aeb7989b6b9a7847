// An engine's evaluation of one ply as the annotated writers write it (analyze --pgn,
// --gib: formats/pgn/README.md "What gibo writes", formats/gib/README.md "Analysis comments"):
// the evaluation after the ply, the engine's class of the move and its best move when the
// mover played another. Filled by the analysis layer (analysis::ply_evaluations).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"
#include "gibo/record/game.h"

namespace gibo {

struct PlyEvaluation {
  int ply = 0;               // 1-based; only judged plies have one
  std::string eval;          // after the ply, Cho's view: pawns "-1.20", or a mate "#3" / "#-2"
  Move best = Move::none();  // the engine's first choice before the ply when it is another legal move
  std::string_view class_name;  // "" for a good move, else "inaccuracy", "mistake", "blunder"
  int nag = 0;                  // 0 for a good move, else 6, 2, 4
};

// The annotated writers' shared step: hands each evaluation (ascending plies) to
// `annotate(ply, evaluation, best)` with the ply of `game` it is about and the name of its
// best move, written by `name(before, best)` on the game replayed under its own profile
// (else `profile`; nullptr: the default), "" where it has none; the writer then writes the
// annotated game.
void annotate_plies(Game& game, const std::vector<PlyEvaluation>& evaluations, const Profile* profile,
                    const std::function<std::string(const Position&, Move)>& name,
                    const std::function<void(RecordedPly&, const PlyEvaluation&, const std::string&)>& annotate);

}  // namespace gibo
