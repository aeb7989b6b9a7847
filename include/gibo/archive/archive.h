// The game archive: one SQLite file holding source files, games (start position + moves)
// with every copy of them (copies.h), their tags, comments, times, diagnostics and verdicts. The schema
// is documented in src/archive/README.md and versioned (kSchemaVersion).
//
// Policies (written here because this is where they are enforced):
// * Stored results are history (src/adjudication/README.md): nothing in this API updates a game's
//   result columns once the row exists. Verdicts live in their own table and are added
//   per (game, profile id, profile version). Engine verdicts (rescore --engine) likewise,
//   in engine_verdicts.
// * Engine analyses are stored per request (engine name and version, options, limit,
//   variant: AnalysisRequest) in their own tables. A game's positions are stored with its
//   analysis_games row in one transaction (all or nothing per game); a stored position is
//   never rewritten (the same request gives it again as it is); a game's row is replaced
//   only when a later run fills positions that had failed.
// * A stored record is never thrown away, and its row is never rewritten but for the
//   link that makes it a copy: when a valid copy of a broken stored game arrives
//   (replace_game), the valid copy is stored as the game and the broken one becomes its
//   copy, in the caller's transaction.
// * A file that is not a gibo archive (another application id, or tables but no gibo
//   schema) is refused, never modified. A file with a newer schema version is refused;
//   an older one is migrated step by step inside one transaction when opened for writing,
//   and read as it is when opened read-only (columns it lacks read as unknown).
// * Reading never changes the archive or its directory: see Archive::open.
// * Games are selected by an SQL expression over the facts view (facts.h), read-only.
// * Errors follow gibo's convention (gibo/core/expected.h): a call that gives a value
//   returns Expected<T>, one that only does something returns std::optional<Error> (empty
//   on success). The class never throws and never aborts; a failed statement inside a
//   transaction leaves rolling back to the caller.
// * One Archive is used by one thread at a time.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gibo/analysis/game_analysis.h"
#include "gibo/archive/codec.h"
#include "gibo/archive/copies.h"
#include "gibo/archive/queue_records.h"
#include "gibo/core/expected.h"
#include "gibo/record/player_name.h"
#include "gibo/core/rules.h"
#include "gibo/record/diagnostic.h"
#include "gibo/record/game.h"
#include "gibo/record/opening.h"
#include "gibo/record/result.h"

