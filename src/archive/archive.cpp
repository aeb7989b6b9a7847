// The archive: schema checks at open, the importer's writes, reading games back,
// prefix detection and verdicts. See archive.h for the policies.
#include "gibo/archive/archive.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <unordered_map>

#include "gibo/record/replay.h"

#include "facts_view.h"
#include "open_existing.h"
#include "schema.h"
#include "sqlite.h"

namespace gibo::archive {

namespace {

// SQLite's page cache for an open archive: 32 MB at the most (memory stays bounded
// however large the archive grows).
constexpr const char* kCacheSize = "PRAGMA cache_size = -32768";

// The start of a stored game, from its columns and its start key.
StartPosition decode_start(std::string_view key, const std::optional<std::string>& cho,
                           const std::optional<std::string>& han, const std::optional<std::string>& fen) {
  StartPosition start;
  const std::size_t blank = key.rfind(' ');
  start.first_to_move = blank != std::string_view::npos && key.substr(blank + 1) == "b" ? Side::Han : Side::Cho;
  if (fen) {
    start.custom = true;
    start.fen = *fen;
    return start;
  }
  if (cho)
    if (auto s = setup_from_code(*cho)) start.cho = *s;
  if (han)
    if (auto s = setup_from_code(*han)) start.han = *s;
  return start;
}

// Fills the annotations the moves blob does not keep (moving piece, captured piece,
// check) from the board, for the plies that replayed at import: the record stated the
// same there, or nothing. Writers that keep a record's statements (JSON) then write a
// record that validates again. Plies from the first error on keep only their texts.
void annotate_from_board(Game& g, const std::string& profile_id) {
  const Profile* profile = find_profile(profile_id);
  if (!profile) return;
  Position pos;
  if (start_position(g, legality_rules(*profile, g.saved_bikjang_option.value_or(false)), pos)) return;
  const int n = std::min(g.valid_plies, static_cast<int>(g.plies.size()));
  for (int i = 0; i < n; ++i) {
    RecordedPly& rp = g.plies[static_cast<std::size_t>(i)];
    if (rp.pass) {
      const Square general = pos.general(pos.side_to_move());
      if (general == kNoSquare || !pos.is_legal(Move::pass(general))) return;
      rp.move = Move::pass(general);
      pos.do_move(rp.move);
      continue;
    }
    if (!pos.is_legal(rp.move)) return;
    rp.piece = type_of(pos.piece_on(rp.move.from()));
    rp.captured = type_of(pos.piece_on(rp.move.to()));
    pos.do_move(rp.move);
    rp.check = pos.in_check();
  }
}

}  // namespace

struct Archive::Impl {
  // Used by the facts view's functions: declared before the connection, so it is
  // destroyed after it.
  facts::FunctionStatePtr facts_state;
  sql::Connection db;
  bool writable = false;
  int schema_version = kSchemaVersion;
  sql::Statement stored_game;
  bool in_transaction = false;

  sql::Statement insert_source, source_progress, insert_diagnostic, find_same, insert_game, insert_comment,
      insert_player, insert_start, insert_duplicate;
  std::unordered_map<std::string, std::int64_t> start_ids, player_ids;
  bool caches_loaded = false;

  // `what` failed, with SQLite's message for the connection's latest failure.
  Error fail(const std::string& what) const { return Error{what + ": " + db.current_error()}; }

  // Prepares `stmt` once.
  std::optional<Error> ready(sql::Statement& stmt, const char* text) {
    if (stmt.prepared()) return std::nullopt;
    stmt = db.prepare(text);
    if (!stmt.prepared()) return fail("cannot prepare statement");
    return std::nullopt;
  }

  std::optional<Error> load_caches() {
    if (caches_loaded) return std::nullopt;
    start_ids.clear();
    player_ids.clear();
    sql::Statement s = db.prepare("SELECT id, key FROM starts");
    if (!s.prepared()) return fail("cannot read starts");
    while (s.step() == SQLITE_ROW) start_ids.emplace(std::string(s.text(1)), s.int64(0));
    sql::Statement p = db.prepare("SELECT id, name FROM players");
    if (!p.prepared()) return fail("cannot read players");
    while (p.step() == SQLITE_ROW) player_ids.emplace(std::string(p.text(1)), p.int64(0));
    caches_loaded = true;
    return std::nullopt;
  }

  // The id of `key` in a name table (starts.key, players.name) through its cache, inserted
  // by `insert` when new; `what` names the row for the error ("a player").
  Expected<std::int64_t> cached_id(std::unordered_map<std::string, std::int64_t>& cache, sql::Statement& insert,
                                   const char* insert_sql, const std::string& key, const char* what) {
    if (auto e = load_caches()) return *e;
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    if (auto e = ready(insert, insert_sql)) return *e;
    insert.bind_text(1, key);
    if (!insert.run()) return fail(std::string("cannot insert ") + what);
    const std::int64_t id = db.last_insert_rowid();
    cache.emplace(key, id);
    return id;
  }

