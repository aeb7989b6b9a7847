// The games' material signatures as the archive keeps them (internal to src/archive): the
// table game_material, a row a game, its signature as codec.h encodes it, which the
// pattern search (src/pattern/README.md) reads to skip the games whose material cannot
// match before replaying any.
//
// Policies:
// * A game's signature follows from its start, its moves and its valid plies
//   (stored_material): it is stored with the game (Archive::insert_game, in its
//   transaction), computed on the importer's worker threads (prepare_game).
// * The meta row `material_format` names the encoding the stored rows were written in
//   (kFormat). Rows of another encoding, or none (an archive migrated from schema version 9
//   or older), are computed again, all of them in one transaction under the write lock, by
//   the first open that may write.
// * An archive whose rows are not current, opened by a reader (or one a copy is being
//   written into), is never written: its readers compute each game's signature from its
//   moves as they read it (Archive::for_each_material).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "gibo/archive/archive.h"

#include "bound.h"
#include "derived_facts.h"
#include "sql.h"

namespace gibo::archive::material {

// The schema version that added game_material.
inline constexpr int kSince = 10;

// One game_material row as Archive::insert_game binds it.
struct Row {
  std::int64_t game_id = 0;
  const std::string& signature;
};
// game_material's columns, bound by name from a Row.
std::span<const sql::Param<Row>> params();

// Can the archive's game_material (of `schema_version`) be read as it is? (As the derived
// facts: derived::State.)
derived::State state(sql::Connection& db, int schema_version);

// Computes every game's signature again and records the encoding, in a write transaction
// of its own; nothing when another writer did it meanwhile.
std::optional<Error> refresh(sql::Connection& db);

}  // namespace gibo::archive::material
