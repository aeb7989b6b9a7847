// sql.h over the SQLite C API: a thin layer, each call one SQLite call, and SQLite's side
// of every capability (its PRAGMAs, its file header as the archive's stamp, its authorizer
// for user SQL, its progress handler as a selection's limits). The only file that speaks
// to SQLite's C API or writes a PRAGMA.
#include <sqlite3.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>

#include "gibo/archive/archive.h"
#include "gibo/archive/facts.h"
#include "gibo/formats/percent_encoding.h"
#include "sql.h"

namespace gibo::archive::sql {
namespace {

// The writer's page cache (an import touches the same index pages again and again); a
// reader keeps SQLite's default (2 MB): its streams read each page once, and a cache of
// 32 MB made an export's memory grow with the games it wrote.
constexpr const char* kWriterCache = "PRAGMA cache_size = -32768";
// How long a connection waits for another writer's lock.
constexpr int kBusyMs = 10000;

// step()'s answer from SQLite's.
int step_code(int rc) { return rc == SQLITE_ROW ? kRow : rc == SQLITE_DONE ? kDone : kFailed; }

// The authorizer of user SQL: reading, functions and (recursive) SELECTs only.
int read_only_authorizer(void*, int action, const char*, const char*, const char*, const char*) {
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE: return SQLITE_OK;
    default: return SQLITE_DENY;
  }
}

sqlite3_int64 steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A user's selection (--where) on SQLite runs within limits like PostgreSQL's statement
// timeout, for the life of this scope: it is interrupted after `seconds` of running or once
// SQLite's heap has grown by 1 GiB since it began (a recursive CTE without end, a
// printf('%.*c', 2e9, 'x')), and no string or blob it makes may exceed 64 MiB. The step
// that was interrupted fails with the reason in stopped().
class SelectionLimits final : public SelectionScope {
 public:
  static constexpr sqlite3_int64 kHeapBytes = sqlite3_int64{1} << 30;
  static constexpr int kLengthBytes = 64 << 20;
  // VM steps between two looks at the clock and the heap.
  static constexpr int kCheckEvery = 20000;

  SelectionLimits(sqlite3* db, int seconds)
      : db_(db),
        old_length_(sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, kLengthBytes)),
        deadline_ms_(steady_ms() + sqlite3_int64{seconds} * 1000),
        heap_ceiling_(sqlite3_memory_used() + kHeapBytes),
        seconds_(seconds) {
    sqlite3_progress_handler(db_, kCheckEvery, &SelectionLimits::check, this);
  }
  ~SelectionLimits() override {
    sqlite3_progress_handler(db_, 0, nullptr, nullptr);
    sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, old_length_);
  }
  SelectionLimits(const SelectionLimits&) = delete;
  SelectionLimits& operator=(const SelectionLimits&) = delete;
  std::string stopped() const override { return stopped_; }

 private:
  static int check(void* self) {
    auto* limits = static_cast<SelectionLimits*>(self);
    if (steady_ms() > limits->deadline_ms_)
      limits->stopped_ = "the selection ran longer than " + std::to_string(limits->seconds_) + " s and was stopped";
    else if (sqlite3_memory_used() > limits->heap_ceiling_)
      limits->stopped_ = "the selection needed more than " + std::to_string(kHeapBytes >> 20) +
                         " MiB of memory and was stopped";
    return limits->stopped_.empty() ? 0 : 1;
  }
  sqlite3* db_;
  int old_length_;
  sqlite3_int64 deadline_ms_, heap_ceiling_;
  int seconds_;
  std::string stopped_;
};

class SqliteStatement final : public StatementImpl {
 public:
  SqliteStatement(sqlite3* db, sqlite3_stmt* stmt) : db_(db), stmt_(stmt) {}
  ~SqliteStatement() override { sqlite3_finalize(stmt_); }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  sqlite3_stmt* get() const { return stmt_; }

