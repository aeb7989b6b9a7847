// The Korean `.gib` game-record format (formats/gib/README.md is its specification as
// gibo implements it). Reading never throws on bad input: problems become diagnostics
// on the game (or on the file), and a broken game is still delivered.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/formats/encoding.h"
#include "gibo/formats/ply_evaluation.h"
#include "gibo/formats/text_format.h"
#include "gibo/record/game.h"
#include "gibo/record/result.h"

namespace gibo {

struct GibReadOptions {
  text::Encoding encoding = text::Encoding::Auto;
  std::string file_name;  // used in diagnostics and SourceLocation
  // Fill Game::original_text (the game's text, decoded). A caller that never looks at it
  // (validate) saves decoding every game's text.
  bool original_text = true;
};

// What was learnt about the file as a whole.
struct GibFileInfo {
  text::Encoding encoding = text::Encoding::Auto;  // the encoding used
  bool bom = false;
  std::vector<FillerRun> filler_runs;   // removed before decoding, and after a 0x1A that ends the text
  std::vector<Diagnostic> diagnostics;  // about the file, not one game
  int games = 0;
  int lf = 0, crlf = 0, cr = 0;  // line-end counts
};

// Reads every game of a `.gib` file (raw bytes), calling `on_game` in file order.
// Games get tags, setups, plies with their source positions, comments, times, the
// stored result, and read-time diagnostics; replaying them is a separate step.
void read_gib(std::string_view bytes, const GibReadOptions& options, GibFileInfo& info,
              const std::function<void(Game&&)>& on_game);
// A .gib file read in two steps, so that its games can be read in parallel: the
// constructor makes the file-wide pass (lines, encoding, file diagnostics, where each game
// starts); game(k) then reads game k, in any order and from several threads at once.
// read_gib is exactly this, every game in order. Keeps a view of `bytes`.
class GibFile {
 public:
  GibFile(std::string_view bytes, const GibReadOptions& options);
  ~GibFile();
  GibFile(GibFile&&) noexcept;
  GibFile& operator=(GibFile&&) noexcept;
  const GibFileInfo& info() const;  // complete (games = the number of games) on construction
  int games() const;
  Game game(int index) const;  // contract: 0 <= index < games()

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Convenience: all games in a vector.
std::vector<Game> read_gib(std::string_view bytes, const GibReadOptions& options, GibFileInfo* info = nullptr);

// Normalises a stored `대국결과` text by its grammar (formats/gib/README.md "Results").
NormalizedResult normalize_gib_result(std::string_view text);

// Converts a `[판 "…"]` value to a FEN (side to move from the trailer), or an Error saying
// why it does not parse.
Expected<std::string> pan_to_fen(std::string_view pan);
// The inverse: a FEN position as a `[판]` value.
std::string fen_to_pan(const Position& pos);

// Parses a setup value (마상상마, 상마마상, 마상마상, 상마상마).
std::optional<Setup> parse_gib_setup(std::string_view value);
std::string_view gib_setup_name(Setup s);

struct GibWriteOptions {
  text::Encoding encoding = text::Encoding::Utf8;  // Utf8 or Cp949
  bool hanja = false;          // piece letters 車包馬象士將卒兵 (with side marks 楚/漢) instead of hangul
  int plies_per_line = 6;
  const Profile* profile = nullptr;  // replays records that name none; nullptr = the default
};

// Appends one game as canonical `.gib` text in the requested encoding. Piece letters,
// capture suffixes and `장군` are derived from the board (replaying under the game's
// profile, else options.profile, else the default), whatever the record marked, so an
// unannotated record is written with every mark (annotation policy); a game that does not
// replay is written up to its valid prefix plus its remaining plies as recorded. Tag
// values and comments are escaped so that they read back exactly; a game with no tags
// gets the tags that state its start. `loss` (if given) counts what could not be written
// exactly (characters CP949 cannot hold, tag names that had to change).
void write_gib_game(std::string& out, const Game& game, const GibWriteOptions& options, WriteLoss* loss = nullptr);
// A legal move `m` (a pass: Move::pass) of `before` as write_gib_game writes a ply: hangul
// letters, the current coordinates, capture letter and 장군 from the board ("79졸78",
// "한수쉼").
std::string gib_move_text(const Position& before, Move m);

// All games, separated by a blank line.
std::string write_gib(const std::vector<Game>& games, const GibWriteOptions& options);


// The game as .gib annotated with an engine's evaluations (analyze --gib;
// formats/gib/README.md "Analysis comments"): after each evaluated ply a comment {eval E},
// then "best M" (.gib notation) when the engine preferred another move, then the class
// unless the move was good: {eval -1.20 best 79졸78 mistake}. `evaluations` in ascending
// ply order.
std::string write_annotated_gib_game(Game game, const std::vector<PlyEvaluation>& evaluations,
                                     const GibWriteOptions& options);

}  // namespace gibo