  Expected<std::int64_t> start_id(const std::string& key) {
    return cached_id(start_ids, insert_start, "INSERT INTO starts (key) VALUES (?1)", key, "a start position");
  }

  Expected<std::int64_t> player_id(const std::string& name) {
    return cached_id(player_ids, insert_player, "INSERT INTO players (name) VALUES (?1)", name, "a player");
  }

  // A diagnostic about a file (no game index), a stored game (game_id) or a duplicate
  // occurrence (game index, no game_id).
  std::optional<Error> add_diagnostic(std::int64_t source_id, std::optional<int> game_index,
                                      std::optional<std::int64_t> game_id, const Diagnostic& d) {
    if (auto e = ready(insert_diagnostic,
                       "INSERT INTO diagnostics (source_id, game_index, game_id, code, severity, line, col, ply, "
                       "token, message) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"))
      return e;
    sql::Statement& s = insert_diagnostic;
    s.bind(1, source_id);
    s.bind_optional(2, game_index);
    s.bind_optional(3, game_id);
    s.bind_text(4, d.code);
    s.bind_text(5, severity_name(d.severity));
    s.bind(6, d.line);
    s.bind(7, d.column);
    s.bind(8, d.ply);
    s.bind_text(9, d.token);
    s.bind_text(10, d.message);
    if (!s.run()) return fail("cannot insert a diagnostic");
    return std::nullopt;
  }

  // Finishes opening: schema checks, journaling, the facts view.
  std::optional<Error> finish_open() {
    // The schema checks come first: a file that is refused is never changed (not even its
    // journal mode). schema::prepare also sets the page size and WAL for a new file.
    const Expected<int> version = schema::prepare(db, writable);
    if (!version) return version.error();
    schema_version = *version;
    if (writable) {
      // WAL: readers never block the importer, and a killed writer leaves the last
      // committed transaction intact. NORMAL sync is safe in WAL mode (durable up to the
      // last checkpoint after a power loss; never corrupt).
      sql::Statement wal = db.prepare("PRAGMA journal_mode = WAL");
      if (!wal.prepared() || wal.step() != SQLITE_ROW)
        return Error{"cannot use WAL journaling: " + db.current_error()};
      db.exec("PRAGMA synchronous = NORMAL");
    }
    db.exec(kCacheSize);
    return facts::install(db, schema_version, facts_state);
  }

  // Prepares user SQL that selects game ids (a whole SELECT) under the read-only
  // authorizer; why not when it does not parse, writes, holds more than one statement or
  // returns no column.
  Expected<sql::Statement> prepare_selection(const std::string& sql) {
    std::string_view tail;
    sql::Statement s;
    {
      facts::ReadOnlyGuard guard(db);
      s = db.prepare(sql, &tail);
    }
    if (!s.prepared()) return Error{db.current_error()};
    for (char c : tail)
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != ';')
        return Error{"the selection must be a single statement"};
    if (!sqlite3_stmt_readonly(s.get())) return Error{"the selection must not change the database"};
    if (sqlite3_column_count(s.get()) < 1) return Error{"the selection must return game ids in its first column"};
    return s;
  }

  // The first column of every row of a prepared selection.
  Expected<std::vector<std::int64_t>> ids_of(sql::Statement& s) {
    std::vector<std::int64_t> ids;
    int rc;
    while ((rc = s.step()) == SQLITE_ROW) ids.push_back(s.int64(0));
    if (rc != SQLITE_DONE) return Error{db.current_error()};
    return ids;
  }
};

Archive::Archive(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Archive::~Archive() {
  if (impl_ && impl_->in_transaction) impl_->db.exec("ROLLBACK");
}

namespace {

// Removes a database file and its journal, WAL and shared-memory files.
void remove_database(const std::string& path) {
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) ::unlink((path + suffix).c_str());
}

// Creates a new archive at `path` as one step: it is built under a temporary name and
// linked into place, so a kill at any moment leaves no archive or a complete empty one
// (never a half-created file that only a writer could recover). Losing a race to another
// creator is fine: its archive is used.
std::optional<Error> create_archive(const std::string& path) {
  const std::string temporary = path + ".creating-" + std::to_string(::getpid());
  remove_database(temporary);
  {
    sql::Connection db;
    if (auto e = db.open(temporary, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE))
      return Error{path + ": cannot create: " + e->message};
    if (const Expected<int> version = schema::prepare(db, true); !version) {
      db.close();
      remove_database(temporary);
      return Error{path + ": " + version.error().message};
    }
  }  // closing checkpoints the WAL and removes it: one self-contained file remains
  if (::link(temporary.c_str(), path.c_str()) != 0 && errno != EEXIST) {
    // No hard links on this file system: a rename (atomic, but it would replace a file
    // created meanwhile, which the existence test just before makes unlikely).
    std::error_code ec;
    if (std::filesystem::exists(path, ec) || std::rename(temporary.c_str(), path.c_str()) != 0) {
      const int saved = errno;
      remove_database(temporary);
      if (std::filesystem::exists(path, ec)) return std::nullopt;
      return Error{path + ": cannot create: " + std::strerror(saved)};
    }
    return std::nullopt;
  }
  remove_database(temporary);
  return std::nullopt;
}

}  // namespace

