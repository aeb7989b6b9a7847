// The games' opening names as the archive keeps them (internal to src/archive): the table
// game_openings, a row a game, named with the archive's opening book (Archive::opening_book).
//
// Policies:
// * The book is the built-in one (builtin_opening_book) and the archive's own rows: the
//   text stored in meta under `opening_rows` (gibo import --opening-book). Rows of it that
//   the built-in book now refuses (a code a later gibo took for a row of its own) are left
//   out, so that the archive stays readable.
// * The meta row `opening_names` names what the stored rows were named by (fingerprint: the
//   namer's version, the built-in book's bytes, the archive's own rows). Rows named by
//   anything else, or none (an archive migrated from schema version 6 or older), are named
//   again, all of them in one transaction under the write lock, by the first open that may
//   write, and whenever the archive's own rows change (set_rows).
// * A game's opening is stored with the game (Archive::insert_game, in its transaction).
// * An archive whose names are not current, opened by a reader (or one a copy is being
//   written into), is never written: its games are named into a TEMP table of the
//   connection when a selection or a stored game first needs them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "gibo/archive/archive.h"

#include "bound.h"
#include "derived_facts.h"
#include "sql.h"

namespace gibo::archive::openings {

// The schema version that added game_openings.
inline constexpr int kSince = 7;

// One game_openings row as Archive::insert_game binds it.
struct Row {
  std::int64_t game_id = 0;
  const StoredOpening& o;
};
// game_openings' columns, bound by name from a Row.
std::span<const sql::Param<Row>> params();

// Can the archive's game_openings (of `schema_version`) be read as it is? (As the derived
// facts: derived::State.)
derived::State state(sql::Connection& db, int schema_version);

// The archive's own rows ("" for none, or before schema version 7).
Expected<std::string> own_rows(sql::Connection& db, int schema_version);
// The book of those rows: the built-in one and the rows it accepts.
std::shared_ptr<const OpeningBook> book_of(const std::string& rows);

// Names every game again with the book of the archive's own rows, or of `rows` when given
// (which then become the archive's own), and records what they were named by, in a write
// transaction of its own. Nothing when the stored names are current for that book (under
// the lock: another writer may have named them meanwhile). How many games were named.
Expected<std::int64_t> refresh(sql::Connection& db, const std::optional<std::string>& rows);

// Creates game_openings as a TEMP table of the connection (empty), for a reader.
std::optional<Error> create_temp(sql::Connection& db);
// Fills it: the archive's games named with `book`.
std::optional<Error> fill_temp(sql::Connection& db, const OpeningBook& book);

}  // namespace gibo::archive::openings
