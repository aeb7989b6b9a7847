// gibo import / gibo export end to end (issue 6 acceptance): the corpus into a real
// SQLite file, re-import adds nothing, export -> import gives the same games, and an
// import killed with SIGKILL at many moments leaves a consistent database that a re-run
// completes to exactly the games of an uninterrupted import.
#include <gtest/gtest.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <functional>
#include <iostream>
#include <random>
#include <set>
#include <thread>

#include "../cli/run_gibo.h"
#include "../pg/pg_test.h"
#include "../archive/variant_corpus.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

// Rows of a query on an archive (a SQLite file or a PostgreSQL URI), each row's columns
// joined with '|' (NULL as NULL).
std::vector<std::string> query(const std::string& db, const std::string& sql) {
  std::vector<std::string> rows;
  if (is_pg(db)) {
    PgConnection c = pg_connect(db);
    PGresult* r = PQexec(c.get(), sql.c_str());
    if (PQresultStatus(r) != PGRES_TUPLES_OK) ADD_FAILURE() << sql << ": " << PQresultErrorMessage(r);
    for (int i = 0; PQresultStatus(r) == PGRES_TUPLES_OK && i < PQntuples(r); ++i) {
      std::string row;
      for (int k = 0; k < PQnfields(r); ++k) {
        if (k) row += '|';
        row += PQgetisnull(r, i, k) ? "NULL" : PQgetvalue(r, i, k);
      }
      rows.push_back(std::move(row));
    }
    PQclear(r);
    return rows;
  }
  sqlite3* h = nullptr;
  if (sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
    ADD_FAILURE() << "cannot open " << db;
    sqlite3_close(h);
    return rows;
  }
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(h, sql.c_str(), -1, &s, nullptr) != SQLITE_OK) {
    ADD_FAILURE() << sql << ": " << sqlite3_errmsg(h);
  } else {
    while (sqlite3_step(s) == SQLITE_ROW) {
      std::string row;
      for (int c = 0; c < sqlite3_column_count(s); ++c) {
        if (c) row += '|';
        const auto* t = sqlite3_column_text(s, c);
        row += t ? reinterpret_cast<const char*>(t) : "NULL";
      }
      rows.push_back(std::move(row));
    }
  }
  sqlite3_finalize(s);
  sqlite3_close(h);
  return rows;
}

long number(const std::string& db, const std::string& sql) {
  const auto rows = query(db, sql);
  return rows.empty() ? -1 : std::stol(rows[0]);
}

// The value of `"key":N` in a JSON line.
long json_number(const std::string& line, const std::string& key) {
  const std::size_t at = line.find("\"" + key + "\":");
  if (at == std::string::npos) return -1;
  return std::stol(line.substr(at + key.size() + 3));
}

std::string summary_line(const testing::Result& r) {
  for (const std::string& l : r.out_lines())
    if (l.find("\"type\":\"summary\"") != std::string::npos) return l;
  return "";
}

