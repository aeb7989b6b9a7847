// Issue 38 end to end, as a hostile or careless user would try it, through the real gibo
// binary: no password of a connection string in any output of any command or page; an
// archive a copy has not finished refused by every other command until the copy is
// taken up; NUL bytes and invalid UTF-8 taken the same way by both backends; queue
// workers that say what failed; every input bounded; control characters never reaching
// a terminal or a page raw; serve's answers to bad bytes and request bodies.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "../pg/pg_test.h"
#include "run_gibo.h"
#include "serve_client.h"
#include "sql_rows.h"

namespace gibo::testing {
namespace {

namespace fs = std::filesystem;

// A .gib record whose names, event and comment hold text that would act on a terminal:
// ESC (a screen clear, hidden text, a window title), BEL and a right-to-left override. (A
// carriage return ends a line of a .gib record, so it cannot stand in a tag.)
constexpr const char* kHostileGib =
    "[대회명 \"\x1b[2Jcup\x07\"]\n[초대국자 \"kim\xe2\x80\xae" "evil\"]\n[한대국자 \"lee\x1b[8mhidden\"]\n"
    "[초차림 \"마상상마\"]\n[한차림 \"마상상마\"]\n[대국결과 \"초 완승\"]\n\n"
    "1. 79졸78\n{\x1b]0;owned\x07}\n2. 41병42\n";

// Does `text` hold a byte or character that acts on a terminal (ESC, BEL, CR, RLO)?
bool holds_controls(const std::string& text) {
  return text.find('\x1b') != std::string::npos || text.find('\x07') != std::string::npos ||
         text.find('\r') != std::string::npos || text.find("\xe2\x80\xae") != std::string::npos;
}

// ---- no secret shown -------------------------------------------------------------------

// A connection string with a password in one of the three places libpq reads one from.
struct SecretForm {
  std::string name, uri, secret;
};

// The test server's archive `base` (pg_fresh_archive: a URI with host, port and a
// search_path) written with a password as a URI's userinfo, as a URI parameter and in
// the keyword form; with `host` in place of the server's socket folder when given (a
// connection that fails).
std::vector<SecretForm> secret_forms(const std::string& base, const std::string& host = "") {
  std::smatch m;
  const bool parsed = std::regex_search(base, m, std::regex("host=([^&]+)&port=([0-9]+)&options=-csearch_path%3D(\\w+)"));
  EXPECT_TRUE(parsed) << base;
  if (!parsed) return {};
  const std::string dir = host.empty() ? std::string(m[1]) : host, port = m[2], schema = m[3];
  std::string at_host = base;
  if (!host.empty()) at_host.replace(at_host.find(m[1]), std::string(m[1]).size(), host);
  std::string userinfo = at_host;
  userinfo.replace(userinfo.find("gibo@"), 5, "gibo:Userinfo7Secret@");
  return {{"userinfo", userinfo, "Userinfo7Secret"},
          {"parameter", at_host + "&password=Param7Secret", "Param7Secret"},
          {"keywords", "host=" + dir + " port=" + port + " dbname=postgres user=gibo password='Keyword 7Secret' options='-csearch_path=" + schema + "'",
           "7Secret"}};
}

// Fails when `r`'s outputs hold `secret`.
void expect_no_secret(const Result& r, const std::string& secret, const std::string& what) {
  EXPECT_EQ(r.out.find(secret), std::string::npos) << what << " printed the password:\n" << r.out.substr(0, 2000);
  EXPECT_EQ(r.err.find(secret), std::string::npos) << what << " printed the password:\n" << r.err;
}

TEST(Secrets, NoCommandOrPageShowsAPassword) {
  GIBO_REQUIRE_POSTGRESQL();
  TempDir dir;
  const std::string base = pg_fresh_archive();
  ASSERT_EQ(run_gibo({"import", "--db", base, kKbs}).status, 0);
  const auto forms = secret_forms(base);
  ASSERT_EQ(forms.size(), 3u);
  for (std::size_t f = 0; f < forms.size(); ++f) {
    const SecretForm& s = forms[f];
    SCOPED_TRACE(s.name);
    const std::string sqlite = (dir.path() / (s.name + ".db")).string();
    const std::string copy_into = secret_forms(pg_fresh_archive())[f].uri;  // a new schema, the same form
    const std::vector<std::vector<std::string>> runs = {
        {"import", "--db", s.uri, kKbs},
        {"import", "--db", s.uri, "--format", "jsonl", kKbs},
        {"stats", "--db", s.uri},
        {"stats", "--db", s.uri, "--format", "json"},
        {"stats", "--db", s.uri, "--format", "csv"},
        {"stats", "--db", s.uri, "--format", "html"},
        {"stats", "--db", s.uri, "--where", "nosuch = 1"},
        {"export", "--db", s.uri, "--to", "jsonl", "--where", "nosuch = 1"},
        {"rescore", "--db", s.uri},
        {"rescore", "--db", s.uri, "--where", "nosuch = 1"},
        {"explore", "--db", s.uri},
        {"explore", "--db", s.uri, "--where", "nosuch = 1"},
        {"search", "--db", s.uri, "--setup", "HEEH,HEEH"},
        {"analyze", "--db", s.uri, "--status"},
        {"copy", s.uri, sqlite},
        {"copy", sqlite, copy_into},
    };
    for (const auto& args : runs) {
      const Result r = run_gibo(args);
      expect_no_secret(r, s.secret, args[0] + " " + args[1] + " " + args.back());
      if (args[0] == "copy") {
        EXPECT_EQ(r.status, 0) << r.err;
      }
    }
    // Pages.
    const std::string out = (dir.path() / "serve.out").string(), err = (dir.path() / "serve.err").string();
    int pid = 0;
    const int port = start_server("", s.uri, out, err, pid);
    ASSERT_GT(port, 0) << slurp(out) << slurp(err);
    for (const char* page : {"/", "/stats", "/players", "/events", "/games?setup=HEEH,HEEH", "/player?name=x"}) {
      const Reply reply = get(port, page);
      EXPECT_EQ(reply.body.find(s.secret), std::string::npos) << page;
      EXPECT_EQ(reply.head.find(s.secret), std::string::npos) << page;
    }
    ::kill(pid, SIGTERM);
    ::waitpid(pid, nullptr, 0);
    EXPECT_EQ(slurp(out).find(s.secret), std::string::npos);
    EXPECT_EQ(slurp(err).find(s.secret), std::string::npos);
  }
  // A connection that fails says so without the password, in each form.
  for (const SecretForm& s : secret_forms(base, "/nonexistent-gibo")) {
    for (const char* command : {"stats", "export", "explore", "rescore"}) {
      std::vector<std::string> args = {command, "--db", s.uri};
      if (std::string(command) == "export") args.insert(args.end(), {"--to", "jsonl"});
      const Result r = run_gibo(args);
      EXPECT_EQ(r.status, 3) << command << " " << s.name << r.err;
      expect_no_secret(r, s.secret, std::string(command) + " (no server) " + s.name);
    }
  }
}

// ---- an unfinished copy is refused ---------------------------------------------------

// What the archive `db` holds, as export and explore give it.
std::string contents(const std::string& db) {
  const Result games = run_gibo({"export", "--db", db, "--to", "jsonl"});
  const Result setups = run_gibo({"explore", "--db", db, "--format", "json"});
  EXPECT_EQ(games.status, 0) << games.err;
  EXPECT_EQ(setups.status, 0) << setups.err;
  return games.out + "\n" + std::regex_replace(setups.out, std::regex("\"archive\": *\"[^\"]*\""), "");
}

// Every other command run on the unfinished copy `db` is refused (exit 3, the reason
// named) and leaves it as it was.
void expect_refused_everywhere(const std::string& db, const TempDir& dir) {
  const std::vector<std::vector<std::string>> runs = {
      {"explore", "--db", db},
      {"search", "--db", db, "--setup", "HEEH,HEEH"},
      {"stats", "--db", db},
      {"rescore", "--db", db},
      {"import", "--db", db, kKbs},
      {"export", "--db", db, "--to", "jsonl"},
      {"analyze", "--db", db, "--status"},
      {"serve", "--db", db, "--port", "0"},
  };
  for (const auto& args : runs) {
    const Result r = run_gibo(args);
    EXPECT_EQ(r.status, 3) << args[0] << ": " << r.out << r.err;
    EXPECT_NE(r.err.find("unfinished copy"), std::string::npos) << args[0] << ": " << r.err;
  }
  (void)dir;
}

class UnfinishedCopy : public BackendTest {};

TEST_P(UnfinishedCopy, IsRefusedUntilTheCopyIsTakenUp) {
  const std::string source = imported_archive(dir, {kCorpus, kCorpusSample}, "source.db");
  ASSERT_FALSE(source.empty());
  ASSERT_EQ(run_gibo({"explore", "--db", source}).status, 0);  // the position index, copied too
  const std::string expected = contents(source);
  int point = 0;
  // Stopped once marked, after three transactions of 200 rows, and after all the rows
  // but before the bookkeeping that ends a copy.
  for (const std::string stop : {"200:0", "200:3", "200:end"}) {
    SCOPED_TRACE(stop);
    const std::string target = fresh("target" + std::to_string(point++));
    const Result stopped = run_gibo({"copy", source, target}, "", "", "GIBO_TEST_COPY_STOP=" + stop + " ");
    ASSERT_EQ(stopped.status, 99) << stopped.out << stopped.err;
    expect_refused_everywhere(target, dir);
    const Result finished = run_gibo({"copy", source, target});
    ASSERT_EQ(finished.status, 0) << finished.err;
    EXPECT_NE(finished.out.find("taken up where it stopped"), std::string::npos) << finished.out;
    EXPECT_EQ(contents(target), expected);
  }
}

INSTANTIATE_TEST_SUITE_P(Backends, UnfinishedCopy, ::testing::Values(Backend::SQLite, Backend::PostgreSQL),
                         backend_name);

// ---- both backends take the same bytes -----------------------------------------------

class SameBytes : public BackendTest {};

TEST_P(SameBytes, NulBytesInARecordAreReplacedAndSaidOnBothBackends) {
  const fs::path gib = dir.path() / "nul.gib";
  const std::string nul(1, '\0');
  std::ofstream(gib, std::ios::binary) << "[대회명 \"a" + nul + "b\"]\n[초대국자 \"x\"]\n[한대국자 \"y\"]\n"
                                          "[초차림 \"마상상마\"]\n[한차림 \"마상상마\"]\n[대국결과 \"초 완승\"]\n\n"
                                          "1. 79졸78\n{a" + nul + "comment}\n2. 41병4" + nul + "2\n";
  const std::string sqlite = (dir.path() / "a.db").string();
  const Result on_file = run_gibo({"import", "--db", sqlite, gib.string()});
  EXPECT_EQ(on_file.status, 1) << on_file.err;  // the broken move: a rejected game, stored
  EXPECT_EQ(sql_value(sqlite, "SELECT count(*) FROM diagnostics WHERE code = 'nul-byte' AND line = 1"), "1");
  const std::string db = fresh();
  const Result here = run_gibo({"import", "--db", db, gib.string()});
  if (postgres()) {
    const auto rows = pg_rows(db, "SELECT count(*) FROM diagnostics WHERE code = 'nul-byte' AND line = 1");
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0][0], "1");
  }
  EXPECT_EQ(here.status, on_file.status) << here.err;
  EXPECT_EQ(here.out.substr(0, here.out.find("archive:")), on_file.out.substr(0, on_file.out.find("archive:")));
  const Result a = run_gibo({"export", "--db", sqlite, "--to", "jsonl"});
  const Result b = run_gibo({"export", "--db", db, "--to", "jsonl"});
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(b.out, a.out);
  EXPECT_NE(a.out.find("a\xEF\xBF\xBD" "b"), std::string::npos) << a.out;
  EXPECT_EQ(a.out.find("\\u0000"), std::string::npos);
}

