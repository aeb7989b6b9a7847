// The per-game and per-file facts that `gibo stats` aggregates, as the loader
// (stats_load.h) reads them from an archive (a temporary one for game files), so the
// aggregations and the renderers never know where the numbers came from.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/analysis/analysis_jsonl.h"
#include "gibo/archive/archive.h"
#include "gibo/core/types.h"
#include "gibo/record/game.h"
#include "gibo/record/game_date.h"
#include "gibo/record/opening.h"
#include "gibo/record/player_name.h"
#include "gibo/record/diagnostic.h"
#include "gibo/record/result.h"

namespace gibo::stats {

// One diagnostic, reduced to what the data-quality tables count.
struct DiagnosticFact {
  std::string code;
  Severity severity = Severity::Error;
};

// The adjudicator's verdict on one game under one profile.
struct VerdictFact {
  std::string profile;       // profile id
  std::string verdict;       // verdict_name(): "agrees", "disagrees", ...
  std::string board_winner;  // outcome_name() of the computed ending; empty when none
  std::string board_reason;  // reason_name() of the computed ending; empty when none
  int board_ply = 0;         // ply of the computed ending (0: none)
  std::optional<int> cho_score, han_score;  // half-points at the ending, else at the last ply
  std::string note;          // the verdict's English phrase
};

// An engine verdict (rescore --engine) on one game under one profile.
struct EngineVerdictFact {
  std::string profile;
  std::string verdict;  // "engine-supports", "engine-contradicts", "engine-unclear"
  std::optional<int> ply;                // the judged position (plies from the start)
  std::optional<analysis::Score> score;  // its evaluation, Cho's view
  std::string note;
  int margin = 300;                      // the margin it was judged by (centipawns)
};

// Everything the report needs to know about one game.
struct GameFacts {
  // Where it came from.
  std::string file;        // source path recorded in the archive
  int index = 0;           // 0-based index of the game in its file
  std::int64_t id = 0;     // archive row id
  // Tags, verbatim (empty when absent).
  std::string event;       // 대회명
  std::string site;        // 대국장소
  std::string date_text;   // 대국일자
  std::string round;       // 회전 (PGN Round), verbatim
  GameDate date;
  std::string cho_player;  // 초대국자, verbatim
  std::string han_player;  // 한대국자, verbatim
  std::string cho_name;    // the player's name, rank removed (player_name())
  std::string han_name;
  // Start.
  bool custom_start = false;          // [판] / FEN start (handicap, composed position)
  std::optional<Setup> cho_setup;     // standard start only
  std::optional<Setup> han_setup;
  std::string start_fen;              // FEN of the start position (for diagrams)
  // Moves.
  int plies = 0;                      // plies as recorded
  int valid_plies = 0;                // the replay's valid prefix
  bool valid = false;                 // no error-severity diagnostic
  std::optional<bool> annotated;      // marks captures and checks; nullopt: unknown (old archive)
  std::optional<int> stated_plies;    // 총수, when present and numeric
  std::vector<Move> moves;            // the valid prefix (passes included), for diagrams
  std::vector<std::string> opening;   // the first plies of the valid prefix, named ("79졸78")
  // Its opening as the namer gives it (formats/openings/README.md), named with the loader's
  // book, which outlives the facts.
  Opening named;
  // Stored result.
  bool has_result = false;
  std::string result_text;            // verbatim
  NormalizedResult result;            // normalize_gib_result(result_text); Unknown when none
  // Rules and findings.
  std::string profile;                // the profile id governing the game
  std::vector<DiagnosticFact> diagnostics;
  std::vector<VerdictFact> verdicts;  // one per adjudicated profile
  std::vector<EngineVerdictFact> engine_verdicts;  // archive only: stored by rescore --engine
  // Archive only: its newest complete engine analysis summed up per side (Cho, Han).
  std::optional<std::array<analysis::SideSummary, 2>> analysis;
  // Archive only: the evaluations of that analysis (analysis_jsonl.h), loaded for the
  // first kGraphedGames analysed games (the HTML report's evaluation graphs).
  analysis::Evaluations evaluations;
};

// Analysed games whose evaluation graph the HTML report draws (the first ones, by id).
inline constexpr std::size_t kGraphedGames = 12;

// What is known about one source file.
struct SourceFacts {
  std::string path;
  bool readable = true;                // false: the file could not be read (io_error says why)
  std::string io_error;
  std::string encoding;                // "utf-8", "cp949" or "" (unknown)
  bool bom = false;                    // files only (an archive does not keep it)
  int filler_runs = 0;                 // runs of 0xFF / 0x1A filler bytes removed; files only
  int games = 0;
  std::vector<DiagnosticFact> diagnostics;  // about the file, not one game
};

// A copy of a game (archive/copies.h) that says otherwise than the game.
struct ConflictFact {
  std::size_t game = 0;  // index in Dataset::games
  std::string file;      // the copy's source and rank there (0-based)
  int index = 0;
  unsigned conflicts = 0;  // archive/copies.h Conflict bits
};

// The facts of a whole report: its sources and its games (in source order).
struct Dataset {
  std::string origin;                  // the paths given, or the archive path
  std::vector<SourceFacts> sources;
  std::vector<GameFacts> games;
  // Profiles the verdicts were computed or stored under, in report order.
  std::vector<std::string> adjudication_profiles;
  long duplicates = 0;  // copies of the games in `games` (the same games again), not counted in them
  std::vector<ConflictFact> conflicts;  // the copies that say otherwise than their game
  std::string verdicts_from;  // "computed" (judged while loading), "archive" (stored verdicts), "" (none)
  std::shared_ptr<const OpeningBook> openings;  // the book the games' openings were named with (the archive's)
  // The analysis requests (engine, options, limit, variant) the games' stored analyses come
  // from: more than one means the play-quality numbers mix them (the report says so).
  long analysis_requests = 0;
};

// A stated count such as 총수: a whole non-negative number with blanks around it allowed;
// nullopt for anything else.
std::optional<int> parse_count(std::string_view text);

// The ply name of `m` in the `.gib` style: from-square digits, the piece in hangul (Han's
// soldier 병), to-square digits: "79졸78"; a pass is "한수쉼". Contract: `piece` is the
// piece on m.from() before the move.
std::string ply_name(Piece piece, Move m);

// Fills the tag facts of `f` (event, site, date, players and their names, stated plies)
// from a record's tags, read as the facts view reads them (record/fact_tags.h).
void tag_facts(const std::vector<Tag>& tags, GameFacts& f);

// Is the game's stored result a win for Cho, Han, a draw, or "other" (void, unknown,
// not understood, or no stored result)? 0 = Cho, 1 = Han, 2 = draw, 3 = other.
int result_class(const GameFacts& g);

}  // namespace gibo::stats
