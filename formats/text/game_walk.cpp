// walk_plies: the writers' walk through a game's plies while they replay (game_walk.h).
#include "game_walk.h"

#include "gibo/record/replay.h"

namespace gibo::detail {

int walk_plies(const Game& g, const Profile* fallback, Position& pos,
               const std::function<void(std::size_t, const Position&, Move)>& visit) {
  if (start_position(g, game_legality_rules(g, fallback ? *fallback : default_profile()), pos)) return -1;
  int played = 0;
  for (std::size_t i = 0; i < g.plies.size(); ++i) {
    const RecordedPly& rp = g.plies[i];
    Move m = rp.move;
    if (rp.pass) {
      const Square general = pos.general(pos.side_to_move());
      if (general == kNoSquare) break;
      m = Move::pass(general);
    }
    if (m.is_none() || !pos.is_legal(m)) break;
    if (visit) visit(i, pos, m);
    pos.do_move(m);
    ++played;
  }
  return played;
}

}  // namespace gibo::detail
