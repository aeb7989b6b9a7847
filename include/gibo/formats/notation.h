// Move notations as pure functions over a Position (formats/notation/README.md):
//
//   SAN    Fairy-Stockfish's short algebraic notation ("Hc3", "Pef7", "Rxa4+", "Re8#",
//          pass "Ke2"), written exactly as Fairy-Stockfish writes it and read leniently.
//   JANGGI Fairy-Stockfish's NOTATION_JANGGI ("H02-83", "P56x66", pass "K95-95"): piece,
//          from-square, '-' or 'x', to-square, in the .gib row/column digits.
//   UCI    "b1c3", pass "e2e2" (the general to its own square).
//
// Writers take a move that is legal in the position and never fail. Readers never throw:
// they return the legal move or an error as data. Nothing here touches files.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/position.h"
#include "gibo/core/types.h"

namespace gibo {

// Why a move text could not be read.
enum class NotationErrorKind {
  Syntax,     // the text is not in the notation at all
  NoMatch,    // well-formed, but no piece of that kind can move there (not even pseudo-legally)
  Illegal,    // well-formed and pseudo-legal, but illegal here (general left in check, bikjang, ...)
  Ambiguous,  // more than one legal move fits the text
};

// "syntax", "no-match", "illegal", "ambiguous".
std::string_view notation_error_name(NotationErrorKind kind);

struct NotationError {
  NotationErrorKind kind = NotationErrorKind::Syntax;
  std::string message;  // English, names the offending text
};

// The result of reading one move: the legal move, or why there is none.
using MoveReadResult = Expected<Move, NotationError>;

// --- Piece letters ------------------------------------------------------------------

// Fairy-Stockfish's notation letter for a piece type: K A E H R C P (horse H, elephant E).
// Contract: t != PieceType::None.
char notation_letter(PieceType t);
// Reads an uppercase notation letter: K A R C P, and both H/N (horse) and E/B (elephant);
// PieceType::None for anything else (lowercase included).
PieceType piece_type_from_notation_letter(char c);

// --- Check marks ----------------------------------------------------------------------

// "" if `m` gives no check, "#" if it checkmates (the opponent has no legal move after
// it), "+" otherwise. Contract: m is legal in pos.
std::string check_mark(const Position& pos, Move m);

// --- SAN ------------------------------------------------------------------------------

struct SanReadOptions {
  // WinBoard/CECP PGN (formats/pgn/README.md): ranks are counted from 0, so every rank is one
  // digit '0'..'9' (Cho's general starts on "e1"). Default: ranks 1..10 as Fairy-Stockfish.
  bool zero_based_ranks = false;
};

// SAN of `m` exactly as Fairy-Stockfish writes it. Contract: m is legal in pos.
std::string write_san(const Position& pos, Move m);
// Reads SAN (also N/B letters, LAN-like "Hh1-g3", redundant disambiguation, missing or
// extra check marks, a missing soldier letter, "pass"/"@@@@" for a pass) to the one legal
// move it names.
MoveReadResult read_san(const Position& pos, std::string_view text, const SanReadOptions& options = {});

// --- JANGGI notation ------------------------------------------------------------------

// The .gib-style two-digit name of a square: row (1..9 from Han's back rank, 0 for Cho's
// back rank) then column (1..9 from Cho's left): e2 -> "95", b1 -> "02", e9 -> "25".
std::string janggi_square_name(Square s);
// Parses two such digits; kNoSquare on anything else (column 0 included).
Square parse_janggi_square(std::string_view text);

// JANGGI notation of `m` exactly as Fairy-Stockfish writes it ("H02-83", "R55-35#",
// pass "K95-95"). Contract: m is legal in pos.
std::string write_janggi(const Position& pos, Move m);
// Reads JANGGI notation (also N/B letters, missing or extra check marks, '-'/'x' not
// checked against the capture) to the legal move it names; the letter must match the
// piece on the from-square.
MoveReadResult read_janggi(const Position& pos, std::string_view text);

// --- UCI ------------------------------------------------------------------------------

struct UciReadOptions {
  // UCCI / xboard protocol squares: ranks '0'..'9'.
  bool zero_based_ranks = false;
  // Also read the null move "0000" as a pass (some GUIs write passes that way; in UCI
  // "0000" is only the null move, so it is off by default).
  bool null_move_is_pass = false;
};

// UCI of `m` ("b1c3", pass "e2e2"); the same as core's uci().
std::string write_uci(Move m);
// Reads a UCI move ("b1c3", "a10a9", pass as the general's own square, "pass" or "@@@@")
// to the legal move it names.
MoveReadResult read_uci(const Position& pos, std::string_view text, const UciReadOptions& options = {});

// --- Any notation ----------------------------------------------------------------------

// Reads one move in any of: UCI ("c4c5", pass "e2e2"), the Korean coordinate notation of
// .gib records ("79졸78", "7978", piece names in hangul or hanja, a side mark 楚/漢 allowed,
// capture and 장군 suffixes ignored, "한수쉼" for a pass), SAN ("Hc3") and JANGGI
// ("H02-83"): what a user types (--moves, a page's address, an opening book's line). The
// legal move, or why not: when no notation fits, the error lists what was expected.
MoveReadResult read_any_move(const Position& pos, std::string_view text);

// Plays the blank- or comma-separated moves of `moves` from `pos` (read_any_move each).
// An Error names the ply (from 1) and the text: "ply 4 'b1b9': ...". Each move played is
// appended to `played` when given; more than `limit` moves (when positive) is an Error.
std::optional<Error> play_move_list(std::string_view moves, Position& pos, std::vector<Move>* played = nullptr,
                                    int limit = 0);

}  // namespace gibo
