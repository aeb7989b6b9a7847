// The renderers of `gibo stats`: the same Report as aligned text for a terminal, as CSV,
// as JSON, or as one self-contained HTML page with inline SVG charts and board diagrams.
#pragma once

#include <string>

#include "stats.h"
#include "stats_facts.h"

namespace gibo::stats {

// Aligned tables, one section after another; column widths count display columns
// (hangul and hanja are two wide). The human tables and columns.
std::string render_text(const Report& report);

// Every machine table as one CSV block: a header row `table,<column ids>`, then one row
// per table row starting with the table id; blocks are separated by an empty line.
// Fields are quoted when they hold a comma, a quote or a line end (RFC 4180).
std::string render_csv(const Report& report);

// One JSON object: "origin", "files", "games", "plies", "valid", "rejected", "first_date",
// "last_date", "results" {"cho","han","draw","other","void","unknown","no_result"}, and
// "tables" {id: {"title", "columns": [ids], "rows": [{column: value}]}} with every machine
// table. Numeric columns are numbers (null when empty). One row per line.
std::string render_json(const Report& report);

// One HTML page: inline CSS, no script, no external resource; SVG charts (results,
// length histogram, setup heat map, games per year) and SVG board diagrams (the
// disagreements' final positions and a few notable games), then every human table.
// `served`: the page is gibo serve's /stats, whose other pages exist: each engine-
// contradicted game links to the viewer at the judged ply (contradiction_link) and each
// player of the player tables to their page (player_link). A page written to a file
// (`gibo stats --format html`) has neither link, which would lead nowhere; it says that
// gibo serve shows them.
std::string render_html(const Report& report, bool served = false);

// The play-quality sections of gibo serve's player page (/player?name=NAME;
// page_players.h has the page): the player's play quality (the report's per-player row) and
// their analysed games of `data`, each linked to the game viewer. `r` is aggregate(data)
// over the player's games; `name` as the players table counts it.
std::string render_player_quality(const Report& r, const Dataset& data, const std::string& name);

// A human table in the run's language (report/i18n.h): its title, column labels and the
// labels among its cells ("Cho wins") translated when the catalogue holds them (a "problem" cell as a message), numeric
// cells grouped by thousands when `group_numbers` (text; HTML keeps them as they are).
Table in_language(const Table& t, bool group_numbers);

// human_note(t) in the run's language.
std::string note_in_language(const Table& t);

}  // namespace gibo::stats
