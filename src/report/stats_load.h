// The loader of `gibo stats`: the facts of the games an archive holds (README "Database
// schema"), read through the archive layer, with their verdicts. Game files are first
// imported into a temporary archive exactly as `gibo import` would store them (distinct
// games only, copies counted), so a folder and the archive imported from it give the same
// report, and `--where` runs over the same facts view (archive/facts.h) on both.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gibo/archive/archive.h"
#include "gibo/core/rules.h"
#include "gibo/formats/encoding.h"
#include "stats_facts.h"

namespace gibo::stats {

// Which profiles the adjudicator judges each game under.
struct AdjudicationChoice {
  bool own = true;                          // the game's own profile (the one it was validated under)
  std::vector<const Profile*> profiles;     // and these (a profile is judged once per game)
  // Take the verdicts the archive stores instead of judging (own and profiles are
  // ignored), or, when it stores none at all, judge under each game's own.
  bool stored = false;
};

struct LoadOptions {
  const Profile* fallback = nullptr;        // files: profile of records that name none (nullptr: janggi-gg)
  text::Encoding encoding = text::Encoding::Auto;  // files
  int opening_plies = 8;                    // plies named per game for the openings tree
  // Files: opening-book rows of one's own the games are named with besides the built-in
  // book (the temporary archive's own rows; formats/openings/README.md). An archive's games
  // keep the names it stores (named with its own book: gibo import --opening-book).
  std::optional<std::string> opening_rows;
  AdjudicationChoice adjudication;
  int jobs = 1;                             // threads reading files and judging games
  // Archives: replay each game (its start, valid moves and opening plies, the verdicts);
  // false: the stored row's facts alone (tags, result, plies), as the players and events
  // need them (aggregate_people), and nothing is judged.
  bool boards = true;
};

struct LoadError {
  bool usage = false;  // a bad --where (the caller's usage error), else an I/O or archive error
  std::string message;
};

// Loads the games of `archive` that `where` (an expression over the facts view; empty:
// all) selects, in source order, with their diagnostics, duplicate counts and verdicts.
std::optional<LoadError> load_archive(archive::Archive& archive, const std::string& where,
                                      const LoadOptions& options, Dataset& out);

// Imports the game files `paths` (already expanded) into a temporary archive and loads it
// as load_archive does. Files that cannot be read are sources with readable = false; files
// whose bytes repeat an earlier one are skipped, as the importer skips them.
std::optional<LoadError> load_files(const std::vector<std::string>& paths, const std::string& where,
                                    const LoadOptions& options, Dataset& out);

// The verdict on a game under `profile`, from the board replayed from `start` through
// `moves`. `stored` is the normalised stored result, nullopt when none; `saved_bikjang`
// the record's bikjang option, nullopt when it states none (the option is then inferred
// from a bikjang result, else off: adjudication_bikjang).
VerdictFact judge_game(const Profile& profile, const std::optional<bool>& saved_bikjang, const Position& start,
                       const std::vector<Move>& moves, int record_plies,
                       const std::optional<NormalizedResult>& stored);
// The verdict on a rejected record under `profile`: Invalid, as rescore_game gives it; the
// record's own errors are in the data-quality tables.
VerdictFact rejected_verdict(const Profile& profile);

}  // namespace gibo::stats
