#include "game_walk.h"

#include "gibo/record/replay.h"

namespace gibo::detail {

int walk_plies(const Game& g, const Profile* fallback, Position& pos,
               const std::function<void(std::size_t, const Position&, Move)>& visit) {
  Game header;  // game_profile may note an unknown profile: do that on a header copy
  header.tags = g.tags;
  header.start = g.start;
  header.saved_profile_id = g.saved_profile_id;
  header.saved_bikjang_option = g.saved_bikjang_option;
  const Profile& profile = game_profile(header, fallback ? *fallback : default_profile());
  if (start_position(header, legality_rules(profile, game_bikjang_option(header, false)), pos)) return -1;
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
