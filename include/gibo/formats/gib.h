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

#include "gibo/formats/encoding.h"
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

// A run of filler bytes (0xFF or 0x1A) removed before decoding.
struct FillerRun {
  std::uint64_t offset = 0;  // in the raw file
  std::uint32_t length = 0;
  unsigned char byte = 0;
};

// What was learnt about the file as a whole.
struct GibFileInfo {
  text::Encoding encoding = text::Encoding::Auto;  // the encoding used
  bool bom = false;
  std::vector<FillerRun> filler_runs;
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

// Normalises a stored `대국결과` text by its grammar (formats.md §2.9, §7; decision 10).
NormalizedResult normalize_gib_result(std::string_view text);

// Converts a `[판 "…"]` value to a FEN (side to move from the trailer). nullopt and an
// error text if it does not parse.
std::optional<std::string> pan_to_fen(std::string_view pan, std::string* error = nullptr);
// The inverse: a FEN position as a `[판]` value.
std::string fen_to_pan(const Position& pos);

// Parses a setup value (마상상마, 상마마상, 마상마상, 상마상마).
std::optional<Setup> parse_gib_setup(std::string_view value);
std::string_view gib_setup_name(Setup s);

struct GibWriteOptions {
  text::Encoding encoding = text::Encoding::Utf8;  // Utf8 or Cp949
  bool hanja = false;          // piece letters 車包馬象士將卒兵 (with side marks 楚/漢) instead of hangul
  int plies_per_line = 6;
};

// Writes games as canonical `.gib` text in the requested encoding. Capture and `장군`
// suffixes are derived from the board by replaying under `rules`; a game that does not
// replay is written up to its valid prefix plus its remaining plies as recorded.
std::string write_gib(const std::vector<Game>& games, const GibWriteOptions& options);

}  // namespace gibo
