// `gibo stats`: what a collection of game records holds, as tables an archivist reads
// rather than computes. aggregate() turns the facts (stats_facts.h, from files or from
// the archive, see stats_load.h) into a typed Report; tables() lays the Report out as
// generic tables; the renderers (stats_render.h) print them as text, CSV, JSON or HTML.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gibo/record/event_format.h"
#include "gibo/report/competition.h"
#include "gibo/report/crosstable.h"
#include "gibo/report/ratings.h"
#include "stats_facts.h"

namespace gibo::stats {

}  // namespace gibo::stats
namespace gibo {
class NameAliases;
}  // namespace gibo
namespace gibo::stats {

struct ReportOptions {
  int opening_depth = 6;        // plies shown in the openings tree
  long opening_min_games = 2;   // a line is shown when at least this many games play it
  int opening_children = 5;     // at most this many continuations per line
  // Rows text and HTML show of the players, sites and events tables (0: all). CSV and
  // JSON always hold every row.
  int top_players = 20;
  int top_sites = 15;
  int top_opening_names = 20;   // rows text and HTML show of the opening names table (0: all)
  int length_bucket = 20;       // plies per bar of the length histogram
  int disagreements_listed = 100;  // rows text and HTML show of the disagreements (0: all)
  const NameAliases* aliases = nullptr;  // how sites, events and players are counted; nullptr: the built-in table
  // Ratings and events (src/cli/help/stats.md, "Players and events").
  crosstable::PointSystem points = crosstable::PointSystem::Classic;  // how the events' games score
  bool by_verdict = false;   // score by the verdict under each game's own profile where the board shows an ending
  int min_games = ratings::FitOptions{}.min_games;  // games in the rated group a player needs to be ranked
  double drift = 70;         // the rating history's yearly drift (Elo); 0: no history
  double rating_prior = ratings::FitOptions{}.prior;  // a normal prior on the ratings, its standard deviation (Elo); 0: maximum likelihood
  int crosstables_listed = 10;  // events whose grids text and HTML show (the most games first; up to 30 players each)
};

// Stored results in four classes (result_class()): Cho won, Han won, draw, other (void,
// unknown, not understood, or no stored result).
struct Tally {
  long cho = 0, han = 0, draw = 0, other = 0;
  long total() const { return cho + han + draw + other; }
  long decided() const { return cho + han + draw; }  // games with a win or a draw
  void add(int result_class);
  // Cho's wins in percent of decided() games (draws count as not won); nullopt when none.
  std::optional<double> cho_win_percent() const;
};

struct NamedCount {
  std::string name;
  long games = 0;
};

// A site or event value that is no site or event (the alias table's `!` lines, a player's
// name as the site, a site's name as the event): counted as unknown and listed.
struct NotEntity {
  bool event = false;  // the event tag (else the site tag)
  std::string value;   // as written, tidied
  std::string why;     // "a cancelled-game marker", "a player's name", …
  long games = 0;
};

struct Overview {
  long files = 0, unreadable_files = 0;
  long games = 0, plies = 0, valid_plies = 0;
  long valid = 0, rejected = 0;       // games without / with an error
  long dated = 0;                     // games with a readable year
  std::string first_date, last_date;  // GameDate keys; empty when no game is dated
  long distinct_sites = 0, distinct_events = 0;
  std::vector<NamedCount> sites;      // most games first (ties by name); "" = unknown (none, 미상, ?)
  std::vector<NamedCount> events;
  std::vector<NotEntity> not_entities;  // sites first, then events; by value
};

struct MethodRow {
  std::string method;  // method_name()
  Tally tally;
};
struct MarginRow {
  int half_points = 0;  // the margin of a point win in half-points
  long cho = 0, han = 0;
};
struct Results {
  Tally overall;
  long void_games = 0;      // 무효 and the like
  long unknown = 0;         // 미상 or not understood
  long no_result = 0;       // no stored result at all
  std::vector<MethodRow> by_method;  // in ResultMethod order, only methods that occur
  std::vector<MarginRow> margins;    // point wins with a stated margin, smallest first
  long point_wins_without_margin = 0;  // point wins whose result states no margin (not in margins)
};

struct SetupMatrix {
  // [Cho setup][Han setup], indexed by Setup's value (HEEH, EHHE, HEHE, EHEH).
  std::array<std::array<Tally, 4>, 4> cells{};
  long custom_start = 0;  // games from a custom position (not in the matrix)
};

struct OpeningNode {
  std::string ply;   // ply_name()
  long games = 0;
  Tally tally;
  std::vector<OpeningNode> children;  // most games first
};
// The tree of one set-up pair's games.
struct SetupOpenings {
  Setup cho = Setup::HEEH, han = Setup::HEEH;  // absolute, as seen from Cho
  long games = 0;
  Tally tally;
  std::vector<OpeningNode> roots;
};
struct Openings {
  long games = 0;    // standard-start games with at least one valid ply
  std::vector<SetupOpenings> setups;  // one tree per set-up pair played, most games first
};

// The games by the opening gibo names (formats/openings/README.md): by name, by formation
// and side, and the formations by year, site and player.
struct OpeningNameRow {
  Opening example;  // one game's opening of this code (its names and line)
  std::string code;
  long games = 0;
  Tally tally;
};
struct FormationRow {
  const FormationRule* rule = nullptr;  // nullptr: the sides no formation names (unknown)
  std::array<long, 2> sides{};          // per side (Cho, Han): games where it holds for that side
  std::array<Tally, 2> tally{};         // those games' results
};
// One slice of the games (a year, a site): per formation of the book (in its order), the
// sides it names.
struct FormationSlice {
  std::string label;
  long sides = 0;
  std::vector<long> counts;
};
struct PlayerOpenings {
  std::string name;
  long games = 0;
  std::array<std::string, 2> usual;  // the side's formations (codes joined by +) played most as Cho, as Han
  std::array<std::string, 2> usual_names;
  std::array<long, 2> usual_games{}, side_games{};
};
struct OpeningNames {
  long games = 0, other_start = 0;      // games named from a set-up pair; from a position of their own
  std::vector<const FormationRule*> book;  // the formations of the book, in its order (columns)
  std::shared_ptr<const OpeningBook> book_owner;  // keeps the book (and the names' rules) alive
  std::vector<OpeningNameRow> names;    // most games first, ties by code
  std::vector<FormationRow> formations; // book order, then unknown
  std::vector<FormationSlice> by_year;  // ascending, unknown last
  std::vector<FormationSlice> by_site;  // most sides first
  std::vector<PlayerOpenings> players;  // the players of Players::top, in that order
};

struct LengthBucket {
  int low = 0, high = 0;  // plies, inclusive
  long games = 0;
  Tally tally;
};
struct Lengths {
  long games = 0;
  int min = 0, max = 0;
  double mean = 0, median = 0;
  std::vector<LengthBucket> buckets;  // from 0 to the longest game, every bucket listed
};

struct YearRow {
  std::optional<int> year;  // nullopt: unknown date (listed last)
  long games = 0;
  Tally tally;
};

struct PlayerRow {
  std::string name;
  std::size_t identity = 0;  // index into Report::identities
  long games = 0, wins = 0, losses = 0, draws = 0, other = 0;
  long as_cho = 0, as_han = 0, wins_as_cho = 0, wins_as_han = 0;
};
struct Players {
  long distinct = 0;              // the identities (Report::identities), as every output counts players
  long unnamed = 0;               // sides of games with no player name
  std::vector<PlayerRow> top;     // most games first, then most wins, then name
};

struct ProfileVerdicts {
  std::string profile;
  long games = 0;
  std::vector<long> counts;  // parallel to AdjudicationStats::kinds
};
// One game whose stored result the board contradicts, with the profiles that say so
// (profiles whose board findings differ get rows of their own).
struct Disagreement {
  std::string file;
  int index = 0;          // 0-based
  std::string cho, han;   // player tags, verbatim
  std::string result_text;
  std::vector<std::string> profiles;
  std::string board_winner, board_reason;  // empty: no ending on the board
  int board_ply = 0;
  std::optional<int> cho_score, han_score;  // half-points
  std::string note;       // the verdict's phrase
  int plies = 0;
  std::string start_fen;
  std::vector<Move> moves;  // the valid prefix, for a final-position diagram
};
struct AdjudicationStats {
  std::vector<std::string> kinds;  // "agrees", "disagrees", "unverifiable", "indeterminate", "no-result"
  std::vector<ProfileVerdicts> profiles;
  long disagreeing_games = 0;               // games with a disagreement under some profile
  std::vector<Disagreement> disagreements;  // every one (text and HTML show the first disagreements_listed)
};

// Engine verdicts (rescore --engine) per profile, and per player what the stored engine
// analyses say of their moves.
struct EngineVerdictCounts {
  std::string profile;
  long supports = 0, contradicts = 0, unclear = 0;
  // Wins the board does not decide (time, forfeit, disconnection): the engine's reading of
  // who was ahead is information (analysis/engine_verdict.h), counted apart from the others.
  long information = 0;
  long total() const { return supports + contradicts + unclear + information; }
};
// Play quality of one group of sides (a player, an event, a site, a year, a rank) from the
// stored analyses: each side's judged moves counted once (src/cli/help/stats.md, "Play quality").
struct PlayerAnalysis {
  std::string name;  // the player as the players table names them; the event, site, year or rank
  long games = 0, moves = 0;  // analysed games (sides), judged moves: the sample
  double average_loss = 0;    // centipawns per judged move
  double accuracy = 0;        // percent, mean of the move accuracies
  long inaccuracies = 0, mistakes = 0, blunders = 0;
  long best_moves = 0;        // judged moves equal to the engine's first choice
  double best_move_percent() const { return moves ? 100.0 * static_cast<double>(best_moves) / static_cast<double>(moves) : 0; }
  double blunders_per_100() const { return moves ? 100.0 * static_cast<double>(blunders) / static_cast<double>(moves) : 0; }
  int strength = 0;           // ranks only: 1단 = 101, 9단 = 109, 1급 = 100, 18급 = 83 (weaker is lower)
};
// An analysed game the HTML report draws the evaluation graph of.
struct GraphedGame {
  std::string file;
  int index = 0;                    // from 0
  std::string cho, han;             // players as recorded
  std::array<analysis::SideSummary, 2> sides{};
  analysis::Evaluations evaluations;
};
// A game whose stored winner the engine finds lost (engine-contradicts): resigned in a won
// position, a result the board does not support.
struct EngineContradiction {
  std::int64_t game_id = 0;  // for the viewer's link (gibo serve: /game/ID?ply=N)
  std::string file;
  int index = 0;             // from 0
  std::string cho, han;      // players as recorded
  std::string result_text;
  std::string profile;
  int ply = 0;               // the judged position
  std::string eval;          // its evaluation, Cho's view: "+3.50", "#-2"
  std::string note;
};
// The game viewer of `gibo serve` at the judged ply: "/game/ID?ply=N".
inline std::string contradiction_link(const EngineContradiction& x) {
  return "/game/" + std::to_string(x.game_id) + "?ply=" + std::to_string(x.ply);
}
// The player page of `gibo serve`: "/player?name=NAME", the name percent-encoded.
std::string player_link(const std::string& name);
struct AnalysisStats {
  std::vector<EngineVerdictCounts> engine_verdicts;  // in profile order; empty when none are stored
  std::vector<EngineContradiction> contradictions;   // in game order
  // The engine's readings of wins off the board (time, forfeit, disconnection), in game
  // order: `note` says who was ahead. Information, not findings.
  std::vector<EngineContradiction> readings;
  long analysed_games = 0;
  std::vector<GraphedGame> graphed;  // the first kGraphedGames analysed games, by id
  std::vector<PlayerAnalysis> players;  // most games first, then name; empty when no game has an analysis
  // The same by event, site, year (most games first) and by the rank written in the
  // players' names (9단, 18급; weakest first): the play-quality tables.
  std::vector<PlayerAnalysis> events, sites, years, ranks;
  long requests = 0;  // analysis requests the analyses come from (> 1: the numbers mix engines or limits)
  // Analysed sides each grouping leaves out: [0] no player named, [1] no event, [2] no site,
  // [3] no year, [4] no rank written.
  std::array<long, 5> left_out{};
};

struct CodeRow {
  std::string code;
  Severity severity = Severity::Error;
  long occurrences = 0;
  long games = 0;   // games with it (0 for a file-level code)
  long files = 0;   // files with it
};
struct SourceRow {
  std::string path;
  std::string encoding;
  bool readable = true;
  long games = 0, rejected = 0, errors = 0, warnings = 0, notes = 0;
  int filler_runs = 0;
  bool bom = false;
};
struct EncodingProblem {
  std::string path;
  std::string encoding;
  std::string problem;  // "unreadable: …", "undecodable bytes (N)", "filler bytes (N runs)", "UTF-8 BOM"
};
struct PlyCountMismatch {
  std::string file;
  int index = 0;
  int stated = 0, actual = 0;
};
// A copy of a game that says otherwise than it (archive/copies.h).
struct CopyConflict {
  std::string file;  // the game's source and rank (0-based)
  int index = 0;
  std::string copy_file;  // the copy's
  int copy_index = 0;
  std::string conflicts;  // "cho han date winner" (conflict_words)
};
struct Quality {
  // Games whose record marks captures and checks (annotated), marks none (unannotated:
  // decision 12, src/adjudication/README.md "Decisions"), or that an archive of schema version 1 does not say (unknown).
  long annotated = 0, unannotated = 0, annotation_unknown = 0;
  std::vector<CodeRow> codes;      // errors first, then warnings, notes; most frequent first
  std::vector<SourceRow> sources;  // in source order
  std::vector<EncodingProblem> encoding;
  std::vector<PlyCountMismatch> ply_count_mismatches;
  std::vector<CopyConflict> conflicts;  // in game order
};

// A game shown as a board diagram in the HTML report.
struct NotableGame {
  std::string caption;
  std::string file;
  int index = 0;
  std::string start_fen;
  std::vector<Move> moves;
};

// One game of a player identity, from the identity's side.
struct IdentityGame {
  std::size_t game = 0;       // index into the Dataset's games
  std::int64_t id = 0;        // archive id
  std::string file;           // source path and 0-based index in it
  int index = 0;
  std::string date;           // the date key ("" when unknown)
  std::string event;          // the event as counted ("" when none)
  ResultMethod method = ResultMethod::None;
  bool cho = true;            // played Cho
  std::size_t opponent = SIZE_MAX;  // identity index; SIZE_MAX: no one named
  int result = 3;             // 0 win, 1 loss, 2 draw, 3 other (void, unknown, none), from the identity's side
  std::string rank;           // the rank written in the tag (the rank at the time), "" when none
};
// A player identity (record/player_identity.h): who played, under which spellings.
struct Identity {
  std::string name;                          // the identity's display name
  std::vector<std::pair<std::string, std::string>> spellings;  // (player tag, rule) merged into it, most games first
  std::vector<IdentityGame> games;           // in dataset order
  std::optional<int> first_year, last_year;
  std::string last_rank;                     // the rank of its latest game that writes one
};
// Identities that may be one person but that no rule merges (record/identity_merge.h),
// listed for the user to decide with a `player` line of the alias table.
struct PossibleMerge {
  std::string reason;                    // open_merge_reason_name: "several-sites", "known-site", …
  std::vector<std::size_t> identities;   // indices into Report::identities; the plain name first
};
struct RatingsReport {
  long games = 0;         // games selected
  long unnamed = 0;       // a side names no one
  long self_games = 0;    // both sides one identity
  long undecided = 0;     // void, unknown or no result (and the rest named): not rated
  long decided = 0;       // given to the fit
  bool by_verdict = false;
  long rescored = 0;      // with by_verdict: games scored by the board's ending instead of the stored result
  std::optional<int> first_year;  // the year of period 0 of the history
  ratings::FitOptions options;
  ratings::Fit fit;       // players parallel to Report::identities
};
// Where an event's game comes from.
struct EventGameRef {
  std::string file;       // source path and 0-based index in it
  int index = 0;
  std::int64_t id = 0;    // archive id
  std::string round;      // 회전, verbatim
  std::string date;       // the date key
};
struct EventReport {
  std::string name;                // the event as counted (aliases)
  std::string key;                 // its key as Entities counts it (an event tag's spellings share it)
  // The season: the event's run of dates (no gap of more than kSeasonGapDays between its
  // games), as date keys; both "" for undated games of an event with several seasons or none.
  std::string first_date, last_date;
  EventFormat format = EventFormat::Casual;  // competition.h: read from the games or stated
  bool format_stated = false;      // stated by the alias table's `format` line
  bool group_stage = false;        // a knockout after a league or group stage
  std::vector<competition::Stage> stages;  // the stages its round tags name, in the order reached
  std::vector<competition::Place> places;  // a knockout's places, best first
  std::vector<std::size_t> players;  // identity index by crosstable player number
  std::vector<crosstable::EventGame> games;
  std::vector<EventGameRef> refs;    // parallel to games
  crosstable::Crosstable table;    // round robins, leagues and matches (a match's score); empty otherwise
  long unnamed = 0;                // games left out: a side names no one
};
// Days without a game after which an event's next game begins another season.
inline constexpr int kSeasonGapDays = 90;
struct EventsReport {
  crosstable::PointSystem system = crosstable::PointSystem::Classic;
  bool by_verdict = false;
  long rescored = 0;
  std::vector<EventReport> events;  // competitions, matches and pools: most games first, then name and season
  // How many of each format (EventFormat's order): competitions are the first three.
  std::array<long, 5> by_format{};
  long competitions() const { return by_format[0] + by_format[1] + by_format[2]; }
};

// The collection's counts, each computed once (aggregate) and written from here by every
// output — text, CSV, JSON and HTML (the table `overview`), and gibo serve's pages — so
// that each concept has one number everywhere.
struct Counts {
  long games = 0;
  long players = 0;          // identities (Report::identities): what every table and page calls players
  long sites = 0;            // sites as counted (the alias table; unknown and non-site values aside)
  long event_names = 0;      // event tag values as counted (the same, for events)
  long events = 0;           // competitions: round robins, knockouts and leagues (EventsReport)
  long matches = 0;          // two players' matches (one "A VS B" game is one)
  long casual_pools = 0;     // pools of casual games
  long standard_starts = 0;  // games from a set-up pair's start (record/opening.h setup_pair_of)
  long custom_starts = 0;    // games from a position of their own
};

struct Report {
  std::string origin;
  Counts counts;
  std::string path_prefix;  // the directory all source paths share ("dir/"), left out of human tables
  ReportOptions options;
  Overview overview;
  Results results;
  SetupMatrix setups;
  Openings openings;
  OpeningNames opening_names;
  Lengths lengths;
  std::vector<YearRow> years;  // ascending, unknown last
  Players players;
  std::vector<Identity> identities;  // every player identity of the games, in order of appearance
  std::vector<PossibleMerge> possible_merges;  // identities no rule merges that may be one
  RatingsReport ratings;
  EventsReport events;
  AdjudicationStats adjudication;
  AnalysisStats analysis;
  Quality quality;
  std::vector<NotableGame> notable;  // the longest valid game, the shortest decisive one
  long duplicates = 0;               // archive only: copies of stored games, not counted
  std::string verdicts_from;         // Dataset::verdicts_from
};

// Aggregates every table of the report from the facts.
Report aggregate(const Dataset& data, const ReportOptions& options = {});
// The players and events alone (identities, ratings, events: what serve's players' and
// events' pages read), as aggregate() makes them, with the overview and the counts (every
// start counted as standard: the set-ups are not read); the other sections are left empty.
Report aggregate_people(const Dataset& data, const ReportOptions& options = {});

// ---------------------------------------------------------------------------
// The report laid out as generic tables, shared by the renderers.

// Who a table or a column is for: text and HTML are for humans, CSV and JSON for machines.
enum class Audience { Both, Human, Machine };

struct Column {
  std::string id;        // machine name (CSV header, JSON key)
  std::string label;     // human heading
  bool numeric = false;  // right-aligned; a JSON number (null when the cell is empty)
  Audience audience = Audience::Both;
  bool player = false;   // each cell is a player's name (the served HTML links it to player_link)
};

struct Table {
  std::string id;        // "results_by_method", ...
  std::string section;   // "overview", "results", "setups", "openings", "lengths", "years",
                         // "players", "adjudication", "quality"
  std::string title;
  Audience audience = Audience::Both;
  std::vector<Column> columns;
  std::vector<std::vector<std::string>> rows;
  std::vector<int> indent;  // per row, for trees (text and HTML indent the first column)
  std::string note;         // one line under the table (humans only)
  std::size_t human_rows = 0;  // > 0: text and HTML show only this many rows (and say so)
};

// Does `reader` (Human or Machine) see a table or a column meant for `audience`?
bool seen_by(Audience audience, Audience reader);

// The indices of the columns of `t` that `reader` sees, in order.
std::vector<std::size_t> shown_columns(const Table& t, Audience reader);

// The rows humans see of `t` (all, or the first human_rows), and the note to print under
// them (the table's note, plus "the first N of M rows" when rows were left out).
std::size_t shown_rows(const Table& t);
std::string human_note(const Table& t);

// Every table of the report in order. Human tables may show a matrix where the machine
// tables give the same numbers in long form.
std::vector<Table> tables(const Report& report);

// The sections in report order, with their headings.
struct Section {
  std::string id, title;
};
const std::vector<Section>& sections();

// A number with a fixed count of decimals ("57.1"); "" for nullopt.
std::string format_decimal(std::optional<double> v, int decimals = 1);
// Half-points as points: 5 -> "2.5", 4 -> "2".
std::string format_half_points(int half_points);
// The setup's `.gib` name (마상상마, …).
std::string setup_label(Setup s);

}  // namespace gibo::stats