namespace gibo::archive {

// 1: the first; 2: games.annotated (NULL in rows imported under version 1); 3: the
// analysis tables (analysis_requests, analysis_games, analysis_positions) and
// engine_verdicts; 4: a game (its hash and start) unique in games; 5: the analysis queue
// (analysis_queue, analysis_workers); 6: the facts --where reads, derived by the code and
// stored (game_facts, analysis_quality), so that every backend reads the same values;
// 7: each game's opening names (game_openings), named with the archive's opening book;
// 8: a queue worker's lease length and when it stopped (analysis_workers.lease_ms,
// stopped_at); 9: every record kept (a copy of a game is a games row naming it: copy_of;
// twins), what each record states about its plies (games.statements), and copy_conflicts;
// 10: each game's material signature (game_material), which a pattern search reads before
// replaying games.
inline constexpr int kSchemaVersion = 10;
// The schema version from which every record is kept: a copy is a games row (copy_of).
inline constexpr int kCopiesSince = 9;
// PRAGMA application_id of a gibo archive: "GIBO" in ASCII.
inline constexpr std::int32_t kApplicationId = 0x4749424F;

// ---------------------------------------------------------------------------
// What the importer stores for one game, computed off the writer thread.
struct StoredComment {
  int ply = 0;  // 0 = before the first ply (header comment), else the ply it follows
  int seq = 0;  // order among the comments at that ply
  std::string text;
};

// The facts of a game's tags as --where reads them (facts.h; a row of game_facts): each
// the rule of the code it names, computed when the game is stored. Text is '' when the
// tag is absent; date and year are empty when the date is unknown.
struct TagFacts {
  std::string event, site, date_text, cho_tag, han_tag, round;  // fact_tag, verbatim
  std::string site_name, event_name;                             // NameAliases::builtin().count_as
  std::optional<std::string> date;                               // parse_game_date's key
  std::optional<int> year;                                       // parse_game_date's year
  std::string cho, han;                                          // player_name
  std::string cho_rank, han_rank;                                // split_player's rank
  std::string cho_id, han_id;                                    // identify_player, the built-in aliases
};

// The facts of `tags`.
TagFacts tag_facts(const std::vector<Tag>& tags);

// A game's opening as the archive stores it (a row of game_openings; formats/openings/
// README.md): the namer's answer (gibo/record/opening.h) in codes, so that it reads back
// as an Opening of the book it was named with (opening_of) and --where reads it as text.
// A game from a position of its own has only its code ("other"); the rest are nullopt.
struct StoredOpening {
  std::string code;                                  // opening_code: "HEEH,EHHE:MP:YG+MP:YG-MJ"
  std::optional<std::string> cho_setup_name, han_setup_name;  // own view: 안상 바깥상 왼상 오른상
  std::optional<std::string> elephant_pair;          // 맞상, 엇상, or "" (not both asymmetric)
  std::optional<std::string> cho_formations, han_formations;  // codes joined by '+'; "" for none
  std::optional<std::string> cho_plies, han_plies;   // the ply each first held, in the same order
  std::optional<std::string> line;                   // the named line's code
  std::optional<int> line_ply;                       // the ply it was reached at
};
// The stored form of `o`.
StoredOpening stored_opening(const Opening& o);
// The Opening a stored one names in `book` (the book it was named with: a code the book
// lacks is left out).
Opening opening_of(const StoredOpening& s, const OpeningBook& book);
// The opening of a stored game, from its start, its moves blob (codec.h) and its valid
// plies, named with `book`: what prepare_game gives for the game it stored.
StoredOpening name_stored_opening(const StartPosition& start, std::string_view moves_blob, int valid_plies,
                                  const OpeningBook& book);

struct PreparedGame {
  // Where it came from (the source row is the writer's business).
  int game_index = 0;
  std::uint64_t byte_offset = 0, byte_length = 0;
  int line = 0;
  // Identity.
  std::string start_key;  // codec.h start_key()
  std::int64_t hash = 0;  // codec.h game_hash()
  // The start as the record gives it: setups (standard start) or the FEN (custom).
  std::optional<std::string> cho_setup, han_setup, start_fen;
  // Plies.
  int plies = 0, valid_plies = 0;
  std::string moves;                       // codec.h moves blob
  std::string times;                       // codec.h times blob; empty = NULL
  std::optional<std::string> tail_tokens;  // codec.h tail tokens from the first erroneous ply
  std::string statements;                  // codec.h statements: what the record states about each ply
  std::vector<StoredComment> comments;
  // Tags and what is derived from them.
  std::string tags_json;  // codec.h tags
  std::optional<PlayerName> cho_player, han_player;
  TagFacts facts;
  RecordClaims claims;  // who played, when, who won, as copies are told from twins (copies.h)
  // Its opening named with the book prepare_game was given; nullopt without one (then
  // insert_game names it with the archive's book).
  std::optional<StoredOpening> opening;
  // Its material signature (codec.h encode_material; empty: insert_game computes it).
  std::string material;
  bool has_result = false;
  std::string result_text;
  NormalizedResult result;
  std::optional<std::string> saved_rules;  // 규칙 / Ruleset value, verbatim
  std::optional<bool> saved_bikjang;
  // Validation.
  std::string profile_id;  // the profile the game was replayed under
  int profile_version = 0;
  bool valid = false;      // no error diagnostics
  bool annotated = true;   // Game::annotated (decision 12: src/adjudication/README.md)
  std::string error_code;  // the first error's code (empty when valid)
  int error_ply = 0;       // the first error's ply (0: not about a ply)
  std::vector<Diagnostic> diagnostics;
  std::optional<std::string> original_text;  // kept for games with errors only
};

// Builds the stored form of a game that was read and replayed under `profile`.
// `result` is the normalised stored result; nullptr normalises result_text with
// normalize_result (PGN result tokens and the .gib grammar). `openings`: the book its
// opening is named with (the archive's: Archive::opening_book). The game is consumed.
PreparedGame prepare_game(Game&& game, const Profile& profile, const NormalizedResult* result = nullptr,
                          const OpeningBook* openings = nullptr);

// ---------------------------------------------------------------------------
struct SourceInfo {
  std::string path;          // as given on the command line ("-" for stdin)
  std::uint64_t size = 0;    // bytes
  std::string content_hash;  // sha256_hex of the bytes
  std::string format;        // "gib", ...
  std::string encoding;      // "utf-8", "cp949"; empty while not known yet
};

struct SourceState {
  std::int64_t id = 0;
  std::string path;
  std::string content_hash;
  std::string encoding;
  int games_done = 0;  // the file's games already handled (stored or rejected)
  bool complete = false;
  // Rows of `duplicates` naming this source: copies an import before schema version 9
  // did not keep (their ranks in the file, ascending). Importing the file again stores them.
  std::vector<int> unkept_copies;
};

// One adjudication result, as the verdicts table stores it (src/adjudication/README.md, "Verdicts"). Plain text
// names so that the archive does not depend on the adjudicator's enums:
// verdict = verdict_name(), winner = outcome_name(), reason = reason_name().
struct VerdictRow {
  std::int64_t game_id = 0;
  std::string profile_id;
  int profile_version = 0;
  std::string verdict;              // "agrees", "disagrees", "unverifiable", "indeterminate", "no-result"
  std::string winner;               // computed winner: "cho", "han", "draw", "none", "indeterminate"
  std::optional<std::string> reason;  // computed ending's reason, if any
  std::optional<int> ply;             // ply of the computed ending
  std::optional<int> cho_score, han_score;  // half-points at that ply (src/adjudication/README.md, "Scores")
  bool ended_before_last_ply = false;
  std::string note;
};

// A stored game as readers that do not rebuild the whole record see it (rescore, the
// report): where it came from, its start and moves, tags, stored result and status.
struct StoredGame {
  std::int64_t game_id = 0, source_id = 0;
  std::string file;    // the source's path
  int game_index = 0;  // 0-based rank in the file
  StartPosition start;
  std::string start_key;  // codec.h start_key()
  // The plies' moves decoded (a pass as Move::pass(square)), cut before the first ply
  // whose squares are not on the board (codec.h playable_moves).
  std::vector<Move> moves;
  int plies = 0;        // plies the record holds
  int valid_plies = 0;  // plies that replayed without error at import
  std::vector<Tag> tags;
  std::optional<std::string> result_text;        // nullopt: no result stored
  std::optional<NormalizedResult> stored_result;  // its normal form; nullopt with it
  std::optional<std::string> saved_rules;
  std::optional<bool> saved_bikjang;
  std::string profile_id;  // the profile it was validated under
  bool valid = false;
  std::optional<bool> annotated;  // nullopt: unknown (imported under schema version 1)
  StoredOpening opening;          // named with the archive's opening book (Archive::opening_book)
};

// One row of the diagnostics table.
struct StoredDiagnostic {
  std::int64_t source_id = 0;
  std::optional<int> game_index;         // nullopt: about the file
  std::optional<std::int64_t> game_id;   // nullopt: about the file or a duplicate copy
  std::string code;
  Severity severity = Severity::Error;
};

// What an engine analysis is stored under: the engine (its `id name` split into name and
// version), its options, the search limit and the variant played. Another value of any of
// them is another analysis, stored beside the first.
struct AnalysisRequest {
  std::string engine;          // "Fairy-Stockfish"
  std::string engine_version;  // "11.1 LB 64"; "" when the name holds none
  std::string options;         // "Hash=16 Threads=1": NAME=VALUE sorted by name (case-blind), space-separated
  analysis::Limit limit;
  std::string variant;         // "janggi", ...
  // The request's engine as one text again ("Fairy-Stockfish 11.1 LB 64").
  std::string engine_text() const { return engine_version.empty() ? engine : engine + " " + engine_version; }
};
// `id name` split at its first word that starts with a digit (or a 'v' and a digit):
// "Fairy-Stockfish 11.1 LB 64" -> {"Fairy-Stockfish", "11.1 LB 64"}.
std::pair<std::string, std::string> split_engine_name(const std::string& id_name);
// The options in the request's canonical form (sorted by name, case-blind; spaces kept).
std::string canonical_options(const std::vector<std::pair<std::string, std::string>>& options);

// A stored game's analysis under one request, as read back.
struct StoredAnalysisGame {
  std::int64_t request_id = 0, game_id = 0;
  std::string error;         // the game could not be analysed (then no positions)
  int failed_positions = 0;  // positions the run could not search (not stored)
};

// One engine verdict (rescore --engine) beside a game's stored result: src/adjudication/README.md "Engine verdicts".
struct EngineVerdictRow {
  std::int64_t game_id = 0;
  std::string profile_id;
  int profile_version = 0;
  std::optional<std::int64_t> request_id;  // the analysis it used; nullopt: no search (note says why)
  int margin = 300;                        // centipawns
  std::string verdict;                     // "engine-supports", "engine-contradicts", "engine-unclear"
  std::optional<int> ply;                  // the evaluated position (plies from the start)
  std::optional<analysis::Score> score;    // its evaluation, Cho's view
  int depth = 0;
  std::string note;
  std::string engine;                      // read back: the request's engine_text() ("" without one)
};

// A game's stored analysis summed up per side (Cho, Han).
struct AnalysedGame {
  std::int64_t game_id = 0, request_id = 0;
  std::array<analysis::SideSummary, 2> sides{};
};

// A stored game as search results and explore's notable games name it.
struct GameListing {
  std::int64_t id = 0;
  std::string file;   // source path as imported
  int index = 0;      // 0-based rank in that file
  int plies = 0;
  std::string cho, han;             // the player tags, verbatim ("" when absent)
  std::string date;                 // the date tag, verbatim ("" when absent)
  std::optional<std::string> result;  // the stored result text; nullopt when none
  Winner winner = Winner::Unknown;    // the stored result's winner (result_winner)
};

// A stored game as a replay needs it (Archive::for_each_replay).
struct ReplayGame {
  std::int64_t id = 0;
  std::string start_key;    // codec.h start_key(): the start's FEN
  std::vector<Move> moves;  // its plies that replayed at import (valid plies)
  std::string profile_id;   // the profile it was validated under
  std::optional<bool> saved_bikjang;  // the record's bikjang option
};

enum class OpenMode { ReadOnly, ReadWrite };

// Is `db` (an archive as --db names it) a PostgreSQL database rather than a SQLite file's
// path: a postgresql:// or postgres:// URI (libpq's environment variables fill in what it
// leaves out: `postgresql://` alone names the database they name), or libpq's
// keyword=value form that libpq accepts ("dbname=gibo host=/run/postgresql")?
bool is_server_archive(const std::string& db);
// `db` as messages name it: a connection string without its password.
std::string archive_name(const std::string& db);

class Archive {
 public:
  // Opens `path` (ReadWrite creates it when missing and installs the schema), checks the
  // application id and schema version, sets WAL journaling (ReadWrite) and installs the
  // facts view. The Error ("PATH: ...") says why it failed or was refused.
  //
  // ReadOnly never writes the archive and leaves its directory as it found it: where the
  // file and its directory are writable it is opened as SQLite's read-write connection
  // that writes nothing (so closing it removes the -wal and -shm files it needed, as a
  // reader beside a running import must share them); elsewhere (read-only media or
  // permissions) it is opened read-only, and when SQLite cannot create the -shm file
  // there, as immutable (nobody can be writing a file no one may write).
  static Expected<std::unique_ptr<Archive>> open(const std::string& path, OpenMode mode);
  // A new, empty archive in a private temporary database (memory, spilling to a
  // temporary file when large), removed when closed: `gibo stats` on files.
  static Expected<std::unique_ptr<Archive>> open_temporary();
  ~Archive();
  Archive(const Archive&) = delete;
  Archive& operator=(const Archive&) = delete;