namespace {

// A path as an SQLite URI with `query` ("file:...?query"): bytes other than unreserved
// ones and '/' are percent-encoded.
std::string file_uri(const std::string& path, const char* query) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri = "file:";
  for (unsigned char c : path) {
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.' ||
        c == '_' || c == '~' || c == '/') {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += kHex[c >> 4];
      uri += kHex[c & 15];
    }
  }
  return uri + "?" + query;
}

// May this process write `path` and create files beside it (the -wal and -shm)?
bool may_write_beside(const std::string& path) {
  std::filesystem::path dir = std::filesystem::path(path).parent_path();
  if (dir.empty()) dir = ".";
  return ::access(path.c_str(), W_OK) == 0 && ::access(dir.c_str(), W_OK) == 0;
}

// Is `rc` SQLite's way of saying it could not open or create the -shm file?
bool cannot_share_memory(int rc) {
  const int primary = rc & 0xFF;
  return primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY || primary == SQLITE_IOERR;
}

}  // namespace

std::optional<Error> open_existing_archive(const std::string& path, sql::Connection& db) {
  const int flags = may_write_beside(path) ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY;
  if (auto e = db.open(path, flags)) return Error{path + ": cannot open: " + e->message};
  sqlite3_busy_timeout(db.get(), 10000);
  // The first read needs the -shm file; where it cannot be had, nobody can be writing.
  sql::Statement probe = db.prepare("PRAGMA application_id");
  const int rc = probe.prepared() ? probe.step() : sqlite3_extended_errcode(db.get());
  probe = sql::Statement();
  if (rc != SQLITE_ROW && flags == SQLITE_OPEN_READONLY && cannot_share_memory(rc)) {
    db.close();
    if (auto e = db.open(file_uri(path, "immutable=1"), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI))
      return Error{path + ": cannot open: " + e->message};
  }
  return std::nullopt;
}

Expected<std::unique_ptr<Archive>> Archive::open(const std::string& path, OpenMode mode) {
  auto impl = std::make_unique<Impl>();
  impl->writable = mode == OpenMode::ReadWrite;
  std::error_code missing;
  if (impl->writable && !std::filesystem::exists(path, missing) && !missing)
    if (auto e = create_archive(path)) return *e;
  if (!impl->writable) {
    if (auto e = open_existing_archive(path, impl->db)) return *e;
  } else if (auto e = impl->db.open(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)) {
    return Error{path + ": cannot open: " + e->message};
  } else {
    sqlite3_busy_timeout(impl->db.get(), 10000);
  }
  if (auto e = impl->finish_open()) return Error{path + ": " + e->message};
  return std::unique_ptr<Archive>(new Archive(std::move(impl)));
}

Expected<std::unique_ptr<Archive>> Archive::open_temporary() {
  auto impl = std::make_unique<Impl>();
  impl->writable = true;
  // An empty name: SQLite's private temporary database, deleted when closed.
  if (auto e = impl->db.open("", SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE))
    return Error{"cannot open a temporary archive: " + e->message};
  if (auto e = impl->finish_open()) return Error{"temporary archive: " + e->message};
  return std::unique_ptr<Archive>(new Archive(std::move(impl)));
}

std::optional<Error> Archive::begin() {
  if (auto e = impl_->db.exec("BEGIN IMMEDIATE")) return Error{"cannot begin a transaction: " + e->message};
  impl_->in_transaction = true;
  return std::nullopt;
}

std::optional<Error> Archive::commit() {
  if (auto e = impl_->db.exec("COMMIT")) return Error{"cannot commit: " + e->message};
  impl_->in_transaction = false;
  return std::nullopt;
}

void Archive::rollback() {
  if (impl_->in_transaction) impl_->db.exec("ROLLBACK");
  impl_->in_transaction = false;
  impl_->caches_loaded = false;  // ids made inside the transaction are gone
}

// ---------------------------------------------------------------------------
// Sources

Expected<std::vector<SourceState>> Archive::sources() {
  sql::Statement s =
      impl_->db.prepare("SELECT id, path, content_hash, games_done, complete, encoding FROM sources ORDER BY id");
  if (!s.prepared()) return impl_->fail("cannot read sources");
  std::vector<SourceState> out;
  while (s.step() == SQLITE_ROW)
    out.push_back({s.int64(0), std::string(s.text(1)), std::string(s.text(2)), std::string(s.text(5)), s.integer(3),
                   s.integer(4) != 0});
  return out;
}

