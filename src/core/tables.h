// Precomputed movement tables for the move generator and attack detection.
// Internal to the core layer; built once at start-up from the movement rules of
// src/core/README.md, "Movement" (palace lines, horse and elephant legs, soldier steps).
#pragma once

#include <array>
#include <cstdint>

#include "gibo/core/types.h"

namespace gibo::detail {

// Orthogonal directions, in this order.
enum Direction : int { kNorth = 0, kSouth = 1, kEast = 2, kWest = 3 };

struct Ray {
  std::array<Square, 9> sq{};  // squares from the origin outward, origin excluded
  std::uint8_t len = 0;
};

// One palace diagonal line from a diagonal point: `a` next to it, `b` beyond it
// (only from a corner, through the centre: len == 2).
struct DiagLine {
  Square a = kNoSquare, b = kNoSquare;
  std::uint8_t len = 0;
};

template <typename T, int N>
struct SmallList {
  std::array<T, N> item{};
  std::uint8_t n = 0;
  void push(T v) { item[n++] = v; }
  const T* begin() const { return item.data(); }
  const T* end() const { return item.data() + n; }
};

struct LegStep {  // horse: from -> to, blocked if `leg` is occupied
  Square leg, to;
};
struct LegStep2 {  // elephant: blocked if `leg1` or `leg2` is occupied
  Square leg1, leg2, to;
};

// What a square means to attacks on a target square (Tables::reach[target][square]):
// attacked(target, by) reads the target's own point and the squares with a non-zero
// entry, nothing else, so a move whose two squares have none leaves it unchanged.
enum Reach : std::uint8_t {
  kReachLine = 1,          // on an orthogonal ray or palace diagonal from the target
  kReachHorseLeg = 2,      // the leg of a horse move onto the target
  kReachElephantLeg = 4,   // a leg of an elephant move onto the target
  kReachHorse = 8,         // a horse here attacks the target (leg free)
  kReachElephant = 16,     // an elephant here attacks the target (legs free)
  kReachSoldierCho = 32,   // a Cho soldier here attacks the target
  kReachSoldierHan = 64,   // a Han soldier here attacks the target
  kReachPalace = 128,      // a general or advisor here attacks the target (same palace)
  kReachLeg = kReachHorseLeg | kReachElephantLeg,
};

struct Tables {
  Tables();
  std::array<std::array<Ray, 4>, kSquares> rays;
  std::array<SmallList<DiagLine, 4>, kSquares> diag;           // empty off the palace diagonals
  std::array<SmallList<Square, 8>, kSquares> palace_steps;     // general/advisor steps
  std::array<SmallList<LegStep, 8>, kSquares> horse;           // moves from a square
  std::array<SmallList<LegStep, 8>, kSquares> horse_from;      // attackers: {leg, from}
  std::array<SmallList<LegStep2, 8>, kSquares> elephant;       // moves from a square
  std::array<SmallList<LegStep2, 8>, kSquares> elephant_from;  // attackers: {leg1, leg2, from}
  std::array<std::array<SmallList<Square, 5>, kSquares>, 2> soldier;       // [side][from]
  std::array<std::array<SmallList<Square, 5>, kSquares>, 2> soldier_from;  // [side][target]
  std::array<std::array<std::uint8_t, kSquares>, kSquares> reach;  // [target][square]: Reach bits
  std::array<std::array<std::uint64_t, kSquares>, kPieceCount> zobrist;
  std::uint64_t zobrist_side;
};

extern const Tables kTables;

}  // namespace gibo::detail