  // --- transactions (the importer's batches) ------------------------------------
  std::optional<Error> begin();
  std::optional<Error> commit();
  // Rolls back the open transaction (if any) and forgets cached ids made inside it.
  void rollback();

  // --- sources ------------------------------------------------------------------
  // Every source row.
  Expected<std::vector<SourceState>> sources();
  // Inserts a source (games_done 0, not complete); its id.
  Expected<std::int64_t> insert_source(const SourceInfo& info);
  // A source's progress only grows: a smaller games_done or a false complete than the
  // row holds (another import beside this one went further) leaves it.
  std::optional<Error> set_source_progress(std::int64_t source_id, int games_done, bool complete);
  // The encoding is known once the whole file is read; the importer sets it with the
  // source's last games (until then it is what insert_source was given).
  std::optional<Error> set_source_encoding(std::int64_t source_id, const std::string& encoding);
  // Forgets the duplicates row of record `game_index` of source `source_id` (a copy an
  // import before schema version 9 did not keep) with its diagnostics, as its record is
  // stored again; false when there is none (another import took it). Inside the caller's
  // transaction.
  Expected<bool> forget_unkept_copy(std::int64_t source_id, int game_index);
  // File-level diagnostics (game_id NULL).
  std::optional<Error> insert_file_diagnostics(std::int64_t source_id, const std::vector<Diagnostic>& diagnostics);

