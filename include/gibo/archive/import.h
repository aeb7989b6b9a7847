// Bulk import of game files into an archive: N worker threads read, replay and encode
// games; one writer (the calling thread) stores them in batches of `batch_games`, each
// batch one transaction (all or nothing).
//
// Guarantees (src/archive/README.md explains the bookkeeping behind them):
// * Every record kept, each game once: a record with the same start and moves as a
//   stored game is stored as that game's copy when it is the same game (copies.h: nothing
//   in it says otherwise, or the game is too long to have been played twice), linked to
//   it, with what it says otherwise (its conflicts, reported); else it is another game, a
//   twin, stored and counted as one. Games that are a strict prefix of another are found
//   and reported.
// * The valid copy is the game: when a valid record repeats a broken stored game (from
//   earlier in this run or an earlier run), the valid one is stored as the game and the
//   broken one becomes its copy (Archive::replace_game), in the batch that holds the
//   valid one.
// * A file imported whole by a gibo before schema version 9, which kept no copies, is
//   read again when imported again: the copies it did not keep are stored (as copies, or
//   as twins), nothing else.
// * Resumable: a file whose content hash belongs to a completely imported source is
//   skipped. A source's progress (games handled) is committed with each batch, and its
//   `complete` flag only in a transaction that follows or holds its last game, so an
//   import killed at any moment leaves a consistent database, and running it again
//   continues where the last committed batch stopped and ends with exactly the games
//   of an uninterrupted import (files are handled in input order, whatever N is).
// * Nothing dropped: broken games are stored with status 'invalid', their first error
//   and all their diagnostics, unless `valid_only` (then they are counted, not stored).
//   Files that hold no game are recorded as sources with their file diagnostics.
// * A resumed source continues under the options of the run that resumes it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/formats/encoding.h"
#include "gibo/record/diagnostic.h"

