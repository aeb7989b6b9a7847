// Winning chances from an evaluation, a move's classification and accuracy from their drop.
#include "gibo/analysis/judgement.h"

#include <algorithm>
#include <cmath>

#include "gibo/core/enum_names.h"

namespace gibo::analysis {

std::string_view class_name(MoveClass c) {
  static constexpr auto kNames = std::to_array<Named<MoveClass>>({
      {MoveClass::Good, "good"}, {MoveClass::Inaccuracy, "inaccuracy"}, {MoveClass::Mistake, "mistake"},
      {MoveClass::Blunder, "blunder"}});
  return name_of(kNames, c);
}

std::string_view class_nag(MoveClass c) {
  static constexpr auto kNags = std::to_array<Named<MoveClass>>({
      {MoveClass::Good, ""}, {MoveClass::Inaccuracy, "$6"}, {MoveClass::Mistake, "$2"}, {MoveClass::Blunder, "$4"}});
  return name_of(kNags, c);
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