Expected<std::int64_t> Archive::insert_source(const SourceInfo& info) {
  Impl& m = *impl_;
  if (auto e = m.ready(m.insert_source,
                       "INSERT INTO sources (path, size, content_hash, format, encoding, imported_at) "
                       "VALUES (?1, ?2, ?3, ?4, ?5, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))"))
    return *e;
  m.insert_source.bind_text(1, info.path);
  m.insert_source.bind(2, info.size);
  m.insert_source.bind_text(3, info.content_hash);
  m.insert_source.bind_text(4, info.format);
  m.insert_source.bind_text(5, info.encoding);
  if (!m.insert_source.run()) return m.fail("cannot insert source " + info.path);
  return m.db.last_insert_rowid();
}

std::optional<Error> Archive::set_source_progress(std::int64_t source_id, int games_done, bool complete) {
  Impl& m = *impl_;
  if (auto e = m.ready(m.source_progress, "UPDATE sources SET games_done = ?1, complete = ?2 WHERE id = ?3")) return e;
  m.source_progress.bind(1, games_done);
  m.source_progress.bind(2, complete ? 1 : 0);
  m.source_progress.bind(3, source_id);
  if (!m.source_progress.run()) return m.fail("cannot update a source");
  return std::nullopt;
}

std::optional<Error> Archive::set_source_encoding(std::int64_t source_id, const std::string& encoding) {
  sql::Statement s = impl_->db.prepare("UPDATE sources SET encoding = ?1 WHERE id = ?2");
  if (!s.prepared()) return impl_->fail("cannot prepare a source update");
  s.bind_text(1, encoding);
  s.bind(2, source_id);
  if (!s.run()) return impl_->fail("cannot update a source");
  return std::nullopt;
}

std::optional<Error> Archive::insert_file_diagnostics(std::int64_t source_id,
                                                      const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic& d : diagnostics)
    if (auto e = impl_->add_diagnostic(source_id, std::nullopt, std::nullopt, d)) return e;
  return std::nullopt;
}

// ---------------------------------------------------------------------------
// Games

Expected<std::vector<std::int64_t>> Archive::game_hashes() {
  sql::Statement s = impl_->db.prepare("SELECT hash FROM games");
  if (!s.prepared()) return impl_->fail("cannot read game hashes");
  std::vector<std::int64_t> out;
  while (s.step() == SQLITE_ROW) out.push_back(s.int64(0));
  return out;
}

Expected<std::int64_t> Archive::find_same_game(const PreparedGame& game) {
  Impl& m = *impl_;
  if (auto e = m.load_caches()) return *e;
  auto start = m.start_ids.find(game.start_key);
  if (start == m.start_ids.end()) return std::int64_t{0};  // no game has this start yet
  if (auto e = m.ready(m.find_same, "SELECT id, moves FROM games WHERE hash = ?1 AND start_id = ?2")) return *e;
  m.find_same.bind(1, game.hash);
  m.find_same.bind(2, start->second);
  std::int64_t found = 0;
  int rc;
  while ((rc = m.find_same.step()) == SQLITE_ROW) {
    const std::string_view moves = m.find_same.blob(1);
    if (moves.size() != game.moves.size()) continue;
    bool same = true;
    for (std::size_t i = 0; same && i < moves.size() / 2; ++i)
      same = canonical_code(code_at(moves, i)) == canonical_code(code_at(game.moves, i));
    if (same) {
      found = m.find_same.int64(0);
      break;
    }
  }
  m.find_same.reset();
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return m.fail("cannot look up a game");
  return found;
}