  // --- games --------------------------------------------------------------------
  // The canonical hash of every stored game (for the importer's in-memory filter).
  Expected<std::vector<std::int64_t>> game_hashes();
  // The (id, hash) of every stored game whose id is above `id`.
  Expected<std::vector<std::pair<std::int64_t, std::int64_t>>> game_hashes_after(std::int64_t id);
  // The games (not copies) stored with the same start and moves (canonical codes) as
  // `game`, in id order, with what their records claim (copies.h), and the `twin` number
  // a new game of its hash and start takes.
  struct SameGame {
    std::int64_t id = 0;
    bool valid = false;
    RecordClaims claims;
  };
  struct SameGames {
    std::vector<SameGame> games;
    std::int64_t next_twin = 0;
  };
  Expected<SameGames> same_games(const PreparedGame& game);
  // Inserts a record with its players, comments, diagnostics, facts and opening; its id.
  // `copy_of`: the game it is a copy of, saying `conflicts` otherwise (copies.h; stored in
  // copy_conflicts); nullopt: a game, numbered `twin` among those of its hash and start.
  Expected<std::int64_t> insert_game(std::int64_t source_id, const PreparedGame& game,
                                     std::optional<std::int64_t> copy_of = std::nullopt, std::int64_t twin = 0,
                                     unsigned conflicts = 0);
  // The broken game that replace_game made a copy.
  struct ReplacedCopy {
    std::int64_t old_id = 0;  // its row, now a copy
    std::int64_t new_id = 0;  // the valid copy's row, now the game
    std::string path;         // its source's path
    int game_index = 0;       // its rank in that file (0-based)
    std::string error_code;   // its first error
    int error_ply = 0;
  };
  // Stores the valid `game` (at source_id) as the game in place of the broken stored game
  // `broken_id` with the same start and moves: the valid record becomes a new game row
  // (with its players, comments and diagnostics, taking the broken one's twin number),
  // and the broken one its copy, as every copy of the broken one; prefixes that named the
  // broken game name the valid one; its verdicts and analyses (about the broken record)
  // are removed, and the position index stored in the archive forgets it. Inside the
  // caller's transaction (all or nothing with its batch).
  Expected<ReplacedCopy> replace_game(std::int64_t source_id, const PreparedGame& game, std::int64_t broken_id);
  std::int64_t max_game_id();
  // The stored games (copies aside); -1 when they cannot be counted (a server gone away).
  std::int64_t game_count();
  // Where a stored game came from.
  struct GameOrigin {
    std::string path;
    int game_index = 0;
    int plies = 0;
  };
  // Where game `id` came from; an Error when there is none.
  Expected<GameOrigin> game_origin(std::int64_t id);

