// What goes wrong with a PostgreSQL archive (issue 32): a wrong URI (no server there, a
// database or role the server does not have, one libpq cannot read), a role without
// rights, an archive of a newer schema, a server that is down or goes away in the middle
// of an import. Each time: a clear error on one line, exit status 3, nothing
// half-written; the same import run again once the server is back ends with the games of
// an uninterrupted one.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>

#include "../cli/run_gibo.h"
#include "../archive/raw_sql.h"
#include "../archive/variant_corpus.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

// The scripted engine (tests/analysis/fake_uci.sh), with an empty table.
const std::string kFakeEngine = std::string(GIBO_TEST_DATA) + "/../analysis/fake_uci.sh /dev/null";

// Every command that takes an archive, on `uri` (copy: from it).
std::vector<std::vector<std::string>> every_reader_and_writer(const std::string& uri) {
  return {{"stats", "--db", uri},
          {"export", "--db", uri, "--to", "jsonl"},
          {"explore", "--db", uri},
          {"import", "--db", uri, kKbs},
          {"rescore", "--db", uri},
          {"analyze", "--db", uri, "--status"},
          {"analyze", "--db", uri, "--worker", "--engine", kFakeEngine},
          {"copy", uri, (fs::temp_directory_path() / ("gibo-copy-" + std::to_string(::getpid()) + ".sqlite")).string()}};
}

TEST(PgErrors, AWrongUriIsAnUnreadableArchive) {
  std::vector<std::pair<std::string, std::string>> uris = {
      {"postgresql://me:secret@/gibo?host=/nonexistent&port=1", "No such file or directory"},
      {"host=/nonexistent port=1 dbname=gibo password=secret", "No such file or directory"},
      {"postgresql://me:secret@[bad", "IPv6 host address"}};
  if (!pg_server_uri().empty()) {  // a server that answers, but has no such database, no such role
    std::string no_database = pg_server_uri(), no_role = pg_server_uri();
    no_database.replace(no_database.find("/postgres?"), 10, "/no_such_db?");
    no_role.replace(no_role.find("gibo@"), 5, "no_such_role:secret@");
    uris.emplace_back(no_database, "database \"no_such_db\" does not exist");
    uris.emplace_back(no_role, "role \"no_such_role\" does not exist");
  }
  for (const auto& [uri, why] : uris) {
    for (const std::vector<std::string>& args : every_reader_and_writer(uri)) {
      SCOPED_TRACE(args[0] + " " + uri);
      const auto r = run_gibo(args);
      EXPECT_EQ(r.status, 3) << r.err;
      EXPECT_NE(r.err.find("cannot connect"), std::string::npos) << r.err;
      EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
      EXPECT_EQ(r.err.find("secret"), std::string::npos) << "a password is never printed: " << r.err;
      EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
    }
  }
}

TEST(PgErrors, ARoleWithoutRightsWritesNothing) {
  GIBO_REQUIRE_POSTGRESQL();
  const std::string db = pg_fresh_archive();
  ASSERT_EQ(run_gibo({"import", "--db", db, kKbs}).status, 0);
  const std::string schema = raw_text(db, "SELECT current_schema()");
  const std::string role = "reader_" + schema;
  raw_sql(db, "CREATE ROLE " + role + " LOGIN; GRANT USAGE ON SCHEMA " + schema + " TO " + role +
                  "; GRANT SELECT ON ALL TABLES IN SCHEMA " + schema + " TO " + role);
  std::string as_reader = db;
  as_reader.replace(as_reader.find("gibo@"), 5, role + "@");
  const std::int64_t games = raw_int(db, "SELECT count(*) FROM games");
  // Reading works.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"stats", "--db", as_reader}, std::vector<std::string>{"explore", "--db", as_reader},
        std::vector<std::string>{"search", "--db", as_reader, "--moves", "79졸78"},
        std::vector<std::string>{"export", "--db", as_reader, "--to", "pgn", "--where", "year > 2000"},
        std::vector<std::string>{"analyze", "--db", as_reader, "--status"}}) {
    const auto r = run_gibo(args);
    EXPECT_EQ(r.status, 0) << args[0] << ": " << r.err;
  }
  // Writing is refused, and leaves the archive as it was.
  const auto import = run_gibo({"import", "--db", as_reader, kCorpus});
  EXPECT_EQ(import.status, 3) << import.err;
  EXPECT_NE(import.err.find("permission denied"), std::string::npos) << import.err;
  const auto rescore = run_gibo({"rescore", "--db", as_reader, "--rules", "fs-janggi"});
  EXPECT_EQ(rescore.status, 3) << rescore.err;
  EXPECT_NE(rescore.err.find("permission denied"), std::string::npos) << rescore.err;
  const auto worker = run_gibo({"analyze", "--db", as_reader, "--worker", "--where", "id = 1", "--engine", kFakeEngine});
  EXPECT_EQ(worker.status, 3) << worker.err;
  EXPECT_NE(worker.err.find("permission denied"), std::string::npos) << worker.err;
  TempDir dir;
  const std::string lite = (dir.path() / "a.sqlite").string();
  ASSERT_EQ(run_gibo({"import", "--db", lite, kKbs}).status, 0);
  const std::string other = pg_fresh_archive(), other_schema = raw_text(other, "SELECT current_schema()");
  raw_sql(db, "GRANT USAGE ON SCHEMA " + other_schema + " TO " + role);
  std::string into_other = other;
  into_other.replace(into_other.find("gibo@"), 5, role + "@");
  const auto copy = run_gibo({"copy", lite, into_other});
  EXPECT_EQ(copy.status, 3) << copy.err;
  EXPECT_NE(copy.err.find("permission denied"), std::string::npos) << copy.err;
  EXPECT_EQ(raw_int(other, "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"), 0);
  // The facts of rules other than this gibo's are derived again by a writer; the reader
  // derives its own (in TEMP tables, which any role may make) and writes nothing.
  raw_sql(db, "UPDATE meta SET value = 'other rules' WHERE key = 'derived_rules'; DELETE FROM game_facts");
  const auto selected = run_gibo({"export", "--db", as_reader, "--to", "jsonl", "--where", "cho_id <> '' AND year > 0"});
  EXPECT_EQ(selected.status, 0) << selected.err;
  EXPECT_EQ(std::count(selected.out.begin(), selected.out.end(), '\n'), games);
  const auto stale = run_gibo({"rescore", "--db", as_reader});
  EXPECT_EQ(stale.status, 3) << stale.err;
  EXPECT_NE(stale.err.find("permission denied"), std::string::npos) << stale.err;
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM games"), games);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM game_facts"), 0);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM sources"), 1);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM verdicts"), 0);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM analysis_requests"), 0);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM analysis_queue"), 0);
}

