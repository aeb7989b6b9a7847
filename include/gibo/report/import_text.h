// What gibo import says (archive::import_files' reports, gibo/archive/import.h), in text
// (the run's language) or JSON Lines: a file's lines, the progress bar, the summary. Text
// says only what needs a reader's attention (a file's problems; for every game with errors
// its first error, as validate prints it; the records stored beside a game of the same
// moves); JSON Lines says everything: a file object, an object per game with errors (with
// its diagnostics), per replaced copy, twin and conflict, a line per prefix and the summary.
#pragma once

#include <string>

#include "gibo/archive/import.h"

namespace gibo::import_text {

// The lines a file report prints (possibly none).
std::string file_lines(const archive::FileReport& r, bool jsonl);

// The progress bar ("[=====     ] 3/12 files  1,200 games  800 games/s  2 errors ").
std::string progress_bar(const archive::ImportProgress& p);

// The inputs the run could not take, counted in the summary beside the archive's files.
struct SkippedInputs {
  long unreadable = 0;      // paths that could not be used
  long not_game_files = 0;  // files a directory search found that hold no game
};

// The summary: in text, the prefixes (the first 20), the counts and the archive's size;
// in JSON Lines, a line per prefix, then the summary object. `db`: the archive as --db
// named it.
std::string summary(const archive::ImportSummary& s, const SkippedInputs& skipped, const std::string& db, bool jsonl);

}  // namespace gibo::import_text
