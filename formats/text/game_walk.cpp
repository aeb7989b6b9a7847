// walk_plies: the writers' walk through a game's plies while they replay (game_walk.h).
#include "game_walk.h"

#include <algorithm>

#include "gibo/formats/openings.h"
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

Opening walked_opening(const Game& g, const std::vector<Move>& moves, const OpeningBook* book) {
  std::size_t n = moves.size();
  if (g.replayed) n = std::min(n, static_cast<std::size_t>(std::max(0, g.valid_plies)));
  return name_opening(g.start, std::span<const Move>(moves.data(), n), book ? *book : builtin_opening_book());
}

std::optional<std::string> cut_short_note(const Game& g, std::size_t written) {
  const Diagnostic* stop = nullptr;
  for (const Diagnostic& d : g.diagnostics)
    if (d.severity == Severity::Error && d.ply >= static_cast<int>(written) + 1) {
      stop = &d;
      break;
    }
  if (written >= g.plies.size() && !stop) return std::nullopt;
  const std::string from = std::to_string(written + 1);
  std::string note = written < g.plies.size() ? "gibo: " + std::to_string(g.plies.size() - written) +
                                                    " more plies in the record do not replay from ply " + from
                                              : "gibo: the record is not valid from ply " + from;
  if (stop) note += ": " + stop->code + ": " + stop->message;
  return note;
}

void mark_cut_short(std::string& out, std::size_t begin, const Game& g, int played, WriteLoss* loss) {
  const std::size_t written = played < 0 ? 0 : static_cast<std::size_t>(played);
  const auto note = cut_short_note(g, written);
  if (!note) return;
  out.insert(begin, std::string("# [Termination \"") + kUnterminated + "\"] " + *note + '\n');
  if (loss) {
    loss->unwritten_plies += static_cast<int>(g.plies.size() - written);
    loss->cut_short = true;
  }
}

}  // namespace gibo::detail
