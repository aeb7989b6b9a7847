// PostgreSQL for the tests, and SQL run on either backend's archive directly.
//
// The server: the one tests/pg/pg_server.sh starts for a whole ctest run (the fixture
// `postgresql`, which hands its URI to the tests as GIBO_TEST_PG), or, when a test program
// runs on its own, one it starts for itself on first use (stopped when it exits). Each
// archive a test makes on it is a new schema, named in the connection's search_path, so
// tests never see each other's tables. No server (PostgreSQL's server programs are not
// installed) skips the PostgreSQL tests, except under CI, where it fails them: CI
// installs the server (.ci/setup).
#pragma once

#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "../cli/run_gibo.h"

namespace gibo::testing {

// The backends an archive test runs against.
enum class Backend { SQLite, PostgreSQL };

inline std::string backend_name(const ::testing::TestParamInfo<Backend>& info) {
  return info.param == Backend::SQLite ? "SQLite" : "PostgreSQL";
}

// Is `db` a PostgreSQL URI (as the tests write them)?
inline bool is_pg(const std::string& db) { return db.rfind("postgresql://", 0) == 0; }

// What a shell command prints on standard output.
inline std::string shell_output(const std::string& command) {
  std::string out;
  if (std::FILE* p = ::popen(command.c_str(), "r")) {
    char buffer[4096];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, p)) > 0) out.append(buffer, n);
    ::pclose(p);
  }
  return out;
}

namespace detail {

// The server this process started itself, stopped at exit.
struct OwnServer {
  std::string dir, uri;
  ~OwnServer() {
    if (!dir.empty()) std::system(("bash '" GIBO_PG_SERVER_SCRIPT "' stop '" + dir + "' >/dev/null 2>&1").c_str());
  }
};

inline std::string start_own_server(OwnServer& own) {
  own.dir = (std::filesystem::temp_directory_path() / ("gibo-pg-" + std::to_string(::getpid()))).string();
  std::string out = shell_output("bash '" GIBO_PG_SERVER_SCRIPT "' start '" + own.dir + "'");
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out;
}

}  // namespace detail

// The test server's URI (superuser gibo, database postgres), or "" when there is none
// (GIBO_TEST_PG names one that does not answer: its fixture was skipped).
inline const std::string& pg_server_uri() {
  static detail::OwnServer own;
  static const std::string uri = [] {
    if (const char* given = std::getenv("GIBO_TEST_PG"); given && *given) {
      PGconn* c = PQconnectdb(given);
      const bool up = PQstatus(c) == CONNECTION_OK;
      PQfinish(c);
      return up ? std::string(given) : std::string();
    }
    return detail::start_own_server(own);
  }();
  return uri;
}

// Skips the calling test (or SetUp) when no PostgreSQL server can be had; fails it under CI.
#define GIBO_REQUIRE_POSTGRESQL() \
  GIBO_REQUIRE_TOOL(!::gibo::testing::pg_server_uri().empty(), "PostgreSQL's server", "postgresql")

// A connection to `uri`, closed when it goes.
using PgConnection = std::unique_ptr<PGconn, decltype(&PQfinish)>;
inline PgConnection pg_connect(const std::string& uri) { return PgConnection(PQconnectdb(uri.c_str()), &PQfinish); }

// Runs `sql` on the PostgreSQL database `uri`: its rows (NULL as ""), each a vector of
// its columns; a failure fails the test.
inline std::vector<std::vector<std::string>> pg_rows(const std::string& uri, const std::string& sql) {
  std::vector<std::vector<std::string>> rows;
  PgConnection c = pg_connect(uri);
  if (PQstatus(c.get()) != CONNECTION_OK) {
    ADD_FAILURE() << "cannot connect to " << uri << ": " << PQerrorMessage(c.get());
    return rows;
  }
  PGresult* r = PQexec(c.get(), sql.c_str());
  const ExecStatusType st = PQresultStatus(r);
  if (st != PGRES_TUPLES_OK && st != PGRES_COMMAND_OK) ADD_FAILURE() << sql << ": " << PQresultErrorMessage(r);
  for (int i = 0; st == PGRES_TUPLES_OK && i < PQntuples(r); ++i) {
    std::vector<std::string> row;
    for (int c2 = 0; c2 < PQnfields(r); ++c2) row.emplace_back(PQgetvalue(r, i, c2));
    rows.push_back(std::move(row));
  }
  PQclear(r);
  return rows;
}

// The first column of the first row of `sql` on `uri` as a number; 0 when it cannot be
// had (no server, no such table yet), which is no failure.
inline std::int64_t pg_number_or_zero(const std::string& uri, const std::string& sql) {
  PgConnection c = pg_connect(uri);
  if (PQstatus(c.get()) != CONNECTION_OK) return 0;
  PGresult* r = PQexec(c.get(), sql.c_str());
  const std::int64_t v =
      PQresultStatus(r) == PGRES_TUPLES_OK && PQntuples(r) > 0 ? std::atoll(PQgetvalue(r, 0, 0)) : 0;
  PQclear(r);
  return v;
}

// A new, empty schema on the test server, as the URI of an archive kept in it ("" when
// there is no server).
inline std::string pg_fresh_archive() {
  const std::string& base = pg_server_uri();
  if (base.empty()) return "";
  static std::atomic<int> counter{0};
  std::string schema = "t";
  schema.append(std::to_string(::getpid())).append("_").append(std::to_string(counter++));
  pg_rows(base, "DROP SCHEMA IF EXISTS " + schema + " CASCADE; CREATE SCHEMA " + schema);
  return base + "&options=-csearch_path%3D" + schema;
}

// A test run against each backend (TEST_P; instantiate with ::testing::Values(Backend::SQLite,
// Backend::PostgreSQL) and backend_name): skipped on PostgreSQL without a server (failed
// under CI); fresh() makes each archive it needs.
class BackendTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    if (GetParam() == Backend::PostgreSQL) GIBO_REQUIRE_POSTGRESQL();
  }
  bool postgres() const { return GetParam() == Backend::PostgreSQL; }
  // A fresh archive: DIR/NAME.sqlite, or a new schema on the test server.
  std::string fresh(const std::string& name = "a") {
    return postgres() ? pg_fresh_archive() : (dir.path() / (name + ".sqlite")).string();
  }
  TempDir dir;
};

// A BackendTest on a fresh archive, `db`, made before each test (fresh()); a fixture that
// adds to SetUp calls this one first and returns when it skipped or failed.
class FreshArchiveTest : public BackendTest {
 protected:
  void SetUp() override {
    BackendTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    db = fresh();
  }
  std::string db;
};

}  // namespace gibo::testing
