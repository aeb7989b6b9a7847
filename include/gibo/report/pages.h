// The archive as web pages (`gibo serve`) and one game as a page (`gibo show --format
// html`): the set-up page, the explorer at a position, the games reaching it, the game
// viewer. Every page is whole HTML5 with inline CSS and SVG, no external resource, and
// works with scripting off (links and forms); the viewer adds a few lines of script for
// the arrow keys. Every string from a record is escaped. The links follow the server's
// routes (src/cli/help/serve.md):
//
//   /                                        the set-up page
//   /explore?setup=CHO,HAN&moves=U1,U2,...   the explorer (or fen=FEN instead of setup)
//   /games?setup=...&moves=...&page=N        the games reaching that position, paged
//   /game/ID?ply=N                           the game viewer at ply N
//   /stats                                   the statistics report
//   /players                                 the players (src/report/page_players.h)
//   /player?name=NAME                        one player: rating, results, games, play quality
//   /events, /event?name=NAME&year=Y         the events and one event's crosstable
//   /search?pattern=PATTERN&page=N           the games where a pattern holds (src/pattern/README.md)
//
// the explorer's with the filters player=, site=, from=, to= (years) kept across links.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/analysis/game_analysis.h"
#include "gibo/archive/archive.h"
#include "gibo/core/position.h"
#include "gibo/core/rules.h"
#include "gibo/record/game.h"
#include "gibo/record/opening.h"
#include "gibo/report/diagram.h"
#include "gibo/report/eval_graph.h"
#include "gibo/report/explore.h"