Expected<std::int64_t> Archive::insert_game(std::int64_t source_id, const PreparedGame& g) {
  Impl& m = *impl_;
  const auto start = m.start_id(g.start_key);
  if (!start) return start.error();
  // A player's id, or nothing when the record names none.
  std::optional<std::int64_t> cho, han;
  for (auto [player, id] : {std::pair{&g.cho_player, &cho}, std::pair{&g.han_player, &han}}) {
    if (!*player || (*player)->name.empty()) continue;
    const auto found = m.player_id((*player)->name);
    if (!found) return found.error();
    *id = *found;
  }
  if (auto e = m.ready(m.insert_game,
               "INSERT INTO games (source_id, game_index, byte_offset, byte_length, line, hash, start_id, "
               "cho_setup, han_setup, start_fen, plies, valid_plies, moves, times, tail_tokens, tags_json, "
               "cho_player_id, cho_rank, han_player_id, han_rank, result_text, result_winner, result_method, "
               "result_margin, result_recognised, saved_rules, saved_bikjang, profile_id, profile_version, "
               "status, error_code, error_ply, original_text, annotated) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
               "?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, "
               "?29, ?30, ?31, ?32, ?33, ?34)"))
    return *e;
  sql::Statement& s = m.insert_game;
  auto rank = [](const std::optional<PlayerName>& p) -> std::optional<std::string> {
    if (!p || p->rank.empty()) return std::nullopt;
    return p->rank;
  };
  const auto cho_rank = rank(g.cho_player), han_rank = rank(g.han_player);
  s.bind(1, source_id);
  s.bind(2, g.game_index);
  s.bind(3, g.byte_offset);
  s.bind(4, g.byte_length);
  s.bind(5, g.line);
  s.bind(6, g.hash);
  s.bind(7, *start);
  s.bind_optional_text(8, g.cho_setup);
  s.bind_optional_text(9, g.han_setup);
  s.bind_optional_text(10, g.start_fen);
  s.bind(11, g.plies);
  s.bind(12, g.valid_plies);
  s.bind_blob(13, g.moves);
  if (g.times.empty()) s.bind_null(14);
  else s.bind_blob(14, g.times);
  s.bind_optional_text(15, g.tail_tokens);
  s.bind_text(16, g.tags_json);
  s.bind_optional(17, cho);
  s.bind_optional_text(18, cho_rank);
  s.bind_optional(19, han);
  s.bind_optional_text(20, han_rank);
  if (g.has_result) s.bind_text(21, g.result_text);
  else s.bind_null(21);
  s.bind_text(22, winner_name(g.result.winner));
  s.bind_text(23, method_name(g.result.method));
  s.bind_optional(24, g.result.margin_half_points);
  s.bind(25, g.result.recognised ? 1 : 0);
  s.bind_optional_text(26, g.saved_rules);
  if (g.saved_bikjang) s.bind(27, *g.saved_bikjang ? 1 : 0);
  else s.bind_null(27);
  s.bind_text(28, g.profile_id);
  s.bind(29, g.profile_version);
  s.bind_text(30, g.valid ? "valid" : "invalid");
  if (g.valid) s.bind_null(31);
  else s.bind_text(31, g.error_code);
  if (g.valid) s.bind_null(32);
  else s.bind(32, g.error_ply);
  s.bind_optional_text(33, g.original_text);
  s.bind(34, g.annotated ? 1 : 0);
  if (!s.run()) return m.fail("cannot insert game " + std::to_string(g.game_index));
  const std::int64_t id = m.db.last_insert_rowid();
  if (!g.comments.empty()) {
    if (auto e = m.ready(m.insert_comment, "INSERT INTO comments (game_id, ply, seq, text) VALUES (?1, ?2, ?3, ?4)"))
      return *e;
    for (const StoredComment& c : g.comments) {
      m.insert_comment.bind(1, id);
      m.insert_comment.bind(2, c.ply);
      m.insert_comment.bind(3, c.seq);
      m.insert_comment.bind_text(4, c.text);
      if (!m.insert_comment.run()) return m.fail("cannot insert a comment");
    }
  }
  for (const Diagnostic& d : g.diagnostics)
    if (auto e = m.add_diagnostic(source_id, g.game_index, id, d)) return *e;
  return id;
}

std::optional<Error> Archive::insert_duplicate(std::int64_t source_id, const PreparedGame& g, std::int64_t kept_id) {
  Impl& m = *impl_;
  if (auto e = m.ready(m.insert_duplicate,
                       "INSERT INTO duplicates (source_id, game_index, byte_offset, line, game_id, status, "
                       "error_code, error_ply) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)"))
    return e;
  sql::Statement& s = m.insert_duplicate;
  s.bind(1, source_id);
  s.bind(2, g.game_index);
  s.bind(3, g.byte_offset);
  s.bind(4, g.line);
  s.bind(5, kept_id);
  s.bind_text(6, g.valid ? "valid" : "invalid");
  if (g.valid) s.bind_null(7);
  else s.bind_text(7, g.error_code);
  if (g.valid) s.bind_null(8);
  else s.bind(8, g.error_ply);
  if (!s.run()) return m.fail("cannot insert a duplicate");
  // The copy's own findings are kept (its annotations may differ from the kept game's).
  for (const Diagnostic& d : g.diagnostics)
    if (auto e = m.add_diagnostic(source_id, g.game_index, std::nullopt, d)) return e;
  return std::nullopt;
}

std::int64_t Archive::max_game_id() { return impl_->db.scalar("SELECT coalesce(max(id), 0) FROM games"); }
std::int64_t Archive::game_count() { return impl_->db.scalar("SELECT count(*) FROM games"); }

Expected<Archive::GameOrigin> Archive::game_origin(std::int64_t id) {
  sql::Statement s = impl_->db.prepare(
      "SELECT s.path, g.game_index, g.plies FROM games AS g JOIN sources AS s ON s.id = g.source_id WHERE g.id = ?1");
  if (!s.prepared()) return impl_->fail("cannot read games");
  s.bind(1, id);
  if (s.step() != SQLITE_ROW) return Error{"no game with id " + std::to_string(id)};
  return GameOrigin{std::string(s.text(0)), s.integer(1), s.integer(2)};
}

// ---------------------------------------------------------------------------
// Prefixes

