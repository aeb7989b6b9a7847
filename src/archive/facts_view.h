// Installing the facts view (gibo/archive/facts.h) on a connection (internal to
// src/archive).
#pragma once

#include <memory>
#include <string>

#include "sql.h"

namespace gibo::archive::facts {

// Per-connection state of the view's SQL functions (a cache of the last tags decoded).
struct FunctionState;
struct FunctionStateDeleter {
  void operator()(FunctionState* s) const;
};
using FunctionStatePtr = std::unique_ptr<FunctionState, FunctionStateDeleter>;

// Registers the view's SQL functions (gibo_fact, gibo_date, gibo_year, gibo_player) and
// creates TEMP VIEW facts over the archive's tables. `schema_version` is the archive's
// (an older archive opened read-only lacks later columns: they read as NULL). `state`
// receives what the functions use; it must outlive the connection's statements. Empty on
// success, else why it failed.
std::optional<Error> install(sql::Connection& db, int schema_version, FunctionStatePtr& state);

// Allows reading and functions only while it lives (sqlite3_set_authorizer): user SQL is
// prepared under one, so it cannot change anything.
class ReadOnlyGuard {
 public:
  explicit ReadOnlyGuard(sql::Connection& db);
  ~ReadOnlyGuard();
  ReadOnlyGuard(const ReadOnlyGuard&) = delete;
  ReadOnlyGuard& operator=(const ReadOnlyGuard&) = delete;

 private:
  sql::Connection& db_;
};

}  // namespace gibo::archive::facts
