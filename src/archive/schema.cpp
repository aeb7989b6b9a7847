// The gibo archive's schema (version kSchemaVersion), its migrations from older versions,
// and the open-time checks (see schema.h).
#include "schema.h"

#include <cstdio>
#include <iterator>
#include <vector>

#include "gibo/archive/archive.h"
#include "gibo/version.h"

#include "dialect.h"

namespace gibo::archive::schema {
namespace {

// The tables added by version 3: engine analyses per request (engine, options, limit,
// variant), their games and positions, and the engine verdicts of rescore --engine.
constexpr const char* kAnalysisTables = R"sql(
CREATE TABLE analysis_requests (
  id              INTEGER PRIMARY KEY,
  engine          TEXT NOT NULL,
  engine_version  TEXT NOT NULL,
  options         TEXT NOT NULL,
  limit_kind      TEXT NOT NULL CHECK (limit_kind IN ('depth', 'nodes', 'movetime')),
  limit_value     INTEGER NOT NULL,
  variant         TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  UNIQUE (engine, engine_version, options, limit_kind, limit_value, variant)
);
CREATE TABLE analysis_games (
  request_id        INTEGER NOT NULL REFERENCES analysis_requests(id),
  game_id           INTEGER NOT NULL REFERENCES games(id),
  error             TEXT,
  failed_positions  INTEGER NOT NULL DEFAULT 0,
  analysed_at       TEXT NOT NULL,
  PRIMARY KEY (request_id, game_id)
) WITHOUT ROWID;
CREATE INDEX analysis_games_by_game ON analysis_games(game_id);
CREATE TABLE analysis_positions (
  request_id   INTEGER NOT NULL REFERENCES analysis_requests(id),
  game_id      INTEGER NOT NULL REFERENCES games(id),
  ply          INTEGER NOT NULL,
  to_move      TEXT NOT NULL CHECK (to_move IN ('cho', 'han')),
  played       TEXT,
  cp           INTEGER,
  mate         INTEGER,
  mate_winner  TEXT CHECK (mate_winner IN ('cho', 'han')),
  depth        INTEGER NOT NULL DEFAULT 0,
  best         TEXT NOT NULL DEFAULT '',
  pv           TEXT NOT NULL DEFAULT '',
  error        TEXT,
  PRIMARY KEY (request_id, game_id, ply)
) WITHOUT ROWID;
CREATE TABLE engine_verdicts (
  game_id          INTEGER NOT NULL REFERENCES games(id),
  profile_id       TEXT NOT NULL,
  profile_version  INTEGER NOT NULL,
  request_id       INTEGER REFERENCES analysis_requests(id),
  margin           INTEGER NOT NULL,
  verdict          TEXT NOT NULL CHECK (verdict IN ('engine-supports', 'engine-contradicts', 'engine-unclear')),
  ply              INTEGER,
  cp               INTEGER,
  mate             INTEGER,
  mate_winner      TEXT CHECK (mate_winner IN ('cho', 'han')),
  depth            INTEGER NOT NULL DEFAULT 0,
  note             TEXT NOT NULL DEFAULT '',
  computed_at      TEXT NOT NULL,
  PRIMARY KEY (game_id, profile_id, profile_version)
) WITHOUT ROWID;
)sql";

// The tables added by version 6: the facts --where reads that the code derives (facts.cpp:
// the tags' facts of each game, the play quality of each complete analysis), stored so
// that every backend reads the same values; derived_facts.cpp fills them.
constexpr const char* kDerivedTables = R"sql(
CREATE TABLE game_facts (
  game_id     INTEGER NOT NULL PRIMARY KEY REFERENCES games(id),
  event       TEXT NOT NULL,
  site        TEXT NOT NULL,
  site_name   TEXT NOT NULL,
  event_name  TEXT NOT NULL,
  date        TEXT,
  date_text   TEXT NOT NULL,
  year        INTEGER,
  cho         TEXT NOT NULL,
  han         TEXT NOT NULL,
  cho_tag     TEXT NOT NULL,
  han_tag     TEXT NOT NULL,
  cho_rank    TEXT NOT NULL,
  han_rank    TEXT NOT NULL,
  cho_id      TEXT NOT NULL,
  han_id      TEXT NOT NULL,
  round       TEXT NOT NULL
);
CREATE TABLE analysis_quality (
  game_id           INTEGER NOT NULL REFERENCES games(id),
  request_id        INTEGER NOT NULL REFERENCES analysis_requests(id),
  cho_accuracy      REAL,
  han_accuracy      REAL,
  cho_loss          REAL,
  han_loss          REAL,
  cho_best_percent  REAL,
  han_best_percent  REAL,
  cho_blunders      INTEGER,
  han_blunders      INTEGER,
  PRIMARY KEY (game_id, request_id)
) WITHOUT ROWID;
)sql";

