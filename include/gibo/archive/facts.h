// The facts of a game that every `--where` reads (decision 15,
// src/adjudication/README.md "Decisions"): one SQL view, `facts`,
// defined once here in the archive layer and installed (as a TEMP view) on every archive
// connection. `gibo stats`, `export`, `rescore` and every command that selects games
// hand their expression to Archive::select_games, which runs it over this view; on game
// files `gibo stats` imports them into a temporary archive first, so an expression
// selects the same games from a folder and from the archive imported from it. What the
// code derives (the tags' facts, the play quality) is stored in the archive when a game
// or an analysis is (the tables game_facts and analysis_quality), so every backend reads
// the same values from one definition.
//
// Policies: an expression is the backend's SQL (SQLite's; PostgreSQL's on a server, in a
// read-only transaction with a time limit, calling only functions that read), read-only
// (on SQLite an authorizer allows reading and functions only), one expression (no second
// statement); text fields are '' when the tag is absent, while date, year, result,
// margin, the setups and annotated are NULL when unknown (a comparison with NULL is
// false, as in SQL).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gibo::archive {

struct FactField {
  std::string name;
  std::string meaning;
};

// Every column of the facts view, in documentation order (`gibo stats --help` and the
// README list them from here).
const std::vector<FactField>& fact_fields();

// `text` as an SQL string literal ('it''s'), for an expression over the facts (and the
// archive's own statements): the one quoting of a literal, the same in every backend.
std::string sql_string(std::string_view text);

}  // namespace gibo::archive
