// One game's analysis: every position of its valid plies searched by a UCI engine, each
// move judged, and per side the average loss, accuracy, class counts and largest swing.
#pragma once

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gibo/analysis/engine_rules.h"
#include "gibo/analysis/judgement.h"
#include "gibo/analysis/uci_engine.h"
#include "gibo/formats/ply_evaluation.h"
#include "gibo/record/game.h"

namespace gibo::analysis {

// An engine that is restarted when it dies: one per worker.
class EngineSession {
 public:
  explicit EngineSession(EngineConfig config) : config_(std::move(config)) {}
  // Starts the engine if it is not running. An Error if it cannot be started.
  std::optional<Error> ensure_started();
  UciEngine* engine() { return engine_.get(); }
  // Searches; an engine that crashes is restarted and the position tried once more; one
  // that hangs past `timeout_ms` is stopped and restarted, the position failed.
  // `restarts` counts the restarts.
  Expected<SearchResult, SearchError> search(const std::string& variant, const std::string& fen,
                                             const std::vector<std::string>& moves, Side to_move,
                                             const Limit& limit, int timeout_ms,
                                             const std::vector<std::string>& searchmoves = {});
  int restarts() const { return restarts_; }
  // Starts a new game on the engine (UciEngine::new_game; a fresh engine needs none). An
  // engine that does not answer is dropped, to be restarted by the next search.
  void new_game();

 private:
  EngineConfig config_;
  std::unique_ptr<UciEngine> engine_;
  int restarts_ = 0;
};

struct PositionEval {
  bool ok = false;
  std::string error;  // why not ok
  SearchResult result;
  Side to_move = Side::Cho;
  std::string played;  // the UCI move played from this position ("" for the final one)
  bool stored = false;  // taken from an earlier analysis (the `known` of analyze_game), not searched
};

struct PlyAnalysis {
  int ply = 0;                 // 1-based
  Side mover = Side::Cho;
  std::string played;          // UCI
  bool judged = false;         // both evaluations known
  Score before, after;         // Cho's view
  std::string best;            // engine's best move before the ply
  std::vector<std::string> pv;
  int depth = 0;
  int loss_cp = 0;             // the mover's loss, capped at kCpCap
  double drop = 0;             // the mover's winning chances lost, points
  MoveClass judgement = MoveClass::Good;
};

struct SideSummary {
  int moves = 0;               // judged moves
  double average_loss = 0;     // centipawns
  double accuracy = 0;         // percent, mean of move accuracies
  std::array<int, 4> counts{}; // by MoveClass
  int best_moves = 0;          // judged moves equal to the engine's first choice
  double largest_swing = 0;    // the largest drop, points
  int largest_swing_ply = 0;   // 0: none
};

// A remark on a game's analysis: a move of the engine the record's rules refuse, output
// the driver did not understand, a position that failed. `cause` is worded the same
// wherever the same thing happens (the moves and lines concerned are in `detail`), so a
// run can say each cause once with its count (gibo analyze, rescore --engine).
struct AnalysisWarning {
  int ply = -1;        // at the position after this ply (0: the start); -1: the whole game
  std::string cause;
  std::string detail;  // the move, the line or the plies concerned; may be empty
  // "position after ply 41: CAUSE (DETAIL)", without the parts that are empty.
  std::string text() const;
};

struct GameAnalysis {
  std::string error;                    // the whole game could not be analysed
  std::string variant;
  std::vector<PositionEval> positions;  // before each valid ply, and the final position
  std::vector<PlyAnalysis> plies;
  std::array<SideSummary, 2> sides{};
  int failed_positions = 0;
  std::vector<AnalysisWarning> warnings;  // in ply order: refused moves, cut lines, malformed output, failures
};

// Searches the current position of `boards` (reached from `fen` by `moves`) with the
// engine of its profile's variant, keeping to the record's rules: a best move the variant
// refuses is an error (the engine does not play the variant); one the record's rules
// refuse is never taken: `notes` names it and the position is searched again among the
// moves both allow (UCI searchmoves); a side the record's rules leave no move while in
// check (the variant seeing an escape) is mated: "mate 0" with no best move; the line is
// cut before its first move the record's rules refuse (a note too). The notes leave `ply`
// to the caller. Contract: boards.representable().
Expected<SearchResult, SearchError> judged_search(EngineSession& session, const EngineBoards& boards,
                                                  const std::string& fen, const std::vector<std::string>& moves,
                                                  const Limit& limit, int timeout_ms,
                                                  std::vector<AnalysisWarning>& notes);

// Positions already searched under the same request, by ply (0: the start): analyze_game
// takes them as they are instead of searching them again.
using KnownPositions = std::map<int, SearchResult>;

// Analyses a replayed game (replay_under_profile) under `profile`, with the engine playing
// the variant nearest to it (engine_mapping, the record's bikjang option) and the
// profile judging the engine's moves (judged_search). Positions after a ply the variant
// refuses cannot be given to the engine: they fail, with one warning naming the ply.
// The engine is told a new game begins (EngineSession::new_game) before its first search.
// Positions in `known` (if given) are not searched; their best moves are still checked.
GameAnalysis analyze_game(const Game& game, const Profile& profile, EngineSession& session, const Limit& limit,
                          int timeout_ms, const KnownPositions* known = nullptr);

// Fills `a.plies` and `a.sides` from `a.positions` (each with its side to move and the
// move played from it; the last is the final position): each move judged from the
// evaluations before and after it, each side summed up. analyze_game calls it; so does
// whoever rebuilds an analysis from stored positions.
void judge_positions(GameAnalysis& a);


// The judged plies of an analysis as the annotated writers take them (write_annotated_pgn_game,
// write_annotated_gib_game): the evaluation after each as "%.2f" pawns or "#N" / "#-N", the
// class and NAG unless the move was good, the engine's best move where it is another.
std::vector<PlyEvaluation> ply_evaluations(const GameAnalysis& a);
// An evaluation as PGN's %eval reads it: pawns from Cho's view ("-1.20"), "#N" / "#-N" for a mate.
std::string pgn_eval_text(const Score& s);

}  // namespace gibo::analysis