// The table added by version 7: each game's opening, named with the archive's opening
// book (derived_openings.cpp fills it; src/archive/README.md and formats/openings/
// README.md say what each column holds).
constexpr const char* kOpeningTables = R"sql(
CREATE TABLE game_openings (
  game_id          INTEGER NOT NULL PRIMARY KEY REFERENCES games(id),
  code             TEXT NOT NULL,
  cho_setup_name   TEXT,
  han_setup_name   TEXT,
  elephant_pair    TEXT,
  cho_formations   TEXT,
  han_formations   TEXT,
  cho_plies        TEXT,
  han_plies        TEXT,
  line             TEXT,
  line_ply         INTEGER
);
)sql";

// The step to version 9: every record is kept, and a game gives back what it took.
// games.statements holds what the record states about each ply (codec.h
// encode_statements; NULL in rows imported before). A record whose start and moves
// repeat a stored game's is stored too, as a copy of that game (copy_of names it) or, when
// it says otherwise and is short enough, as a game of its own, a twin (copies.h); `twin`
// numbers the games of one hash and start (0 the first, NULL for a copy), which keeps
// them unique by the database's word. The games stored before hold twin 0: their copies
// were rows of `duplicates`, which stays for them. copy_conflicts holds what each copy
// says otherwise than its game (derived, as game_facts: derived_facts.h).
constexpr const char* kCopyColumns = R"sql(
ALTER TABLE games ADD COLUMN statements TEXT;
ALTER TABLE games ADD COLUMN copy_of INTEGER REFERENCES games(id);
ALTER TABLE games ADD COLUMN twin INTEGER;
UPDATE games SET twin = 0;
DROP INDEX games_by_key;
CREATE UNIQUE INDEX games_by_key ON games(hash, start_id, twin);
CREATE INDEX games_by_copy ON games(copy_of) WHERE copy_of IS NOT NULL;
)sql";
// The derived table of version 9 (see kCopyColumns), also made as a TEMP table for a
// reader whose derived tables are not current.
constexpr const char* kConflictTables = R"sql(
CREATE TABLE copy_conflicts (
  copy_of    INTEGER NOT NULL REFERENCES games(id),
  game_id    INTEGER NOT NULL REFERENCES games(id),
  conflicts  TEXT NOT NULL,
  PRIMARY KEY (copy_of, game_id)
) WITHOUT ROWID;
)sql";

// The table added by version 10: each game's material signature (codec.h encode_material;
// derived_material.cpp fills it).
constexpr const char* kMaterialTable = R"sql(
CREATE TABLE game_material (
  game_id    INTEGER NOT NULL PRIMARY KEY REFERENCES games(id),
  signature  BLOB NOT NULL
);
)sql";