namespace gibo::pages {

// Percent-encodes `text` for a URL query value (unreserved characters pass).
std::string url_encode(std::string_view text);
// Decodes a query value (%XX and '+' for a blank); malformed escapes pass through as text.
std::string url_decode(std::string_view text);

// The explorer's --where-style filters as the form sends them.
struct Filters {
  std::string player, site;    // a player's name (either side), a site (substring)
  std::optional<int> from, to;  // years, inclusive
  // The code of a formation (either side) or a named line the games' openings hold
  // (formats/openings/README.md); a code of the book's form (capitals, digits, '-').
  std::string opening;
  bool empty() const { return player.empty() && site.empty() && !from && !to && opening.empty(); }
  // The facts-view expression (gibo stats --where) selecting these games; "" when empty.
  std::string where() const;
  // "&player=...&site=..." for links (empty when empty()).
  std::string query() const;
};

// A position the explorer can link to: a start (a set-up pair, or a FEN) and the UCI
// moves played from it.
struct Path {
  std::string setup;  // "HEEH,EHHE"; "" with a FEN or for the standard start
  std::string fen;    // a start of its own; "" otherwise
  std::vector<Move> moves;
  // The query for /explore and /games (setup=...&moves=... or fen=...&moves=...).
  std::string query() const;
};

// The set-up page: the pairs played, each a link to the explorer at its start.
std::string setups_page(const explore::SetupTable& table, const Filters& filters);

// The explorer at `e.position`, reached by `path` from `start` (the path shown as
// clickable moves), every move of the table a link to the position after it.
std::string explorer_page(const explore::Exploration& e, const Path& path, const Position& start,
                          const Filters& filters);

// The games reaching a position, `per_page` a page (page from 1), each a link to the game
// at the ply where it reaches the position.
std::string games_page(const explore::Search& s, const Path& path, const Filters& filters, int page, int per_page);

// One game as the viewer shows it.
struct GameView {
  // The page's title: "CHO – HAN · EVENT · DATE" (the parts the record has), else `ref`.
  std::string title;
  std::string ref;    // "FILE:GAME": the file's name (no folders) and the game from 1
  // The page of its event's season (set by the server when the report has one; "" no link).
  std::string event_href;
  // The pages of its players, each set by the server when the players' report has that
  // identity ("" no link: a copy's names, which the report does not count, have none).
  std::string cho_href, han_href;
  std::string cho, han, event, site, date, result, verdict;  // record strings (escaped when written)
  Position start;
  std::vector<Move> moves;                    // the plies that replay
  std::vector<std::string> korean;            // each ply in Korean notation ("79졸78", "한수쉼")
  std::vector<std::vector<std::string>> comments;  // by ply: [0] before the first ply, [k] after ply k
  int recorded_plies = 0;                     // plies the record holds (beyond `moves` they do not replay)
  std::string explore_setup;                  // "CHO,HAN" when the game starts from a set-up pair
  // Its opening in the run's language (opening_text.h): "CODE: name", the set-up pair with
  // its names, and what the formations and the line rest on.
  std::string opening, opening_setups, opening_evidence;
  std::int64_t id = 0;                        // the archive's game id (0 for a file)
  // An engine's evaluations ([0] the start, [k] after ply k; analysis_jsonl.h), when the
  // game has an analysis: the viewer then shows the evaluation graph (eval_graph.h).
  analysis::Evaluations evaluations;
  // That analysis's judged plies ([k-1] for ply k; empty without one) and each side's
  // summary ([0] Cho): the viewer marks each move's judgement, draws the engine's better
  // move and shows each side's accuracy, average loss and best-move share.
  std::vector<analysis::PlyAnalysis> judged;
  std::array<analysis::SideSummary, 2> sides{};
  // Its engine verdicts (gibo rescore --engine), one line each in the run's words: the
  // profile, the verdict (or "information" for a win off the board), the judged ply, its
  // evaluation and why; the viewer opened from a verdict list shows them.
  std::vector<std::string> engine_verdicts;
  // The other records of the game (src/archive/README.md "Copies and twins"): its copies,
  // or, for a copy, the game it is a copy of; each by its archive id (0: a copy an import
  // before schema version 9 did not keep), FILE:GAME and what it says otherwise than the
  // game (copy_text.h; "" nothing).
  struct Record {
    std::int64_t id = 0;
    std::string title, conflicts;
  };
  std::vector<Record> copies;
  std::optional<Record> copy_of;
};

// The viewer's view of a record: it is replayed (rescore_game: under the profile it names,
// else `fallback`), its valid prefix kept, its verdict beside the stored result, its opening
// named with `openings` (nullptr: the built-in book).
GameView game_view(Game game, const Profile& fallback, const OpeningBook* openings = nullptr);

// One engine verdict of a game as the viewer lists it: "fs-janggi: engine-contradicts at ply
// 120, evaluation +3.50 (Cho's view): the other side is ahead by the margin or more"; a win off
// the board (`stored` won on time, by forfeit, by disconnection) reads "information" and who
// was ahead (analysis/engine_verdict.h off_the_board_reading).
std::string engine_verdict_line(const archive::EngineVerdictRow& v, const NormalizedResult& stored);

// The viewer at `ply` (0..moves.size()) with links to the server's routes.
std::string game_page(const GameView& game, int ply, DiagramOptions::Letters letters);
// The viewer as one self-contained file that steps through the game offline: every
// ply's board in the page, shown by its #pN anchor (CSS :target; no script needed),
// arrow keys with script on; no link leaves the file.
std::string game_file_page(const GameView& game, DiagramOptions::Letters letters);

// The search page: the pattern's form, then the games where it holds, `per_page` a page
// (page from 1), each with the board at its match and a link into the viewer there.
struct PatternResults {
  std::string pattern;   // as typed ("": the form alone)
  std::string error;     // why the pattern was refused or the search failed ("": none)
  const pattern::SearchResult* result = nullptr;
  int page = 1, per_page = 20;
  // The boards (SVG) of the page's games at their match, in their order.
  std::vector<std::string> boards;
};
std::string search_page(const PatternResults& r);

// A page saying why a request failed (404, 400, ...); `message` is escaped.
std::string error_page(int status, const std::string& message);

}  // namespace gibo::pages
