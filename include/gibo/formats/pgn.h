// Janggi PGN (formats/pgn/README.md is its specification as gibo implements it): the
// pychess / Fairy-Stockfish dialect — [Variant "Janggi"], [FEN], [SetUp "1"], SAN as
// Fairy-Stockfish writes it, a pass as the general to its own square (Ke2) — and, on
// reading, WinBoard's 0-based ranks and N/B letters too.
//
// Reading never throws: problems become diagnostics on the game (or the file), and a
// game that stops being readable is delivered with its readable prefix.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/rules.h"
#include "gibo/formats/encoding.h"
#include "gibo/formats/ply_evaluation.h"
#include "gibo/formats/text_format.h"
#include "gibo/record/game.h"
#include "gibo/record/opening.h"

namespace gibo {

enum class PgnRanks {
  Auto,       // 1..10 (Fairy-Stockfish) unless only 0-based ranks (WinBoard) read the game
  OneBased,   // ranks 1..10: Cho's general starts on e2
  ZeroBased,  // WinBoard/CECP: ranks 0..9, Cho's general starts on e1
};

struct PgnReadOptions {
  text::Encoding encoding = text::Encoding::Auto;  // Auto: UTF-8 if valid, else CP949
  std::string file_name;                           // used in diagnostics and SourceLocation
  PgnRanks ranks = PgnRanks::Auto;
  const Profile* profile = nullptr;  // resolves moves of games with no [Ruleset]; nullptr = default
};

// Reads every game of a PGN file (raw bytes), calling `on_game` in file order. Tags are
// kept verbatim and in order; [FEN] gives the start; [Ruleset]/[Bikjang] the saved
// rules (src/adjudication/README.md, "Which profile judges a game"); the moves are
// resolved on the board (so every ply has its squares, piece, capture and check); {…}
// and ; comments attach to the ply before them; {[%emt H:MM:SS]} is the ply's time;
// NAGs ($N) after a move are the ply's (RecordedPly::nags); variations, and NAGs before
// the first move, are skipped with a note.
void read_pgn(std::string_view bytes, const PgnReadOptions& options, TextFileInfo& info,
              const std::function<void(Game&&)>& on_game);
// Convenience: all games in a vector.
std::vector<Game> read_pgn(std::string_view bytes, const PgnReadOptions& options, TextFileInfo* info = nullptr);

struct PgnWriteOptions {
  const Profile* profile = nullptr;  // for games that name none; nullptr = the default
  int line_width = 80;               // movetext lines are wrapped before this column
  const OpeningBook* openings = nullptr;  // names [Opening] and [OpeningCode]; nullptr = the built-in book
};

// Writes games as PGN (UTF-8): the tags of pgn_tags(), a blank line, the movetext in
// Fairy-Stockfish SAN, each move followed by its NAGs ($N), comments and {[%emt]} time, and the result token. Plies are
// written while they replay; if some do not, a final comment says how many were left out
// and why.
// Appends one game. Tag values are escaped (tag_text.h: `\\`, `\"`, `\n`, `\r`) and tag
// names made writable; `loss` (if given) counts the names that had to change.
void write_pgn_game(std::string& out, const Game& game, const PgnWriteOptions& options = {}, WriteLoss* loss = nullptr);
// All games, separated by a blank line.
std::string write_pgn(const std::vector<Game>& games, const PgnWriteOptions& options = {});


// The game as PGN annotated with an engine's evaluations (analyze --pgn): after each
// evaluated ply the NAG of its class ($6 inaccuracy, $2 mistake, $4 blunder) and a comment
// "[%eval E]" followed, for those, by the class and the engine's best move in SAN:
// {[%eval -1.20] mistake; best Hb7}. `evaluations` in ascending ply order.
std::string write_annotated_pgn_game(Game game, const std::vector<PlyEvaluation>& evaluations,
                                     const PgnWriteOptions& options);

}  // namespace gibo
