// The opening explorer and position search over an archive's position index: what was
// played from a position, how often and how it went (`gibo explore`), and which games
// reach it (`gibo search`). Counts are of distinct games, each counted once per position
// at its first visit with the move it played next, so transpositions are included.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "gibo/archive/position_index.h"
#include "gibo/core/position.h"
#include "gibo/pattern/search.h"
#include "gibo/record/opening.h"

namespace gibo::explore {

// One move played from the position, and how the games that played it went (their
// stored results, as recorded).
struct MoveLine {
  Move move;
  std::string uci, san, janggi;  // a pass: "e2e2", "Ke2", "K95-95" (Fairy-Stockfish's forms)
  std::string korean;            // the Korean coordinate notation: "79졸78", a pass "한수쉼"
  long games = 0, cho = 0, han = 0, draw = 0, other = 0;
  double avg_plies = 0;    // mean length (recorded plies) of those games
  std::uint32_t last_date = 0;  // the most recent date_number among them; 0 when none is dated
  // The notable game: the most recent (by date), the longest among equals, then the first
  // stored.
  archive::GameListing notable;
  int notable_ply = 0;  // the ply at which the notable game reaches the position
  // The opening names this move starts (name_positions): those of the position after it
  // that this position lacks (record/opening.h).
  PositionNames starts;
};

struct Exploration {
  std::string archive;   // the archive's path
  std::string where;     // the selection (empty: every game)
  Position position;
  std::string fen;       // of the position
  long archive_games = 0;  // games in the archive
  long games = 0;          // distinct selected games reaching the position
  long ended_here = 0;     // of which the record ends in it
  long broken_here = 0;    // of which the next ply does not replay (invalid games)
  std::vector<MoveLine> moves;  // by games (most first), then UCI
  // The opening names the position carries (name_positions), when it was reached from a
  // set-up pair; nullopt otherwise (a FEN of one's own).
  std::optional<PositionNames> names;
};

// Names the position and what each move starts (formats/openings/README.md), for a position
// reached from the set-up pair `cho`, `han`, with `book`.
void name_positions(Exploration& e, Setup cho, Setup han, const OpeningBook& book);

// Explores `position` (its notations under its own legality rules) in `index`. `selected`,
// if given, holds the game ids the --where selection keeps. An Error on a database error.
Expected<Exploration> explore(archive::PositionIndex& index, const Position& position,
                              const std::unordered_set<std::int64_t>* selected);

// The move notations a text table shows, as --notation names them: a comma-separated
// list of korean, uci, san, janggi (default "korean,uci").
inline constexpr const char* kDefaultNotation = "korean,uci";
// Is `notation` such a list?
bool valid_notation(const std::string& notation);

std::string render_text(const Exploration& e, const std::string& notation = kDefaultNotation);
// {"fen", "games", "ended_here", "broken_here", "moves": [{"uci", "korean", "san", "janggi", "games",
// "cho", "han", "draw", "other", "avg_plies", "last_date", "notable": {...}}, ...], ...}
std::string render_json(const Exploration& e);
// One self-contained page (inline CSS and SVG, no script, no external resource).
std::string render_html(const Exploration& e);

// --- The set-up table: the explorer's first move ---------------------------------------

// The games of one set-up pair (Cho's and Han's, absolute as seen from Cho), or of the
// games that start from a position of their own (cho and han nullopt).
struct SetupLine {
  std::optional<Setup> cho, han;
  long games = 0, cho_wins = 0, han_wins = 0, draw = 0, other = 0;
};

struct SetupTable {
  std::string archive, where;
  long archive_games = 0;
  long games = 0;                // selected games; the lines' games add up to it
  std::vector<SetupLine> lines;  // by games (most first), then Cho's and Han's set-up; custom starts last
};

// "HEEH,EHHE" as --setup takes it; "" for custom starts.
std::string setup_pair_code(const SetupLine& line);
// A set-up pair as the command line and the explorer's pages take it: "CHO,HAN", each the
// code HEEH EHHE HEHE EHEH or the .gib name 마상상마 상마마상 마상마상 상마상마, absolute as
// seen from Cho; nullopt for any other text.
std::optional<std::pair<Setup, Setup>> parse_setup_pair(std::string_view text);
// "마상상마 / 상마마상"; "other start (FEN)" for custom starts.
std::string setup_pair_name(const SetupLine& line);

// The selected games by set-up pair. An Error on a database error.
Expected<SetupTable> setup_table(archive::PositionIndex& index, const std::unordered_set<std::int64_t>* selected);

// Text: one line per pair (code, Korean names, games, share, results); JSON:
// {"archive","where","archive_games","games","setups":[{"cho","han","name","games",
// "cho_wins","han_wins","draw","other"}]} (cho/han null for custom starts).
std::string render_setups_text(const SetupTable& t);
std::string render_setups_json(const SetupTable& t);

// One game reaching a position, as `gibo search` lists it.
struct Found {
  archive::GameListing game;
  int ply = 0;       // the first ply at which it reaches the position
  std::string next;  // UCI of the move it played there; "end"; "broken"
};

struct Search {
  std::string fen;
  std::vector<Found> games;  // by game id (import order)
};

// Every selected game reaching `position`. An Error on a database error.
Expected<Search> search(archive::PositionIndex& index, const Position& position,
                        const std::unordered_set<std::int64_t>* selected);

// Text: one line per game ("FILE:GAME@PLY" as `gibo show` takes it, players, date,
// result, next move) and a count; JSON Lines: one object per game.
std::string render_search_text(const Search& s);
std::string render_search_jsonl(const Search& s);

// --- A pattern's search (pattern/search.h; `gibo search --pattern`) -----------------------

// Text: one line per matching game ("FILE:GAME@PLY" at its first match or its sorted
// value's, its matching positions, players, date, result, the sorted value), then the
// counts: games and positions, their results, the games skipped and replayed.
std::string render_pattern_text(const pattern::SearchResult& r);
// Its counts alone, three lines (the text listing's end; the search page's summary).
std::string pattern_counts(const pattern::SearchResult& r);
// JSON Lines: {"type":"game","id","file","index","ply","positions","matches":[plies],
// "plies","cho","han","date","result","winner"[,"value"]} per game, then
// {"type":"summary","pattern","archive_games","selected","skipped","replayed","games",
// "positions","cho","han","draw","other"}.
std::string render_pattern_jsonl(const pattern::SearchResult& r);

}  // namespace gibo::explore