// Version 3: this, kAnalysisTables and the tags view (dialect.h: tags_view); the later
// versions' steps (kMigrations) make the current one. Every table is described in
// src/archive/README.md; written in SQLite's DDL, which dialect.h translates for PostgreSQL.
constexpr const char* kSchema = R"sql(
CREATE TABLE schema_version (
  version     INTEGER PRIMARY KEY,
  applied_at  TEXT NOT NULL,
  gibo        TEXT NOT NULL
);
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE sources (
  id            INTEGER PRIMARY KEY,
  path          TEXT NOT NULL,
  size          INTEGER NOT NULL,
  content_hash  TEXT NOT NULL UNIQUE,
  format        TEXT NOT NULL,
  encoding      TEXT NOT NULL,
  imported_at   TEXT NOT NULL,
  games_done    INTEGER NOT NULL DEFAULT 0,
  complete      INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE starts (
  id   INTEGER PRIMARY KEY,
  key  TEXT NOT NULL UNIQUE
);
CREATE TABLE players (
  id    INTEGER PRIMARY KEY,
  name  TEXT NOT NULL UNIQUE
);
CREATE TABLE games (
  id                 INTEGER PRIMARY KEY,
  source_id          INTEGER NOT NULL REFERENCES sources(id),
  game_index         INTEGER NOT NULL,
  byte_offset        INTEGER NOT NULL,
  byte_length        INTEGER NOT NULL,
  line               INTEGER NOT NULL,
  hash               INTEGER NOT NULL,
  start_id           INTEGER NOT NULL REFERENCES starts(id),
  cho_setup          TEXT,
  han_setup          TEXT,
  start_fen          TEXT,
  plies              INTEGER NOT NULL,
  valid_plies        INTEGER NOT NULL,
  moves              BLOB NOT NULL,
  times              BLOB,
  tail_tokens        TEXT,
  tags_json          TEXT NOT NULL,
  cho_player_id      INTEGER REFERENCES players(id),
  cho_rank           TEXT,
  han_player_id      INTEGER REFERENCES players(id),
  han_rank           TEXT,
  result_text        TEXT,
  result_winner      TEXT NOT NULL,
  result_method      TEXT NOT NULL,
  result_margin      INTEGER,
  result_recognised  INTEGER NOT NULL,
  saved_rules        TEXT,
  saved_bikjang      INTEGER,
  profile_id         TEXT NOT NULL,
  profile_version    INTEGER NOT NULL,
  status             TEXT NOT NULL CHECK (status IN ('valid', 'invalid')),
  error_code         TEXT,
  error_ply          INTEGER,
  original_text      TEXT,
  annotated          INTEGER,
  UNIQUE (source_id, game_index)
);
CREATE INDEX games_by_hash ON games(hash);
CREATE TABLE comments (
  game_id  INTEGER NOT NULL REFERENCES games(id),
  ply      INTEGER NOT NULL,
  seq      INTEGER NOT NULL,
  text     TEXT NOT NULL,
  PRIMARY KEY (game_id, ply, seq)
) WITHOUT ROWID;
CREATE TABLE diagnostics (
  id         INTEGER PRIMARY KEY,
  source_id  INTEGER NOT NULL REFERENCES sources(id),
  game_index INTEGER,
  game_id    INTEGER REFERENCES games(id),
  code       TEXT NOT NULL,
  severity   TEXT NOT NULL,
  line       INTEGER NOT NULL,
  col        INTEGER NOT NULL,
  ply        INTEGER NOT NULL,
  token      TEXT NOT NULL,
  message    TEXT NOT NULL
);
CREATE INDEX diagnostics_by_game ON diagnostics(game_id);
CREATE TABLE duplicates (
  source_id    INTEGER NOT NULL REFERENCES sources(id),
  game_index   INTEGER NOT NULL,
  byte_offset  INTEGER NOT NULL,
  line         INTEGER NOT NULL,
  game_id      INTEGER NOT NULL REFERENCES games(id),
  status       TEXT NOT NULL CHECK (status IN ('valid', 'invalid')),
  error_code   TEXT,
  error_ply    INTEGER,
  PRIMARY KEY (source_id, game_index)
) WITHOUT ROWID;
CREATE TABLE prefixes (
  game_id         INTEGER PRIMARY KEY REFERENCES games(id),
  longer_game_id  INTEGER NOT NULL REFERENCES games(id)
);
CREATE TABLE verdicts (
  id               INTEGER PRIMARY KEY,
  game_id          INTEGER NOT NULL REFERENCES games(id),
  profile_id       TEXT NOT NULL,
  profile_version  INTEGER NOT NULL,
  verdict          TEXT NOT NULL,
  winner           TEXT NOT NULL,
  reason           TEXT,
  ply              INTEGER,
  cho_score        INTEGER,
  han_score        INTEGER,
  ended_early      INTEGER NOT NULL DEFAULT 0,
  note             TEXT NOT NULL DEFAULT '',
  computed_at      TEXT NOT NULL,
  UNIQUE (game_id, profile_id, profile_version)
);
)sql";

