// A pattern compiled (compile.cpp): its nodes in one array, operands before the node that
// uses them, each marked for what it needs — a position alone (local) or the whole game
// (a sequence, a streak), the board or only the material — and how it is evaluated
// (evaluate.cpp: at a position, over a game's plies; bounds.cpp: over what the material
// allows). Internal to src/pattern.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/material.h"
#include "gibo/core/position.h"
#include "gibo/core/square_set.h"
#include "gibo/pattern/pattern.h"

#include "ast.h"

namespace gibo::pattern {

using ast::Kind;
using ast::Relation;

// What a node gives.
enum class Type : std::uint8_t { Condition, Value, Set };

// A node compiled: its node's constants and text (ast::Literal), and what it needs.
struct Instr : ast::Literal {
  Kind kind = Kind::NoSet;
  Type type = Type::Condition;
  bool local = true;   // holds at one position: no sequence or streak inside
  bool board = false;  // reads the board: not only the material, the ply and the side to move
  std::vector<int> kids;   // operands (-1: a move's part not given)
  std::vector<int> within; // Then: the distance of each step after the first (0: any)
  int slot = -1;           // a move's or a capture's result among a frame's (Frame::moved)
};

struct Program {
  std::string text;
  std::vector<Instr> code;
  int root = -1;
  std::optional<int> sort_value;
  bool highest = true;
  bool board = false;            // some node reads the board
  std::vector<int> move_atoms;   // the Move and Capture nodes, by slot
  std::vector<int> leaves;       // the local nodes a sequence, a streak or the root reads, by slot
};

// `text` between backquotes, as messages quote a part of a pattern.
std::string backquoted(std::string_view text);
// The column (in characters, from 1) of byte `offset` of `text`.
int column_of(std::string_view text, std::size_t offset);

// Parses `text` into its tree (parse.cpp): "column C: expected WHAT, found …" on failure.
Expected<ast::Pattern> parse_tree(std::string_view text);
// Checks the tree and compiles it (compile.cpp): "column C: …" for a node that means nothing
// where it stands; "the pattern can never match: …" (bounds.cpp) for one that cannot match.
Expected<Program> compile(const ast::Pattern& tree, std::string text);

// ---- what a position offers (evaluate.cpp) ----------------------------------------------
struct Frame {
  const Position* position = nullptr;  // null: only the material is known
  int ply = 0;
  bool final = false;
  Side to_move = Side::Cho;
  const PieceCounts* counts = nullptr;
  Move last = Move::none();            // the move that reached it (none at the start)
  const std::vector<char>* moved = nullptr;  // the move and capture nodes' results, by slot
};
bool truth(const Program& p, int i, const Frame& f);
double amount(const Program& p, int i, const Frame& f);
SquareSet points(const Program& p, int i, const Frame& f);
// The move and capture nodes' results for `move` played from the frame's position.
void judge_move(const Program& p, const Frame& before, Move move, std::vector<char>& out);

// ---- what the material allows (bounds.cpp) ----------------------------------------------
enum class Tri : std::uint8_t { Never, Maybe, Always };
// The pattern's nodes cannot hold anywhere: the message naming the first that cannot.
std::optional<Error> never_matches(const Program& p);
// May the pattern hold somewhere in a game with this signature?
bool may_match(const Program& p, const MaterialSignature& s);

// The index of node `i` among the program's leaves (-1: not one).
int leaf_slot(const Program& p, int i);
// The values of the program's leaves at every ply, and the game's matches from them.
GameMatches matches_of(const Program& p, std::vector<std::vector<double>>& leaves, int plies);

}  // namespace gibo::pattern