  // --- prefixes -----------------------------------------------------------------
  struct PrefixPair {
    std::int64_t game_id = 0, longer_game_id = 0;
  };
  // Finds every game whose moves are a strict prefix of another game's from the same
  // start, when games were added since the last scan; records the new pairs (one longer
  // game each) in `prefixes` and returns them. Runs its own transaction.
  Expected<std::vector<PrefixPair>> update_prefixes();

  // --- reading back -------------------------------------------------------------
  // The ids of the games an expression selects, in id order: `where` is an SQL
  // expression over the facts view (facts.h: the fields `gibo stats --help` lists);
  // empty selects every game. The one way every command selects games. Only read-only
  // SQL is accepted, one expression; an Error for anything else (a bad expression is the
  // caller's usage error).
  Expected<std::vector<std::int64_t>> select_games(const std::string& where);
  // The ids a whole read-only SELECT returns in its first column (export --query), in
  // its order; an Error as select_games.
  Expected<std::vector<std::int64_t>> select_query(const std::string& query);
  // Rebuilds a game record: tags, comments, start, plies with times, their annotations
  // from the board where they replayed (piece, capture, check) and their recorded texts
  // from the first erroneous ply on, the stored result, the saved ruleset flags,
  // the source location (`source.file` is the source's path), the diagnostics.
  // `profile_id`, if given, receives the id of the profile the game was validated under
  // (writers should replay it under that profile when the record names none). An Error
  // when there is no such game or its row is malformed.
  Expected<Game> load_game(std::int64_t id, std::string* profile_id = nullptr);
  // The stored game `id` without its comments, times and diagnostics (see StoredGame);
  // an Error when there is none or its row is malformed.
  Expected<StoredGame> stored_game(std::int64_t id);
  // Where `ids` come from, with players, date and result, in the same order; an Error
  // when one is no stored game.
  Expected<std::vector<GameListing>> game_listings(const std::vector<std::int64_t>& ids);
  // Every diagnostic row, in id order.
  std::optional<Error> for_each_diagnostic(const std::function<void(const StoredDiagnostic&)>& fn);
  // A copy of a game: a record stored as a copy (a games row naming its game), or a row
  // of `duplicates` left by an import before schema version 9 (no row of its own: id 0).
  struct GameCopy {
    std::int64_t id = 0;       // the copy's games row; 0: not kept (a duplicates row)
    std::int64_t game_id = 0;  // the game it is a copy of
    std::string file;          // its source's path
    int game_index = 0;        // its rank there (0-based)
    bool valid = false;
    unsigned conflicts = 0;    // what it says otherwise than its game (copies.h)
  };
  // The copies of game `game_id`, or of every game (nullopt), ordered by game and source.
  Expected<std::vector<GameCopy>> copies(std::optional<std::int64_t> game_id = std::nullopt);
  // The game the record `id` is a copy of; nullopt when it is a game.
  Expected<std::optional<std::int64_t>> copy_of(std::int64_t id);