  void bind_int64(int i, std::int64_t v) override { sqlite3_bind_int64(stmt_, i, v); }
  void bind_double(int i, double v) override { sqlite3_bind_double(stmt_, i, v); }
  void bind_text(int i, std::string_view s) override {
    sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
  }
  void bind_text_copy(int i, std::string_view s) override {
    sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
  }
  void bind_blob(int i, std::string_view s) override {
    // SQLite takes a null pointer as NULL: an empty blob points somewhere.
    static const char kEmpty = 0;
    sqlite3_bind_blob(stmt_, i, s.empty() ? &kEmpty : s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
  }
  void bind_null(int i) override { sqlite3_bind_null(stmt_, i); }
  int step() override { return step_code(sqlite3_step(stmt_)); }
  void reset(bool clear) override {
    sqlite3_reset(stmt_);
    if (clear) sqlite3_clear_bindings(stmt_);
  }
  bool is_null(int c) const override { return sqlite3_column_type(stmt_, c) == SQLITE_NULL; }
  std::int64_t int64(int c) const override { return sqlite3_column_int64(stmt_, c); }
  double real(int c) const override { return sqlite3_column_double(stmt_, c); }
  std::string_view text(int c) const override {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, c));
    return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c))) : std::string_view();
  }
  std::string_view blob(int c) const override {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, c));
    return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c))) : std::string_view();
  }
  int column_count() const override { return sqlite3_column_count(stmt_); }
  Type type(int c) const override {
    switch (sqlite3_column_type(stmt_, c)) {
      case SQLITE_INTEGER: return Type::Integer;
      case SQLITE_FLOAT: return Type::Real;
      case SQLITE_TEXT: return Type::Text;
      case SQLITE_BLOB: return Type::Blob;
      default: return Type::Null;
    }
  }
  int parameter_index(const char* name) const override { return sqlite3_bind_parameter_index(stmt_, name); }
  std::int64_t inserted_id() const override { return sqlite3_last_insert_rowid(db_); }

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_;
};

class SqliteConnection final : public ConnectionImpl {
 public:
  explicit SqliteConnection(sqlite3* db) : db_(db) {}
  ~SqliteConnection() override { sqlite3_close_v2(db_); }
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  sqlite3* get() const { return db_; }

  Backend backend() const override { return Backend::SQLite; }
  std::optional<Error> exec(std::string_view sql) override {
    char* message = nullptr;
    const std::string s(sql);
    if (sqlite3_exec(db_, s.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      Error error{message ? message : sqlite3_errmsg(db_)};
      sqlite3_free(message);
      return error;
    }
    return std::nullopt;
  }
  std::unique_ptr<StatementImpl> prepare(std::string_view sql, std::string_view* tail) override {
    sqlite3_stmt* stmt = nullptr;
    const char* rest = nullptr;
    if (sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt, &rest) !=
        SQLITE_OK) {
      sqlite3_finalize(stmt);
      return nullptr;
    }
    if (!stmt) return nullptr;  // only blanks or comments: nothing to run
    if (tail) *tail = rest ? std::string_view(rest, static_cast<std::size_t>(sql.data() + sql.size() - rest)) : "";
    return std::make_unique<SqliteStatement>(db_, stmt);
  }
  std::unique_ptr<StatementImpl> prepare_insert(std::string_view table, const std::vector<std::string>& columns,
                                                bool) override {
    // One INSERT a row; SQLite gives the new rowid (the id) for free.
    std::string sql = "INSERT INTO ", values;
    sql.append(table).append(" (");
    for (const std::string& c : columns) {
      if (!values.empty()) sql.append(", "), values.append(", ");
      sql.append(c);
      values.append(":").append(c);
    }
    sql.append(") VALUES (").append(values).append(")");
    return prepare(sql, nullptr);
  }
  std::unique_ptr<StatementImpl> prepare_scan(std::string_view sql) override { return prepare(sql, nullptr); }
  bool send_held() override { return true; }  // every row went when it ran
  std::string current_error() const override { return sqlite3_errmsg(db_); }
  std::int64_t changes() const override { return sqlite3_changes64(db_); }
  bool read_only() const override { return sqlite3_db_readonly(db_, "main") == 1; }

  std::string schema_ddl(std::string_view ddl) const override { return std::string(ddl); }
  const char* tags_view() const override {
    return "CREATE VIEW tags AS\n"
           "  SELECT g.id AS game_id, CAST(j.key AS INTEGER) + 1 AS seq,\n"
           "         json_extract(j.value, '$[0]') AS name, json_extract(j.value, '$[1]') AS value\n"
           "  FROM games AS g, json_each(g.tags_json) AS j;\n";
  }
  const char* begin_write() const override { return "BEGIN IMMEDIATE"; }
  const char* begin_read() const override { return "BEGIN"; }
  const char* now_ms() const override { return "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)"; }
  const char* begin_claim() const override { return "BEGIN IMMEDIATE"; }
  const char* claim_lock() const override { return ""; }

