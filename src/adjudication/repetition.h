// Repetition detectors (src/adjudication/README.md, "Repetition"; RepetitionRule.detector) over a tracker's
// history. Internal to the adjudication layer.
#pragma once

#include <optional>
#include <span>

#include "gibo/adjudication/ending.h"

namespace gibo::detail {

using History = std::span<const EndingTracker::Record>;

// What a detector found for the last ply of a history.
struct RepetitionHit {
  int count = 0;         // occurrences (or shuttle moves) counted for the last ply
  bool triggered = false;
  int first_ply = 0;     // the start of the repeated span (the earlier equal position, or
                         // the first counted occurrence); the span ends at the last ply
};

// POSITION (Fairy-Stockfish): the position and side to move after the last ply occurred
// before, looking back 4, 6, ... plies within the window; triggers at `count` occurrences.
// With !passes_count, positions reached by a pass are not occurrences.
RepetitionHit detect_position(History h, int count, RepetitionWindow window, bool passes_count);

// MOVE_CYCLE (janggi-gg): the last move, played from the same position, is the k-th of a
// continuing cycle: the moves (and the positions they are played from) from the first of
// the k occurrences to now repeat with one period. Passes are left out of the move
// sequence unless passes_count. Triggers at k == count.
RepetitionHit detect_move_cycle(History h, int count, bool passes_count);

// SEQUENCE (kjf-site, kja): how often the last move has been played from the same
// position in the whole game (since the last capture; positions cannot recur across one).
// Passes are never counted unless passes_count. Triggers at `count`.
RepetitionHit detect_sequence(History h, int count, bool passes_count);

// SHUTTLE (Fairy-Stockfish janggimodern): the mover's last 2·count − 1 own moves shuttle
// one piece A→B, B→A, ..., A→B; the first of them (any non-capture to B) may come from
// anywhere; the mover was never in check before them; one own pass just before the last
// move is tolerated; the look-back stops at the last capture. With exempt_palace, general
// and advisor moves never count.
RepetitionHit detect_shuttle(History h, int count, bool exempt_palace);

// Perpetual check over the span [first_ply, last ply]: the side that gave check in every
// position of the span where its opponent was to move, while the opponent never did the
// same. Nullopt if neither or both sides did.
std::optional<Side> perpetual_checker(History h, int first_ply);

}  // namespace gibo::detail
