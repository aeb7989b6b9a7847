// sql.h over libpq, PostgreSQL's C client library: the driver (statements, bulk inserts by
// COPY, the connection); the capabilities' SQL is pg_dialect.cpp's, the translations of
// SQL pg_translate.cpp's.
//
// Policies (written here because this is where they are enforced):
// * Parameters: the archive's :name (and ?N) are numbered $N (pg_translate.h), outside
//   string literals, quoted names and comments. Values travel as text, blobs as binary (bytea); results
//   come back as text and are decoded on reading (bytea from its \x hex form, a boolean
//   as 1 or 0).
// * A statement's rows are fetched whole when it is first stepped: the archive pages
//   its large reads itself (LIMIT, keyed on the last row read), so no read holds more
//   than a page in memory, and any other statement may run between two pages.
// * A statement run more than once is prepared on the server (PQprepare) from its
//   second run on, and deallocated when it is destroyed.
// * A scan (prepare_scan) reads its rows through a cursor, kScanRows at a time, inside the
//   caller's transaction: a read of the whole games table holds a page in memory, and
//   other statements may run between two pages.
// * Inserts from prepare_insert are bulk loads: their rows are kept (COPY's text form)
//   and sent with one COPY per table before any other statement runs on the connection,
//   and before a COMMIT; a ROLLBACK drops them. The ids they give are the table's
//   largest id plus one, counted on from there inside one transaction: the archive takes
//   its write lock (dialect.h) before it inserts, so no other writer adds rows meanwhile,
//   and the table's identity sequence is moved past them after each COPY.
// * References between tables are not the server's to check (dialect.h: schema_ddl), as
//   on SQLite: rows may come in any order within a transaction.
// * The server's notices are not printed.
#include <libpq-fe.h>

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cctype>
#include <cstring>
#include <map>

#include "pg_conninfo.h"
#include "pg_dialect.h"
#include "pg_translate.h"
#include "sql.h"

