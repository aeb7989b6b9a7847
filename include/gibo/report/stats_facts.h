// The per-game and per-file facts that `gibo stats` aggregates. Both loaders (game files
// read and replayed on the spot, or the SQLite archive) produce this one data model, so
// the aggregations and the renderers never know where the numbers came from.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/types.h"
#include "gibo/formats/game_date.h"
#include "gibo/record/game.h"
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

// Dates: one reading for every layer (formats/game_date.h).
using gibo::GameDate;
using gibo::parse_game_date;

// Everything the report needs to know about one game.
struct GameFacts {
  // Where it came from.
  std::string file;        // source path (files) or source path recorded in the archive
  int index = 0;           // 0-based index of the game in its file
  std::int64_t id = 0;     // archive row id (0 for files)
  // Tags, verbatim (empty when absent).
  std::string event;       // 대회명
  std::string site;        // 대국장소
  std::string date_text;   // 대국일자
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
  std::optional<int> stated_plies;    // 총수, when present and numeric
  std::vector<Move> moves;            // the valid prefix (passes included), for diagrams
  std::vector<std::string> opening;   // the first plies of the valid prefix, named ("79졸78")
  // Stored result.
  bool has_result = false;
  std::string result_text;            // verbatim
  NormalizedResult result;            // normalize_gib_result(result_text); Unknown when none
  // Rules and findings.
  std::string profile;                // the profile id governing the game
  std::vector<DiagnosticFact> diagnostics;
  std::vector<VerdictFact> verdicts;  // one per adjudicated profile
};

// What is known about one source file.
struct SourceFacts {
  std::string path;
  bool readable = true;                // false: the file could not be read (io_error says why)
  std::string io_error;
  std::string encoding;                // "utf-8", "cp949" or "" (unknown, e.g. from an archive)
  bool bom = false;
  int filler_runs = 0;                 // runs of 0xFF / 0x1A filler bytes removed
  int games = 0;
  std::vector<DiagnosticFact> diagnostics;  // about the file, not one game
};

// The facts of a whole report: its sources and its games (in source order).
struct Dataset {
  std::string origin;                  // "files" or the archive path
  std::vector<SourceFacts> sources;
  std::vector<GameFacts> games;
  // Profiles the verdicts were computed or stored under, in report order.
  std::vector<std::string> adjudication_profiles;
  long duplicates = 0;  // archive only: copies of stored games found while importing (not in `games`)
  std::string verdicts_from;  // "computed" (judged while loading), "archive" (stored verdicts), "" (none)
};

// A stated count such as 총수: a whole non-negative number with blanks around it allowed;
// nullopt for anything else.
std::optional<int> parse_count(std::string_view text);

// The name part of a player tag: the archive's split (archive::split_player: a trailing
// blank-separated rank such as "5단", "四단", "초단" or "15급" is removed; "(프로)",
// "(7단)" and ranks glued to the name stay, because they cannot be told from a name
// reliably), with surrounding blanks trimmed. "미상" and "?" count as no name ("").
std::string player_name(std::string_view tag_value);
// A name already split from its rank (the archive's players.name), with "미상", "?" and
// "-" read as no name ("").
std::string known_player(std::string name);

// The ply name of `m` in the `.gib` style: from-square digits, the piece in hangul (Han's
// soldier 병), to-square digits: "79졸78"; a pass is "한수쉼". Contract: `piece` is the
// piece on m.from() before the move.
std::string ply_name(Piece piece, Move m);

// Fills the tag facts of `f` (event, site, date, players and their names, stated plies)
// from a record's tags: the .gib names (대회명 대국장소 대국일자 초대국자 한대국자 총수),
// else the PGN ones (Event Site Date White Black); the first tag of a name counts.
void tag_facts(const std::vector<Tag>& tags, GameFacts& f);

// Is the game's stored result a win for Cho, Han, a draw, or "other" (void, unknown,
// not understood, or no stored result)? 0 = Cho, 1 = Han, 2 = draw, 3 = other.
int result_class(const GameFacts& g);

}  // namespace gibo::stats