// Version 9's step: its columns and its derived table.
const std::string kCopyStepText = std::string(kCopyColumns) + kConflictTables;
const char* const kCopyStep = kCopyStepText.c_str();

// The step from version N to N + 1, for N = 1, 2, ... (index N - 1). Each runs inside the
// migration's transaction.
const char* const kMigrations[] = {
    // 1 -> 2: games.annotated (Game::annotated; decision 12 in
    // src/adjudication/README.md "Decisions"). Rows imported before hold
    // NULL: unknown (the records were not read under the annotation policy).
    "ALTER TABLE games ADD COLUMN annotated INTEGER;",
    // 2 -> 3: the analysis tables and engine_verdicts (new tables: nothing to convert).
    kAnalysisTables,
    // 3 -> 4: a game's start and moves are stored once, by the database's own word (the
    // canonical hash and the start, unique), so that imports writing at once on a server
    // cannot store one twice. (Two games of one start whose 64-bit hashes collide would
    // be refused; the importer tells its duplicates apart by their moves.)
    "DROP INDEX games_by_hash; CREATE UNIQUE INDEX games_by_key ON games(hash, start_id);",
    // 4 -> 5: the analysis queue, which workers on any number of machines take games from
    // (archive_queue.cpp), and its workers. Times in milliseconds since 1970 by the
    // database's clock (dialect.h: now_ms), the one all the workers share.
    R"sql(
CREATE TABLE analysis_queue (
  request_id   INTEGER NOT NULL REFERENCES analysis_requests(id),
  game_id      INTEGER NOT NULL REFERENCES games(id),
  state        TEXT NOT NULL CHECK (state IN ('pending', 'leased', 'done', 'failed')),
  worker       TEXT,
  lease_token  INTEGER,
  leased_at    INTEGER,
  lease_until  INTEGER,
  tries        INTEGER NOT NULL DEFAULT 0,
  error        TEXT,
  queued_at    INTEGER NOT NULL,
  finished_at  INTEGER,
  PRIMARY KEY (request_id, game_id)
) WITHOUT ROWID;
CREATE INDEX analysis_queue_by_state ON analysis_queue(state, request_id);
CREATE TABLE analysis_workers (
  worker      TEXT PRIMARY KEY,
  host        TEXT NOT NULL,
  started_at  INTEGER NOT NULL,
  seen_at     INTEGER NOT NULL,
  games       INTEGER NOT NULL DEFAULT 0,
  positions   INTEGER NOT NULL DEFAULT 0,
  busy_ms     INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
)sql",
    // 5 -> 6: the derived facts (new tables, filled by the first open that may write:
    // derived_facts.h).
    kDerivedTables,
    // 6 -> 7: the games' opening names (a new table, filled by the first open that may
    // write: derived_openings.h).
    kOpeningTables,
    // 7 -> 8: a queue worker's lease length and when it stopped, so that gibo analyze
    // --status tells running workers from stopped ones and from lost ones (no renewal
    // within a lease).
    "ALTER TABLE analysis_workers ADD COLUMN lease_ms INTEGER; "
    "ALTER TABLE analysis_workers ADD COLUMN stopped_at INTEGER;",
    // 8 -> 9: copies, twins and the records' statements (kCopyColumns, kConflictTables).
    kCopyStep,
    // 9 -> 10: each game's material signature (a new table, filled by the first open that
    // may write: derived_material.h), which a pattern search reads before replaying games.
    kMaterialTable,
};
// The version kSchema and kAnalysisTables make; the steps from it on finish a new archive.
constexpr int kBaseVersion = 3;
static_assert(std::size(kMigrations) == kSchemaVersion - 1, "one migration per version step");

