// Converting game files (gibo convert; formats/detect/README.md, "Converting"): each input
// read in any format (told from its content, or the one given), every game validated by
// replaying it, and the valid ones written with a GameWriter in another format; with
// keep_broken, the others too, cut after their last valid ply with the error in a comment
// (or marked by the format itself: PGN's [Termination "unterminated"], FEN's and UCI's
// comment line). Memory: one input file and one game at a time.
#pragma once

#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/game_writer.h"

namespace gibo {

struct ConvertSettings {
  Format from = Format::Unknown;  // Unknown: detect
  const Profile* profile = nullptr;
  text::Encoding input_encoding = text::Encoding::Auto;
  PgnRanks ranks = PgnRanks::Auto;
  bool keep_broken = false;
  bool strict = false;  // missing capture/check marks are errors (annotation policy)
  WriteOptions write;
};

struct ConvertCounts {
  long files = 0, games = 0, written = 0, rejected = 0, kept_broken = 0;
  long io_errors = 0;         // inputs that could not be read
  long unreadable_files = 0;  // files with errors of their own and no game
};

// What a conversion tells as it goes, in input order (each may be empty).
struct ConvertEvents {
  std::function<void(const Diagnostic&)> error;  // an error of a rejected game, or of a file
  std::function<void(const Game&, const WriteLoss&)> loss;  // what a written game lost
  std::function<void(const std::string& path, const Error&)> unread;  // an input that could not be read
};

// A copy of a broken game cut after its last valid ply, with the error in a comment
// (unless `format` marks it itself: its diagnostics stay, so the writer sees the error).
Game cut_at_error(const Game& g, Format format);

// Where each input's games go: with `output` a directory (existing, or ending in '/'), one
// file per input (`per_input`, `files` in input order), named after it with the format's
// extension ("stdin" for "-"), the directory created; else every input into `output`
// ("": the stream). Never over an input (gibo/formats/protected_files.h).
struct ConvertTargets {
  bool per_input = false;
  std::vector<std::string> files;
};
// Why the outputs cannot be planned: two inputs would be written to one file, or an output
// would overwrite an input (`usage`); or the directory cannot be created.
struct ConvertPlanError {
  Error error;
  bool usage = false;
};
Expected<ConvertTargets, ConvertPlanError> plan_convert_targets(const std::string& output,
                                                                const std::vector<std::string>& inputs, Format format);

class Conversion {
 public:
  Conversion(const ConvertSettings& settings, ConvertEvents events) : settings_(settings), events_(std::move(events)) {}
  // Converts `files` onto `out` (standard output): every game written before it returns.
  void into_stream(const std::vector<std::string>& files, std::ostream& out);
  // Converts `files` into the file `target` (complete or absent, gibo/formats/output_file.h;
  // `visible`: made visible for people). An Error when it could not be written; its games
  // are then not counted as written.
  std::optional<Error> into_file(const std::string& target, const std::vector<std::string>& files, bool visible);
  const ConvertCounts& counts() const { return counts_; }
  // Takes back the games counted as written since `before` (an output that failed after).
  void unwrite(long before) { counts_.written = before; }

 private:
  void convert_file(const std::string& path, GameWriter& writer);
  const ConvertSettings& settings_;
  ConvertEvents events_;
  ConvertCounts counts_;
};

}  // namespace gibo