  // --- verdicts -----------------------------------------------------------------
  // Stores verdicts in one transaction; a verdict for the same game, profile id and
  // version replaces the earlier one. Game rows are never touched.
  std::optional<Error> store_verdicts(const std::vector<VerdictRow>& verdicts);
  // Rows in the verdicts table.
  Expected<std::int64_t> verdict_count();
  // Every verdict, ordered by game id, profile id and profile version.
  std::optional<Error> for_each_verdict(const std::function<void(const VerdictRow&)>& fn);

  // --- analyses (archive_analyses.cpp) -----------------------------------------------
  // The id of the stored request equal to `r`; with `create`, a new row when there is
  // none (0 otherwise). An archive older than version 3 (read only) has none: 0.
  Expected<std::int64_t> analysis_request(const AnalysisRequest& r, bool create);
  // The stored request `id`; nullopt when there is none.
  Expected<std::optional<AnalysisRequest>> stored_request(std::int64_t id);
  // Game `game_id`'s analysis row under `request_id`; nullopt when it was never analysed
  // under it.
  Expected<std::optional<StoredAnalysisGame>> analysis_game(std::int64_t request_id, std::int64_t game_id);
  // The stored positions of game `game_id` under `request_id`, by ply (the known
  // positions analyze_game takes).
  Expected<analysis::KnownPositions> analysis_positions(std::int64_t request_id, std::int64_t game_id);
  // The analysis of a game rebuilt from its stored positions (judge_positions): nullopt
  // when it was never analysed under the request, or when a position is missing.
  Expected<std::optional<analysis::GameAnalysis>> load_analysis(std::int64_t request_id, std::int64_t game_id);
  // Stores game `game_id`'s analysis under `request_id` in one transaction (or the
  // caller's): its positions (those taken from storage are kept as they are; a failed one
  // is stored with its error, and replaced when a later run searches it) and its row
  // (error, failed positions), replacing an earlier row.
  std::optional<Error> store_analysis(std::int64_t request_id, std::int64_t game_id, const analysis::GameAnalysis& a);
  // Stores one searched position (rescore --engine's final position) without marking the
  // game analysed; a position already stored is kept. Inside the caller's transaction or its own.
  std::optional<Error> store_position(std::int64_t request_id, std::int64_t game_id, const analysis::PositionEval& p,
                                      int ply);
  // The stored position `ply` of game `game_id` under `request_id`, if any.
  Expected<std::optional<analysis::SearchResult>> analysis_position(std::int64_t request_id, std::int64_t game_id,
                                                                    int ply);
  // Stores engine verdicts in one transaction; one for the same game, profile id and
  // version replaces the earlier one. The games of `none` (their game, profile id and version;
  // the other fields unused) were judged without an engine verdict this time (a void stored
  // result, a verdict the rules decide): an earlier run's verdict of theirs is removed.
  std::optional<Error> store_engine_verdicts(const std::vector<EngineVerdictRow>& verdicts,
                                             const std::vector<EngineVerdictRow>& none = {});
  // Every engine verdict (those of the game `game` only, when given), ordered by game id,
  // profile id and version (none before version 3).
  std::optional<Error> for_each_engine_verdict(const std::function<void(const EngineVerdictRow&)>& fn,
                                               std::optional<std::int64_t> game = std::nullopt);
  // The side summaries of those of `game_ids` that have a complete analysis (each game's
  // newest: the highest request id), in the order of `game_ids`.
  Expected<std::vector<AnalysedGame>> analysed_games(const std::vector<std::int64_t>& game_ids);

