// The archive layer's one database API (internal to src/archive): a connection and its
// prepared statements, the same for every backend. SQLite (sqlite_backend.cpp) and
// PostgreSQL (pg_backend.cpp, libpq) implement it; the SQL the archive runs is written
// once, in the form both accept, and where the two dialects differ, dialect.h says how.
//
// Conventions (SQLite's, which the archive's SQL was written for):
// * Parameters are named (:name) and bound by their names; bind indices (1-based) are
//   what a name resolves to, column indices are 0-based. PostgreSQL's backend numbers
//   them $1, $2, ... itself (pg_translate.h).
// * step() gives kRow while rows come, then kDone; anything else is a failure, and
//   Connection::current_error() says why.
// * Errors follow gibo's convention (gibo/core/expected.h): open and exec return
//   std::optional<Error>, empty on success; an unprepared Statement is prepare's failure.
//   Nothing here throws.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/expected.h"

namespace gibo::archive::sql {

// What step() gives: kRow while rows come, then kDone; kFailed otherwise (each backend
// maps its own codes to these).
inline constexpr int kRow = 1;
inline constexpr int kDone = 2;
inline constexpr int kFailed = 3;

// Which backend a connection is, named by the backend itself (ConnectionImpl::backend):
// for messages and tests. The archive's code never branches on it: what differs is asked
// of the backend (ConnectionImpl's capabilities), so a new backend must say each.
enum class Backend { SQLite, PostgreSQL };

// How an SQLite file is opened (Connection::open_sqlite).
enum class FileMode { ReadOnly, ReadWrite, Create };

// What says whose database this is and at which schema version (ConnectionImpl::
// read_stamp). SQLite: the header's application id and user version. PostgreSQL: the
// comment on the meta table and the highest version in schema_version. `tables`: how many
// tables the database (its current schema, on PostgreSQL) holds.
struct Stamp {
  std::int64_t app = 0;
  std::int64_t version = 0;
  std::int64_t tables = 0;
};

// A connection's settings for one kind of work (ConnectionImpl::tune). SQLite sets its
// PRAGMAs; a server tunes itself, and PostgreSQL does nothing.
enum class Tuning {
  NewFile,       // before a new archive's first table: its page size and journal (WAL)
  Writer,        // a writer's connection: WAL, syncs at checkpoints, the writer's page cache
  ScanCache,     // before a long sorted scan: a small page cache, so sorting spills sooner
  WriterCache,   // after it: the writer's page cache again
  TempInMemory,  // TEMP tables kept in memory
  IndexReader,   // the position index's reader: a large page cache
  IndexWriter,   // the position index's writer: as the reader, syncing at checkpoints
};

// What a user's selection runs inside (ConnectionImpl::begin_selection): its limits, held
// until the scope goes.
class SelectionScope {
 public:
  virtual ~SelectionScope() = default;
  // Why the selection was stopped ("" while it was not).
  virtual std::string stopped() const = 0;
};

// What a column of the current row holds.
enum class Type { Null, Integer, Real, Text, Blob };

// One backend's prepared statement (sqlite_backend.cpp, pg_backend.cpp).
class StatementImpl {
 public:
  virtual ~StatementImpl() = default;
  // Text and blobs are kept by reference until the statement is reset or rebound: the
  // caller keeps the bytes alive until then.
  virtual void bind_int64(int i, std::int64_t v) = 0;
  virtual void bind_double(int i, double v) = 0;
  virtual void bind_text(int i, std::string_view s) = 0;
  virtual void bind_text_copy(int i, std::string_view s) = 0;  // copied now
  virtual void bind_blob(int i, std::string_view s) = 0;
  virtual void bind_null(int i) = 0;
  virtual int step() = 0;
  // Ready to run again; `clear` also forgets the bindings.
  virtual void reset(bool clear) = 0;
  virtual bool is_null(int c) const = 0;
  virtual std::int64_t int64(int c) const = 0;
  virtual double real(int c) const = 0;
  virtual std::string_view text(int c) const = 0;
  virtual std::string_view blob(int c) const = 0;
  virtual int column_count() const = 0;
  virtual Type type(int c) const = 0;
  // The index of the parameter `name` (":name"), 0 when the statement has none.
  virtual int parameter_index(const char* name) const = 0;
  // The id of the row the last run inserted, for inserts prepared to give one
  // (Connection::prepare_insert).
  virtual std::int64_t inserted_id() const = 0;
};

// One prepared statement.
class Statement {
 public:
  Statement() = default;
  explicit Statement(std::unique_ptr<StatementImpl> impl) : impl_(std::move(impl)) {}

  bool prepared() const { return impl_ != nullptr; }
  StatementImpl* impl() const { return impl_.get(); }

