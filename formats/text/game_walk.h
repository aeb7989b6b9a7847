// Internal helper of the writers (PGN, FEN, UCI, JSON): walks a game's plies on the board
// for as long as they replay, so every writer states moves the board confirms.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"
#include "gibo/formats/text_format.h"
#include "gibo/record/game.h"
#include "gibo/record/opening.h"

namespace gibo::detail {

// Sets `pos` to the start of `g` under its saved profile (else `fallback`, else the
// default) and plays its plies while they are legal, calling `visit(i, pos, move)` with
// the position before ply i (0-based) and its move (a pass as the general's own square).
// Returns the number of plies played, or -1 if the start position is invalid.
int walk_plies(const Game& g, const Profile* fallback, Position& pos,
               const std::function<void(std::size_t, const Position&, Move)>& visit);

// The opening of `g` from the moves a writer's walk played (the first of them, up to the
// plies the replay found valid when `g` was replayed, so writers name it as `gibo validate`
// does), with `book` (nullptr: the built-in book).
Opening walked_opening(const Game& g, const std::vector<Move>& moves, const OpeningBook* book);

// For a writer that holds only the plies that replay (PGN, FEN, UCI) and wrote `written`
// of `g`'s: is the game cut short, and the note that says so ("gibo: 107 more plies in the
// record do not replay from ply 1: bad-movement: MESSAGE")? Cut short: plies after
// `written` remain, or an error stops the game after them (a reader that stops at a move
// it cannot resolve keeps no ply for it). nullopt when the whole game was written.
std::optional<std::string> cut_short_note(const Game& g, std::size_t written);

// The words that mark a game cut short in every such format: PGN's tag, and FEN's and
// UCI's comment line "# [Termination "unterminated"] NOTE".
inline constexpr const char* kUnterminated = "unterminated";

// For the FEN and UCI writers, which wrote `g` at `begin` of `out` after walk_plies
// returned `played`: a game cut short says so on a comment line inserted at `begin`
// ("# [Termination "unterminated"] NOTE"; readers skip it) and is counted in `loss`.
void mark_cut_short(std::string& out, std::size_t begin, const Game& g, int played, WriteLoss* loss);

}  // namespace gibo::detail
