// The two loaders of `gibo stats`: game files (read and replayed on the spot, one file
// at a time so the caller can run files in parallel) and the SQLite archive written by
// `gibo import` (plain SQL over its tables). Both fill the data model of stats_facts.h.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/rules.h"
#include "gibo/formats/encoding.h"
#include "gibo/record/game.h"
#include "gibo/report/stats_facts.h"

namespace gibo::stats {

// Which profiles the adjudicator judges each game under.
struct AdjudicationChoice {
  bool own = true;                          // the game's own profile (its record's, else the fallback)
  std::vector<const Profile*> profiles;     // and these (a profile is judged once per game)
  // Archive only: take the verdicts the archive stores instead of judging (own and
  // profiles are ignored), or, when it stores none at all, judge under each game's own.
  bool stored = false;
};

struct LoadOptions {
  const Profile* fallback = nullptr;        // profile of records that name none (nullptr: janggi-gg)
  text::Encoding encoding = text::Encoding::Auto;
  int opening_plies = 8;                    // plies named per game for the openings tree
  AdjudicationChoice adjudication;
};

// The facts of one file: the file itself and its games.
struct FileFacts {
  SourceFacts source;
  std::vector<GameFacts> games;
};

// Replays `game` under its profile (options.fallback when it names none) and returns its
// facts, with its verdicts under the chosen profiles. The game is modified by the replay.
GameFacts game_facts(Game& game, const LoadOptions& options);

// Reads the raw bytes of a game file named `path` (any format read_games knows: .gib,
// PGN, JSON, ...) and returns the facts of the file and every game in it. Never throws
// on bad input.
FileFacts file_facts(const std::string& path, std::string_view bytes, const LoadOptions& options);

// The facts of a file that could not be read.
FileFacts unreadable_file(const std::string& path, const std::string& error);

// The verdict on `game` (already replayed) under `profile`, from the board replayed from
// `start` through `moves`. `stored` is the normalised stored result, nullopt when none;
// `saved_bikjang` the record's bikjang option, nullopt when it states none (the option
// is then inferred from a bikjang result, else off: adjudication_bikjang).
VerdictFact judge_game(const Profile& profile, const std::optional<bool>& saved_bikjang, const Position& start,
                       const std::vector<Move>& moves, int record_plies,
                       const std::optional<NormalizedResult>& stored);

// Loads an archive database (README "Database schema"). `where` (may be empty) is an SQL
// expression over the `games` table that selects the games. Returns an error text on
// failure (no such file, not an archive, a bad expression).
std::optional<std::string> load_database(const std::string& path, const std::string& where,
                                         const LoadOptions& options, Dataset& out);

// The ids of the archive's games that `where` selects, over the same view as
// load_database's (so `gibo explore` and `gibo search` read --where as `gibo stats` does).
// Returns an error text on failure ("--where: ..." for a bad expression).
std::optional<std::string> select_game_ids(const std::string& path, const std::string& where,
                                           std::vector<std::int64_t>& ids);

}  // namespace gibo::stats
