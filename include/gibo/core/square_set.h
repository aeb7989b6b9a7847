// A set of the board's 90 points: bit s is point s (a1 = 0 … i10 = 89, types.h), in two
// 64-bit words. What a piece reaches, a region of the board, the points a pattern names
// (src/pattern/README.md) are such sets.
#pragma once

#include <bit>
#include <cstdint>

#include "gibo/core/types.h"

namespace gibo {

class SquareSet {
 public:
  constexpr SquareSet() = default;
  // The set of one point.
  static constexpr SquareSet of(Square s) {
    SquareSet out;
    out.insert(s);
    return out;
  }
  // Every point of the board.
  static constexpr SquareSet all() {
    SquareSet out;
    out.low_ = ~std::uint64_t{0};
    out.high_ = (std::uint64_t{1} << (kSquares - 64)) - 1;
    return out;
  }

  constexpr bool contains(Square s) const { return s < 64 ? (low_ >> s) & 1 : (high_ >> (s - 64)) & 1; }
  constexpr void insert(Square s) {
    if (s < 64) low_ |= std::uint64_t{1} << s;
    else high_ |= std::uint64_t{1} << (s - 64);
  }
  constexpr void erase(Square s) {
    if (s < 64) low_ &= ~(std::uint64_t{1} << s);
    else high_ &= ~(std::uint64_t{1} << (s - 64));
  }
  constexpr bool empty() const { return (low_ | high_) == 0; }
  constexpr int size() const { return std::popcount(low_) + std::popcount(high_); }
  // The lowest point of a set that is not empty (kNoSquare for the empty set).
  constexpr Square first() const {
    if (low_) return static_cast<Square>(std::countr_zero(low_));
    if (high_) return static_cast<Square>(64 + std::countr_zero(high_));
    return kNoSquare;
  }
  // Calls f(s) for each point, lowest first.
  template <typename F>
  constexpr void for_each(F f) const {
    for (std::uint64_t w = low_; w; w &= w - 1) f(static_cast<Square>(std::countr_zero(w)));
    for (std::uint64_t w = high_; w; w &= w - 1) f(static_cast<Square>(64 + std::countr_zero(w)));
  }

  constexpr SquareSet operator|(const SquareSet& o) const { return {low_ | o.low_, high_ | o.high_}; }
  constexpr SquareSet operator&(const SquareSet& o) const { return {low_ & o.low_, high_ & o.high_}; }
  // The points of the board not in the set.
  constexpr SquareSet operator~() const { return SquareSet{~low_, ~high_} & all(); }
  constexpr SquareSet& operator|=(const SquareSet& o) { return *this = *this | o; }
  constexpr SquareSet& operator&=(const SquareSet& o) { return *this = *this & o; }
  constexpr bool operator==(const SquareSet&) const = default;

 private:
  constexpr SquareSet(std::uint64_t low, std::uint64_t high) : low_(low), high_(high) {}
  std::uint64_t low_ = 0, high_ = 0;
};

}  // namespace gibo
