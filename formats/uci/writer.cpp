// The move-list writer: `position fen <FEN> moves …` per game.
#include "../text/game_walk.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/uci.h"

namespace gibo {

void write_uci_game(std::string& out, const Game& g, const UciWriteOptions& options, WriteLoss* loss) {
  const std::size_t begin = out.size();
  out += "position fen " + start_fen(g).value_or(g.start.fen);
  bool first = true;
  Position pos;
  const int played = detail::walk_plies(g, options.profile, pos, [&](std::size_t, const Position& before, Move m) {
    if (first) out += " moves";
    first = false;
    out += ' ';
    out += options.notation == MoveNotation::Janggi ? write_janggi(before, m) : write_uci(m);
  });
  out += '\n';
  // A game cut short says so on a comment line before its line (readers skip it).
  detail::mark_cut_short(out, begin, g, played, loss);
}

std::string write_uci_games(const std::vector<Game>& games, const UciWriteOptions& options) {
  std::string out;
  for (const Game& g : games) write_uci_game(out, g, options);
  return out;
}

}  // namespace gibo