TEST_P(SameBytes, BooksWithNulOrInvalidUtf8AreRefusedAtTheirPlaceOnBothBackends) {
  const std::string db = fresh();
  for (const std::string& row : {"line\tNUL-1\t이름\tname\tHEEH,HEEH: b1c3\tmine" + std::string(1, '\0'),
                                 std::string("line\tBAD-1\t\xff\xfe\tname\tHEEH,HEEH: b1c3\tmine")}) {
    const fs::path book = dir.path() / "book.tsv";
    std::ofstream(book, std::ios::binary) << "# a book\n" << row << "\n";
    const Result r = run_gibo({"import", "--db", db, "--opening-book", book.string(), kKbs});
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find(book.string() + ":2:"), std::string::npos) << r.err;
    EXPECT_TRUE(r.err.find("NUL") != std::string::npos || r.err.find("not UTF-8") != std::string::npos) << r.err;
  }
  const Result stats = run_gibo({"stats", "--db", db});
  EXPECT_NE(stats.status, 0);  // nothing was imported: no archive was made of it
}

INSTANTIATE_TEST_SUITE_P(Backends, SameBytes, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

// The fuzz targets' seeds (every odd record the fixtures hold: stray bytes, broken tags,
// NULs, other encodings) imported into both backends: the same summary and the same export.
TEST(SameBytes, TheFuzzSeedsGiveTheSameArchiveOnBothBackends) {
  GIBO_REQUIRE_POSTGRESQL();
  TempDir dir;
  const std::string sqlite = (dir.path() / "a.db").string(), pg = pg_fresh_archive();
  const std::vector<std::string> inputs = {kData + "/fixtures/gib", kData + "/fixtures/pgn", kData + "/fixtures/json"};
  std::vector<std::string> to_sqlite = {"import", "--db", sqlite}, to_pg = {"import", "--db", pg};
  to_sqlite.insert(to_sqlite.end(), inputs.begin(), inputs.end());
  to_pg.insert(to_pg.end(), inputs.begin(), inputs.end());
  const Result a = run_gibo(to_sqlite), b = run_gibo(to_pg);
  EXPECT_EQ(a.status, b.status) << a.err << b.err;
  EXPECT_EQ(a.out.substr(0, a.out.find("archive:")), b.out.substr(0, b.out.find("archive:")));
  const Result x = run_gibo({"export", "--db", sqlite, "--to", "jsonl"}), y = run_gibo({"export", "--db", pg, "--to", "jsonl"});
  EXPECT_EQ(x.status, 0) << x.err;
  EXPECT_GT(x.out.size(), 1000u);
  EXPECT_TRUE(x.out == y.out) << "the exports differ";
}

TEST(SameBytes, AliasLinesThatAreNotTextAreRefusedWithTheirPlace) {
  TempDir dir;
  const fs::path aliases = dir.path() / "aliases.tsv";
  std::ofstream(aliases, std::ios::binary) << "site\t한게임\t한게임\n" << "site\tx" + std::string(1, '\0') + "y\t한게임\n";
  const Result r = run_gibo({"stats", "--aliases", aliases.string(), kKbs});
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find(aliases.string() + ":2:7: a NUL byte is not text"), std::string::npos) << r.err;
}