namespace gibo::archive {

class Archive;

struct ImportOptions {
  std::string db_path;
  Archive* archive = nullptr;         // an open archive to import into instead (db_path unused)
  int jobs = 1;                       // reader/validator threads (the writer is extra)
  // Bring the archive's position index up to date after the games are stored
  // (position_index.h; with `jobs` threads), so that the first explore or search finds it
  // ready. Only for db_path (not for an open `archive`).
  bool index_positions = true;
  const Profile* fallback = nullptr;  // profile for records that name none (nullptr: the default)
  bool valid_only = false;
  int batch_games = 5000;             // games handled per transaction
  text::Encoding encoding = text::Encoding::Auto;
  bool strict_annotations = false;    // missing capture/check marks are errors (--strict)
  // The text of opening-book rows of one's own (formats/openings/README.md; checked by the
  // caller: read_opening_book finds no error) to make the archive's own before anything
  // is stored: the games stored before are named again when that changes the archive's
  // book (Archive::set_opening_rows). Nullopt: the archive keeps its own.
  std::optional<std::string> opening_rows;
};

enum class FileStatus {
  Imported,         // read and stored now
  Resumed,          // an earlier run stored its first games; the rest now
  AlreadyImported,  // its content hash is a complete source already: skipped
  SameContent,      // same bytes as a file earlier in this run: skipped
  Restored,         // imported whole before schema version 9: the copies it did not keep stored now
  Unreadable,       // could not be read
};
std::string_view file_status_name(FileStatus s);  // "imported", "resumed", "already-imported", "restored", ...

// A game of a file that has errors: where it is and what is wrong (all its diagnostics,
// the first error among them), whether it was stored (as invalid) or not (valid_only).
struct InvalidGame {
  int game_index = 0;  // 0-based rank in the file
  bool stored = true;
  std::vector<Diagnostic> diagnostics;
};

// A broken stored copy that a valid copy in this file replaced (the broken one is now
// the valid one's duplicate).
struct ReplacedGame {
  int game_index = 0;         // the valid copy's rank in this file (0-based)
  std::int64_t game_id = 0;   // the valid copy's game id
  std::string path;           // the file the broken copy came from (this run or an earlier one)
  int broken_game_index = 0;  // its rank there (0-based)
  std::string error_code;     // its first error
  int error_ply = 0;
};

// A record of this file stored as a game of its own although a stored game has the same
// start and moves: it says otherwise and is short enough to be another game (copies.h).
struct TwinReport {
  int game_index = 0;          // its rank in this file (0-based)
  std::int64_t game_id = 0;    // its game id
  std::int64_t twin_of = 0;    // the first stored game of the same start and moves
  std::string path;            // where that one came from
  int twin_index = 0;          // its rank there (0-based)
  unsigned conflicts = 0;      // what the record says otherwise than that one
};

// A record of this file stored as the copy of a game it says otherwise than (copies.h).
struct ConflictReport {
  int game_index = 0;        // its rank in this file (0-based)
  std::int64_t game_id = 0;  // the game it is a copy of
  std::string path;          // where that game's record came from
  int kept_index = 0;        // its rank there (0-based)
  unsigned conflicts = 0;
};

struct FileReport {
  std::string path;
  FileStatus status = FileStatus::Imported;
  std::string detail;        // the I/O error, or the path that holds the same content
  std::string encoding;
  bool bom = false;          // a UTF-8 byte-order mark was skipped
  int filler_runs = 0;       // runs of filler bytes (0xFF / 0x1A) removed
  std::string content_hash;  // empty when unreadable
  long games = 0;            // games read now (a resumed file: those after the earlier run's)
  long resumed_after = 0;    // a resumed file: games the earlier run handled
  long plies = 0;
  long added = 0;       // records stored as games (twins included)
  long duplicates = 0;  // records stored as copies of a game
  long replaced = 0;  // valid games stored in place of a broken copy (neither added nor duplicates)
  std::vector<ReplacedGame> replacements;  // one per replaced game, in file order
  std::vector<TwinReport> twins;           // games added that are twins, in file order
  std::vector<ConflictReport> conflicts;   // copies that say otherwise than their game, in file order
  long invalid = 0;   // games with errors (stored, or rejected with valid_only)
  long rejected = 0;  // games not stored because of valid_only
  std::vector<Diagnostic> file_diagnostics;
  std::vector<InvalidGame> invalid_games;  // every game read now that has errors, in file order
};

struct ImportProgress {
  std::size_t files_done = 0, files_total = 0;
  long games = 0, added = 0, duplicates = 0, invalid = 0;
  double seconds = 0;
};

struct PrefixReport {
  std::int64_t game_id = 0, longer_game_id = 0;
  std::string path, longer_path;
  int game_index = 0, longer_game_index = 0;
  int plies = 0, longer_plies = 0;
};

struct ImportSummary {
  long files = 0, imported = 0, resumed = 0, skipped = 0, unreadable = 0;
  long restored = 0;  // files imported before schema version 9 whose unkept copies were stored (FileStatus::Restored)
  long games = 0, plies = 0, added = 0, duplicates = 0, invalid = 0, rejected = 0;
  long replaced = 0;  // valid games stored in place of a broken copy (FileReport::replaced)
  long twins = 0;      // games added that are twins (FileReport::twins)
  long conflicts = 0;  // copies that say otherwise than their game (FileReport::conflicts)
  // After an error: games handled in the batch that was rolled back (read, not stored;
  // `added`, `duplicates` and `replaced` count committed games only).
  long lost = 0;
  std::map<std::string, long> invalid_by_code;  // games with errors, by their first error's code
  std::map<std::string, long> file_errors_by_code;  // files holding no game, by their first error
  std::vector<PrefixReport> prefixes;           // pairs found in this run
  std::int64_t games_in_archive = 0;  // -1: could not be counted (the archive's server went away)
  double seconds = 0;        // the whole import, the position index's update included
  double index_seconds = 0;  // of which updating the position index
  // Games stored before whose openings were named again with the book opening_rows made.
  std::int64_t openings_renamed = 0;
};

struct ImportCallbacks {
  std::function<void(const FileReport&)> on_file;           // per file, in input order (writer thread)
  std::function<void(const ImportProgress&)> on_progress;   // about every 100 ms (writer thread)
};

// Imports `paths` (files already expanded; "-" is standard input) into the archive at
// options.db_path. Returns nothing on success, else why the database could not be used
// or written (the summary then covers what was committed before). Unreadable
// files are not an error here: they are reported per file and counted. One import
// writes an archive at a time: while another holds it, this returns at once with
// "DB: archive busy: another import is writing it" and changes nothing.
std::optional<Error> import_files(const std::vector<std::string>& paths, const ImportOptions& options,
                                  const ImportCallbacks& callbacks, ImportSummary& summary);

}  // namespace gibo::archive