  // --- the analysis queue (archive_queue.cpp) ------------------------------------
  // Games wait in the queue of the request they are to be analysed under (one row per
  // request and game: the table's key, as analysis_games' keeps one analysis per request
  // and game); a worker takes one with a lease (claim), renews it while it searches, and
  // stores its analysis together with the game's `done` in one transaction (finish), which
  // is refused when the lease is no longer the game's (it ran out and another worker took
  // it). A game whose leases ran out or failed `max_tries` times is set aside as `failed`
  // with its reason. The queue's clock is the database's (dialect.h: now_ms).
  using QueueLease = archive::QueueLease;
  // Adds the games to request `request_id`'s queue, as pending; those queued before stay
  // as they are. How many were added.
  Expected<std::int64_t> enqueue_analyses(std::int64_t request_id, const std::vector<std::int64_t>& game_ids);
  // The ids of the stored requests of `r`'s engine, version, options and limit, whatever
  // their variant.
  Expected<std::vector<std::int64_t>> requests_like(const AnalysisRequest& r);
  // Takes a game of the requests' queues for `worker` for `lease_ms`: a pending one, or one
  // whose lease ran out, other than the games `passed` (those the worker failed itself:
  // later workers retry them); one leased `max_tries` times already is set aside as failed
  // instead. Nothing when none is to be had now.
  Expected<std::optional<QueueLease>> claim_analysis(const std::vector<std::int64_t>& requests,
                                                     const std::string& worker, std::int64_t lease_ms, int max_tries,
                                                     const std::vector<std::int64_t>& passed = {});
  // Is any game of the requests' queues, other than the games `passed`, pending or leased
  // (by anyone)?
  Expected<bool> queue_has_work(const std::vector<std::int64_t>& requests,
                                const std::vector<std::int64_t>& passed = {});
  // Every lease `worker` holds runs `lease_ms` from now; the worker is seen now.
  std::optional<Error> renew_leases(const std::string& worker, std::int64_t lease_ms);
  // Stores the game's analysis (store_analysis) in one transaction with the game's queue
  // row, when `lease` is still the game's; false (nothing stored) when it is not. A whole
  // analysis marks the game done; one with failed positions is stored as far as it goes
  // (a later try searches only what failed) and the game given back as fail_analysis
  // does, its error naming the first failure. The worker's counts grow by the game,
  // `positions` searched and `busy_ms`.
  Expected<bool> finish_analysis(const QueueLease& lease, const std::string& worker, const analysis::GameAnalysis& a,
                                 int positions, std::int64_t busy_ms, int max_tries);
  // Gives the game back with `error` (pending again, or failed once it was leased
  // `max_tries` times), when `lease` is still the game's.
  std::optional<Error> fail_analysis(const QueueLease& lease, const std::string& worker, const std::string& error,
                                     int max_tries);
  // Records `worker` (on `host`, renewing leases of `lease_ms`) as started now.
  std::optional<Error> register_worker(const std::string& worker, const std::string& host, std::int64_t lease_ms);
  // Records `worker` as stopped now (it ran out of work, or failed and said so).
  std::optional<Error> stop_worker(const std::string& worker);
  using QueueStatus = archive::QueueStatus;
  // The queues, their leases and failures, and the workers (none before schema version 5).
  Expected<QueueStatus> queue_status();