  void bind(int i, std::int64_t v) { impl_->bind_int64(i, v); }
  void bind(int i, int v) { impl_->bind_int64(i, v); }
  void bind(int i, std::uint64_t v) { impl_->bind_int64(i, static_cast<std::int64_t>(v)); }
  void bind(int i, double v) { impl_->bind_double(i, v); }
  void bind_text(int i, std::string_view s) { impl_->bind_text(i, s); }
  // The current UTC time as the archive stores it (dialect.h: utc_now).
  void bind_now(int i);
  // An empty blob is a blob, not NULL.
  void bind_blob(int i, std::string_view s) { impl_->bind_blob(i, s); }
  void bind_null(int i) { impl_->bind_null(i); }
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
  // The same binders by the parameter's name (":name"): the archive names every
  // parameter of its statements. A name the statement does not have is a fault of the
  // caller's SQL, never of the data: std::logic_error (both backends would otherwise
  // ignore the value and run with NULL).
  template <typename T>
  void bind(const char* name, T v) { bind(index_of(name), v); }
  void bind_text(const char* name, std::string_view s) { bind_text(index_of(name), s); }
  void bind_blob(const char* name, std::string_view s) { bind_blob(index_of(name), s); }
  void bind_null(const char* name) { bind_null(index_of(name)); }
  void bind_now(const char* name) { bind_now(index_of(name)); }
  template <typename T>
  void bind_optional(const char* name, const std::optional<T>& v) { bind_optional(index_of(name), v); }
  void bind_optional_text(const char* name, const std::optional<std::string>& v) {
    bind_optional_text(index_of(name), v);
  }
  // For one binding shared by several statements of which some lack the parameter
  // (Archive::replace_game's steps: each names :old, some :new): binds `v` to `name` only where the statement has it.
  void bind_if_present(const char* name, std::int64_t v) {
    if (const int i = impl_->parameter_index(name)) bind(i, v);
  }

  // Steps once: kRow, kDone or a failure.
  int step() { return impl_->step(); }
  // Runs to completion (no rows expected; a first row is not an error) and resets,
  // keeping the bindings; true on success.
  bool run() {
    const int rc = impl_->step();
    impl_->reset(false);
    return rc == kDone || rc == kRow;
  }
  void reset() { impl_->reset(true); }

  // Column readers (valid after step() gave kRow). A PostgreSQL boolean reads as 1 or 0.
  bool is_null(int c) const { return impl_->is_null(c); }
  std::int64_t int64(int c) const { return impl_->int64(c); }
  int integer(int c) const { return static_cast<int>(impl_->int64(c)); }
  double real(int c) const { return impl_->real(c); }
  std::string_view text(int c) const { return impl_->text(c); }
  std::string_view blob(int c) const { return impl_->blob(c); }
  std::optional<std::string> optional_text(int c) const {
    if (is_null(c)) return std::nullopt;
    return std::string(text(c));
  }
  std::optional<int> optional_int(int c) const {
    if (is_null(c)) return std::nullopt;
    return integer(c);
  }
  int column_count() const { return impl_->column_count(); }
  Type type(int c) const { return impl_->type(c); }
  int parameter_index(const char* name) const { return impl_->parameter_index(name); }
  std::int64_t inserted_id() const { return impl_->inserted_id(); }

 private:
  int index_of(const char* name) const {
    if (const int i = impl_->parameter_index(name)) return i;
    throw std::logic_error(std::string("the statement has no parameter ") + name);
  }

  std::unique_ptr<StatementImpl> impl_;
};

// One backend's connection.
class ConnectionImpl {
 public:
  virtual ~ConnectionImpl() = default;
  // The single integer a query returns (its first column of its first row), or `fallback`:
  // the one reading of a scalar, for the backends' capabilities and Connection::scalar.
  std::int64_t scalar(std::string_view sql, std::int64_t fallback = 0) {
    const std::unique_ptr<StatementImpl> s = prepare(sql, nullptr);
    if (!s || s->step() != kRow) return fallback;
    return s->int64(0);
  }
  virtual Backend backend() const = 0;
  virtual std::optional<Error> exec(std::string_view sql) = 0;
  // Null on failure (current_error() says why); `tail`, if given, receives the text after
  // the first statement.
  virtual std::unique_ptr<StatementImpl> prepare(std::string_view sql, std::string_view* tail) = 0;
  // An insert of `columns` into `table` whose run() adds one row. With `returns_id`, the
  // table's `id` is not among the columns and the row's new id is inserted_id(). Rows may
  // be held and sent in bulk (PostgreSQL's COPY) before the next other statement runs, so
  // a failure may surface there: current_error() then names the table.
  virtual std::unique_ptr<StatementImpl> prepare_insert(std::string_view table, const std::vector<std::string>& columns,
                                                        bool returns_id) = 0;
  // A query whose rows may be many, read a part at a time (PostgreSQL: through a cursor,
  // so inside a transaction only); null on failure.
  virtual std::unique_ptr<StatementImpl> prepare_scan(std::string_view sql) = 0;
  // Sends the rows bulk inserts hold (prepare_insert) now; false on failure.
  virtual bool send_held() = 0;
  virtual std::string current_error() const = 0;
  // Rows changed by the latest INSERT, UPDATE or DELETE.
  virtual std::int64_t changes() const = 0;
  // May this connection write at all?
  virtual bool read_only() const = 0;

