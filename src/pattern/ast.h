// A pattern as the grammar reads it (grammar.h): one tree of nodes, each with the span of
// the text it was read from, before it is checked and compiled (program.h). Internal to
// src/pattern.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "gibo/core/square_set.h"
#include "gibo/core/types.h"

namespace gibo::pattern::ast {

enum class Kind : std::uint8_t {
  // Conditions (true or false at a position).
  Then,       // kids: the steps; each after the first a ThenStep
  ThenStep,   // kids[0]: the step; number: its `within` distance in plies (-1: any)
  Or,
  And,
  Not,        // kids[0]
  Mirror,     // kids[0]; holds where it or its left-right mirror image holds
  Swap,       // kids[0]; holds where it or its colour-swapped image holds
  Signature,  // army: the pieces of each side, relation unused
  Compare,    // kids[0] relation kids[1]
  InRange,    // kids[0] in [low, high]; relation Equal (in) or NotEqual (out)
  Check,
  Mate,
  Stalemate,
  Bikjang,
  Final,
  Pass,
  ToMove,     // side
  Move,       // kids: mover, from, to (NoSet where not given)
  Capture,    // kids[0]: the captured piece's set (NoSet: any)
  NonEmpty,   // kids[0]: a set where a condition stands (made by the compiler)
  // Values (numbers at a position). A set where a value is expected counts its points.
  Number,     // number
  Material,   // side
  Points,     // side
  Balance,
  Ply,
  Streak,     // kids[0]: a condition
  Count,      // kids[0]: a set where a value stands (made by the compiler)
  // Sets of points.
  Union,
  Intersection,
  Complement,  // kids[0]
  Attacks,     // kids[0] attacks kids[1]
  Defends,     // kids[0] defends kids[1]
  Pinned,      // kids[0]
  Screen,      // kids[0]
  Squares,     // squares
  Pieces,      // pieces: bit p for each Piece code p
  Empty,
  NoSet,
};

enum class Relation : std::uint8_t { Less, LessEqual, Equal, NotEqual, GreaterEqual, Greater };

// The named regions of the board (README "Sets").
enum class Region : std::uint8_t { ChoPalace, HanPalace, Palace, River, ChoHalf, HanHalf, Board };

// What a node says of itself besides its kind and operands: the constants the text gave,
// and where the text was (a compiled node keeps them: program.h Instr).
struct Literal {
  std::uint32_t begin = 0, end = 0;  // the bytes of the pattern's text it was read from
  double number = 0;                 // Number; ThenStep's distance
  double low = 0, high = 0;          // InRange
  Relation relation = Relation::Equal;
  Side side = Side::Cho;             // Material, Points, ToMove; Balance: the side it favours
  SquareSet squares;                 // Squares
  std::uint16_t pieces = 0;          // Pieces: bit p for each Piece code p
  // Signature: how many of each kind (index PieceType) each side (index Side) has; -1 for a
  // kind the signature leaves free.
  std::array<std::array<std::int8_t, kPieceTypeCount>, 2> army{};
};

struct Node : Literal {
  Kind kind = Kind::NoSet;
  std::vector<Node> kids;
};

// What `sort` asks for: each game's highest (max) or lowest (min) value at its matches.
struct Sort {
  bool highest = true;
  Node value;
};

// A whole pattern: its condition and its sort, if any.
struct Pattern {
  Node condition;
  bool sorted = false;
  Sort sort;
};

}  // namespace gibo::pattern::ast