  std::string schema_prefix(bool temp) override { return temp ? "temp." : "main."; }
  bool table_exists(const std::string& prefix, std::string_view name) override {
    auto s = prepare("SELECT count(*) FROM " + prefix + "sqlite_schema WHERE name = :name", nullptr);
    if (!s) return false;
    s->bind_text(s->parameter_index(":name"), name);
    return s->step() == kRow && s->int64(0) > 0;
  }
  std::vector<std::string> table_columns(std::string_view name) override {
    std::vector<std::string> out;
    auto s = prepare("SELECT name FROM pragma_table_info(:name) ORDER BY cid", nullptr);
    if (!s) return out;
    s->bind_text(s->parameter_index(":name"), name);
    while (s->step() == kRow) out.emplace_back(s->text(0));
    return out;
  }
  // The next rowid follows the largest anyway.
  std::optional<Error> sequence_past_ids(std::string_view, std::string_view) override { return std::nullopt; }
  std::int64_t bytes_of_tables(const std::string& prefix, const std::vector<std::string>& names) override {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + sql_string(n);
    const std::string schema = prefix.substr(0, prefix.size() - 1);
    return scalar("SELECT coalesce(sum(pgsize), 0) FROM dbstat(" + sql_string(schema) + ") WHERE name IN (" + list + ")");
  }
  Expected<std::string> integrity_check() override {
    auto s = prepare("PRAGMA integrity_check", nullptr);
    if (!s) return Error{"cannot run integrity_check: " + current_error()};
    std::string out;
    while (s->step() == kRow) {
      if (!out.empty()) out += '\n';
      out += s->text(0);
    }
    return out;
  }

  // The file header: PRAGMA application_id and user_version.
  Expected<Stamp> read_stamp() override {
    Stamp st;
    // Reading the header also tells whether this is an SQLite file at all.
    auto probe = prepare("PRAGMA application_id", nullptr);
    if (!probe || probe->step() != kRow) return Error{"not an SQLite database: " + current_error()};
    st.app = probe->int64(0);
    st.version = scalar("PRAGMA user_version", -1);
    st.tables = scalar("SELECT count(*) FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%'", -1);
    if (st.version < 0 || st.tables < 0) return Error{"cannot read the database header: " + current_error()};
    return st;
  }
  std::vector<std::string> stamp_sql(int version, bool install) const override {
    std::vector<std::string> out;
    if (install) out.push_back("PRAGMA application_id = " + std::to_string(kApplicationId));
    out.push_back("PRAGMA user_version = " + std::to_string(version));
    return out;
  }
  Error not_an_archive(std::int64_t app) const override {
    char ids[64];
    std::snprintf(ids, sizeof ids, "0x%08llX, expected 0x%08X", static_cast<unsigned long long>(app) & 0xFFFFFFFFULL,
                  static_cast<unsigned>(kApplicationId));
    return Error{std::string("not a gibo archive (SQLite application id ") + ids + ")"};
  }

  std::optional<Error> tune(Tuning tuning) override {
    switch (tuning) {
      case Tuning::NewFile:
        // 16 KiB pages (only possible before the first table and before WAL): a quarter of
        // the page writes of the default 4 KiB for rows of about a kilobyte.
        if (auto e = exec("PRAGMA page_size = 16384")) return Error{"cannot set the page size: " + e->message};
        return wal();
      case Tuning::Writer:
        // WAL: readers never block the importer, and a killed writer leaves the last
        // committed transaction intact. NORMAL sync is safe in WAL mode (durable up to the
        // last checkpoint after a power loss; never corrupt).
        if (auto e = wal()) return e;
        exec("PRAGMA synchronous = NORMAL");
        exec(kWriterCache);
        return std::nullopt;
      case Tuning::ScanCache:
        // SQLite's sorter may hold as much as the page cache in memory before it spills to
        // a temporary file: a smaller cache keeps the memory from growing with the archive.
        exec("PRAGMA cache_size = -4096");
        return std::nullopt;
      case Tuning::WriterCache: exec(kWriterCache); return std::nullopt;
      case Tuning::TempInMemory:
        // (Setting temp_store drops the TEMP tables made before: it comes first.)
        if (auto e = exec("PRAGMA temp_store = MEMORY")) return Error{"cannot keep TEMP tables: " + e->message};
        return std::nullopt;
      case Tuning::IndexWriter:
        // As the importer: in WAL mode, NORMAL syncs at checkpoints only and is never corrupt.
        exec("PRAGMA synchronous = NORMAL");
        [[fallthrough]];
      case Tuning::IndexReader: exec("PRAGMA cache_size = -65536"); return std::nullopt;
    }
    return std::nullopt;
  }
  // One file, one writer at a time: what this connection read stays true for it.
  bool shared_between_transactions() const override { return false; }