  // --- opening names (archive_openings.cpp) -------------------------------------
  // Every game's opening is named with the archive's opening book: the built-in one
  // (builtin_opening_book) and the rows of one's own stored with the archive (the text of
  // the files gibo import --opening-book was given). The names are stored with each game
  // and named again, all of them, when the book changes: by set_opening_rows, or by the
  // first open that may write after gibo's built-in book or namer changed (or the archive
  // was migrated to schema version 7). A reader of an archive whose names are not current
  // names its games into its own TEMP table (writes nothing).
  //
  // The rows of one's own ("" for none).
  Expected<std::string> opening_rows();
  // The archive's book: the built-in one and its own rows (read once, then kept).
  Expected<std::shared_ptr<const OpeningBook>> opening_book();
  // Makes `rows` (the text of an opening book, checked by the caller: read_opening_book
  // gives no error) the archive's own; when that changes the book, names every game
  // again, in one transaction (its own). How many games were named again (0: the book
  // was the archive's already).
  Expected<std::int64_t> set_opening_rows(const std::string& rows);

  // --- what a pattern search reads (archive_material.cpp) ------------------------
  // Calls fn with each stored game's id and material signature (core/material.h), in id
  // order: every game's, or those of `ids` (sorted) when given. Read from game_material
  // where it is current (derived_material.h), else computed from the game's moves. A game
  // whose start is no position has none and is left out.
  std::optional<Error> for_each_material(const std::vector<std::int64_t>* ids,
                                         const std::function<void(std::int64_t, const MaterialSignature&)>& fn);
  // Calls fn with each of `ids` (sorted) as a replay needs it, in id order.
  // Both call fn while the archive is still being read (on PostgreSQL through a cursor, a
  // page at a time, in a read transaction of their own): fn must not write to the archive.
  std::optional<Error> for_each_replay(const std::vector<std::int64_t>& ids, const std::function<void(ReplayGame&&)>& fn);

  // --- checks -------------------------------------------------------------------
  // PRAGMA integrity_check: "ok" or the problems found; an Error when it cannot run.
  Expected<std::string> integrity_check();

 private:
  struct Impl;
  explicit Archive(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gibo::archive
