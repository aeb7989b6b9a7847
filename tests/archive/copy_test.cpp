// gibo copy (gibo/archive/copy.h): an archive copied SQLite -> PostgreSQL -> SQLite holds
// every row of every table as it was (and exports byte for byte the same), a copy killed
// at any moment is finished by the same command, and what must be refused is.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include "../cli/run_gibo.h"
#include "raw_sql.h"
#include "variant_corpus.h"
#include "gibo/archive/archive.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

const std::string kSamples = GIBO_SAMPLES;

// Every row of every table of the SQLite archive `db` (sqlite3's own text of each row),
// table by table in key order.
std::string dump(const std::string& db) {
  std::string out;
  for (const char* t : {"schema_version", "meta", "sources", "starts", "players", "games", "comments", "diagnostics",
                        "duplicates", "prefixes", "verdicts", "analysis_requests", "analysis_games",
                        "analysis_positions", "engine_verdicts", "analysis_queue", "analysis_workers",
                        "game_facts", "analysis_quality",
                        "position_meta", "position_segments",
                        "position_blocks", "position_games"}) {
    out += std::string("== ") + t + "\n";
    out += shell_output("sqlite3 -separator '|' " + shell_quote(db) + " " +
                     shell_quote(std::string("SELECT * FROM ") + t + " ORDER BY 1, 2, 3"));
  }
  return out;
}

// An archive with rows in every table: the corpus and the broken fixtures, verdicts, and
// one game's analysis and engine verdict.
void fill(const std::string& db) {
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus, kFixtures}).status, 1);
  ASSERT_EQ(run_gibo({"rescore", "--db", db, "--rules", "fs-janggi"}).status, 1);
  auto a = Archive::open(db, OpenMode::ReadWrite);
  ASSERT_TRUE(a) << a.error().message;
  AnalysisRequest r;
  r.engine = "Fairy-Stockfish";
  r.engine_version = "11.1";
  r.options = "Hash=16";
  r.limit.value = 4;
  r.variant = "janggi";
  const auto request = (*a)->analysis_request(r, true);
  ASSERT_TRUE(request && *request > 0);
  analysis::GameAnalysis g;
  g.variant = "janggi";
  for (int ply = 0; ply < 3; ++ply) {
    analysis::PositionEval p;
    p.ok = true;
    p.to_move = ply % 2 ? Side::Han : Side::Cho;
    p.played = ply < 2 ? "b1c3" : "";
    p.result.score.cp = 10 * ply - 5;
    p.result.depth = 4;
    p.result.best_move = "b1c3";
    p.result.pv = {"b1c3", "b10c8"};
    g.positions.push_back(p);
  }
  analysis::judge_positions(g);
  ASSERT_FALSE((*a)->store_analysis(*request, 1, g));
  EngineVerdictRow v;
  v.game_id = 1;
  v.profile_id = "fs-janggi";
  v.profile_version = 1;
  v.request_id = *request;
  v.verdict = "engine-unclear";
  v.note = "a note, with 'quotes' and a\ttab";
  ASSERT_FALSE((*a)->store_engine_verdicts({v}));
}

TEST(Copy, SqliteToPostgresqlToSqliteKeepsEveryRow) {
  GIBO_REQUIRE_POSTGRESQL();
  TempDir dir;
  const std::string original = (dir.path() / "original.sqlite").string(), back = (dir.path() / "back.sqlite").string();
  const std::string pg = pg_fresh_archive();
  fill(original);
  const auto there = run_gibo({"copy", original, pg});
  ASSERT_EQ(there.status, 0) << there.out << there.err;
  EXPECT_NE(there.out.find("rows copied"), std::string::npos) << there.out;
  const auto again = run_gibo({"copy", pg, back});
  ASSERT_EQ(again.status, 0) << again.out << again.err;
  EXPECT_GT(raw_int(back, "SELECT count(*) FROM analysis_positions"), 0);
  EXPECT_EQ(dump(back), dump(original));
  for (const char* to : {"jsonl", "gib"}) {
    const auto x = run_gibo({"export", "--db", original, "--to", to}), y = run_gibo({"export", "--db", pg, "--to", to}),
               z = run_gibo({"export", "--db", back, "--to", to});
    EXPECT_EQ(y.out, x.out) << to;
    EXPECT_EQ(z.out, x.out) << to;
  }
  // The copy's ids go on from the copied ones: an import into it adds games after them.
  const std::int64_t top = raw_int(pg, "SELECT max(id) FROM games");
  write_variant_corpus(valid_corpus_games(kCorpus), dir.path() / "new", 1, 10, 3);
  ASSERT_EQ(run_gibo({"import", "--db", pg, (dir.path() / "new").string()}).status, 0);
  EXPECT_GT(raw_int(pg, "SELECT min(id) FROM games WHERE id > " + std::to_string(top)), top);
}

