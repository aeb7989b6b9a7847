// Statements bound by name from one list, and columns read by name (internal to
// src/archive): a statement's named parameters (":source_id") and the columns a SELECT
// reads are each written once, in one list, so that adding a column touches the schema
// and that list, nothing else.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sql.h"

namespace gibo::archive::sql {

// One named parameter of a statement bound from a `Row`: its name without the colon,
// and how the row's value is bound at the parameter's index. An INSERT built by
// insert_sql() writes it to the column of the same name.
template <typename Row>
struct Param {
  const char* name;
  void (*bind)(Statement&, int index, const Row&);
};

// "INSERT INTO table (a, b, ...) VALUES (:a, :b, ...)" for `params`, then `tail`.
template <typename Row>
std::string insert_sql(std::string_view table, std::span<const Param<Row>> params, std::string_view tail = {}) {
  std::string sql = "INSERT INTO ", values;
  sql.append(table).append(" (");
  for (const Param<Row>& p : params) {
    if (!values.empty()) sql.append(", "), values.append(", ");
    sql.append(p.name);
    values.append(":").append(p.name);
  }
  sql.append(") VALUES (").append(values).append(")");
  if (!tail.empty()) sql.append(" ").append(tail);
  return sql;
}

// A statement whose parameters are bound from one `Row` by a list of Params. The
// parameters' indexes are looked up once, when it is prepared; run() binds every
// parameter and steps.
template <typename Row>
class Bound {
 public:
  bool prepared() const { return stmt_.prepared(); }
  Statement& statement() { return stmt_; }

  // Prepares `sql` (once: a prepared statement is kept) and resolves `params` in it.
  // An Error when it does not prepare or lacks one of the parameters.
  std::optional<Error> prepare(Connection& db, std::string_view sql, std::span<const Param<Row>> params) {
    if (stmt_.prepared()) return std::nullopt;
    Statement s = db.prepare(sql);
    if (!s.prepared()) return Error{"cannot prepare statement: " + db.current_error()};
    return take(std::move(s), params);
  }

  // Prepares, once, the INSERT of `params` into `table` (insert_sql), then `tail` (an
  // ON CONFLICT clause).
  std::optional<Error> prepare_insert_with(Connection& db, std::string_view table, std::span<const Param<Row>> params,
                                           std::string_view tail) {
    if (stmt_.prepared()) return std::nullopt;
    return prepare(db, insert_sql(table, params, tail), params);
  }

  // Prepares, once, the plain insert of `params` into `table` that Connection::prepare_insert
  // makes (a bulk load on PostgreSQL); with `returns_id`, the statement's inserted_id()
  // gives each row's new id.
  std::optional<Error> prepare_insert(Connection& db, std::string_view table, std::span<const Param<Row>> params,
                                      bool returns_id = true) {
    if (stmt_.prepared()) return std::nullopt;
    std::vector<std::string> columns;
    for (const Param<Row>& p : params) columns.emplace_back(p.name);
    Statement s = db.prepare_insert(table, columns, returns_id);
    if (!s.prepared()) return Error{"cannot prepare statement: " + db.current_error()};
    return take(std::move(s), params);
  }

  // Binds every parameter from `row`, runs the statement to completion and resets it;
  // true on success.
  bool run(const Row& row) {
    bind(row);
    return stmt_.run();
  }
  // Binds every parameter from `row` (for statements that return rows).
  void bind(const Row& row) {
    for (std::size_t k = 0; k < params_.size(); ++k) params_[k].bind(stmt_, index_[k], row);
  }

 private:
  // Keeps the prepared `s` and resolves `params` in it.
  std::optional<Error> take(Statement s, std::span<const Param<Row>> params) {
    std::vector<int> index;
    for (const Param<Row>& p : params) {
      std::string name = ":";
      name.append(p.name);
      const int i = s.parameter_index(name.c_str());
      if (i == 0) return Error{"internal error: the statement has no parameter " + name};
      index.push_back(i);
    }
    params_ = params;
    index_ = std::move(index);
    stmt_ = std::move(s);
    return std::nullopt;
  }

  Statement stmt_;
  std::span<const Param<Row>> params_;
  std::vector<int> index_;
};

// One column a SELECT reads: its expression, and the schema version that added it
// (reading an older archive, it reads as NULL).
struct Selected {
  std::string_view expr;
  int since = 1;
};

// "e1, e2, ..." for `columns` as an archive of `schema_version` has them.
template <std::size_t N>
std::string select_list(const std::array<Selected, N>& columns, int schema_version) {
  std::string out;
  for (const Selected& c : columns) {
    if (!out.empty()) out += ", ";
    out += schema_version >= c.since ? c.expr : std::string_view("NULL");
  }
  return out;
}

// The index of the column `expr` in `columns`, at compile time: a name not in the list
// does not compile.
template <std::size_t N>
consteval int column(const std::array<Selected, N>& columns, std::string_view expr) {
  for (std::size_t i = 0; i < N; ++i)
    if (columns[i].expr == expr) return static_cast<int>(i);
  throw "no such column in the list";
}

// Runs "SELECT <columns> <rest>" on `db` and calls `fn(statement)` for every row; an
// Error ("cannot read <what>: ...") when it does not prepare or a step fails.
template <std::size_t N, typename Fn>
std::optional<Error> for_each_row(Connection& db, const std::array<Selected, N>& columns, int schema_version,
                                  std::string_view rest, const char* what, Fn&& fn) {
  std::string sql = "SELECT ";
  sql.append(select_list(columns, schema_version)).append(" ").append(rest);
  Statement s = db.prepare(sql);
  if (!s.prepared()) return Error{std::string("cannot read ") + what + ": " + db.current_error()};
  int rc;
  while ((rc = s.step()) == kRow) fn(s);
  if (rc != kDone) return Error{std::string("reading ") + what + " failed: " + db.current_error()};
  return std::nullopt;
}

}  // namespace gibo::archive::sql
