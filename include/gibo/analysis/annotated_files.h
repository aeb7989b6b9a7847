// The games of an analysis run written again with their evaluations (gibo analyze --pgn,
// --gib): a PGN file with NAGs and {[%eval E]} comments and a .gib file with {eval E best M
// CLASS} comments (write_annotated_pgn_game, write_annotated_gib_game), each complete or
// absent (OutputFile), the games in the order they are added.
#pragma once

#include <optional>
#include <string>

#include "gibo/analysis/analysis_run.h"
#include "gibo/core/expected.h"
#include "gibo/formats/output_file.h"

namespace gibo::analysis {

class AnnotatedFiles {
 public:
  // Opens the files whose paths are given (an empty path: no such file); `visible`: their
  // control characters made visible (OutputFile::open). The first failure.
  std::optional<Error> open(const std::string& pgn_path, const std::string& gib_path, bool visible);
  // Adds one analysed game to each open file; a game whose analysis failed is left out.
  void add(const AnalysedJob& d);
  // Each open file renamed over its target; the first failure.
  std::optional<Error> commit();

 private:
  struct File {
    OutputFile out;
    bool open = false, first = true;
  };
  File pgn_, gib_;
};

}  // namespace gibo::analysis
