// The facts `--where` reads that the code derives (internal to src/archive): each game's
// tag facts (TagFacts, the table game_facts), what each copy of a game says otherwise
// (copy_conflicts, copies.h) and the play quality of each complete engine analysis
// (analysis_quality), stored so that SQLite and PostgreSQL read the same values
// from one definition, the code's (facts.cpp builds the view over them).
//
// Policies:
// * The rules are the code's: fact_tag, player_name, split_player, parse_game_date,
//   identify_player and NameAliases::builtin for the tags, judge_positions for the play
//   quality. The meta row `derived_rules` names the rules an archive's rows were derived
//   under (rules_fingerprint); rows derived under other rules, or none (an archive
//   migrated from schema version 5 or older), are derived again, all of them in one
//   transaction under the write lock, by the first open that may write.
// * A game's facts are stored with the game (Archive::insert_game, in its transaction),
//   its copies' conflicts with each copy (and when a valid copy takes a broken game's
//   place), an analysis's quality with its analysis_games row (Archive::store_analysis).
// * An archive whose rows are not current, opened by a reader (or one a copy is being
//   written into), is never written: its facts are derived into TEMP tables of the
//   connection when a selection first needs them.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "gibo/archive/archive.h"

#include "bound.h"
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "sql.h"

namespace gibo::archive::derived {

// The schema version that added the derived tables.
inline constexpr int kSince = 6;

// One game_facts row as Archive::insert_game binds it.
struct FactsRow {
  std::int64_t game_id = 0;
  const TagFacts& f;
};
// game_facts' columns, bound by name from a FactsRow.
std::span<const sql::Param<FactsRow>> facts_params();

// Can the derived tables of the archive on `db` (of `schema_version`) be read as they are?
// Not when it is older than kSince, was derived under other rules, or a copy is being
// written into it (gibo copy: its rows arrive as they were in the source).
enum class State { Current, Stale, Copying };
State state(sql::Connection& db, int schema_version);

// The state of a derived table as the meta rows `keys` say it: Copying when the copy mark is
// set, else Current when `current` holds for the keys' values (in the order of `keys`, ""
// for one not set), else Stale (also when the meta cannot be read). The one reading of
// "is this derived table current" for game_facts, game_openings and game_material.
State meta_state(sql::Connection& db, std::initializer_list<std::string_view> keys,
                 const std::function<bool(const std::vector<std::string>&)>& current);

// Derives every row of the archive's derived tables again and records the rules, in a
// write transaction of its own; nothing when another writer did it meanwhile.
std::optional<Error> refresh(sql::Connection& db);

// Creates the derived tables as TEMP tables of the connection (empty), for a reader.
std::optional<Error> create_temp(sql::Connection& db);
// Fills them from the archive's games and analyses (`schema_version`: the archive's).
std::optional<Error> fill_temp(sql::Connection& db, int schema_version);

// Stores what each copy of game `game_id` says otherwise than the game (copy_conflicts,
// copies.h), as it now stands.
std::optional<Error> store_conflicts(sql::Connection& db, std::int64_t game_id);
// Stores what the new copy `copy_id` of game `game_id` says otherwise (`conflicts`, the
// bits of copies.h; no row when 0), as the importer found it.
std::optional<Error> store_conflict(sql::Connection& db, std::int64_t copy_id, std::int64_t game_id, unsigned conflicts);

// Stores the play quality of game `game_id`'s analysis under `request_id` as it now
// stands: a row when the analysis is complete, none otherwise.
std::optional<Error> store_quality(sql::Connection& db, std::int64_t request_id, std::int64_t game_id);

}  // namespace gibo::archive::derived