// The import tests that run against both backends.
class ImportOn : public BackendTest {
 protected:
  // The archive `a` exported to the other formats and imported again: JSON and JSON Lines
  // keep every game (`hashes`, `content`: its games and what they say); PGN only the plies
  // that replay, so its valid games (`valid_a`, sorted) come back (an illegal move cannot
  // be written in SAN).
  void expect_other_formats_keep_games(const std::string& a, const std::vector<std::string>& valid_a,
                                       const std::string& hashes, const std::string& content) {
    for (const std::string format : {"json", "jsonl", "pgn"}) {
      SCOPED_TRACE(format);
      const fs::path file = dir.path() / ("all." + format);
      const std::string db = fresh(format);
      auto w = run_gibo({"export", "--db", a, "--to", format, "-o", file.string()});
      // PGN holds the broken games only up to their last legal ply: counted, a finding.
      ASSERT_EQ(w.status, format == "pgn" ? 1 : 0) << w.err;
      auto r = run_gibo({"import", "--db", db, file.string()});
      ASSERT_NE(r.status, 2) << r.out << r.err;
      auto valid = query(db, "SELECT hash FROM games WHERE status = 'valid'");
      std::sort(valid.begin(), valid.end());
      EXPECT_TRUE(std::includes(valid.begin(), valid.end(), valid_a.begin(), valid_a.end()));
      if (format != "pgn") {
        EXPECT_EQ(query(db, hashes), query(a, hashes));
        EXPECT_EQ(query(db, content), query(a, content));
      }
    }
  }
};
INSTANTIATE_TEST_SUITE_P(Backends, ImportOn, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

TEST_P(ImportOn, CorpusOnceThenNothingNew) {
  const std::string db = fresh("corpus");
  auto first = run_gibo({"import", "--db", db, "--format", "jsonl", kCorpus});
  ASSERT_EQ(first.status, 0) << first.out << first.err;
  const std::string s1 = summary_line(first);
  EXPECT_EQ(json_number(s1, "files"), 40);
  EXPECT_EQ(json_number(s1, "games"), 84);
  EXPECT_EQ(json_number(s1, "invalid"), 0);
  const long added = json_number(s1, "added");
  EXPECT_EQ(added + json_number(s1, "duplicates"), 84);
  // Every record is kept: the games and their copies.
  EXPECT_EQ(number(db, "SELECT count(*) FROM games WHERE copy_of IS NULL"), added);
  EXPECT_EQ(number(db, "SELECT count(*) FROM games"), 84);
  EXPECT_EQ(number(db, "SELECT count(*) FROM sources WHERE complete = 1"), 40);
  EXPECT_EQ(number(db, "SELECT count(*) FROM games WHERE status = 'valid'"), 84);
  if (!is_pg(db)) {
    EXPECT_EQ(query(db, "PRAGMA integrity_check")[0], "ok");
  }
  // Every tag is there, verbatim and in order, through the tags view.
  EXPECT_EQ(number(db, "SELECT count(*) FROM tags WHERE name = '대국결과'"), 84);
  EXPECT_EQ(number(db, "SELECT count(*) FROM games WHERE moves IS NULL OR length(moves) != 2 * plies"), 0);

  // Again, with the files given another way (a glob and a file twice): nothing new.
  auto second = run_gibo({"import", "--db", db, "--format", "jsonl", kCorpus + "/*.gib",
                          kCorpus + "/pobsiz_tyson_mgame.gib"});
  ASSERT_EQ(second.status, 0) << second.out << second.err;
  const std::string s2 = summary_line(second);
  EXPECT_EQ(json_number(s2, "added"), 0);
  EXPECT_EQ(json_number(s2, "games"), 0);
  EXPECT_EQ(json_number(s2, "skipped"), 41);
  EXPECT_EQ(number(db, "SELECT count(*) FROM games"), 84);

  // Standard input whose bytes are a known file: skipped too.
  auto third = run_gibo({"import", "--db", db, "-"}, kCorpus + "/pobsiz_kakao019_g078.gib");
  EXPECT_EQ(third.status, 0) << third.out << third.err;
  EXPECT_EQ(number(db, "SELECT count(*) FROM games"), 84);
}

TEST_P(ImportOn, ExportThenImportGivesTheSameGames) {
  const std::string a = fresh("a"), b = fresh("b"), c = fresh("c");
  // The corpus plus broken fixtures: invalid games, copies, files without games.
  auto in = run_gibo({"import", "--db", a, kCorpus, kFixtures});
  ASSERT_EQ(in.status, 1) << in.out << in.err;  // findings: the fixtures hold broken games
  EXPECT_GT(number(a, "SELECT count(*) FROM games WHERE status = 'invalid'"), 0);
  EXPECT_GT(number(a, "SELECT count(*) FROM games WHERE copy_of IS NOT NULL"), 0);
  EXPECT_GT(number(a, "SELECT count(*) FROM diagnostics WHERE game_id IS NULL AND game_index IS NULL"), 0);
  // A prefix of a longer game was found (truncated_move.gib cuts a corpus game short).
  EXPECT_GT(number(a, "SELECT count(*) FROM prefixes"), 0);
  EXPECT_NE(in.out.find("is a prefix of"), std::string::npos) << in.out;

  // One file per source, and one file for everything.
  auto out_dir = run_gibo({"export", "--db", a, "--to", "gib", "-o", (dir.path() / "out/").string()});
  ASSERT_EQ(out_dir.status, 0) << out_dir.err;
  auto out_one = run_gibo({"export", "--db", a, "--to", "gib", "-o", (dir.path() / "all.gib").string()});
  ASSERT_EQ(out_one.status, 0) << out_one.err;
  auto back = run_gibo({"import", "--db", b, (dir.path() / "out").string()});
  ASSERT_NE(back.status, 2) << back.out << back.err;
  auto back_one = run_gibo({"import", "--db", c, (dir.path() / "all.gib").string()});
  ASSERT_NE(back_one.status, 2) << back_one.out << back_one.err;

  // (The games: their copies are written with --copies, below.)
  const std::string hashes = "SELECT hash FROM games WHERE copy_of IS NULL ORDER BY hash";
  const auto original = query(a, hashes);
  EXPECT_EQ(original.size(), static_cast<std::size_t>(number(a, "SELECT count(*) FROM games WHERE copy_of IS NULL")));
  EXPECT_EQ(query(b, hashes), original);
  EXPECT_EQ(query(c, hashes), original);
  // The same games also in what they say: tags and stored results.
  const std::string content =
      "SELECT hash, tags_json, result_text, plies FROM games WHERE copy_of IS NULL ORDER BY hash";
  EXPECT_EQ(query(b, content), query(a, content));
  // Valid games stay valid (an invalid game may come back valid: a reader error such as a
  // cut-off last ply is not written back, only the plies the record holds).
  auto valid_a = query(a, "SELECT hash FROM games WHERE status = 'valid' AND copy_of IS NULL");
  auto valid_b = query(b, "SELECT hash FROM games WHERE status = 'valid'");
  std::sort(valid_a.begin(), valid_a.end());
  std::sort(valid_b.begin(), valid_b.end());
  EXPECT_TRUE(std::includes(valid_b.begin(), valid_b.end(), valid_a.begin(), valid_a.end()));

  expect_other_formats_keep_games(a, valid_a, hashes, content);

  // Selections.
  const fs::path invalid = dir.path() / "invalid.gib";
  const std::string d = fresh("d");
  auto some = run_gibo({"export", "--db", a, "--to", "gib", "--where", "valid = 0", "-o", invalid.string()});
  ASSERT_EQ(some.status, 0) << some.err;
  run_gibo({"import", "--db", d, invalid.string()});
  EXPECT_EQ(query(d, hashes),
            query(a, "SELECT hash FROM games WHERE status = 'invalid' AND copy_of IS NULL ORDER BY hash"));
  auto bad = run_gibo({"export", "--db", a, "--to", "gib", "--query", "DELETE FROM games"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(query(a, "SELECT count(*) FROM games WHERE copy_of IS NULL"), query(b, "SELECT count(*) FROM games"));

  // With their copies, every record comes back: the same games, and the same records.
  const fs::path every = dir.path() / "every.jsonl";
  const std::string e = fresh("e");
  ASSERT_EQ(run_gibo({"export", "--db", a, "--to", "jsonl", "--copies", "-o", every.string()}).status, 0);
  ASSERT_NE(run_gibo({"import", "--db", e, every.string()}).status, 2);
  const std::string records = "SELECT hash, tags_json, result_text, plies, statements FROM games ORDER BY 1, 2, 3, 5";
  EXPECT_EQ(query(e, records), query(a, records));
  EXPECT_EQ(query(e, hashes), original);
}

// The same files imported into a SQLite file and into PostgreSQL give the same outputs,
// byte for byte, from every command that reads an archive (save the lines that name it).
TEST(ImportCli, BothBackendsGiveTheSameOutputs) {
  GIBO_REQUIRE_POSTGRESQL();
  TempDir dir;
  const std::string lite = (dir.path() / "a.sqlite").string(), pg = pg_fresh_archive();
  for (const std::string& db : {lite, pg}) {
    auto r = run_gibo({"import", "--db", db, kCorpus, kFixtures});
    ASSERT_EQ(r.status, 1) << r.out << r.err;
  }
  auto same = [&](std::vector<std::string> args) {
    SCOPED_TRACE(args[0] + " " + args.back());
    std::vector<std::string> on_lite = args, on_pg = args;
    on_lite.insert(on_lite.begin() + 1, {"--db", lite});
    on_pg.insert(on_pg.begin() + 1, {"--db", pg});
    const auto x = run_gibo(on_lite), y = run_gibo(on_pg);
    EXPECT_EQ(x.status, y.status);
    // The archive's name as DB, and runs of blanks or rules (a column as wide as the name)
    // as one character.
    auto unnamed = [](std::string text, const std::string& name) {
      for (std::size_t at = text.find(name); at != std::string::npos; at = text.find(name, at))
        text.replace(at, name.size(), "DB");
      std::string out;
      for (char c : text)
        if (!((c == ' ' || c == '-') && !out.empty() && out.back() == c)) out += c;
      return out;
    };
    // The first line that differs, if any.
    auto first_difference = [](const std::string& a, const std::string& b) {
      std::size_t at = 0;
      while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
      if (at == a.size() && at == b.size()) return std::string();
      const std::size_t from = a.rfind('\n', at) == std::string::npos ? 0 : a.rfind('\n', at) + 1;
      return "SQLite: " + a.substr(from, a.find('\n', at) - from) + "\nPostgreSQL: " + b.substr(from, b.find('\n', at) - from);
    };
    EXPECT_EQ(first_difference(unnamed(x.out, lite), unnamed(y.out, pg)), "");
    EXPECT_EQ(first_difference(unnamed(x.err, lite), unnamed(y.err, pg)), "");
  };
  same({"export", "--to", "jsonl"});
  same({"export", "--to", "gib"});
  same({"export", "--to", "pgn", "--where", "valid = 1 AND plies > 20"});
  same({"export", "--to", "jsonl", "--query", "SELECT game_id FROM tags WHERE name = '대국결과' ORDER BY value, game_id"});
  same({"stats"});
  same({"stats", "--format", "json"});
  same({"stats", "--format", "csv", "--where", "year >= 2010 OR cho LIKE '김%'"});
  same({"rescore", "--rules", "fs-janggi"});
  same({"rescore", "--rules", "fs-janggi"});  // now from the stored verdicts
  same({"stats", "--profiles", "stored"});
  same({"explore"});
  same({"explore", "--setup", "HEHE,HEHE", "--format", "json"});
  same({"search", "--moves", "79졸78 41병42"});
}

// Two imports of overlapping folders at once into one PostgreSQL archive (issue 32): the
// database's write lock lets them take turns batch by batch, each reading what the other
// committed, so every game is stored once and every occurrence handled once -- the games
// (count and hashes) and occurrences of one SQLite import of the union. Shared files (the
// same bytes in both folders) and shared games (the same games in other files) both.
TEST(PgImport, TwoImportsAtOnceOfOverlappingFoldersStoreEachGameOnce) {
  GIBO_REQUIRE_POSTGRESQL();
  TempDir dir;
  const fs::path all = dir.path() / "all", a = dir.path() / "a", b = dir.path() / "b";
  testing::write_variant_corpus(testing::valid_corpus_games(kCorpus), all, 24, 20, 17);
  // Files 0-15 in a, 8-23 in b; b also holds a copy of file 3's games under other tags.
  fs::create_directories(a);
  fs::create_directories(b);
  for (int f = 0; f < 24; ++f) {
    char name[32];
    std::snprintf(name, sizeof name, "v%05d.gib", f);
    if (f < 16) fs::copy_file(all / name, a / name);
    if (f >= 8) fs::copy_file(all / name, b / name);
  }
  std::string copy = slurp(all / "v00003.gib");
  const std::size_t at = copy.find("\n");
  copy.insert(at + 1, "[대회명 \"copy\"]\r\n");
  write_file(b / "copy.gib", copy);
  write_file(all / "copy.gib", copy);

  const std::string lite = (dir.path() / "union.sqlite").string();
  ASSERT_EQ(run_gibo({"import", "--db", lite, all.string()}).status, 0);
  const std::string hashes = "SELECT hash FROM games ORDER BY hash";
  const std::string occurrences =
      "SELECT (SELECT count(*) FROM games), (SELECT count(*) FROM sources WHERE "
      "complete = 1), (SELECT sum(games_done) FROM sources)";
  for (int round = 0; round < 3; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const std::string pg = pg_fresh_archive();
    // Small batches, so that the two take turns many times.
    const pid_t one = spawn_gibo({"import", "--db", pg, "--batch", "3", "--jobs", "1", a.string()});
    const pid_t two = spawn_gibo({"import", "--db", pg, "--batch", "4", "--jobs", "1", b.string()});
    for (pid_t pid : {one, two}) {
      int status = 0;
      ASSERT_EQ(::waitpid(pid, &status, 0), pid);
      EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
    }
    EXPECT_EQ(query(pg, hashes), query(lite, hashes));
    EXPECT_EQ(query(pg, occurrences), query(lite, occurrences));
    EXPECT_EQ(number(pg, "SELECT count(*) FROM sources"), number(lite, "SELECT count(*) FROM sources"));
    // Imported again, nothing is new.
    const auto again = run_gibo({"import", "--db", pg, "--format", "jsonl", a.string(), b.string()});
    EXPECT_EQ(again.status, 0) << again.err;
    EXPECT_EQ(json_number(summary_line(again), "games"), 0);
  }
}

TEST(ImportCli, ValidOnlyStoresOnlyValidGames) {
  TempDir dir;
  const fs::path db = dir.path() / "v.sqlite";
  auto r = run_gibo({"import", "--db", db.string(), "--valid-only", "--format", "jsonl", kFixtures});
  EXPECT_EQ(r.status, 1) << r.out << r.err;
  EXPECT_GT(json_number(summary_line(r), "rejected"), 0);
  EXPECT_EQ(number(db, "SELECT count(*) FROM games WHERE status != 'valid'"), 0);
}

TEST(ImportCli, RefusesBadDatabasesAndOptions) {
  TempDir dir;
  const fs::path other = dir.path() / "other.sqlite";
  {
    sqlite3* h = nullptr;
    sqlite3_open(other.string().c_str(), &h);
    sqlite3_exec(h, "CREATE TABLE mine (x)", nullptr, nullptr, nullptr);
    sqlite3_close(h);
  }
  auto r = run_gibo({"import", "--db", other.string(), kCorpus});
  EXPECT_EQ(r.status, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("not a gibo archive"), std::string::npos) << r.err;
  EXPECT_EQ(run_gibo({"import", kCorpus}).status, 2);
  EXPECT_EQ(run_gibo({"import", "--db", (dir.path() / "x.sqlite").string(), "--jobs", "0", kCorpus}).status, 2);
  EXPECT_EQ(run_gibo({"import", "--db", (dir.path() / "x.sqlite").string(), "--rules", "nope", kCorpus}).status, 2);
  EXPECT_EQ(run_gibo({"import", "--db", (dir.path() / "x.sqlite").string(), "/no/such/file.gib"}).status, 3);
  EXPECT_EQ(run_gibo({"export", "--db", (dir.path() / "none.sqlite").string(), "--to", "gib"}).status, 3);
  EXPECT_EQ(run_gibo({"export", "--db", other.string(), "--to", "xml"}).status, 2);
}

// ---------------------------------------------------------------------------
// SIGKILL at many moments

// Sanitizer builds run several times slower: a smaller input keeps the test short.
#if defined(GIBO_SANITIZED)
constexpr int kVariantFiles = 40;
#else
constexpr int kVariantFiles = 120;
#endif

// A larger input: the corpus, the broken fixtures, and variant games (distinct).
struct KillInput {
  TempDir dir;
  std::vector<std::string> paths;
  KillInput() {
    const auto bases = testing::valid_corpus_games(kCorpus);
    testing::write_variant_corpus(bases, dir.path() / "variants", kVariantFiles, 100, 11);
    paths = {kCorpus, (dir.path() / "variants").string(), kFixtures};
  }
};

constexpr int kBatch = 500;

std::vector<std::string> import_args(const fs::path& db, const std::vector<std::string>& paths, int jobs) {
  std::vector<std::string> args = {"import", "--db", db.string(), "--batch", std::to_string(kBatch), "--jobs",
                                   std::to_string(jobs)};
  args.insert(args.end(), paths.begin(), paths.end());
  return args;
}

// Starts gibo with `args` (output discarded) and kills it with SIGKILL once `ready()`
// holds (polled every millisecond) and `delay` more has passed. Returns true if the
// kill landed before the program exited by itself.
bool run_and_kill(const std::vector<std::string>& args, const std::function<bool()>& ready,
                  std::chrono::milliseconds delay) {
  const pid_t pid = testing::spawn_gibo(args);
  int status = 0;
  auto exited = [&] { return ::waitpid(pid, &status, WNOHANG) == pid; };
  while (!ready()) {
    if (exited()) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  std::this_thread::sleep_for(delay);
  if (exited()) return false;
  ::kill(pid, SIGKILL);
  ::waitpid(pid, &status, 0);
  return true;
}

// Games committed so far (0 while the schema does not exist).
long committed(const fs::path& db) {
  if (!fs::exists(db)) return 0;
  sqlite3* h = nullptr;
  long n = 0;
  if (sqlite3_open_v2(db.string().c_str(), &h, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_busy_timeout(h, 1000);
    sqlite3_stmt* s = nullptr;
    if (sqlite3_prepare_v2(h, "SELECT coalesce(sum(games_done), 0) FROM sources", -1, &s, nullptr) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW)
      n = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
  }
  sqlite3_close(h);
  return n;
}

// Everything that says which games the archive holds, in a comparable form.
struct Snapshot {
  std::vector<std::string> games, duplicates, sources;
};
Snapshot snapshot(const fs::path& db) {
  Snapshot s;
  s.games = query(db,
                  "SELECT g.id, s.path, g.game_index, g.hash, g.status FROM games g JOIN sources s ON s.id = "
                  "g.source_id ORDER BY g.id");
  s.duplicates = query(db,
                       "SELECT s.path, c.game_index, c.copy_of FROM games c JOIN sources s ON s.id = "
                       "c.source_id WHERE c.copy_of IS NOT NULL ORDER BY 1, 2");
  s.sources = query(db, "SELECT id, path, content_hash, games_done, complete FROM sources ORDER BY id");
  return s;
}

// The state a kill left must be one the importer could have committed. Sets `handled`
// to the games it had handled (-1: killed before the schema existed).
void check_killed_state(const fs::path& db, long total_games, long& handled) {
  handled = -1;
  if (!fs::exists(db)) return;
  ASSERT_EQ(query(db, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
  if (number(db, "SELECT count(*) FROM sqlite_schema WHERE name = 'sources'") != 1) return;  // killed at creation
  // Whole batches only: the games handled are a multiple of the batch size (or all).
  handled = number(db, "SELECT coalesce(sum(games_done), 0) FROM sources");
  EXPECT_TRUE(handled % kBatch == 0 || handled == total_games) << handled;
  // Each source's rows are exactly its first games_done games, no more, no fewer.
  EXPECT_EQ(query(db,
                  "SELECT s.path FROM sources s WHERE s.games_done != "
                  "(SELECT count(*) FROM games g WHERE g.source_id = s.id) "
                  "OR EXISTS (SELECT 1 FROM games g WHERE g.source_id = s.id AND g.game_index >= s.games_done)"),
            std::vector<std::string>{});
  // At most one source is open (the one the batch boundary fell in).
  EXPECT_LE(number(db, "SELECT count(*) FROM sources WHERE complete = 0"), 1);
}

TEST(ImportKill, SigkillAtManyMomentsThenRerunEqualsCleanImport) {
  KillInput input;
  const fs::path clean_db = input.dir.path() / "clean.sqlite";
  const auto t0 = std::chrono::steady_clock::now();
  auto clean = run_gibo(import_args(clean_db, input.paths, 2));
  const auto clean_time = std::chrono::steady_clock::now() - t0;
  ASSERT_EQ(clean.status, 1) << clean.out << clean.err;  // the fixtures hold broken games
  const Snapshot expected = snapshot(clean_db);
  const long total = number(clean_db, "SELECT sum(games_done) FROM sources");
  ASSERT_GT(total, kVariantFiles * 100);
  ASSERT_GT(expected.duplicates.size(), 0u);

  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(clean_time).count();
  std::cout << "[          ] clean import: " << total << " games in " << ms << " ms\n";
  int landed = 0, partial = 0;
  long handled = 0;
  auto note = [&](const char* when) {
    std::cout << "[          ] " << when << ": " << handled << " of " << total << " games committed\n";
    partial += handled > 0 && handled < total;
  };
  // Kill points: right at the start (schema creation, first reads), then after a given
  // number of games is committed plus a few milliseconds (mid-batch, mid-commit).
  struct Point {
    double after;  // fraction of the games
    int extra_ms;
  };
  const Point points[] = {{0, 0},     {0, 5},    {0, 40},    {0.04, 1}, {0.16, 7},
                          {0.37, 3},  {0.58, 13}, {0.78, 2},  {0.95, 5}};
  std::mt19937 rng(3);
  for (std::size_t k = 0; k < std::size(points); ++k) {
    SCOPED_TRACE("kill point " + std::to_string(k));
    const fs::path db = input.dir.path() / ("killed" + std::to_string(k) + ".sqlite");
    const int jobs = 1 + static_cast<int>(k % 2);
    const long after = static_cast<long>(points[k].after * static_cast<double>(total)) / kBatch * kBatch;
    auto ready = [&] { return after == 0 || committed(db) >= after; };
    landed += run_and_kill(import_args(db, input.paths, jobs), ready, std::chrono::milliseconds(points[k].extra_ms));
    check_killed_state(db, total, handled);
    note("killed");
    if (k == 4) {  // kill the resuming run too, twice
      for (int again = 0; again < 2; ++again) {
        const long target = handled + kBatch * (1 + static_cast<long>(rng() % 3));
        auto later = [&] { return committed(db) >= target; };
        landed += run_and_kill(import_args(db, input.paths, jobs), later, std::chrono::milliseconds(rng() % 10));
        check_killed_state(db, total, handled);
        note("killed while resuming");
      }
    }
    auto rerun = run_gibo(import_args(db, input.paths, jobs));
    EXPECT_TRUE(rerun.status == 0 || rerun.status == 1) << rerun.out << rerun.err;
    const Snapshot got = snapshot(db);
    EXPECT_EQ(got.games, expected.games);
    EXPECT_EQ(got.duplicates, expected.duplicates);
    EXPECT_EQ(got.sources, expected.sources);
    EXPECT_EQ(query(db, "PRAGMA integrity_check"), std::vector<std::string>{"ok"});
    EXPECT_EQ(query(db, "SELECT count(*) FROM prefixes"), query(clean_db, "SELECT count(*) FROM prefixes"));
  }
  // The kills must have landed mid-import for the test to mean anything.
  EXPECT_GE(landed, 9);
  EXPECT_GE(partial, 6);
}

// ---- one writer per archive (issue 11) ----------------------------------------------

TEST(ImportLock, ASecondImportStopsAtOnceWhileTheArchiveIsBusy) {
  TempDir dir;
  const fs::path db = dir.path() / "a.sqlite";
  // Another import holds the archive: its lock file is locked.
  const int fd = ::open((db.string() + "-lock").c_str(), O_RDWR | O_CREAT, 0644);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::flock(fd, LOCK_EX), 0);
  // It ends while the lock is still held (it is released below): it did not wait for it.
  auto busy = run_gibo({"import", "--db", db.string(), kCorpus});
  EXPECT_EQ(busy.status, 3) << busy.out << busy.err;
  EXPECT_NE(busy.err.find("archive busy: another import is writing it"), std::string::npos) << busy.err;
  EXPECT_FALSE(fs::exists(db));  // nothing was written
  ::close(fd);                   // the other import ends
  auto after = run_gibo({"import", "--db", db.string(), kCorpus});
  EXPECT_EQ(after.status, 0) << after.out << after.err;
  EXPECT_EQ(number(db, "SELECT count(*) FROM games WHERE copy_of IS NULL"),
            number(db, "SELECT count(DISTINCT hash) FROM games"));
  EXPECT_FALSE(fs::exists(db.string() + "-lock"));  // released and removed
}

TEST(ImportLock, ConcurrentImportsNeverStoreAGameTwice) {
  TempDir dir;
  // Two sets of files holding the same games in different bytes (CP949 and UTF-8), so
  // only the per-game duplicate check, not the per-file hash, can tell them apart.
  const auto bases = testing::valid_corpus_games(kCorpus);
  const fs::path cp949 = dir.path() / "cp949", utf8 = dir.path() / "utf8";
  const long games = testing::write_variant_corpus(bases, cp949, 24, 25, 5);
  auto converted = run_gibo({"convert", cp949.string(), "--to", "gib", "-o", utf8.string() + "/"});
  ASSERT_EQ(converted.status, 0) << converted.err;
  const fs::path reference = dir.path() / "reference.sqlite";
  ASSERT_EQ(run_gibo({"import", "--db", reference.string(), cp949.string()}).status, 0);
  const long distinct = number(reference, "SELECT count(*) FROM games WHERE copy_of IS NULL");
  ASSERT_GT(distinct, 500);

  for (int round = 0; round < 4; ++round) {
    SCOPED_TRACE(round);
    std::string name = "r";
    name += std::to_string(round);
    name += ".sqlite";
    const fs::path db = dir.path() / name;
    auto args = [&](const fs::path& in) {
      return std::vector<std::string>{"import", "--db", db.string(), "--batch", "7", "--jobs", "2", in.string()};
    };
    testing::Result a, b;
    std::thread other([&] { b = run_gibo(args(round % 2 ? cp949 : utf8)); });
    a = run_gibo(args(round % 2 ? utf8 : cp949));
    other.join();
    // Each either ran whole or stopped at once as busy.
    for (const testing::Result* r : {&a, &b}) {
      EXPECT_TRUE(r->status == 0 || (r->status == 3 && r->err.find("archive busy") != std::string::npos))
          << r->status << r->err;
    }
    // Then again, both (as after a busy refusal): every game is stored exactly once.
    EXPECT_EQ(run_gibo(args(cp949)).status, 0);
    EXPECT_EQ(run_gibo(args(utf8)).status, 0);
    EXPECT_EQ(number(db, "SELECT count(*) FROM games WHERE copy_of IS NULL"), distinct);
    EXPECT_EQ(number(db, "SELECT count(DISTINCT hash) FROM games"), distinct);
    EXPECT_EQ(number(db, "SELECT count(*) FROM games WHERE copy_of IS NOT NULL"), 2 * games - distinct);  // every other record
  }
}

TEST(ImportSummary, ALostBatchIsNotCountedAsAdded) {
  TempDir dir;
  const fs::path db = dir.path() / "a.sqlite";
  ASSERT_EQ(run_gibo({"import", "--db", db.string(), kCorpus + "/pobsiz_tyson_mgame.gib"}).status, 0);
  const long before = number(db, "SELECT count(*) FROM games WHERE copy_of IS NULL");
  {  // The archive's storage fails once it holds 10 games.
    sqlite3* h = nullptr;
    ASSERT_EQ(sqlite3_open(db.string().c_str(), &h), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(h,
                           "CREATE TRIGGER full BEFORE INSERT ON games WHEN (SELECT count(*) FROM games) >= 10 "
                           "BEGIN SELECT RAISE(ABORT, 'the disk is full'); END",
                           nullptr, nullptr, nullptr),
              SQLITE_OK);
    sqlite3_close(h);
  }
  auto r = run_gibo({"import", "--db", db.string(), "--batch", "3", "--format", "jsonl", kCorpus});
  EXPECT_EQ(r.status, 3) << r.out << r.err;
  EXPECT_NE(r.err.find("the disk is full"), std::string::npos) << r.err;
  const std::string s = summary_line(r);
  const long stored = number(db, "SELECT count(*) FROM games WHERE copy_of IS NULL") - before;
  EXPECT_EQ(json_number(s, "added"), stored) << s;
  EXPECT_EQ(json_number(s, "added") + json_number(s, "duplicates") + json_number(s, "lost"), json_number(s, "games"))
      << s;
  EXPECT_GT(json_number(s, "lost"), 0) << s;
}

}  // namespace
}  // namespace gibo
