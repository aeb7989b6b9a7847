// Installing the facts view (gibo/archive/facts.h) on a connection (internal to
// src/archive).
#pragma once

#include <optional>

#include "sql.h"

namespace gibo::archive::facts {

// Creates TEMP VIEW facts over the archive's tables. `schema_version` is the archive's
// (an older archive opened read-only lacks later columns: they read as NULL). `stored`:
// the view reads the archive's derived tables (derived_facts.h); else TEMP tables of the
// connection, created here empty, which derived::fill_temp fills before a selection.
// `stored_openings`: likewise for the games' opening names (derived_openings.h:
// openings::fill_temp fills its TEMP table). Empty on success, else why it failed.
std::optional<Error> install(sql::Connection& db, int schema_version, bool stored, bool stored_openings);

}  // namespace gibo::archive::facts