// A copy killed at five moments: while it makes the target, then 0 to 100 ms after it
// marked the target as a copy in progress (whatever the machine's speed, the kills fall
// inside the copy, unless it is done first). The same command finishes it.
TEST(Copy, AKilledCopyIsFinishedByTheSameCommand) {
  GIBO_REQUIRE_POSTGRESQL();
  TempDir dir;
  const std::string original = (dir.path() / "original.sqlite").string();
  fill(original);
  const std::string marked = "SELECT count(*) FROM meta WHERE key = 'copying_from'";
  int in_progress = 0;  // kills that left a copy in progress
  for (int after_mark_ms : {-1, 0, 20, 50, 100}) {
    SCOPED_TRACE(after_mark_ms);
    const std::string pg = pg_fresh_archive(), back = (dir.path() / ("back" + std::to_string(after_mark_ms))).string();
    const pid_t pid = spawn_gibo({"copy", original, pg});
    int status = 0;
    bool ended = false;  // by itself, before the kill
    if (after_mark_ms < 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    } else {
      for (int i = 0; i < 5000 && !ended && pg_number_or_zero(pg, marked) == 0; ++i) {
        ended = ::waitpid(pid, &status, WNOHANG) == pid;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(after_mark_ms));
    }
    if (!ended) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
    }
    // Killed with the copy unfinished (marked in progress, or nothing written yet): the same
    // command finishes it. A kill can also land after the last commit, before the process
    // ends: the copy is then whole, and copying into it again is refused, as into any archive.
    const bool marked_now = pg_number_or_zero(pg, marked) == 1;
    if (WIFSIGNALED(status) && (marked_now || pg_number_or_zero(pg, "SELECT count(*) FROM sources") == 0)) {
      in_progress += marked_now;
      const auto finished = run_gibo({"copy", original, pg});
      ASSERT_EQ(finished.status, 0) << finished.out << finished.err;
    }
    ASSERT_EQ(run_gibo({"copy", pg, back}).status, 0);
    EXPECT_EQ(dump(back), dump(original));
  }
  EXPECT_GE(in_progress, 1) << "no kill fell inside a copy";
}

TEST(Copy, RefusesWhatItMustNotWrite) {
  GIBO_REQUIRE_POSTGRESQL();
  TempDir dir;
  const std::string a = (dir.path() / "a.sqlite").string(), b = (dir.path() / "b.sqlite").string();
  ASSERT_EQ(run_gibo({"import", "--db", a, kSamples}).status, 0);
  ASSERT_EQ(run_gibo({"import", "--db", b, kCorpus}).status, 0);
  // Into an archive that holds games: refused, nothing written.
  const auto full = run_gibo({"copy", a, b});
  EXPECT_EQ(full.status, 3);
  EXPECT_NE(full.err.find("already holds an archive"), std::string::npos) << full.err;
  EXPECT_EQ(raw_int(b, "SELECT count(*) FROM sources WHERE path LIKE '%samples%'"), 0);
  // The same archive twice: a usage error, as an output onto an input is.
  EXPECT_EQ(run_gibo({"copy", a, a}).status, 2);
  // A missing source.
  EXPECT_EQ(run_gibo({"copy", (dir.path() / "missing.sqlite").string(), (dir.path() / "c.sqlite").string()}).status, 3);
  EXPECT_FALSE(fs::exists(dir.path() / "c.sqlite"));
  // A copy in progress (its mark) is taken up only from its own source.
  const std::string pg = pg_fresh_archive();
  ASSERT_EQ(run_gibo({"copy", a, pg}).status, 0);
  raw_sql(pg, "INSERT INTO meta VALUES ('copying_from', 'elsewhere')");
  const auto other = run_gibo({"copy", a, pg});
  EXPECT_EQ(other.status, 3);
  EXPECT_NE(other.err.find("not finished"), std::string::npos) << other.err;
  const auto from_unfinished = run_gibo({"copy", pg, (dir.path() / "d.sqlite").string()});
  EXPECT_EQ(from_unfinished.status, 3);
  EXPECT_NE(from_unfinished.err.find("not finished"), std::string::npos) << from_unfinished.err;
  // Usage.
  EXPECT_EQ(run_gibo({"copy", a}).status, 2);
}

}  // namespace
}  // namespace gibo::archive
