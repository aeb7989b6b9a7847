// One writer entry for every command: games written one at a time to a stream, in any
// format gibo writes (formats/detect/README.md, "Writing"). Nothing is held but the game
// being written, so a command that reads a game, writes it and lets it go runs in memory
// independent of how many games it writes.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "gibo/core/rules.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/encoding.h"
#include "gibo/formats/text_format.h"
#include "gibo/formats/uci.h"
#include "gibo/record/game.h"
#include "gibo/record/opening.h"

namespace gibo {

struct WriteOptions {
  Format format = Format::Unknown;                // gib, pgn, json, jsonl, fen or uci
  const Profile* profile = nullptr;               // for games that name none; nullptr = the default
  text::Encoding gib_encoding = text::Encoding::Utf8;  // .gib: Utf8 or Cp949 (the others are UTF-8)
  bool hanja = false;                             // .gib: hanja piece letters
  bool each = false;                              // fen: every position, not only the last
  MoveNotation notation = MoveNotation::Uci;      // uci: UCI or JANGGI notation
  bool positions = false;                         // json, jsonl: one object a ply with the board's view and FEN
  const OpeningBook* openings = nullptr;          // pgn, json, jsonl: the opening names; nullptr = the built-in book
};

class GameWriter {
 public:
  // Contract: options.format is not Unknown. `out` outlives the writer.
  GameWriter(std::ostream& out, const WriteOptions& options);

  // Writes one game, its tags stated in the format's vocabulary (.gib: with_gib_tags;
  // PGN: pgn_tags), replayed under its own profile, else `profile`, else the options'
  // one. Returns what could not be written exactly.
  WriteLoss write(const Game& game, const Profile* profile = nullptr);
  // Ends the output: a JSON array's closing bracket ("[]" when no game was written).
  // Call once, after the last game.
  void finish();
  long games() const { return games_; }

 private:
  std::ostream& out_;
  WriteOptions options_;
  long games_ = 0;
  std::string buffer_;
};

// The warnings for what writing `game` with `options` could not keep exactly (`loss`):
// `unencodable-text` (characters the output encoding cannot hold, written as '?') and
// `renamed-tag` (tag names a tag line cannot hold, written with '_'), placed at the game's
// source; none when nothing was lost.
std::vector<Diagnostic> write_loss_warnings(const Game& game, const WriteLoss& loss, const WriteOptions& options);

}  // namespace gibo
