// Archive::Impl, the state the archive_*.cpp files share (internal to src/archive): the
// connection, the statements prepared once, and the id caches of the name tables.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "gibo/archive/archive.h"

#include "bound.h"
#include "derived_facts.h"
#include "derived_material.h"
#include "derived_openings.h"
#include "sql.h"

namespace gibo::archive {

// The start of a stored game, from its columns (cho_setup, han_setup, start_fen) and its
// start key (archive_load.cpp).
StartPosition decode_start(std::string_view key, const std::optional<std::string>& cho,
                           const std::optional<std::string>& han, const std::optional<std::string>& fen);

// One row of the diagnostics table as insert_diagnostic binds it: about a file (no game
// index) or a stored record (game_id; rows of an import before schema version 9 name a
// copy it did not keep by its game index alone).
struct DiagnosticRow {
  std::int64_t source_id = 0;
  std::optional<int> game_index;
  std::optional<std::int64_t> game_id;
  const Diagnostic& d;
};

// One row of the games table as insert_game binds it: the prepared game and the ids the
// writer resolved for it.
struct GameRow {
  std::int64_t source_id = 0;
  const PreparedGame& g;
  std::int64_t start_id = 0;
  std::optional<std::int64_t> cho_player_id, han_player_id;
  std::optional<std::string> cho_rank, han_rank;
  std::optional<std::int64_t> copy_of;  // the game it is a copy of; nullopt: a game
  std::int64_t twin = 0;                // a game's number among those of its hash and start
};

// The key same_games looks games up by.
struct SameKey {
  std::int64_t hash = 0, start_id = 0;
};

// A comment of the game `game_id`, as insert_game binds it.
struct CommentRow {
  std::int64_t game_id = 0;
  const StoredComment& c;
};

// A source's progress and its encoding, as set_source_progress / set_source_encoding bind them.
struct SourceProgress {
  std::int64_t id = 0;
  int games_done = 0;
  bool complete = false;
};
struct SourceEncoding {
  std::int64_t id = 0;
  const std::string& encoding;
};

// Runs `body` (returning std::optional<Error>) in a transaction of its own, unless one
// is already open (the caller's batch, as import's), and gives its error: commits when it
// succeeds, rolls back what it began when it or the commit fails.
template <class Body>
std::optional<Error> in_own_transaction(Archive& archive, bool already_open, Body&& body) {
  if (already_open) return body();
  if (auto e = archive.begin()) return e;
  std::optional<Error> e = body();
  if (!e) e = archive.commit();
  if (e) archive.rollback();
  return e;
}

struct Archive::Impl {
  sql::Connection db;
  bool writable = false;
  int schema_version = kSchemaVersion;
  bool in_transaction = false;
  // The facts view reads TEMP tables not filled yet (derived_facts.h: a reader of an
  // archive whose derived tables are not current).
  bool facts_pending = false;
  bool facts_temp = false;  // the derived facts are read from the TEMP tables (pending at open)
  // Likewise the games' opening names (derived_openings.h).
  bool openings_pending = false;
  bool openings_temp = false;  // the names are read from the TEMP table (pending at open)
  // The stored material signatures are current (derived_material.h); else readers compute
  // each game's from its moves.
  bool material_current = false;
  // The archive's opening book, once read (archive_openings.cpp).
  std::shared_ptr<const OpeningBook> opening_book;

  // Statements prepared once (each by the file of its concern).
  sql::Statement stored_game, load_game;
  sql::Bound<SameKey> find_same;
  sql::Bound<std::string> insert_player, insert_start;
  sql::Bound<SourceInfo> insert_source;
  sql::Bound<SourceProgress> source_progress;
  sql::Bound<SourceEncoding> source_encoding;
  sql::Bound<DiagnosticRow> insert_diagnostic;
  sql::Bound<GameRow> insert_game;
  sql::Bound<derived::FactsRow> insert_facts;
  sql::Bound<openings::Row> insert_opening;
  sql::Bound<material::Row> insert_material;
  sql::Bound<CommentRow> insert_comment;
  std::unordered_map<std::string, std::int64_t> start_ids, player_ids;
  bool caches_loaded = false;

  // `what` failed, with the backend's message for the connection's latest failure.
  Error fail(const std::string& what) const { return Error{what + ": " + db.current_error()}; }

  // --- archive_selection.cpp
  // Fills the TEMP tables of the derived facts when they are pending (once).
  std::optional<Error> ensure_facts();

  // --- archive_open.cpp
  // Finishes opening: schema checks, journaling, the facts view.
  std::optional<Error> finish_open();

  // --- archive_games.cpp
  // Reads the start and player ids into their caches (once per transaction).
  std::optional<Error> load_caches();
  // The id of a start key / a player's name, inserted when new.
  Expected<std::int64_t> start_id(const std::string& key);
  Expected<std::int64_t> player_id(const std::string& name);
  // The id of `key` in the name table `table` through its cache, inserted by `insert`
  // (of `params`) when new; `what` names the row for the error ("a player").
  Expected<std::int64_t> cached_id(std::unordered_map<std::string, std::int64_t>& cache,
                                   sql::Bound<std::string>& insert, std::string_view table,
                                   std::span<const sql::Param<std::string>> params, const std::string& key,
                                   const char* what);

  // --- archive_openings.cpp
  // Names the games into the connection's TEMP table when the archive's names are not
  // current (once; a reader writes nothing of the archive's), so that the facts view and
  // stored_game read current names.
  std::optional<Error> ensure_openings();

  // --- archive_sources.cpp
  // Inserts one diagnostics row.
  std::optional<Error> add_diagnostic(const DiagnosticRow& row);

  // --- archive_selection.cpp
  // Prepares user SQL that selects game ids (a whole SELECT) under the read-only
  // authorizer; why not when it does not parse, writes, holds more than one statement or
  // returns no column.
  Expected<sql::Statement> prepare_selection(const std::string& sql);
  // The first column of every row of a prepared selection.
  Expected<std::vector<std::int64_t>> ids_of(sql::Statement& s);
};

}  // namespace gibo::archive
