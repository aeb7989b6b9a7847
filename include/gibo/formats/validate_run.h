// Validating game files (`gibo validate`; formats/detect/README.md "Validating"): every
// game of each file read (read_games) and replayed under its rules profile, counted by
// outcome and by diagnostic code. With several jobs the files are cut between threads
// (plan_work: a big .gib file's games in slices of the scanned file, small files in
// batches) and what each share made comes back in input order.
#pragma once

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gibo/core/rules.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/input_files.h"
#include "gibo/record/game.h"

namespace gibo {

// What a validation counted: files, games and plies; games valid and rejected (a file
// rejected as a whole, holding no game, counts as one); unreadable files; games without
// capture and check marks; games rejected by their first error's code, warnings and notes
// by code (a file's own warnings too).
struct ValidateCounts {
  long files = 0, games = 0, plies = 0, valid = 0, rejected = 0, io_errors = 0, unannotated = 0;
  std::map<std::string, long> rejected_by_code, warnings_by_code, notes_by_code;
  void add(const ValidateCounts& other);
  bool operator==(const ValidateCounts&) const = default;
};

// One file once all its games are validated.
struct ValidatedFile {
  const std::string& path;
  const std::optional<std::string>& io_error;  // why it could not be read (then nothing else is set)
  const ReadInfo& info;                        // format, encoding, BOM, filler runs, the file's diagnostics
  const ValidateCounts& games;                 // its games' counts (games, plies, valid)
};

struct ValidateOptions {
  const Profile* profile = nullptr;  // for the records that name none
  text::Encoding encoding = text::Encoding::Auto;
  bool strict = false;  // missing capture and check marks are errors (the annotation policy)
  int jobs = 1;
};

// What the run tells its caller. `game`, `file_start` and `file_end` run on the worker
// threads (several at once) and append what they make of a game (replayed, under the
// profile it was replayed under) or a file to `out`; `emit` runs on the calling thread, in
// input order, with that text, the counts so far and the number of files done. A file's
// `file_start` text (its own diagnostics) comes before its games' whatever its format.
struct ValidateHooks {
  std::function<void(const std::string& path, const Game&, const Profile&, std::string& out)> game;
  std::function<void(const ReadInfo&, std::string& out)> file_start;
  std::function<void(const ValidatedFile&, std::string& out)> file_end;
  std::function<void(std::string&& out, const ValidateCounts& so_far, std::size_t files_done)> emit;
};

// Validates `files` with `options.jobs` threads; the counts of the whole run (an unusable
// file among `files` counts as an I/O error).
ValidateCounts validate_files(const std::vector<InputFile>& files, const ValidateOptions& options,
                              const ValidateHooks& hooks);

}  // namespace gibo