  // User SQL is prepared under the read-only authorizer.
  std::unique_ptr<StatementImpl> prepare_selection(std::string_view sql, std::string_view* tail) override {
    sqlite3_set_authorizer(db_, read_only_authorizer, nullptr);
    auto s = prepare(sql, tail);
    sqlite3_set_authorizer(db_, nullptr, nullptr);
    return s;
  }
  std::optional<Error> vet_selection(const StatementImpl& s, std::string_view) override {
    if (!sqlite3_stmt_readonly(static_cast<const SqliteStatement&>(s).get()))
      return Error{"the selection must not change the database"};
    return std::nullopt;
  }
  Expected<std::unique_ptr<SelectionScope>> begin_selection(bool, int seconds) override {
    return std::unique_ptr<SelectionScope>(std::make_unique<SelectionLimits>(db_, seconds));
  }

 private:
  std::optional<Error> wal() {
    auto s = prepare("PRAGMA journal_mode = WAL", nullptr);
    if (!s || s->step() != kRow) return Error{"cannot use WAL journaling: " + current_error()};
    return std::nullopt;
  }
  sqlite3* db_;
};

// Is `rc` SQLite's way of saying it could not open or create the -shm file?
bool cannot_share_memory(int rc) {
  const int primary = rc & 0xFF;
  return primary == SQLITE_CANTOPEN || primary == SQLITE_READONLY || primary == SQLITE_IOERR;
}

// A path as an SQLite URI with `query` ("file:...?query"): bytes other than unreserved
// ones and '/' are percent-encoded.
std::string file_uri(const std::string& path, const char* query) {
  return "file:" + gibo::text::percent_encode(path, "/") + "?" + query;
}

// Opens `path` (a file name or, with SQLITE_OPEN_URI, a URI) with `flags`.
Expected<sqlite3*> open_file(const std::string& path, int flags) {
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Error error{db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)};
    sqlite3_close_v2(db);
    return error;
  }
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_timeout(db, kBusyMs);
  return db;
}

}  // namespace

std::optional<Error> Connection::open_sqlite(const std::string& path, FileMode mode) {
  close();
  const int flags = mode == FileMode::ReadOnly    ? SQLITE_OPEN_READONLY
                    : mode == FileMode::ReadWrite ? SQLITE_OPEN_READWRITE
                                                  : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  Expected<sqlite3*> db = open_file(path, flags);
  if (!db) return db.error();
  impl_ = std::make_unique<SqliteConnection>(*db);
  return std::nullopt;
}

std::optional<Error> Connection::open_sqlite_existing(const std::string& path, bool may_write) {
  if (auto e = open_sqlite(path, may_write ? FileMode::ReadWrite : FileMode::ReadOnly)) return e;
  // The first read needs the -shm file; where it cannot be had, nobody can be writing.
  sqlite3* db = static_cast<SqliteConnection*>(impl_.get())->get();
  sqlite3_stmt* probe = nullptr;
  int rc = sqlite3_prepare_v2(db, "PRAGMA application_id", -1, &probe, nullptr);
  if (rc == SQLITE_OK) rc = sqlite3_step(probe);
  else rc = sqlite3_extended_errcode(db);
  sqlite3_finalize(probe);
  if (rc != SQLITE_ROW && !may_write && cannot_share_memory(rc)) {
    close();
    Expected<sqlite3*> again = open_file(file_uri(path, "immutable=1"), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
    if (!again) return again.error();
    impl_ = std::make_unique<SqliteConnection>(*again);
  }
  return std::nullopt;
}

}  // namespace gibo::archive::sql