Expected<std::vector<Archive::PrefixPair>> Archive::update_prefixes() {
  Impl& m = *impl_;
  std::vector<PrefixPair> found;
  const std::int64_t through = m.db.scalar("SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'prefix_scan_through'");
  const std::int64_t top = max_game_id();
  if (top <= through) return found;
  if (auto e = begin()) return *e;
  auto abort = [&](const char* what) {
    Error error = m.fail(what);
    rollback();
    return error;
  };
  // Every game's extensions sort right after it (memcmp order keeps a prefix's
  // continuations together), so comparing neighbours finds each prefix once. SQLite's
  // sorter may hold as much as the page cache in memory before it spills to a temporary
  // file: a smaller cache for the scan keeps the import's memory from growing with the
  // archive (the writer's cache comes back after it).
  m.db.exec("PRAGMA cache_size = -4096");
  struct RestoreCache {
    sql::Connection& db;
    ~RestoreCache() { db.exec(kCacheSize); }
  } restore_cache{m.db};
  sql::Statement scan = m.db.prepare("SELECT id, start_id, moves FROM games ORDER BY start_id, moves");
  sql::Statement add =
      m.db.prepare("INSERT OR IGNORE INTO prefixes (game_id, longer_game_id) VALUES (?1, ?2)");
  if (!scan.prepared() || !add.prepared()) return abort("cannot scan for prefixes");
  std::int64_t prev_id = 0, prev_start = -1;
  std::string prev_moves;
  int rc;
  while ((rc = scan.step()) == SQLITE_ROW) {
    const std::int64_t id = scan.int64(0), start = scan.int64(1);
    const std::string_view moves = scan.blob(2);
    if (start == prev_start && prev_moves.size() < moves.size() && moves.substr(0, prev_moves.size()) == prev_moves) {
      add.bind(1, prev_id);
      add.bind(2, id);
      if (!add.run()) return abort("cannot record a prefix");
      if (sqlite3_changes(m.db.get()) > 0) found.push_back({prev_id, id});
    }
    prev_id = id;
    prev_start = start;
    prev_moves.assign(moves);
  }
  if (rc != SQLITE_DONE) return abort("prefix scan failed");
  if (m.db.exec("UPDATE meta SET value = '" + std::to_string(top) + "' WHERE key = 'prefix_scan_through'"))
    return abort("cannot record the prefix scan");
  if (auto e = commit()) {
    rollback();
    return *e;
  }
  return found;
}

// ---------------------------------------------------------------------------
// Reading back

Expected<std::vector<std::int64_t>> Archive::select_games(const std::string& where) {
  // The expression sits alone on its lines, so a trailing "--" comment cannot swallow
  // the closing parenthesis.
  const std::string sql =
      where.empty() ? std::string("SELECT id FROM temp.facts ORDER BY id")
                    : "SELECT id FROM temp.facts WHERE (\n" + where + "\n) ORDER BY id";
  return select_query(sql);
}

Expected<std::vector<std::int64_t>> Archive::select_query(const std::string& query) {
  Impl& m = *impl_;
  Expected<sql::Statement> s = m.prepare_selection(query);
  if (!s) return s.error();
  return m.ids_of(*s);
}

Expected<Game> Archive::load_game(std::int64_t id, std::string* profile_id) {
  Impl& m = *impl_;
  sql::Statement s = m.db.prepare(
      "SELECT g.game_index, g.byte_offset, g.byte_length, g.line, s.path, st.key, g.cho_setup, g.han_setup, "
      "g.start_fen, g.plies, g.valid_plies, g.moves, g.times, g.tail_tokens, g.tags_json, g.result_text, "
      "g.saved_bikjang, g.profile_id, g.original_text, g.saved_rules FROM games AS g JOIN sources AS s ON s.id = g.source_id "
      "JOIN starts AS st ON st.id = g.start_id WHERE g.id = ?1");
  if (!s.prepared()) return m.fail("cannot read games");
  s.bind(1, id);
  if (s.step() != SQLITE_ROW) return Error{"no game with id " + std::to_string(id)};
  auto corrupt = [&](const char* what) { return Error{"game " + std::to_string(id) + ": " + what}; };
  Game g;
  g.source.game_index = s.integer(0);
  g.source.byte_offset = static_cast<std::uint64_t>(s.int64(1));
  g.source.byte_length = static_cast<std::uint64_t>(s.int64(2));
  g.source.line = s.integer(3);
  g.source.column = 1;
  g.source.file = std::string(s.text(4));
  g.start = decode_start(s.text(5), s.optional_text(6), s.optional_text(7), s.optional_text(8));
  const int plies = s.integer(9);
  g.valid_plies = s.integer(10);
  g.replayed = true;
  auto decoded = decode_moves(s.blob(11));
  if (!decoded || static_cast<int>(decoded->size()) != plies) return corrupt("moves blob does not match its ply count");
  g.plies = std::move(*decoded);
  const auto times = decode_times(s.blob(12), g.plies.size());
  if (!times) return corrupt("times blob is malformed");
  for (std::size_t i = 0; i < g.plies.size(); ++i) g.plies[i].seconds = (*times)[i];
  if (!s.is_null(13)) {
    const std::vector<std::string> tail = decode_tail(s.text(13));
    if (tail.size() > g.plies.size()) return corrupt("more tail tokens than plies");
    const std::size_t first = g.plies.size() - tail.size();
    for (std::size_t i = 0; i < tail.size(); ++i) g.plies[first + i].text = tail[i];
  }
  auto tags = decode_tags(s.text(14));
  if (!tags) return corrupt("tags are not a JSON array of pairs");
  g.tags = std::move(*tags);
  if (!s.is_null(15)) {
    g.result_text = std::string(s.text(15));
    g.has_result = true;
  }
  if (!s.is_null(16)) g.saved_bikjang_option = s.integer(16) != 0;
  const std::string validated_under(s.text(17));
  if (profile_id) *profile_id = validated_under;
  if (!s.is_null(18)) g.original_text = std::string(s.text(18));
  g.saved_profile_id = s.optional_text(19);

  annotate_from_board(g, validated_under);

  sql::Statement c = m.db.prepare("SELECT ply, text FROM comments WHERE game_id = ?1 ORDER BY ply, seq");
  if (!c.prepared()) return m.fail("cannot read comments");
  c.bind(1, id);
  while (c.step() == SQLITE_ROW) {
    const int ply = c.integer(0);
    if (ply < 0 || ply > static_cast<int>(g.plies.size())) return corrupt("comment on a ply that does not exist");
    if (ply == 0) g.header_comments.emplace_back(c.text(1));
    else g.plies[ply - 1].comments.emplace_back(c.text(1));
  }
  sql::Statement d = m.db.prepare(
      "SELECT code, severity, line, col, ply, token, message FROM diagnostics WHERE game_id = ?1 ORDER BY id");
  if (!d.prepared()) return m.fail("cannot read diagnostics");
  d.bind(1, id);
  while (d.step() == SQLITE_ROW) {
    Diagnostic x;
    x.code = std::string(d.text(0));
    x.severity = severity_from_name(d.text(1));
    x.file = g.source.file;
    x.line = d.integer(2);
    x.column = d.integer(3);
    x.game = g.source.game_index;
    x.ply = d.integer(4);
    x.token = std::string(d.text(5));
    x.message = std::string(d.text(6));
    g.diagnostics.push_back(std::move(x));
  }
  return g;
}

