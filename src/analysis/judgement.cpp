// Winning chances from an evaluation, a move's classification and accuracy from their drop.
#include "gibo/analysis/judgement.h"

#include <algorithm>
#include <cmath>

namespace gibo::analysis {

std::string_view class_name(MoveClass c) {
  switch (c) {
    case MoveClass::Good: return "good";
    case MoveClass::Inaccuracy: return "inaccuracy";
    case MoveClass::Mistake: return "mistake";
    case MoveClass::Blunder: return "blunder";
  }
  return "good";
}

std::string_view class_nag(MoveClass c) {
  switch (c) {
    case MoveClass::Good: return "";
    case MoveClass::Inaccuracy: return "$6";
    case MoveClass::Mistake: return "$2";
    case MoveClass::Blunder: return "$4";
  }
  return "";
}

double win_chance(const Score& score, Side side) {
  if (score.mate) return score.winner == side ? 100.0 : 0.0;
  const double cp = side == Side::Cho ? score.cp : -score.cp;
  return 50.0 + 50.0 * (2.0 / (1.0 + std::exp(-0.00368208 * cp)) - 1.0);
}

MoveClass classify(double drop) {
  if (drop >= 30.0) return MoveClass::Blunder;
  if (drop >= 20.0) return MoveClass::Mistake;
  if (drop >= 10.0) return MoveClass::Inaccuracy;
  return MoveClass::Good;
}

double move_accuracy(double drop) {
  return std::clamp(103.1668 * std::exp(-0.04354 * std::max(0.0, drop)) - 3.1669, 0.0, 100.0);
}

}  // namespace gibo::analysis