// ---- workers say what failed ---------------------------------------------------------

const std::string kFake = std::string(GIBO_TEST_DATA) + "/../analysis/fake_uci.sh";

TEST(Workers, AFailedAnalysisIsFailedCountedAndRetried) {
  TempDir dir;
  const fs::path table = dir.path() / "table", games = dir.path() / "games.uci";
  std::ofstream(table) << "0 cp 30 b1c3\n1 cp -30 a7b7\n";
  std::ofstream(games) << "position startpos moves b1c3\nposition startpos moves h1g3\n";
  const std::string db = (dir.path() / "games.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, games.string()}).status, 0);
  auto worker = [&](const std::string& mode) {
    return run_gibo({"analyze", "--db", db, "--worker", "--where", "1", "--rules", "fs-janggi", "--engine",
                     "bash " + kFake + " " + table.string() + " " + mode, "--depth", "3"});
  };
  const Result illegal = worker("illegal");
  EXPECT_EQ(illegal.status, 1) << illegal.out << illegal.err;
  EXPECT_NE(illegal.out.find("2 failed"), std::string::npos) << illegal.out;
  EXPECT_EQ(sql_value(db, "SELECT count(*) FROM analysis_queue WHERE state = 'pending' AND tries = 1"), "2");
  const Result status = run_gibo({"analyze", "--db", db, "--status"});
  EXPECT_NE(status.out.find("2 pending, 0 leased, 0 done, 0 failed"), std::string::npos) << status.out;
  EXPECT_NE(status.out.find("stopped"), std::string::npos) << status.out;
  // A worker lost without a word (its row last renewed long ago, never stopped).
  run_sql(db, "INSERT INTO analysis_workers (worker, host, started_at, seen_at, lease_ms) VALUES ('gone:1', 'gone', 0, 0, "
              "60000)",
          true);
  const Result later = run_gibo({"analyze", "--db", db, "--status"});
  EXPECT_NE(later.out.find("gone:1  lost"), std::string::npos) << later.out;
  // The next worker takes the games again, and they are done.
  const Result normal = worker("normal");
  EXPECT_EQ(normal.status, 0) << normal.out << normal.err;
  EXPECT_EQ(sql_value(db, "SELECT count(*) FROM analysis_queue WHERE state = 'done'"), "2");
  EXPECT_EQ(sql_value(db, "SELECT count(*) FROM analysis_games WHERE failed_positions > 0"), "0");
  // A hang, three times: failed for good, with the reason.
  run_sql(db, "UPDATE analysis_queue SET state = 'pending', tries = 0", true);
  run_sql(db, "DELETE FROM analysis_positions; DELETE FROM analysis_games", true);
  for (int round = 0; round < 2; ++round) EXPECT_EQ(worker("crash").status, 1);
  EXPECT_EQ(sql_value(db, "SELECT count(*) FROM analysis_queue WHERE state = 'failed'"), "0");
  EXPECT_EQ(worker("crash").status, 1);
  EXPECT_EQ(sql_value(db, "SELECT count(*) FROM analysis_queue WHERE state = 'failed'"), "2");
  EXPECT_NE(run_gibo({"analyze", "--db", db, "--status"}).out.find("positions failed"), std::string::npos);
}

// ---- every input bounded -------------------------------------------------------------

TEST(Bounded, TablesFromDevicesAndDirectoriesAreRefused) {
  TempDir dir;
  const Result book = run_gibo({"stats", "--opening-book", "/dev/zero", kKbs});
  EXPECT_EQ(book.status, 3) << book.err;
  EXPECT_NE(book.err.find("larger than 64 MiB"), std::string::npos) << book.err;
  const Result aliases = run_gibo({"stats", "--aliases", "/dev/zero", kKbs});
  EXPECT_EQ(aliases.status, 3) << aliases.err;
  EXPECT_NE(aliases.err.find("larger than 64 MiB"), std::string::npos) << aliases.err;
  const Result folder = run_gibo({"stats", "--aliases", dir.path().string(), kKbs});
  EXPECT_EQ(folder.status, 3) << folder.err;
  EXPECT_NE(folder.err.find("is a directory"), std::string::npos) << folder.err;
}

TEST(Bounded, ALargeBookLoadsAndARefusedOneSaysSoInAScreenful) {
  TempDir dir;
  // 1,210 lines, each a distinct position three plies deep (pairs of first moves of each
  // side, then a second move of Cho's), then a book of 2,000 rows that are all wrong.
  const fs::path good = dir.path() / "good.tsv", bad = dir.path() / "bad.tsv";
  {
    std::ofstream g(good), b(bad);
    int n = 0;
    for (int row = 0; row < 2000; ++row) b << "line\tX" << row << "\tx\tx\tnot a definition\tx\n";
    const char* cho[] = {"b1c3", "h1g3", "a1a2", "i1i2", "a4b4", "c4d4", "e4f4", "g4f4", "i4h4", "a4a5", "c4c5"};
    const char* han[] = {"b10c8", "h10g8", "a10a9", "i10i9", "a7b7", "c7d7", "e7f7", "g7f7", "i7h7", "a7a6", "c7c6"};
    const char* then[] = {"e2e3", "d1d2", "f1f2", "e2d2", "e2f2", "e2d3", "e2f3", "d1e1", "f1e1", "e2e1"};
    for (const char* c : cho)
      for (const char* h : han)
        for (const char* t : then) g << "line\tL" << n++ << "\tx\tx\tHEEH,HEEH: " << c << " " << h << " " << t << "\tx\n";
  }
  const Result ok = run_gibo({"stats", "--opening-book", good.string(), kKbs});
  EXPECT_EQ(ok.status, 0) << ok.err;
  const Result refused = run_gibo({"stats", "--opening-book", bad.string(), kKbs});
  EXPECT_EQ(refused.status, 2);
  EXPECT_LT(std::count(refused.err.begin(), refused.err.end(), '\n'), 30) << refused.err.substr(0, 3000);
  EXPECT_NE(refused.err.find("1980 more problems not shown"), std::string::npos) << refused.err.substr(refused.err.size() - 500);
}

TEST(Bounded, SqliteSelectionsHaveATimeAndASizeLimit) {
  TempDir dir;
  const std::string db = imported_archive(dir, {kKbs});
  const Result forever = run_gibo(
      {"stats", "--db", db, "--where",
       "id IN (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n WHERE i < 0)"},
      "", "", "GIBO_WHERE_SECONDS=1 ");
  EXPECT_EQ(forever.status, 2) << forever.err;
  EXPECT_NE(forever.err.find("ran longer than 1 s"), std::string::npos) << forever.err;
  // A string of 2e9 bytes is never made (at most 64 MiB): the selection runs in 700 MB of
  // address space, and ends or is stopped by its time limit. (Sanitized, without the address
  // space limit: ASan reserves terabytes of shadow memory at start.)
#if defined(GIBO_SANITIZED)
  const std::string limit;
#else
  const std::string limit = "ulimit -v 700000; ";
#endif
  const Result huge = run_gibo({"stats", "--db", db, "--where", "length(printf('%.*c', 2000000000, 'x')) > 0"}, "", "",
                               limit + "GIBO_WHERE_SECONDS=2 ");
  EXPECT_TRUE(huge.status == 0 || (huge.status == 2 && huge.err.find("ran longer than 2 s") != std::string::npos))
      << huge.status << huge.err;
}

// ---- control characters never reach a terminal or a page raw -------------------------

TEST(Controls, TextAndHtmlOutputsShowThemAsEscapes) {
  TempDir dir;
  const fs::path gib = dir.path() / "hostile.gib";
  std::ofstream(gib, std::ios::binary) << kHostileGib;
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"show", gib.string() + ":1@2"},
                                             {"stats", gib.string()},
                                             {"stats", "--format", "html", gib.string()},
                                             {"validate", "--list-openings", gib.string()},
                                             {"show", "--format", "html", gib.string() + ":1"}}) {
    const Result r = run_gibo(args);
    EXPECT_EQ(r.status, 0) << args[0] << r.err;
    EXPECT_FALSE(holds_controls(r.out)) << args[0] << " " << args[1] << ":\n" << r.out.substr(0, 1500);
    EXPECT_FALSE(holds_controls(r.err)) << r.err;
  }
  const Result shown = run_gibo({"stats", gib.string()});
  EXPECT_NE(shown.out.find("\\e[2Jcup\\x07"), std::string::npos) << shown.out;
  EXPECT_NE(shown.out.find("kim\\u202eevil"), std::string::npos) << shown.out;
  // Exact outputs stay exact: the converted record keeps every byte.
  const Result exact = run_gibo({"convert", "--to", "gib", gib.string()});
  EXPECT_NE(exact.out.find("\x1b[2Jcup\x07"), std::string::npos);
  // Diagnostics on standard error too: a bad token with ESC in it.
  const fs::path bad = dir.path() / "bad.gib";
  std::ofstream(bad, std::ios::binary) << "[초차림 \"마상상마\"]\n[한차림 \"마상상마\"]\n\n1. 79졸\x1b[31m78\n";
  const Result diagnosed = run_gibo({"validate", bad.string()});
  EXPECT_FALSE(holds_controls(diagnosed.out + diagnosed.err)) << diagnosed.out << diagnosed.err;
}

