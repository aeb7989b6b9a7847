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
  const std::size_t written = played < 0 ? 0 : static_cast<std::size_t>(played);
  if (const auto note = detail::cut_short_note(g, written)) {
    out.insert(begin, std::string("# [Termination \"") + detail::kUnterminated + "\"] " + *note + '\n');
    if (loss) {
      loss->unwritten_plies += static_cast<int>(g.plies.size() - written);
      loss->cut_short = true;
    }
  }
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