// The schema_version row of `version`, applied now by this gibo.
std::optional<Error> add_version_row(sql::Connection& db, std::int64_t version) {
  sql::Statement s = db.prepare("INSERT INTO schema_version (version, applied_at, gibo) VALUES (:version, :applied_at, :gibo)");
  const std::string now = sql::utc_now();
  if (!s.prepared()) return Error{db.current_error()};
  s.bind(":version", version);
  s.bind_text(":applied_at", now);
  s.bind_text(":gibo", gibo::kVersion);
  if (!s.run()) return Error{db.current_error()};
  return std::nullopt;
}

std::optional<Error> install(sql::Connection& db) {
  if (auto e = db.impl()->tune(sql::Tuning::NewFile)) return e;
  if (auto e = db.exec(sql::begin_write(db))) return Error{"cannot start the schema transaction: " + e->message};
  // Re-check inside the write lock: another process may have installed it meanwhile.
  const Expected<sql::Stamp> now = db.impl()->read_stamp();
  if (!now || now->tables != 0) {
    db.exec("ROLLBACK");
    return std::nullopt;
  }
  std::vector<std::string> steps = {sql::schema_ddl(db, kSchema), sql::schema_ddl(db, kAnalysisTables),
                                    sql::tags_view(db)};
  for (int v = kBaseVersion; v < kSchemaVersion; ++v) steps.push_back(sql::schema_ddl(db, kMigrations[v - 1]));
  for (std::string& s : db.impl()->stamp_sql(kSchemaVersion, true)) steps.push_back(std::move(s));
  steps.push_back("INSERT INTO meta VALUES ('prefix_scan_through', '0')");
  std::optional<Error> e;
  for (const std::string& step : steps)
    if ((e = db.exec(step))) break;
  if (!e) e = add_version_row(db, kSchemaVersion);
  if (!e) e = db.exec("COMMIT");
  if (e) {
    db.exec("ROLLBACK");
    return Error{"cannot create the schema: " + e->message};
  }
  return std::nullopt;
}

// Migrates a gibo archive of version `from` to the current one in one transaction (the
// stamp and the schema_version rows move with it).
std::optional<Error> migrate(sql::Connection& db, std::int64_t from) {
  if (auto e = db.exec(sql::begin_write(db))) return Error{"cannot start the migration: " + e->message};
  // Re-read inside the write lock: another process may have migrated it meanwhile.
  const Expected<sql::Stamp> stamp = db.impl()->read_stamp();
  std::optional<Error> e;
  if (!stamp) e = stamp.error();
  else if (stamp->version < from) e = Error{db.current_error()};
  for (std::int64_t v = stamp ? stamp->version : kSchemaVersion; !e && v < kSchemaVersion; ++v) {
    e = db.exec(sql::schema_ddl(db, kMigrations[v - 1]));
    if (!e) e = add_version_row(db, v + 1);
  }
  for (const std::string& s : db.impl()->stamp_sql(kSchemaVersion, false))
    if (!e) e = db.exec(s);
  if (!e) e = db.exec("COMMIT");
  if (e) {
    db.exec("ROLLBACK");
    return Error{"cannot migrate the archive from schema version " + std::to_string(from) + ": " + e->message};
  }
  return std::nullopt;
}

}  // namespace

namespace {

// `tables` (DDL) as TEMP tables of the connection.
std::string as_temp(const sql::Connection& db, const char* tables) {
  std::string ddl = sql::schema_ddl(db, tables);
  for (std::size_t at = ddl.find("CREATE TABLE"); at != std::string::npos; at = ddl.find("CREATE TABLE", at))
    ddl.replace(at, 12, "CREATE TEMP TABLE");
  return ddl;
}

}  // namespace

