// A game's material over its plies, the material signature: how many pieces of each kind
// each side has at the start, and which piece each capture took at which ply. Material
// only ever falls (Janggi has no promotion), so these few bytes give the counts at every
// ply of the game without replaying it: the archive keeps one per game
// (the table game_material, src/archive/README.md), and a pattern (src/pattern/README.md) skips
// the games whose material cannot match before replaying any.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "gibo/core/position.h"
#include "gibo/core/types.h"

namespace gibo {

// Pieces of each kind (index PieceType; None unused) of each side (index Side).
using PieceCounts = std::array<std::array<std::uint8_t, kPieceTypeCount>, 2>;

struct MaterialSignature {
  struct Capture {
    int ply = 0;               // the ply that took it: 1 for the game's first
    Piece piece = Piece::None;
    bool operator==(const Capture&) const = default;
  };
  Side to_move = Side::Cho;    // at the start
  PieceCounts start{};         // at the start
  int plies = 0;               // the plies it covers: the game's plies that replay
  std::vector<Capture> captures;  // in ply order
  bool operator==(const MaterialSignature&) const = default;
};

// The pieces on the board of `position`, by side and kind.
PieceCounts piece_counts(const Position& position);

// The signature of the game that plays `moves` from `start`. Contract: the moves replay
// from it (a pass is the general's square twice); they are not checked, only followed.
MaterialSignature material_signature(const Position& start, std::span<const Move> moves);

// Raw material (types.h material_value) of one side's counts.
int material_of(const std::array<std::uint8_t, kPieceTypeCount>& counts);

}  // namespace gibo
