// Positions as training data (formats/positions/README.md): one record a position of a
// game, with the move played from it, its stored evaluation and the game's result, written
// as JSON Lines (`positions`) or as Fairy-Stockfish's variant-nnue-tools plain text
// (`fsf-plain`). The writers take what the caller gathered; nothing here reads archives.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gibo/core/types.h"

namespace gibo {

// An evaluation as the engine gave it, from the side to move's view.
struct PositionScore {
  bool mate = false;
  int cp = 0;          // centipawns (when !mate)
  int mate_moves = 0;  // moves to mate, > 0: the side to move mates, < 0: it is mated (when mate)
  int depth = 0;
  std::string best;                // UCI; "" when the engine gave none
  std::vector<std::string> line;   // the principal variation, UCI
  std::string engine;              // "Fairy-Stockfish 11.1 LB 64"
};

// A player of the game as the archive knows them.
struct PositionPlayer {
  std::string identity;           // the player identity ("" when the record names no one)
  std::optional<double> rating;   // the archive's rating of that identity (Elo), when it has one
};

// One position of one game.
struct TrainingPosition {
  std::string fen;          // Fairy-Stockfish FEN of the game's variant, side to move included
  std::string move;         // the move played from it, UCI ("" at the end of the game)
  int ply = 0;              // plies played before it (0: the start)
  Side to_move = Side::Cho;
  bool in_check = false;
  std::optional<PositionScore> score;  // the stored evaluation, if any
  // The game's result from the side to move's view: 1 win, 0 draw, -1 loss; nullopt when
  // the game has no decided or drawn result (void, unknown, none).
  std::optional<int> result;
  std::string method;       // how the game ended: "resignation", "time", ... ("" when unknown)
  std::string profile;      // the rules profile the game was replayed under
  std::string variant;      // the Fairy-Stockfish variant nearest to it (UCI_Variant)
  std::string game;         // the game reference FILE:GAME
  std::int64_t game_id = 0; // the archive's id of the game
  PositionPlayer cho, han;
  std::string opening;      // the opening's code and name ("" for a custom start)
};

// One JSON object a line (formats/positions/README.md, "JSON Lines").
void write_position_jsonl(std::string& out, const TrainingPosition& p);

// One block of variant-nnue-tools' plain form: fen, move, score, ply, result, e. The score
// is the side to move's, in centipawns, a mate as ±(kPlainMate − plies to mate); the
// result 1, 0 or −1 from the side to move. Contract: p.score and p.result are set and
// p.move is not empty (a block without them cannot be trained on).
void write_position_plain(std::string& out, const TrainingPosition& p);
// The mate score of the plain form (Stockfish's VALUE_MATE).
inline constexpr int kPlainMate = 32000;

}  // namespace gibo