Expected<StoredGame> Archive::stored_game(std::int64_t id) {
  Impl& m = *impl_;
  if (auto e = m.ready(m.stored_game,
               m.schema_version >= 2
                   ? "SELECT g.id, g.source_id, s.path, g.game_index, st.key, g.cho_setup, g.han_setup, g.start_fen, "
                     "g.plies, g.valid_plies, g.moves, g.tags_json, g.result_text, g.result_winner, g.result_method, "
                     "g.result_margin, g.result_recognised, g.saved_rules, g.saved_bikjang, g.profile_id, g.status, "
                     "g.annotated FROM games AS g JOIN sources AS s ON s.id = g.source_id JOIN starts AS st ON "
                     "st.id = g.start_id WHERE g.id = ?1"
                   : "SELECT g.id, g.source_id, s.path, g.game_index, st.key, g.cho_setup, g.han_setup, g.start_fen, "
                     "g.plies, g.valid_plies, g.moves, g.tags_json, g.result_text, g.result_winner, g.result_method, "
                     "g.result_margin, g.result_recognised, g.saved_rules, g.saved_bikjang, g.profile_id, g.status, "
                     "NULL FROM games AS g JOIN sources AS s ON s.id = g.source_id JOIN starts AS st ON "
                     "st.id = g.start_id WHERE g.id = ?1"))
    return *e;
  sql::Statement& s = m.stored_game;
  s.bind(1, id);
  const int rc = s.step();
  if (rc != SQLITE_ROW) {
    Error error{rc == SQLITE_DONE ? "no game with id " + std::to_string(id) : m.fail("cannot read games").message};
    s.reset();
    return error;
  }
  auto corrupt = [&](const char* what) {
    s.reset();
    return Error{"game " + std::to_string(id) + ": " + what};
  };
  StoredGame g;
  g.game_id = s.int64(0);
  g.source_id = s.int64(1);
  g.file = std::string(s.text(2));
  g.game_index = s.integer(3);
  g.start_key = std::string(s.text(4));
  g.start = decode_start(s.text(4), s.optional_text(5), s.optional_text(6), s.optional_text(7));
  g.plies = s.integer(8);
  g.valid_plies = s.integer(9);
  const auto plies = decode_moves(s.blob(10));
  if (!plies || static_cast<int>(plies->size()) != g.plies) return corrupt("moves blob does not match its ply count");
  g.moves = playable_moves(*plies);
  auto tags = decode_tags(s.text(11));
  if (!tags) return corrupt("tags are not a JSON array of pairs");
  g.tags = std::move(*tags);
  if (!s.is_null(12)) {
    g.result_text = std::string(s.text(12));
    NormalizedResult r;
    r.winner = winner_from_name(s.text(13));
    r.method = method_from_name(s.text(14));
    r.margin_half_points = s.optional_int(15);
    r.recognised = s.integer(16) != 0;
    g.stored_result = r;
  }
  g.saved_rules = s.optional_text(17);
  if (!s.is_null(18)) g.saved_bikjang = s.integer(18) != 0;
  g.profile_id = std::string(s.text(19));
  g.valid = s.text(20) == "valid";
  if (!s.is_null(21)) g.annotated = s.integer(21) != 0;
  s.reset();
  return g;
}

