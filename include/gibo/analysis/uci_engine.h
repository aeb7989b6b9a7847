// The UCI engine driver: handshake, options, variant, one search per position, and the
// parsing of `info … score … pv …` and `bestmove`. Scores are given from Cho's side.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gibo/analysis/process.h"
#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/core/types.h"

namespace gibo::analysis {

// The words of `text` split on blanks (an engine command line, a UCI line, a stored PV).
std::vector<std::string> split_words(std::string_view text);

// The engine variant (Fairy-Stockfish's UCI_Variant) nearest to a profile for a record with
// `bikjang_option` (core/rules.h engine_mapping): every profile has one.
const std::string& engine_variant(const Profile& profile, bool bikjang_option = false);

// A search limit: `go depth N`, `go nodes N` or `go movetime MS`.
struct Limit {
  enum class Kind { Depth, Nodes, Movetime } kind = Kind::Depth;
  std::int64_t value = 12;
  std::string go() const;    // "go depth 12"
  std::string text() const;  // "depth 12"
};

// An evaluation from Cho's point of view: centipawns, or a mate. A mate is `mate_moves`
// moves (0: the side to move is already mated) for `winner`.
struct Score {
  bool mate = false;
  int cp = 0;
  int mate_moves = 0;
  Side winner = Side::Cho;
  // The score as one signed number of centipawns for averaging: mates as ±10000.
  int clamped_cp(int limit) const;
  bool operator==(const Score&) const = default;
};

// What one search found.
struct SearchResult {
  Score score;                    // the last `info … score` of the deepest depth, Cho's view
  int depth = 0;
  std::string best_move;          // "b1c3"; "" when the engine has no move ((none) / 0000)
  std::vector<std::string> pv;    // the line of that info
  std::vector<std::string> malformed;  // output lines that were neither understood nor ignorable
};

// How a search failed.
struct SearchError {
  enum class Kind { Crashed, TimedOut, Protocol } kind = Kind::Protocol;
  std::string message;
};

struct EngineConfig {
  std::vector<std::string> command = {"fairy-stockfish"};  // argv
  std::vector<std::pair<std::string, std::string>> options;  // setoption name N value V
  int handshake_timeout_ms = 10000;
};

class UciEngine {
 public:
  // Starts the engine and completes `uci` / `uciok`, the options and `isready` /
  // `readyok`. An Error if it cannot be started or does not speak UCI in time.
  static Expected<std::unique_ptr<UciEngine>> start(const EngineConfig& config);

  const std::string& name() const { return name_; }  // `id name …`, or the command
  const std::vector<std::string>& variants() const { return variants_; }  // UCI_Variant's vars
  // Selects `variant` (setoption UCI_Variant) unless it is the current one. An Error if
  // the engine does not list it among UCI_Variant's values or does not answer.
  std::optional<Error> set_variant(const std::string& variant);
  // `ucinewgame` and `isready` / `readyok`: the engine forgets what it searched (its hash),
  // so that a game's evaluations do not depend on the games searched before it. An Error
  // if the engine does not answer.
  std::optional<Error> new_game();

  // Searches the position `fen` + `moves` (UCI moves), whose side to move is `to_move`,
  // under `limit`, waiting at most `timeout_ms` for `bestmove` (then the engine is
  // killed); with `searchmoves` (non-empty) among those moves only. Scores are turned to
  // Cho's point of view. After a Crashed or TimedOut error the engine is dead: start a
  // new one.
  Expected<SearchResult, SearchError> search(const std::string& fen, const std::vector<std::string>& moves,
                                             Side to_move, const Limit& limit, int timeout_ms,
                                             const std::vector<std::string>& searchmoves = {});
  void quit();

 private:
  std::optional<Error> wait_ready(int timeout_ms);
  std::unique_ptr<Process> process_;
  std::string name_, variant_;
  std::vector<std::string> variants_;
};

// Parses one `info` line (from the side to move's view, not turned). `ok` false when
// it is malformed (a score without a number, an unknown score kind).
struct InfoLine {
  int depth = 0;
  bool has_score = false, bound = false;  // bound: lowerbound/upperbound (not final)
  bool mate = false;                      // value: mate in N moves (N < 0: the side to move is mated)
  int value = 0;                          // centipawns or mate moves, side to move's view
  std::vector<std::string> pv;
};
InfoLine parse_info(const std::string& line, bool& ok);
// Turns a side-to-move score into Cho's point of view.
Score to_cho(bool mate, int value, Side to_move);

}  // namespace gibo::analysis
