// A game record, independent of any file format: tags, start position, the plies as
// recorded, comments, per-ply times, the stored result, where it came from, and the
// diagnostics found while reading and replaying it (errors are data on the game).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gibo/core/position.h"
#include "gibo/core/types.h"
#include "gibo/record/diagnostic.h"
#include "gibo/record/result.h"

namespace gibo {

struct Tag {
  std::string name;   // verbatim, UTF-8
  std::string value;  // verbatim, UTF-8 (trailing spaces kept)
  bool operator==(const Tag&) const = default;
};

// Where a game (or a ply) came from.
struct SourceLocation {
  std::string file;                // path as given ("-" for stdin)
  std::uint64_t byte_offset = 0;   // of the game's first byte in the raw file
  std::uint64_t byte_length = 0;   // raw bytes up to the game's last non-blank line
  int line = 0;                    // 1-based
  int column = 0;                  // 1-based, in characters
  int game_index = 0;              // 0-based index of the game in its file
};

// The start of a game: standard setups, or a custom position.
struct StartPosition {
  bool custom = false;            // true: `fen` holds the position ([판] or FEN tag)
  Setup cho = Setup::HEEH;        // when !custom
  Setup han = Setup::HEEH;        // when !custom
  std::string fen;                // when custom (side to move included)
  Side first_to_move = Side::Cho;
  // False when the record does not state that side's setup; replay then infers it
  // (A19 in src/core/README.md: the first horse and elephant moves identify it).
  bool cho_setup_stated = true;
  bool han_setup_stated = true;
  bool operator==(const StartPosition&) const = default;
};

// One ply as the record states it. `move` holds the squares the record gives (for a
// pass: Move::pass of the mover's general once replayed, Move::none() before).
struct RecordedPly {
  bool pass = false;
  Move move = Move::none();
  PieceType piece = PieceType::None;         // stated moving piece (None if not stated)
  std::optional<Side> side_mark;             // 楚/漢/초/한 if present
  std::optional<Side> piece_script_side;     // side implied by the letters (졸 vs 병), if any
  PieceType captured = PieceType::None;      // stated captured piece
  bool capture_marker = false;               // `타` present
  bool check = false;                        // `장군` stated
  std::optional<int> seconds;                // <N> time token
  std::vector<std::string> comments;         // {…} blocks after this ply, verbatim
  std::vector<int> nags;                     // PGN numeric annotation glyphs after it ($6 → 6), in order
  std::string text;                          // the ply token as written
  int line = 0, column = 0;                  // where the token starts
  bool operator==(const RecordedPly&) const = default;
};

struct Game {
  std::vector<Tag> tags;                      // all, verbatim, in order
  std::vector<std::string> header_comments;   // {…} blocks before the first ply
  StartPosition start;
  std::vector<RecordedPly> plies;
  std::string result_text;                    // stored result, byte-exact, never rewritten
  bool has_result = false;
  SourceLocation source;
  std::string original_text;                  // the game's exact text as decoded
  std::vector<Diagnostic> diagnostics;

  // Filled by replay: the number of plies that replayed legally (the valid prefix).
  int valid_plies = 0;
  // The plies that could be played on the board (annotation mismatches such as a wrong
  // 장군 mark do not stop the replay; an illegal move does). valid_plies <= played_plies.
  int played_plies = 0;
  bool replayed = false;
  // Set by replay (the annotation policy, src/adjudication/README.md "Decisions", 12):
  // false when no ply carries a capture suffix or a 장군 mark although captures or checks
  // occur (an unannotated record: a note, still valid); true otherwise, also for a game
  // with nothing to mark.
  bool annotated = true;

  // First value of a tag, or nullptr.
  const std::string* tag(std::string_view name) const;
  bool has_errors() const;
  // The game's saved ruleset (src/adjudication/README.md, "Which profile judges a
  // game"): profile id from its tags, and its bikjang option.
  std::optional<std::string> saved_profile_id;
  std::optional<bool> saved_bikjang_option;
};

// Bad-input policy for repeated problems: a game keeps at most kMaxDiagnosticsPerCode
// diagnostics of one code and severity; the others are counted in one more diagnostic
// of that code ("(N more CODE diagnostics in this game not listed)", at the place of the
// first one not listed), so a line of a million repeated plies gives a few dozen
// diagnostics, not a million.
inline constexpr int kMaxDiagnosticsPerCode = 20;

// Adds `d` to `game.diagnostics` under the cap above, its token clipped (clip_quoted).
// Every reader and the replay add a game's diagnostics through here.
void add_diagnostic(Game& game, Diagnostic d);

// A copy of the game's header: tags, header comments, start, stored result and saved rules;
// no plies, source text, location or diagnostics (for code that reads or rebuilds the header).
Game header_of(const Game& game);

// Builds the start position of a game (setups or custom FEN) with the given rules.
// Returns the error if the custom position is invalid.
std::optional<Error> start_position(const Game& game, const LegalityRules& rules, Position& pos);

}  // namespace gibo
