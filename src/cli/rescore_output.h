// How gibo rescore prints a run (archive::RescoreRun): a line (text), row (CSV) or object
// (JSON Lines) per game, a file's own errors, and the summary with the exit status.
#pragma once

#include <string>

#include "gibo/archive/rescore_run.h"

namespace gibo::cli {

enum class RescoreFormat { Text, Csv, Jsonl };

// The CSV header, with rescore --engine's columns when `engine`.
std::string rescore_csv_header(bool engine);
// A game's line, row or object; `engine`: rescore --engine (CSV rows get its columns).
std::string render_rescored(const archive::RescoredGame& g, RescoreFormat out, bool engine);
// A file's own errors (not a game's) as validate reports them: a JSON Lines object, or a
// line each; "" when it has none.
std::string rescore_file_errors(const std::string& path, const ReadInfo& info, RescoreFormat out);
// The summary (text and JSON Lines; CSV has none) and the exit status: a disagreement,
// a rejected record or a file with errors of its own (no game gibo reads in it, a broken
// line of JSON Lines) is a finding. `engine`: rescore --engine (its verdicts counted, an
// engine-contradicts is a finding too, the causes of engine-unclear listed once each).
int print_rescore_summary(const archive::RescoreCounts& c, long io_errors, long not_game_files, RescoreFormat out,
                          long file_errors, bool engine);

}  // namespace gibo::cli
