// Repetition detectors (src/adjudication/README.md, "Repetition"; A8). Each reads the tracker's history,
// where records[p] is the state after ply p and records[0] the start; the position a
// ply was played from is records[p - 1].
#include "repetition.h"

#include <algorithm>

namespace gibo::detail {
namespace {

// The move that undoes `m` (B→A for A→B).
constexpr Move reverse(Move m) { return Move(m.to(), m.from()); }

// Were plies a and b the same move played from the same position (side to move included)?
// Contract: 1 <= a, b < h.size().
bool same_play(History h, int a, int b) {
  return h[a].move == h[b].move && h[a - 1].key == h[b - 1].key;
}

// Is ply p counted by a detector that may leave passes out?
bool counted(const EndingTracker::Record& r, bool passes_count) {
  return !r.move.is_none() && (passes_count || !r.move.is_pass());
}

// The first ply whose starting position postdates the last capture before ply t: no
// earlier position can recur (material never comes back). At least 1.
int first_ply_after_capture(History h, int t) {
  return std::max(1, t - h[t].plies_since_capture + 1);
}

}  // namespace

RepetitionHit detect_position(History h, int count, RepetitionWindow window, bool passes_count) {
  const int t = static_cast<int>(h.size()) - 1;
  const EndingTracker::Record& now = h[t];
  if (t == 0 || !counted(now, passes_count)) return {};
  // Fairy-Stockfish looks back min(plies since capture, plies since the root), from 4
  // plies on (2 plies back can only repeat after a double pass, which ends the game).
  const int end = window == RepetitionWindow::WholeGame ? t : std::min(t, now.plies_since_capture);
  int occurrences = 1;
  for (int i = 4; i <= end; i += 2) {
    const EndingTracker::Record& then = h[t - i];
    if (then.key != now.key || (!passes_count && then.move.is_pass())) continue;
    if (++occurrences >= count) return {occurrences, true, t - i};
  }
  return {occurrences, false, 0};
}

RepetitionHit detect_move_cycle(History h, int count, bool passes_count) {
  const int t = static_cast<int>(h.size()) - 1;
  if (t == 0 || !counted(h[t], passes_count)) return {};
  if (h[t].plies_since_capture == 0) return {1, false, t};  // a capture never repeats

  // The plies of the move sequence (passes left out unless they count).
  std::vector<int> seq;
  for (int p = first_ply_after_capture(h, t); p <= t; ++p)
    if (counted(h[p], passes_count)) seq.push_back(p);
  const int n = static_cast<int>(seq.size()) - 1;

  // For each period L whose previous occurrence matches, extend the periodic stretch
  // backwards; the occurrences of the last move inside it are n, n - L, n - 2L, ...
  int best_k = 1, best_period = 0;
  for (int period = 1; period <= n; ++period) {
    if (1 + n / period <= best_k) break;  // no longer period can count more occurrences
    if (!same_play(h, seq[n - period], seq[n])) continue;
    int s = n - period;
    while (s > 0 && same_play(h, seq[s - 1], seq[s - 1 + period])) --s;
    const int k = 1 + (n - s) / period;
    if (k > best_k) best_k = k, best_period = period;
  }
  const int first = best_k > 1 ? seq[n - (best_k - 1) * best_period] : t;
  return {best_k, best_k >= count, first};
}

RepetitionHit detect_sequence(History h, int count, bool passes_count) {
  const int t = static_cast<int>(h.size()) - 1;
  if (t == 0 || !counted(h[t], passes_count)) return {};
  int occurrences = 1, first = t;
  for (int p = first_ply_after_capture(h, t); p < t; ++p)
    if (counted(h[p], passes_count) && same_play(h, p, t)) {
      if (occurrences == 1) first = p;
      ++occurrences;
    }
  return {occurrences, occurrences >= count, first};
}

RepetitionHit detect_shuttle(History h, int count, bool exempt_palace) {
  const int t = static_cast<int>(h.size()) - 1;
  const EndingTracker::Record& now = h[t];
  const int end = std::min(t, static_cast<int>(now.plies_since_capture));
  if (end < 4 || now.move.is_none() || now.move.is_pass()) return {};
  if (exempt_palace && (now.moved == PieceType::General || now.moved == PieceType::Advisor)) return {};
  // The mover was not in check before this move, nor before its previous own move.
  if (h[t - 1].in_check || h[t - 3].in_check) return {};

  // links: reversals found so far, counting the last move; 1 means "one own pass just
  // before the last move", which is skipped once. A chain of 2·count − 1 moves needs
  // 2·count − 2 links and then an opening move onto the shuttle's far square.
  const int needed = 2 * count - 2;
  const Move before = h[t - 2].move;
  int links = before == reverse(now.move) ? 2 : before.is_pass() ? 1 : 0;
  if (links == 0) return {1, false, 0};
  int moves = links;  // own shuttle moves found (the pass is not one)
  for (int i = 4; i <= end; i += 2) {
    // A check on the mover before any of its shuttle moves resets the count.
    if (i + 1 <= end && h[t - i - 1].in_check) return {moves, false, 0};
    const Move older = h[t - i].move;
    if (links < needed) {
      const Move newer = links == 1 ? now.move : h[t - i + 2].move;
      if (older != reverse(newer)) return {moves, false, 0};
      ++links, ++moves;
      continue;
    }
    // The opening move: a non-capture that brought the piece to where the chain starts.
    if (!h[t - i].capture && !older.is_none() && h[t - i + 2].move.from() == older.to())
      return {moves + 1, true, t - i};
    return {moves, false, 0};
  }
  return {moves, false, 0};
}

std::optional<Side> perpetual_checker(History h, int first_ply) {
  const int t = static_cast<int>(h.size()) - 1;
  bool seen[2] = {false, false};
  bool always_checked[2] = {true, true};
  for (int p = std::max(0, first_ply); p <= t; ++p) {
    const int s = index(h[p].side_to_move);
    seen[s] = true;
    always_checked[s] = always_checked[s] && h[p].in_check;
  }
  const bool cho = seen[0] && always_checked[0];
  const bool han = seen[1] && always_checked[1];
  if (cho == han) return std::nullopt;
  return cho ? Side::Han : Side::Cho;  // the checker is the other side
}

}  // namespace gibo::detail
