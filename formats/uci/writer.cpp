// The move-list writer: `position fen <FEN> moves …` per game.
#include "../text/game_walk.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/uci.h"

namespace gibo {

std::string write_uci_games(const std::vector<Game>& games, const UciWriteOptions& options) {
  std::string out;
  for (const Game& g : games) {
    std::string line = "position fen " + start_fen(g).value_or(g.start.fen);
    std::string moves;
    Position pos;
    detail::walk_plies(g, options.profile, pos, [&](std::size_t, const Position& before, Move m) {
      moves += ' ';
      moves += options.notation == MoveNotation::Janggi ? write_janggi(before, m) : write_uci(m);
    });
    if (!moves.empty()) line += " moves" + moves;
    out += line + '\n';
  }
  return out;
}

}  // namespace gibo