  // The capabilities: where the backends differ, each says its own (dialect.h says what
  // each fragment is for; the callers reach them through it).
  // -- SQL fragments.
  virtual std::string schema_ddl(std::string_view ddl) const = 0;
  virtual const char* tags_view() const = 0;
  virtual const char* begin_write() const = 0;
  virtual const char* begin_read() const = 0;
  virtual const char* now_ms() const = 0;
  virtual const char* begin_claim() const = 0;
  virtual const char* claim_lock() const = 0;
  // -- Introspection.
  virtual std::string schema_prefix(bool temp) = 0;
  virtual bool table_exists(const std::string& prefix, std::string_view name) = 0;
  virtual std::vector<std::string> table_columns(std::string_view name) = 0;
  virtual std::optional<Error> sequence_past_ids(std::string_view name, std::string_view id_column) = 0;
  virtual std::int64_t bytes_of_tables(const std::string& prefix, const std::vector<std::string>& names) = 0;
  // Does the archive's check of its storage (integrity_check) find it sound? "ok" or the
  // problems found; an Error when it cannot run.
  virtual Expected<std::string> integrity_check() = 0;
  // -- The stamp: what the database says it is, the statements that stamp it as gibo's
  // archive of `version` (with `install`, also as gibo's), and the refusal of a database
  // stamped by something else (`app`).
  virtual Expected<Stamp> read_stamp() = 0;
  virtual std::vector<std::string> stamp_sql(int version, bool install) const = 0;
  virtual Error not_an_archive(std::int64_t app) const = 0;
  // -- Settings for a kind of work; an Error says why they could not be had.
  virtual std::optional<Error> tune(Tuning tuning) = 0;
  // Can other clients add rows between two of this connection's transactions, so that
  // ids read before are read again at each (a server)?
  virtual bool shared_between_transactions() const = 0;
  // -- A user's selection: prepared so that it can change nothing (null on failure, as
  // prepare), vetted once prepared (an Error when it may change the database or the
  // session), and run inside a scope that limits it (`own`: no transaction is open).
  virtual std::unique_ptr<StatementImpl> prepare_selection(std::string_view sql, std::string_view* tail) = 0;
  virtual std::optional<Error> vet_selection(const StatementImpl& s, std::string_view sql) = 0;
  virtual Expected<std::unique_ptr<SelectionScope>> begin_selection(bool own, int seconds) = 0;
};

// One connection.
class Connection {
 public:
  Connection() = default;
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Opens the SQLite database `path` (sqlite_backend.cpp), waiting up to 10 s for
  // another writer's lock; SQLite's message on failure.
  std::optional<Error> open_sqlite(const std::string& path, FileMode mode);
  // Opens the SQLite file `path` that exists, without creating or changing it: read-write
  // when `may_write` (a reader beside a running import must share its -wal and -shm),
  // else read-only, and immutable where SQLite cannot have the -shm file (nobody can be
  // writing a file no one may write).
  std::optional<Error> open_sqlite_existing(const std::string& path, bool may_write);
  // Connects to the PostgreSQL server `conninfo` names (a URI or libpq's keywords, with
  // its environment variables: pg_backend.cpp); libpq's message on failure.
  std::optional<Error> open_postgres(const std::string& conninfo);
  void close() { impl_.reset(); }
  bool is_open() const { return impl_ != nullptr; }
  ConnectionImpl* impl() const { return impl_.get(); }
  Backend backend() const { return impl_->backend(); }

  // Runs one or more statements with no results; the backend's message on failure.
  std::optional<Error> exec(std::string_view sql) { return impl_->exec(sql); }
  // Prepares one statement; an unprepared Statement on failure (current_error() says
  // why). `tail`, if given, receives the text after the first statement.
  Statement prepare(std::string_view sql, std::string_view* tail = nullptr) {
    return Statement(impl_->prepare(sql, tail));
  }
  // See ConnectionImpl::prepare_insert.
  Statement prepare_insert(std::string_view table, const std::vector<std::string>& columns, bool returns_id) {
    return Statement(impl_->prepare_insert(table, columns, returns_id));
  }
  // See ConnectionImpl::prepare_scan.
  Statement prepare_scan(std::string_view sql) { return Statement(impl_->prepare_scan(sql)); }
  // Sends the rows that bulk inserts hold (a statement from prepare_insert drops the rows
  // it still holds when it goes); the backend's message on failure.
  std::optional<Error> send_held() {
    if (!impl_->send_held()) return Error{impl_->current_error()};
    return std::nullopt;
  }
  // The single integer a query returns (its first column of its first row), or `fallback`.
  std::int64_t scalar(std::string_view sql, std::int64_t fallback = 0) { return impl_->scalar(sql, fallback); }
  std::int64_t changes() const { return impl_->changes(); }
  bool read_only() const { return impl_->read_only(); }
  // The backend's message for the connection's latest failed call (prepare, step).
  std::string current_error() const { return impl_ ? impl_->current_error() : "the database is not open"; }

 private:
  std::unique_ptr<ConnectionImpl> impl_;
};

}  // namespace gibo::archive::sql