std::optional<Error> Archive::for_each_diagnostic(const std::function<void(const StoredDiagnostic&)>& fn) {
  sql::Statement s =
      impl_->db.prepare("SELECT source_id, game_index, game_id, code, severity FROM diagnostics ORDER BY id");
  if (!s.prepared()) return impl_->fail("cannot read diagnostics");
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) {
    StoredDiagnostic d;
    d.source_id = s.int64(0);
    d.game_index = s.optional_int(1);
    if (!s.is_null(2)) d.game_id = s.int64(2);
    d.code = std::string(s.text(3));
    d.severity = severity_from_name(s.text(4));
    fn(d);
  }
  if (rc != SQLITE_DONE) return impl_->fail("reading diagnostics failed");
  return std::nullopt;
}

Expected<std::vector<std::int64_t>> Archive::duplicate_game_ids() {
  sql::Statement s = impl_->db.prepare("SELECT game_id FROM duplicates");
  if (!s.prepared()) return impl_->fail("cannot read duplicates");
  return impl_->ids_of(s);
}

// ---------------------------------------------------------------------------
// Verdicts

std::optional<Error> Archive::store_verdicts(const std::vector<VerdictRow>& verdicts) {
  Impl& m = *impl_;
  const bool own = !m.in_transaction;
  if (own)
    if (auto e = begin()) return e;
  // Why it failed, after rolling back the transaction this call opened.
  auto abort = [&](Error error) {
    if (own) rollback();
    return error;
  };
  sql::Statement s = m.db.prepare(
      "INSERT INTO verdicts (game_id, profile_id, profile_version, verdict, winner, reason, ply, cho_score, "
      "han_score, ended_early, note, computed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
      "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) ON CONFLICT (game_id, profile_id, profile_version) DO UPDATE SET "
      "verdict = excluded.verdict, winner = excluded.winner, reason = excluded.reason, ply = excluded.ply, "
      "cho_score = excluded.cho_score, han_score = excluded.han_score, ended_early = excluded.ended_early, "
      "note = excluded.note, computed_at = excluded.computed_at");
  if (!s.prepared()) return abort(m.fail("cannot prepare the verdict insert"));
  for (const VerdictRow& v : verdicts) {
    s.bind(1, v.game_id);
    s.bind_text(2, v.profile_id);
    s.bind(3, v.profile_version);
    s.bind_text(4, v.verdict);
    s.bind_text(5, v.winner);
    s.bind_optional_text(6, v.reason);
    s.bind_optional(7, v.ply);
    s.bind_optional(8, v.cho_score);
    s.bind_optional(9, v.han_score);
    s.bind(10, v.ended_before_last_ply ? 1 : 0);
    s.bind_text(11, v.note);
    if (!s.run()) return abort(m.fail("cannot store a verdict for game " + std::to_string(v.game_id)));
  }
  if (own)
    if (auto e = commit()) return abort(*e);
  return std::nullopt;
}

Expected<std::int64_t> Archive::verdict_count() {
  sql::Statement s = impl_->db.prepare("SELECT count(*) FROM verdicts");
  if (!s.prepared() || s.step() != SQLITE_ROW) return impl_->fail("cannot read verdicts");
  return s.int64(0);
}

std::optional<Error> Archive::for_each_verdict(const std::function<void(const VerdictRow&)>& fn) {
  sql::Statement s = impl_->db.prepare(
      "SELECT game_id, profile_id, profile_version, verdict, winner, reason, ply, cho_score, han_score, ended_early, "
      "note FROM verdicts ORDER BY game_id, profile_id, profile_version");
  if (!s.prepared()) return impl_->fail("cannot read verdicts");
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) {
    VerdictRow v;
    v.game_id = s.int64(0);
    v.profile_id = std::string(s.text(1));
    v.profile_version = s.integer(2);
    v.verdict = std::string(s.text(3));
    v.winner = std::string(s.text(4));
    v.reason = s.optional_text(5);
    v.ply = s.optional_int(6);
    v.cho_score = s.optional_int(7);
    v.han_score = s.optional_int(8);
    v.ended_before_last_ply = s.integer(9) != 0;
    v.note = std::string(s.text(10));
    fn(v);
  }
  if (rc != SQLITE_DONE) return impl_->fail("reading verdicts failed");
  return std::nullopt;
}

Expected<std::string> Archive::integrity_check() {
  sql::Statement s = impl_->db.prepare("PRAGMA integrity_check");
  if (!s.prepared()) return impl_->fail("cannot run integrity_check");
  std::string out;
  while (s.step() == SQLITE_ROW) {
    if (!out.empty()) out += '\n';
    out += s.text(0);
  }
  return out;
}

}  // namespace gibo::archive