namespace gibo::archive::sql {
namespace {

// COPY data is sent when a table's held rows reach this many bytes.
constexpr std::size_t kCopyFlushBytes = 4u << 20;
// A scan's rows fetched at a time.
constexpr int kScanRows = 4096;

// libpq's message on one line: its lines joined with "; ", blanks at the ends dropped.
std::string one_line(std::string_view text) {
  std::string out;
  bool gap = false;
  for (char c : text) {
    if (c == '\n' || c == '\r') {
      gap = !out.empty();
      continue;
    }
    if (gap) {
      out += "; ";
      gap = false;
      if (c == '\t' || c == ' ') continue;
    }
    if (c == '\t' && (out.empty() || out.back() == ' ')) continue;
    out += c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

class PgCopy;

// The connection itself, shared by the connection and its statements (so that a
// statement outliving its connection is harmless).
struct Session {
  PGconn* conn = nullptr;
  std::string error;
  std::int64_t changes = 0;
  int next_name = 0;
  // Counts transaction starts and ends seen (the bulk inserts' id counters are valid
  // within one transaction).
  std::uint64_t transaction_serial = 0;
  PGTransactionStatusType last_status = PQTRANS_IDLE;
  std::map<std::string, PgCopy*> pending;  // bulk inserts holding rows, by table
  // The failure that ended the open transaction (the statements after it are refused
  // with "current transaction is aborted": they report this one instead).
  std::string first_failure;

  ~Session() {
    if (conn) PQfinish(conn);
  }

  bool broken() const { return !conn || PQstatus(conn) != CONNECTION_OK; }

  // Notes a change of transaction state after a command (not while one is still
  // running: libpq knows the state once the server is ready for the next).
  void observe() {
    const PGTransactionStatusType now = PQtransactionStatus(conn);
    if (now == PQTRANS_ACTIVE) return;
    if (now != last_status) ++transaction_serial;
    if (now == PQTRANS_IDLE) first_failure.clear();
    last_status = now;
  }
  bool in_transaction() const { return last_status == PQTRANS_INTRANS || last_status == PQTRANS_INERROR; }

  // Keeps the server's message of a failed result (or the connection's).
  void fail(const PGresult* r) {
    const char* primary = r ? PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
    if (state && std::string_view(state) == "25P02" && !first_failure.empty()) {  // in failed transaction
      error = first_failure;
      return;
    }
    if (primary) {
      error = primary;
      if (const char* detail = PQresultErrorField(r, PG_DIAG_MESSAGE_DETAIL)) error.append(" (").append(detail).append(")");
    } else {
      error = one_line(conn ? PQerrorMessage(conn) : "the connection is closed");
      if (error.empty()) error = "the server did not answer";
    }
    if (first_failure.empty() && PQtransactionStatus(conn) == PQTRANS_INERROR) first_failure = error;
  }

  // Did `r` succeed? Keeps the failure's message and the count of changed rows.
  bool check(PGresult* r) {
    observe();
    const ExecStatusType st = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK || st == PGRES_EMPTY_QUERY) {
      const char* n = PQcmdTuples(r);
      changes = n && *n ? std::atoll(n) : 0;
      return true;
    }
    fail(r);
    return false;
  }

  // Sends every bulk insert's held rows; false (with the error) when one fails.
  bool flush();
  // Drops the held rows (the transaction they belong to is rolled back).
  void drop_pending();
};

// The text of a value as COPY's text format writes it.
void append_copy_text(std::string& out, std::string_view s) {
  for (char c : s) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: out += c;
    }
  }
}

constexpr char kHex[] = "0123456789abcdef";

// bytea's hex form ("\x0a1b..."), as COPY's text format writes it (the backslash doubled).
void append_copy_bytea(std::string& out, std::string_view s) {
  out += "\\\\x";
  for (unsigned char c : s) {
    out += kHex[c >> 4];
    out += kHex[c & 15];
  }
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The bytes of bytea's text output ("\x..." hex; the old escape form is not used by
// servers since 9.0 unless configured so, and is read as it is).
std::string decode_bytea(std::string_view t) {
  if (t.size() < 2 || t[0] != '\\' || t[1] != 'x') return std::string(t);
  std::string out;
  out.reserve((t.size() - 2) / 2);
  for (std::size_t i = 2; i + 1 < t.size(); i += 2)
    out += static_cast<char>(hex_value(t[i]) * 16 + hex_value(t[i + 1]));
  return out;
}

// What the columns of the current row of a result read as.
class ResultReader {
 public:
  void set(PGresult* r) {
    PQclear(result_);
    result_ = r;
    rows_ = r ? PQntuples(r) : 0;
    row_ = -1;
  }
  ~ResultReader() { PQclear(result_); }
  bool next() {
    if (row_ + 1 >= rows_) return false;
    ++row_;
    decoded_.clear();
    return true;
  }
  bool is_null(int c) const { return !result_ || PQgetisnull(result_, row_, c); }
  std::string_view text(int c) const {
    if (is_null(c)) return {};
    return std::string_view(PQgetvalue(result_, row_, c), static_cast<std::size_t>(PQgetlength(result_, row_, c)));
  }
  std::int64_t int64(int c) const {
    const std::string_view t = text(c);
    if (t == "t") return 1;
    if (t == "f" || t.empty()) return 0;
    std::int64_t v = 0;
    if (std::from_chars(t.data(), t.data() + t.size(), v).ec == std::errc()) return v;
    return static_cast<std::int64_t>(std::strtod(std::string(t).c_str(), nullptr));  // numeric, real
  }
  double real(int c) const { return is_null(c) ? 0.0 : std::strtod(std::string(text(c)).c_str(), nullptr); }
  std::string_view blob(int c) const {
    if (is_null(c)) return {};
    auto it = decoded_.find(c);
    if (it == decoded_.end()) it = decoded_.emplace(c, decode_bytea(text(c))).first;
    return it->second;
  }
  int columns() const { return result_ ? PQnfields(result_) : 0; }
  // By the column's type (its oid: pg_type.dat's values, which never change).
  Type type(int c) const {
    if (is_null(c)) return Type::Null;
    switch (PQftype(result_, c)) {
      case 16: case 20: case 21: case 23: return Type::Integer;  // bool, int8, int2, int4
      case 700: case 701: case 1700: return Type::Real;         // float4, float8, numeric
      case 17: return Type::Blob;                               // bytea
      default: return Type::Text;
    }
  }

 private:
  PGresult* result_ = nullptr;
  int rows_ = 0, row_ = -1;
  mutable std::map<int, std::string> decoded_;
};

class PgStatement final : public StatementImpl {
 public:
  // With `scan`, rows are read through a cursor (prepare_scan).
  PgStatement(std::shared_ptr<Session> s, pg::Translated t, bool scan = false)
      : s_(std::move(s)), sql_(std::move(t.sql)), names_(std::move(t.names)), scan_(scan) {
    const std::size_t n = names_.size() - 1;
    values_.resize(n);
    is_null_.assign(n, true);
    binary_.assign(n, 0);
  }
  ~PgStatement() override {
    close_cursor();
    if (!prepared_name_.empty() && !s_->broken() && PQtransactionStatus(s_->conn) != PQTRANS_INERROR)
      PQclear(PQexec(s_->conn, ("DEALLOCATE " + prepared_name_).c_str()));
  }
  PgStatement(const PgStatement&) = delete;
  PgStatement& operator=(const PgStatement&) = delete;

  void bind_int64(int i, std::int64_t v) override { set(i, std::to_string(v), false); }
  void bind_double(int i, double v) override {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    set(i, buffer, false);
  }
  void bind_text(int i, std::string_view s) override { set(i, std::string(s), false); }
  void bind_text_copy(int i, std::string_view s) override { bind_text(i, s); }
  void bind_blob(int i, std::string_view s) override { set(i, std::string(s), true); }
  void bind_null(int i) override {
    if (valid(i)) is_null_[static_cast<std::size_t>(i - 1)] = true;
  }
  int step() override {
    if (!executed_) {
      executed_ = true;
      if (!(scan_ ? open_cursor() : execute())) return kFailed;
    }
    if (rows_.next()) return kRow;
    if (cursor_.empty() || !page_full_) return kDone;
    if (!fetch()) return kFailed;
    return rows_.next() ? kRow : kDone;
  }
  void reset(bool clear) override {
    executed_ = false;
    close_cursor();
    rows_.set(nullptr);
    if (clear) is_null_.assign(is_null_.size(), true);
  }
  bool is_null(int c) const override { return rows_.is_null(c); }
  std::int64_t int64(int c) const override { return rows_.int64(c); }
  double real(int c) const override { return rows_.real(c); }
  std::string_view text(int c) const override { return rows_.text(c); }
  std::string_view blob(int c) const override { return rows_.blob(c); }
  int column_count() const override { return columns_; }
  Type type(int c) const override { return rows_.type(c); }
  int parameter_index(const char* name) const override {
    for (std::size_t i = 1; i < names_.size(); ++i)
      if (names_[i] == name) return static_cast<int>(i);
    return 0;
  }
  std::int64_t inserted_id() const override { return 0; }

  // Describes the statement without running it (its column count); false when it does
  // not prepare.
  bool describe() {
    if (!s_->flush()) return false;
    const std::string name = "gibo_d" + std::to_string(s_->next_name++);
    PGresult* r = PQprepare(s_->conn, name.c_str(), sql_.c_str(), static_cast<int>(values_.size()), nullptr);
    const bool ok = s_->check(r);
    PQclear(r);
    if (!ok) return false;
    PGresult* d = PQdescribePrepared(s_->conn, name.c_str());
    if (s_->check(d)) columns_ = PQnfields(d);
    PQclear(d);
    prepared_name_ = name;
    runs_ = 1;
    return true;
  }

 private:
  bool valid(int i) const { return i >= 1 && static_cast<std::size_t>(i) <= values_.size(); }
  void set(int i, std::string v, bool binary) {
    if (!valid(i)) return;
    const auto k = static_cast<std::size_t>(i - 1);
    values_[k] = std::move(v);
    is_null_[k] = false;
    binary_[k] = binary ? 1 : 0;
  }

  // Declares the scan's cursor (its parameters bound) and fetches its first page.
  bool open_cursor() {
    if (!s_->flush()) return false;
    cursor_ = "gibo_c" + std::to_string(s_->next_name++);
    const std::string declare = "DECLARE " + cursor_ + " NO SCROLL CURSOR FOR " + sql_;
    std::vector<const char*> values(values_.size());
    std::vector<int> lengths(values_.size());
    for (std::size_t k = 0; k < values_.size(); ++k) {
      values[k] = is_null_[k] ? nullptr : values_[k].data();
      lengths[k] = static_cast<int>(values_[k].size());
    }
    PGresult* r = PQexecParams(s_->conn, declare.c_str(), static_cast<int>(values_.size()), nullptr, values.data(),
                               lengths.data(), binary_.data(), 0);
    const bool ok = s_->check(r);
    PQclear(r);
    if (!ok) {
      cursor_.clear();
      return false;
    }
    return fetch();
  }
  // The cursor's next page.
  bool fetch() {
    PGresult* r = PQexec(s_->conn, ("FETCH FORWARD " + std::to_string(kScanRows) + " FROM " + cursor_).c_str());
    if (!s_->check(r)) {
      PQclear(r);
      return false;
    }
    columns_ = PQnfields(r);
    page_full_ = PQntuples(r) == kScanRows;
    rows_.set(r);
    return true;
  }
  void close_cursor() {
    if (cursor_.empty()) return;
    if (!s_->broken() && PQtransactionStatus(s_->conn) == PQTRANS_INTRANS)
      PQclear(PQexec(s_->conn, ("CLOSE " + cursor_).c_str()));
    cursor_.clear();
  }

  bool execute() {
    if (!s_->flush()) return false;
    const int n = static_cast<int>(values_.size());
    std::vector<const char*> values(values_.size());
    std::vector<int> lengths(values_.size());
    for (std::size_t k = 0; k < values_.size(); ++k) {
      values[k] = is_null_[k] ? nullptr : values_[k].data();
      lengths[k] = static_cast<int>(values_[k].size());
    }
    // The second run prepares the statement on the server (a statement run once is not
    // worth the round trip).
    if (prepared_name_.empty() && ++runs_ >= 2) {
      const std::string name = "gibo_s" + std::to_string(s_->next_name++);
      PGresult* p = PQprepare(s_->conn, name.c_str(), sql_.c_str(), n, nullptr);
      if (PQresultStatus(p) == PGRES_COMMAND_OK) prepared_name_ = name;
      PQclear(p);
      s_->observe();
    }
    PGresult* r = prepared_name_.empty()
                      ? PQexecParams(s_->conn, sql_.c_str(), n, nullptr, values.data(), lengths.data(), binary_.data(), 0)
                      : PQexecPrepared(s_->conn, prepared_name_.c_str(), n, values.data(), lengths.data(),
                                       binary_.data(), 0);
    if (!s_->check(r)) {
      PQclear(r);
      return false;
    }
    columns_ = PQnfields(r);
    rows_.set(r);
    return true;
  }

  std::shared_ptr<Session> s_;
  std::string sql_;
  std::vector<std::string> names_;
  std::vector<std::string> values_;
  std::vector<char> is_null_;
  std::vector<int> binary_;
  bool executed_ = false;
  int runs_ = 0, columns_ = 0;
  std::string prepared_name_;
  ResultReader rows_;
  bool scan_ = false, page_full_ = false;
  std::string cursor_;  // the open cursor of a scan
};

// A bulk insert: rows kept in COPY's text form until the session sends them.
class PgCopy final : public StatementImpl {
 public:
  PgCopy(std::shared_ptr<Session> s, std::string table, std::vector<std::string> columns, bool returns_id)
      : s_(std::move(s)), table_(std::move(table)), columns_(std::move(columns)), returns_id_(returns_id) {
    fields_.assign(columns_.size(), "\\N");
  }
  ~PgCopy() override {
    // Rows not sent yet go with their statement (an error path: the caller rolls back).
    auto it = s_->pending.find(table_);
    if (it != s_->pending.end() && it->second == this) s_->pending.erase(it);
  }
  PgCopy(const PgCopy&) = delete;
  PgCopy& operator=(const PgCopy&) = delete;

  void bind_int64(int i, std::int64_t v) override {
    if (valid(i)) field(i) = std::to_string(v);
  }
  void bind_double(int i, double v) override {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    if (valid(i)) field(i) = buffer;
  }
  void bind_text(int i, std::string_view s) override {
    if (!valid(i)) return;
    std::string& f = field(i);
    f.clear();
    append_copy_text(f, s);
  }
  void bind_text_copy(int i, std::string_view s) override { bind_text(i, s); }
  void bind_blob(int i, std::string_view s) override {
    if (!valid(i)) return;
    std::string& f = field(i);
    f.clear();
    append_copy_bytea(f, s);
  }
  void bind_null(int i) override {
    if (valid(i)) field(i) = "\\N";
  }
  int step() override {
    if (returns_id_) {
      if (!next_id()) return kFailed;
      last_id_ = next_id_++;
      buffer_.append(std::to_string(last_id_)).append("\t");
    }
    for (std::size_t k = 0; k < fields_.size(); ++k) {
      if (k) buffer_ += '\t';
      buffer_ += fields_[k];
    }
    buffer_ += '\n';
    // Another bulk insert of the same table (a second statement) sends its rows first.
    auto& holder = s_->pending[table_];
    if (holder && holder != this && !holder->send()) return kFailed;
    holder = this;
    if (buffer_.size() >= kCopyFlushBytes && !send()) return kFailed;
    return kDone;
  }
  void reset(bool clear) override {
    if (clear) fields_.assign(columns_.size(), "\\N");
  }
  bool is_null(int) const override { return true; }
  std::int64_t int64(int) const override { return 0; }
  double real(int) const override { return 0; }
  std::string_view text(int) const override { return {}; }
  std::string_view blob(int) const override { return {}; }
  int column_count() const override { return 0; }
  Type type(int) const override { return Type::Null; }
  int parameter_index(const char* name) const override {
    if (*name != ':') return 0;
    for (std::size_t k = 0; k < columns_.size(); ++k)
      if (columns_[k] == name + 1) return static_cast<int>(k + 1);
    return 0;
  }
  std::int64_t inserted_id() const override { return last_id_; }

  // Forgets the rows held (their transaction was rolled back) and the id counter.
  void discard() {
    buffer_.clear();
    serial_ = ~std::uint64_t{0};
  }

  // Sends the rows held (one COPY); false with the session's error when it fails.
  bool send() {
    if (buffer_.empty()) return true;
    auto it = s_->pending.find(table_);
    if (it != s_->pending.end() && it->second == this) s_->pending.erase(it);
    std::string sql = "COPY " + table_ + " (";
    if (returns_id_) sql += "id, ";
    for (std::size_t k = 0; k < columns_.size(); ++k) sql += (k ? ", " : "") + columns_[k];
    sql += ") FROM STDIN";
    PGresult* r = PQexec(s_->conn, sql.c_str());
    const bool copying = PQresultStatus(r) == PGRES_COPY_IN;
    if (!copying) {
      s_->check(r);
      PQclear(r);
      buffer_.clear();
      return false;
    }
    PQclear(r);
    const bool sent = PQputCopyData(s_->conn, buffer_.data(), static_cast<int>(buffer_.size())) == 1;
    PQputCopyEnd(s_->conn, sent ? nullptr : "gibo could not send the rows");
    buffer_.clear();
    bool ok = true;
    while (PGresult* done = PQgetResult(s_->conn)) {
      if (!s_->check(done)) ok = false;
      PQclear(done);
    }
    if (!ok) {
      s_->error = "cannot store rows in " + table_ + ": " + s_->error;
      if (PQtransactionStatus(s_->conn) == PQTRANS_INERROR) s_->first_failure = s_->error;
      return false;
    }
    if (returns_id_) {
      // The identity sequence past the ids given here (for inserts that take it).
      const std::string bump = "SELECT setval(pg_get_serial_sequence('" + table_ + "', 'id'), " +
                               std::to_string(next_id_ - 1) + ")";
      PGresult* b = PQexec(s_->conn, bump.c_str());
      ok = s_->check(b);
      PQclear(b);
      if (!s_->in_transaction()) serial_ = ~std::uint64_t{0};  // autocommit: read the table again
    }
    return ok;
  }

 private:
  bool valid(int i) const { return i >= 1 && static_cast<std::size_t>(i) <= fields_.size(); }
  std::string& field(int i) { return fields_[static_cast<std::size_t>(i - 1)]; }

  // Knows the next id to give: the table's largest plus one, read once a transaction.
  bool next_id() {
    if (serial_ == s_->transaction_serial && s_->in_transaction()) return true;
    if (!s_->flush()) return false;
    PGresult* r = PQexec(s_->conn, ("SELECT coalesce(max(id), 0) FROM " + table_).c_str());
    if (!s_->check(r)) {
      PQclear(r);
      return false;
    }
    next_id_ = std::atoll(PQgetvalue(r, 0, 0)) + 1;
    PQclear(r);
    serial_ = s_->transaction_serial;
    return true;
  }

  std::shared_ptr<Session> s_;
  std::string table_;
  std::vector<std::string> columns_;
  bool returns_id_;
  std::vector<std::string> fields_;
  std::string buffer_;
  std::int64_t next_id_ = 1, last_id_ = 0;
  std::uint64_t serial_ = ~std::uint64_t{0};
};

bool Session::flush() {
  while (!pending.empty()) {
    PgCopy* copy = pending.begin()->second;
    if (!copy->send()) return false;
  }
  return true;
}

void Session::drop_pending() {
  for (auto& [table, copy] : pending) copy->discard();
  pending.clear();
}

// Does `sql` start with `word` (case-blind), after blanks?
bool starts_with_word(std::string_view sql, std::string_view word) {
  std::size_t i = 0;
  while (i < sql.size() && std::isspace(static_cast<unsigned char>(sql[i]))) ++i;
  if (sql.size() - i < word.size()) return false;
  for (std::size_t k = 0; k < word.size(); ++k)
    if (std::toupper(static_cast<unsigned char>(sql[i + k])) != word[k]) return false;
  return true;
}

class PgConnection final : public ConnectionImpl {
 public:
  explicit PgConnection(std::shared_ptr<Session> s) : s_(std::move(s)) {}

  Backend backend() const override { return Backend::PostgreSQL; }
  std::optional<Error> exec(std::string_view sql) override {
    if (starts_with_word(sql, "ROLLBACK")) s_->drop_pending();
    else if (!s_->flush()) return Error{s_->error};
    PGresult* r = PQexec(s_->conn, std::string(sql).c_str());
    const bool ok = s_->check(r);
    PQclear(r);
    if (!ok) return Error{s_->error};
    return std::nullopt;
  }
  std::unique_ptr<StatementImpl> prepare(std::string_view sql, std::string_view* tail) override {
    pg::Translated t = pg::number_parameters(sql);
    if (tail) *tail = t.tail;
    auto s = std::make_unique<PgStatement>(s_, std::move(t));
    // Only a statement whose columns are asked for is described on the server (user SQL);
    // the archive's own statements show their errors when they run.
    if (tail && !s->describe()) return nullptr;
    return s;
  }
  std::unique_ptr<StatementImpl> prepare_insert(std::string_view table, const std::vector<std::string>& columns,
                                                bool returns_id) override {
    return std::make_unique<PgCopy>(s_, std::string(table), columns, returns_id);
  }
  std::unique_ptr<StatementImpl> prepare_scan(std::string_view sql) override {
    return std::make_unique<PgStatement>(s_, pg::number_parameters(sql), true);
  }
  bool send_held() override { return s_->flush(); }
  std::string current_error() const override { return s_->error; }
  std::int64_t changes() const override { return s_->changes; }
  // A role that may not create tables in the archive's schema writes nothing there.
  bool read_only() const override {
    if (!s_->flush()) return true;
    PGresult* r = PQexec(s_->conn, "SELECT has_schema_privilege(current_schema(), 'CREATE')");
    const bool may = s_->check(r) && PQntuples(r) == 1 && std::string_view(PQgetvalue(r, 0, 0)) == "t";
    PQclear(r);
    return !may;
  }

  std::string schema_ddl(std::string_view ddl) const override { return pg::schema_ddl(ddl); }
  const char* tags_view() const override {
    return "CREATE VIEW tags AS\n"
           "  SELECT g.id AS game_id, j.seq AS seq, j.pair ->> 0 AS name, j.pair ->> 1 AS value\n"
           "  FROM games AS g, jsonb_array_elements(g.tags_json::jsonb) WITH ORDINALITY AS j(pair, seq);\n";
  }
  // The archive's write lock: a transaction-level advisory lock on the database, its key
  // "GIBO" in ASCII as SQLite's application id, so that writers take turns as on SQLite
  // while readers never wait.
  const char* begin_write() const override { return "BEGIN; SELECT pg_advisory_xact_lock(1195984463)"; }
  const char* begin_read() const override { return "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"; }
  const char* now_ms() const override { return "CAST(extract(epoch FROM clock_timestamp()) * 1000 AS BIGINT)"; }
  const char* begin_claim() const override { return "BEGIN"; }
  const char* claim_lock() const override { return " FOR UPDATE SKIP LOCKED"; }

  std::string schema_prefix(bool temp) override { return pg::schema_prefix(*this, temp); }
  bool table_exists(const std::string& prefix, std::string_view name) override {
    return pg::table_exists(*this, prefix, name);
  }
  std::vector<std::string> table_columns(std::string_view name) override { return pg::table_columns(*this, name); }
  std::optional<Error> sequence_past_ids(std::string_view name, std::string_view id_column) override {
    return pg::sequence_past_ids(*this, name, id_column);
  }
  std::int64_t bytes_of_tables(const std::string& prefix, const std::vector<std::string>& names) override {
    return pg::bytes_of_tables(*this, prefix, names);
  }
  Expected<std::string> integrity_check() override { return pg::integrity_check(*this); }
  Expected<Stamp> read_stamp() override { return pg::read_stamp(*this); }
  std::vector<std::string> stamp_sql(int, bool install) const override { return pg::stamp_sql(install); }
  Error not_an_archive(std::int64_t) const override {
    return Error{"not a gibo archive (the schema holds tables of something else)"};
  }
  // The server tunes itself.
  std::optional<Error> tune(Tuning) override { return std::nullopt; }
  // Other clients of the server may add rows between two transactions.
  bool shared_between_transactions() const override { return true; }
  std::unique_ptr<StatementImpl> prepare_selection(std::string_view sql, std::string_view* tail) override {
    return prepare(sql, tail);
  }
  std::optional<Error> vet_selection(const StatementImpl&, std::string_view sql) override {
    return pg::vet_selection(*this, sql);
  }
  Expected<std::unique_ptr<SelectionScope>> begin_selection(bool own, int seconds) override {
    return pg::begin_selection(*this, own, seconds);
  }

 private:
  std::shared_ptr<Session> s_;
};

void ignore_notice(void*, const char*) {}

// `message` with the password of `conninfo` left out: libpq quotes a URI it cannot read
// whole, and the password may stand in it (and elsewhere, when it is long enough to be
// told from other words).
std::string without_password_in(std::string message, const std::string& conninfo) {
  auto replace_all = [&](const std::string& from, const std::string& to) {
    if (from.empty() || from == to) return;
    for (std::size_t at = message.find(from); at != std::string::npos; at = message.find(from, at + to.size()))
      message.replace(at, from.size(), to);
  };
  replace_all(conninfo, without_password(conninfo));
  if (PQconninfoOption* options = PQconninfoParse(conninfo.c_str(), nullptr)) {
    for (PQconninfoOption* o = options; o->keyword; ++o)
      if (std::string_view(o->keyword) == "password" && o->val && std::strlen(o->val) >= 4) replace_all(o->val, "***");
    PQconninfoFree(options);
  }
  return message;
}

}  // namespace

std::optional<Error> Connection::open_postgres(const std::string& conninfo) {
  close();
  auto s = std::make_shared<Session>();
  s->conn = PQconnectdb(conninfo.c_str());
  if (!s->conn) return Error{"cannot connect: out of memory"};
  if (PQstatus(s->conn) != CONNECTION_OK)
    return Error{"cannot connect: " + without_password_in(one_line(PQerrorMessage(s->conn)), conninfo)};
  PQsetNoticeProcessor(s->conn, ignore_notice, nullptr);
  if (PQsetClientEncoding(s->conn, "UTF8") != 0) return Error{"cannot use UTF-8 with the server"};
  impl_ = std::make_unique<PgConnection>(std::move(s));
  return std::nullopt;
}

}  // namespace gibo::archive::sql
