// The FEN file writer: each game's final position (or every position) as FEN lines.
#include "../text/game_walk.h"
#include "gibo/formats/fen.h"

namespace gibo {

void write_fen_game(std::string& out, const Game& g, const FenWriteOptions& options, WriteLoss* loss) {
  const std::size_t begin = out.size();
  Position pos;
  const int played = detail::walk_plies(g, options.profile, pos, [&](std::size_t, const Position& before, Move) {
    if (options.each) out += before.fen() + '\n';
  });
  if (played < 0) out += g.start.fen + '\n';  // not a position gibo can read: written as stored
  else out += pos.fen() + '\n';
  // A game cut short says so on a comment line before its positions (readers skip it).
  detail::mark_cut_short(out, begin, g, played, loss);
}

std::string write_fen(const std::vector<Game>& games, const FenWriteOptions& options) {
  std::string out;
  for (std::size_t i = 0; i < games.size(); ++i) {
    if (options.each && i) out += '\n';
    write_fen_game(out, games[i], options);
  }
  return out;
}

}  // namespace gibo