std::string derived_tables(const sql::Connection& db) { return as_temp(db, kDerivedTables) + as_temp(db, kConflictTables); }
std::string opening_tables(const sql::Connection& db) { return as_temp(db, kOpeningTables); }

const std::vector<Table>& tables() {
  static const std::vector<Table> list = {
      {"schema_version", {"version"}},
      {"sources", {"id"}},
      {"starts", {"id"}},
      {"players", {"id"}},
      {"games", {"id"}},
      {"comments", {"game_id", "ply", "seq"}},
      {"diagnostics", {"id"}},
      {"duplicates", {"source_id", "game_index"}},
      {"prefixes", {"game_id"}},
      {"verdicts", {"id"}},
      {"analysis_requests", {"id"}},
      {"analysis_games", {"request_id", "game_id"}},
      {"analysis_positions", {"request_id", "game_id", "ply"}},
      {"engine_verdicts", {"game_id", "profile_id", "profile_version"}},
      {"analysis_queue", {"request_id", "game_id"}},
      {"analysis_workers", {"worker"}},
      {"game_facts", {"game_id"}},
      {"analysis_quality", {"game_id", "request_id"}},
      {"game_openings", {"game_id"}},
      {"copy_conflicts", {"copy_of", "game_id"}},
      {"game_material", {"game_id"}},
      {"position_segments", {"id"}, true},
      {"position_blocks", {"segment", "first_key", "part"}, true},
      {"position_games", {"block"}, true},
      {"meta", {"key"}},
      {"position_meta", {"key"}, true},
  };
  return list;
}

Expected<int> prepare(sql::Connection& db, bool writable) {
  const Expected<sql::Stamp> stamp = db.impl()->read_stamp();
  if (!stamp) return stamp.error();
  const std::int64_t app = stamp->app, version = stamp->version, tables = stamp->tables;

  if (app == 0 && tables == 0 && version == 0) {
    if (!writable) return Error{"the database is empty (create it with gibo import)"};
    if (auto e = install(db)) return *e;
    return prepare(db, writable);  // checks what is there now (ours, or a racing creator's)
  }
  if (app != kApplicationId) return db.impl()->not_an_archive(app);
  if (version > kSchemaVersion)
    return Error{"the archive has schema version " + std::to_string(version) + ", newer than this gibo's " +
                 std::to_string(kSchemaVersion) + "; use a newer gibo"};
  if (version < 1)
    return Error{"the archive's schema version (" + std::to_string(version) + ") is not a valid gibo schema"};
  if (version < kSchemaVersion && writable) {
    if (auto e = migrate(db, version)) return *e;
    return kSchemaVersion;
  }
  // Read-only and older: read as it is (later columns read as unknown).
  return static_cast<int>(version);
}

Expected<std::optional<std::string>> meta_value(sql::Connection& db, std::string_view key) {
  sql::Statement s = db.prepare("SELECT value FROM meta WHERE key = :key");
  if (!s.prepared()) return Error{"cannot read meta: " + db.current_error()};
  s.bind_text(":key", key);
  const int rc = s.step();
  if (rc == sql::kRow) return std::optional<std::string>(std::string(s.text(0)));
  if (rc != sql::kDone) return Error{"cannot read meta: " + db.current_error()};
  return std::optional<std::string>();
}

std::optional<Error> refuse_unfinished(sql::Connection& db) {
  const auto mark = meta_value(db, kCopyMark);
  if (!mark) return mark.error();
  if (!*mark) return std::nullopt;
  return Error{"is an unfinished copy of " + **mark + " (gibo copy was interrupted): copying " + **mark +
               " into it again finishes it, or remove it; until then no other command reads or writes it"};
}

std::optional<Error> set_meta(sql::Connection& db, std::string_view key, std::string_view value) {
  sql::Statement m =
      db.prepare("INSERT INTO meta (key, value) VALUES (:key, :value) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  if (!m.prepared()) return Error{db.current_error()};
  m.bind_text(":key", key);
  m.bind_text(":value", value);
  if (!m.run()) return Error{db.current_error()};
  return std::nullopt;
}

}  // namespace gibo::archive::schema
