// sql.h over the SQLite C API: a thin layer, each call one SQLite call.
#include "sqlite_backend.h"

#include <chrono>

namespace gibo::archive::sql {
namespace {

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
  int step() override { return sqlite3_step(stmt_); }
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

 private:
  sqlite3* db_;
};

}  // namespace

std::optional<Error> Connection::open_sqlite(const std::string& path, int flags) {
  close();
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    Error error{db ? sqlite3_errmsg(db) : sqlite3_errstr(rc)};
    sqlite3_close_v2(db);
    return error;
  }
  sqlite3_extended_result_codes(db, 1);
  impl_ = std::make_unique<SqliteConnection>(db);
  return std::nullopt;
}

sqlite3* sqlite_handle(const Connection& db) {
  const auto* c = dynamic_cast<const SqliteConnection*>(db.impl());
  return c ? c->get() : nullptr;
}

sqlite3_stmt* sqlite_statement(const Statement& s) {
  const auto* impl = dynamic_cast<const SqliteStatement*>(s.impl());
  return impl ? impl->get() : nullptr;
}

namespace {

sqlite3_int64 steady_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// VM steps between two looks at the clock and the heap.
constexpr int kCheckEvery = 20000;

}  // namespace

SelectionLimits::SelectionLimits(const Connection& db, int seconds, sqlite3_int64 heap_bytes)
    : db_(sqlite_handle(db)),
      old_length_(sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, kLengthBytes)),
      deadline_ms_(steady_ms() + sqlite3_int64{seconds} * 1000),
      heap_ceiling_(sqlite3_memory_used() + heap_bytes),
      seconds_(seconds),
      heap_bytes_(heap_bytes) {
  sqlite3_progress_handler(db_, kCheckEvery, &SelectionLimits::check, this);
}

SelectionLimits::~SelectionLimits() {
  sqlite3_progress_handler(db_, 0, nullptr, nullptr);
  sqlite3_limit(db_, SQLITE_LIMIT_LENGTH, old_length_);
}

int SelectionLimits::check(void* self) {
  auto* limits = static_cast<SelectionLimits*>(self);
  if (steady_ms() > limits->deadline_ms_)
    limits->stopped_ = "the selection ran longer than " + std::to_string(limits->seconds_) + " s and was stopped";
  else if (sqlite3_memory_used() > limits->heap_ceiling_)
    limits->stopped_ = "the selection needed more than " + std::to_string(limits->heap_bytes_ >> 20) +
                       " MiB of memory and was stopped";
  return limits->stopped_.empty() ? 0 : 1;
}

}  // namespace gibo::archive::sql
