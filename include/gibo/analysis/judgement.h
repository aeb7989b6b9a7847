// From evaluations to judgements of a move: winning chances, the classification of a
// move by the drop in its side's winning chances, and a move's accuracy (src/cli/help/analyze.md, "winning chances").
#pragma once

#include <string_view>

#include "gibo/analysis/uci_engine.h"

namespace gibo::analysis {

enum class MoveClass { Good, Inaccuracy, Mistake, Blunder };
std::string_view class_name(MoveClass c);  // "good", "inaccuracy", "mistake", "blunder"
std::string_view class_nag(MoveClass c);   // "", "$6", "$2", "$4"

// Cap on centipawns for averages and losses; a mate counts as this much.
inline constexpr int kCpCap = 1000;

// `side`'s winning chances in percent (0..100) under `score` (Cho's view):
// 50 + 50 * (2 / (1 + exp(-0.00368208 * cp)) - 1) from `side`'s view; a mate is 100 or 0.
double win_chance(const Score& score, Side side);
// Drops of 10, 20, 30 points or more: inaccuracy, mistake, blunder.
MoveClass classify(double drop);
// A move's accuracy in percent from the drop: 103.1668 * exp(-0.04354 * drop) - 3.1669,
// clipped to 0..100.
double move_accuracy(double drop);

}  // namespace gibo::analysis