// ---- serve: bad bytes and request bodies ---------------------------------------------

TEST(Serve, BadBytesAreA400AndBodiesAreRefusedUnread) {
  TempDir dir;
  const std::string db = imported_archive(dir, {kKbs});
  const std::string out = (dir.path() / "serve.out").string(), err = (dir.path() / "serve.err").string();
  int pid = 0;
  const int port = start_server("", db, out, err, pid);
  ASSERT_GT(port, 0) << slurp(err);
  const Reply nul = get(port, "/player?name=a%00b");
  EXPECT_EQ(nul.status, 400);
  EXPECT_NE(nul.body.find("name"), std::string::npos) << nul.body;
  EXPECT_EQ(get(port, "/games?player=%ff%fe").status, 400);
  EXPECT_EQ(request(port, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello").status,
            405);
  EXPECT_EQ(request(port, "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello").status,
            413);
  EXPECT_EQ(get(port, "/").status, 200);  // still serving
  ::kill(pid, SIGTERM);
  ::waitpid(pid, nullptr, 0);
}

// ---- the smaller items -----------------------------------------------------------------

TEST(Smaller, CopyOntoItsOwnArchiveIsAUsageError) {
  TempDir dir;
  const std::string db = imported_archive(dir, {kKbs});
  const Result r = run_gibo({"copy", db, db});
  EXPECT_EQ(r.status, 2) << r.err;
  fs::create_symlink(db, dir.path() / "link.db");
  EXPECT_EQ(run_gibo({"copy", db, (dir.path() / "link.db").string()}).status, 2);
}

TEST(Smaller, TheSelfContainedViewerOfAVeryLongGameIsBounded) {
  TempDir dir;
  // 20,000 plies of horses going back and forth.
  const fs::path uci = dir.path() / "long.uci";
  {
    std::ofstream u(uci);
    u << "position startpos moves";
    for (int i = 0; i < 5000; ++i) u << " b1c3 b10c8 c3b1 c8b10";
    u << "\n";
  }
  const fs::path page = dir.path() / "long.html";
  const Result r = run_gibo({"show", "--format", "html", uci.string() + ":1", "-o", page.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_LT(fs::file_size(page), 200u << 20);
  EXPECT_NE(slurp(page).find("the boards of the first 2000 plies are drawn; the other 18000 are listed"),
            std::string::npos);
}

}  // namespace
}  // namespace gibo::testing
