// A thin RAII layer over the SQLite C API for the archive layer's own use (not a public
// header). Errors follow gibo's convention (gibo/core/expected.h): open and exec return
// std::optional<Error>, empty on success; an unprepared Statement is prepare's failure,
// and current_error() is SQLite's message for it. Nothing here throws.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "gibo/core/expected.h"

namespace gibo::archive::sql {

// One prepared statement. Bind indices are 1-based, column indices 0-based (as in SQLite).
class Statement {
 public:
  Statement() = default;
  // Takes ownership of `stmt` (may be null: an unprepared statement).
  explicit Statement(sqlite3_stmt* stmt) : stmt_(stmt) {}
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(Statement&& o) noexcept : stmt_(o.stmt_) { o.stmt_ = nullptr; }
  Statement& operator=(Statement&& o) noexcept {
    if (this != &o) {
      sqlite3_finalize(stmt_);
      stmt_ = o.stmt_;
      o.stmt_ = nullptr;
    }
    return *this;
  }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  bool prepared() const { return stmt_ != nullptr; }
  sqlite3_stmt* get() const { return stmt_; }

  // Binders. Strings and blobs are copied by SQLite only when `transient` (the default
  // keeps a pointer: the caller keeps the bytes alive until the statement is reset).
  void bind(int i, std::int64_t v) { sqlite3_bind_int64(stmt_, i, v); }
  void bind(int i, int v) { sqlite3_bind_int64(stmt_, i, v); }
  void bind(int i, std::uint64_t v) { sqlite3_bind_int64(stmt_, i, static_cast<std::int64_t>(v)); }
  void bind(int i, double v) { sqlite3_bind_double(stmt_, i, v); }
  void bind_text(int i, std::string_view s) {
    sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
  }
  void bind_blob(int i, std::string_view s) {
    // An empty blob must still be a blob, not NULL: SQLite takes a null pointer as NULL.
    static const char kEmpty = 0;
    sqlite3_bind_blob(stmt_, i, s.empty() ? &kEmpty : s.data(), static_cast<int>(s.size()), SQLITE_STATIC);
  }
  void bind_null(int i) { sqlite3_bind_null(stmt_, i); }
  // NULL when `v` is empty.
  template <typename T>
  void bind_optional(int i, const std::optional<T>& v) {
    if (v) bind(i, *v);
    else bind_null(i);
  }
  void bind_optional_text(int i, const std::optional<std::string>& v) {
    if (v) bind_text(i, *v);
    else bind_null(i);
  }

  // Steps once: SQLITE_ROW, SQLITE_DONE or an error code.
  int step() { return sqlite3_step(stmt_); }
  // Runs to completion (no rows expected) and resets; true on success.
  bool run() {
    const int rc = sqlite3_step(stmt_);
    sqlite3_reset(stmt_);
    return rc == SQLITE_DONE || rc == SQLITE_ROW;
  }
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  // Column readers (valid after step() returned SQLITE_ROW).
  bool is_null(int c) const { return sqlite3_column_type(stmt_, c) == SQLITE_NULL; }
  std::int64_t int64(int c) const { return sqlite3_column_int64(stmt_, c); }
  int integer(int c) const { return sqlite3_column_int(stmt_, c); }
  std::string_view text(int c) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, c));
    return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c))) : std::string_view();
  }
  std::string_view blob(int c) const {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, c));
    return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, c))) : std::string_view();
  }
  std::optional<std::string> optional_text(int c) const {
    if (is_null(c)) return std::nullopt;
    return std::string(text(c));
  }
  std::optional<int> optional_int(int c) const {
    if (is_null(c)) return std::nullopt;
    return integer(c);
  }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

// One connection.
class Connection {
 public:
  Connection() = default;
  ~Connection() { close(); }
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Opens `path` with sqlite3_open_v2 `flags`; SQLite's message on failure.
  std::optional<Error> open(const std::string& path, int flags) {
    close();
    const int rc = sqlite3_open_v2(path.c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
      Error error{db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc)};
      close();
      return error;
    }
    sqlite3_extended_result_codes(db_, 1);
    return std::nullopt;
  }
  void close() {
    if (db_) sqlite3_close_v2(db_);
    db_ = nullptr;
  }
  bool is_open() const { return db_ != nullptr; }
  sqlite3* get() const { return db_; }

  // Runs one or more statements with no results; SQLite's message on failure.
  std::optional<Error> exec(std::string_view sql) {
    char* message = nullptr;
    const std::string s(sql);
    if (sqlite3_exec(db_, s.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
      Error error{message ? message : sqlite3_errmsg(db_)};
      sqlite3_free(message);
      return error;
    }
    return std::nullopt;
  }
  // Prepares one statement; an unprepared Statement on failure (current_error() says
  // why). `tail`, if given, receives the text after the first statement.
  Statement prepare(std::string_view sql, std::string_view* tail = nullptr) {
    sqlite3_stmt* stmt = nullptr;
    const char* rest = nullptr;
    if (sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt, &rest) !=
        SQLITE_OK) {
      sqlite3_finalize(stmt);
      return Statement();
    }
    if (tail) *tail = rest ? std::string_view(rest, static_cast<std::size_t>(sql.data() + sql.size() - rest)) : "";
    return Statement(stmt);
  }
  // The single integer a query returns (its first column of its first row), or `fallback`.
  std::int64_t scalar(std::string_view sql, std::int64_t fallback = 0) {
    Statement s = prepare(sql);
    if (!s.prepared() || s.step() != SQLITE_ROW) return fallback;
    return s.int64(0);
  }
  std::int64_t last_insert_rowid() const { return sqlite3_last_insert_rowid(db_); }
  // SQLite's message for the connection's latest failed call (prepare, step).
  std::string current_error() const { return db_ ? sqlite3_errmsg(db_) : "the database is not open"; }

 private:
  sqlite3* db_ = nullptr;
};

}  // namespace gibo::archive::sql
