// gibo analyze's JSON Lines (src/cli/help/analyze.md): a line per ply and one per game,
// written by analyze and read back for the evaluation graph (show --analysis).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/analysis/game_analysis.h"
#include "gibo/core/expected.h"

namespace gibo::analysis {

// A game's evaluations, Cho's view: [0] the start position, [k] the position after ply k;
// nullopt where the engine gave none (a failed position, plies not analysed).
using Evaluations = std::vector<std::optional<Score>>;

// The evaluations of an analysis (one per position searched).
Evaluations evaluations(const GameAnalysis& a);

// The lines of one game (`ref` is its FILE:GAME) analysed by `engine` under `limit`: a
// "ply" line per ply, then the "game" line; each ends with a newline.
std::string analysis_jsonl(const std::string& ref, const GameAnalysis& a, const std::string& engine, const Limit& limit);

// One game's evaluations as analyze's JSON Lines state them.
struct GameEvaluations {
  std::string game;  // FILE:GAME as analyze wrote it
  Evaluations evaluations;
};
// Reads analyze's JSON Lines: a game's "ply" lines give its evaluations (eval_before of ply
// k at [k-1], eval_after at [k]), in the order the games appear. An Error naming the line
// for a line that is not JSON or a ply line without a game and ply.
Expected<std::vector<GameEvaluations>> read_analysis_jsonl(std::string_view text);

}  // namespace gibo::analysis