TEST(PgErrors, ANewerSchemaIsRefused) {
  GIBO_REQUIRE_POSTGRESQL();
  const std::string db = pg_fresh_archive();
  ASSERT_EQ(run_gibo({"import", "--db", db, kKbs}).status, 0);
  // The version after the one this gibo wrote.
  const std::int64_t newer = raw_int(db, "SELECT max(version) FROM schema_version") + 1;
  ASSERT_GT(newer, 1);
  raw_sql(db, "INSERT INTO schema_version VALUES (" + std::to_string(newer) + ", 'later', 'later')");
  const std::string tables = "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()";
  const std::int64_t before = raw_int(db, tables);
  for (const std::vector<std::string>& args : every_reader_and_writer(db)) {
    SCOPED_TRACE(args[0]);
    const auto r = run_gibo(args);
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_NE(r.err.find("newer than this gibo's"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << "one line: " << r.err;
  }
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM sources"), 1);
  EXPECT_EQ(raw_int(db, tables), before);
  EXPECT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), newer);
}

// A server of this test's own, which it kills during an import and starts again.
TEST(PgErrors, AServerThatGoesAwayLosesOneBatchAndTheImportResumes) {
  GIBO_REQUIRE_POSTGRESQL();
  TempDir dir;
  const std::string server = (fs::temp_directory_path() / ("gibo-pg-kill-" + std::to_string(::getpid()))).string();
  const std::string script = std::string("bash '") + GIBO_PG_SERVER_SCRIPT + "' ";
  std::string started = shell_output(script + "start '" + server + "'");
  while (!started.empty() && started.back() == '\n') started.pop_back();
  ASSERT_FALSE(started.empty());
  struct Stop {
    std::string command;
    ~Stop() { std::system(command.c_str()); }
  } stop{script + "stop '" + server + "' >/dev/null 2>&1"};
  const std::string db = started + "&options=-csearch_path%3Dpublic";
  write_variant_corpus(valid_corpus_games(kCorpus), dir.path() / "in", 40, 50, 21);
  const std::vector<std::string> import = {"import", "--db", db, "--batch", "20", "--jobs", "1",
                                           (dir.path() / "in").string()};
  const pid_t pid = spawn_gibo(import);
  // Until the import has committed something, then the server goes.
  for (int i = 0; i < 200 && pg_number_or_zero(db, "SELECT count(*) FROM games") == 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  ASSERT_EQ(std::system((script + "kill '" + server + "'").c_str()), 0);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 3) << status;
  // While the server is down, every command says so.
  for (const std::vector<std::string>& args : every_reader_and_writer(db)) {
    SCOPED_TRACE(args[0]);
    const auto r = run_gibo(args);
    EXPECT_EQ(r.status, 3) << r.err;
    EXPECT_NE(r.err.find("cannot connect"), std::string::npos) << r.err;
  }
  ASSERT_EQ(std::system((script + "restart '" + server + "'").c_str()), 0);
  // Run again: the games of an uninterrupted import.
  const auto again = run_gibo(import);
  EXPECT_EQ(again.status, 0) << again.out << again.err;
  const std::string lite = (dir.path() / "clean.sqlite").string();
  ASSERT_EQ(run_gibo({"import", "--db", lite, (dir.path() / "in").string()}).status, 0);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM games"), raw_int(lite, "SELECT count(*) FROM games"));
  EXPECT_EQ(raw_int(db, "SELECT sum(hash % 1000003) FROM games"), raw_int(lite, "SELECT sum(hash % 1000003) FROM games"));
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM sources WHERE complete = 1"), 40);
}

}  // namespace
}  // namespace gibo
