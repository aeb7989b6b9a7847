// The analysis queue (archive.h, "the analysis queue"; gibo analyze --worker), on both
// backends: leases, a late result refused, the failed-try limit, and (issue 32's
// acceptance) three workers on one queue, one of them killed with SIGKILL in the middle
// of a game: every game analysed once, the killed worker's game finished by another, the
// analyses those of one worker alone.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "../cli/run_gibo.h"
#include "raw_sql.h"
#include "gibo/archive/archive.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

const std::string kEngine = "/usr/games/fairy-stockfish";

class AnalysisQueue : public BackendTest {};
INSTANTIATE_TEST_SUITE_P(Backends, AnalysisQueue, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

// An archive holding the corpus, and a request with two of its games queued.
struct Queued {
  std::string db;
  std::unique_ptr<Archive> archive;
  std::int64_t request = 0;
};
Queued queue_two(const std::string& db) {
  Queued q;
  q.db = db;
  EXPECT_EQ(run_gibo({"import", "--db", db, kCorpus}).status, 0);
  auto opened = Archive::open(db, OpenMode::ReadWrite);
  EXPECT_TRUE(opened) << opened.error().message;
  if (!opened) return q;
  q.archive = std::move(*opened);
  AnalysisRequest r;
  r.engine = "Fairy-Stockfish";
  r.engine_version = "11.1";
  r.limit.value = 6;
  r.variant = "janggi";
  q.request = q.archive->analysis_request(r, true).value_or(0);
  EXPECT_GT(q.request, 0);
  EXPECT_EQ(q.archive->enqueue_analyses(q.request, {1, 2}).value_or(-1), 2);
  EXPECT_EQ(q.archive->enqueue_analyses(q.request, {2, 1}).value_or(-1), 0) << "queued once";
  return q;
}

// The test's clock: every lease of the queue runs out now (its end an hour in the past,
// by the database's clock, as claim_analysis reads it), without waiting for it.
void run_out_leases(const Queued& q) {
  raw_sql(q.db, "UPDATE analysis_queue SET lease_until = lease_until - 3600000 WHERE state = 'leased'");
}

analysis::GameAnalysis some_analysis() {
  analysis::GameAnalysis a;
  a.variant = "janggi";
  analysis::PositionEval p;
  p.ok = true;
  p.result.score.cp = 12;
  p.result.depth = 6;
  p.result.best_move = "b1c3";
  a.positions = {p};
  return a;
}

TEST_P(AnalysisQueue, ALeaseLostIsALateResultAndRefused) {
  Queued q = queue_two(fresh());
  ASSERT_TRUE(q.archive);
  Archive& a = *q.archive;
  ASSERT_FALSE(a.register_worker("one", "host", 60000));
  ASSERT_FALSE(a.register_worker("two", "host", 60000));
  const auto first = a.claim_analysis({q.request}, "one", 60000, 3);
  ASSERT_TRUE(first && *first);
  EXPECT_EQ((*first)->game_id, 1);
  EXPECT_FALSE(*a.claim_analysis({q.request}, "two", 60000, 3, {2})) << "game 1 is leased";
  run_out_leases(q);
  // Its lease ran out: the next taker gets the same game, a lease of its own.
  const auto second = a.claim_analysis({q.request}, "two", 60000, 3);
  ASSERT_TRUE(second && *second);
  EXPECT_EQ((*second)->game_id, 1);
  EXPECT_EQ((*second)->tries, 2);
  EXPECT_NE((*second)->token, (*first)->token);
  // The first worker's result comes too late: refused, nothing stored.
  EXPECT_EQ(a.finish_analysis(**first, "one", some_analysis(), 1, 5, 3).value_or(true), false);
  EXPECT_FALSE(a.analysis_game(q.request, 1).value());
  // The lease's holder stores it, with the game done, in one transaction.
  EXPECT_EQ(a.finish_analysis(**second, "two", some_analysis(), 1, 5, 3).value_or(false), true);
  EXPECT_TRUE(a.analysis_game(q.request, 1).value());
  const auto st = a.queue_status();
  ASSERT_TRUE(st) << st.error().message;
  ASSERT_EQ(st->requests.size(), 1u);
  EXPECT_EQ(st->requests[0].done, 1);
  EXPECT_EQ(st->requests[0].pending, 1);
  ASSERT_EQ(st->workers.size(), 2u);
  EXPECT_EQ(st->workers[0].games + st->workers[1].games, 1);
  // A game taken while another worker holds a lease that has not run out: never.
  const auto third = a.claim_analysis({q.request}, "one", 60000, 3);
  ASSERT_TRUE(third && *third);
  EXPECT_EQ((*third)->game_id, 2);
  EXPECT_FALSE(*a.claim_analysis({q.request}, "two", 60000, 3));
  EXPECT_TRUE(*a.queue_has_work({q.request}));
}

TEST_P(AnalysisQueue, AfterItsTriesAGameIsSetAsideWithItsReason) {
  Queued q = queue_two(fresh());
  ASSERT_TRUE(q.archive);
  Archive& a = *q.archive;
  for (int tries = 1; tries <= 3; ++tries) {
    const auto lease = a.claim_analysis({q.request}, "w", 60000, 3);
    ASSERT_TRUE(lease && *lease);
    EXPECT_EQ((*lease)->game_id, 1);
    EXPECT_EQ((*lease)->tries, tries);
    ASSERT_FALSE(a.fail_analysis(**lease, "w", "the engine ended", 3));
  }
  // Twice more a lease that runs out, for the other game.
  for (int tries = 1; tries <= 3; ++tries) {
    const auto lease = a.claim_analysis({q.request}, "w", 60000, 3);
    ASSERT_TRUE(lease && *lease);
    EXPECT_EQ((*lease)->game_id, 2);
    run_out_leases(q);
  }
  EXPECT_FALSE(*a.claim_analysis({q.request}, "w", 60000, 3));
  EXPECT_FALSE(*a.queue_has_work({q.request}));
  const auto st = a.queue_status();
  ASSERT_TRUE(st);
  EXPECT_EQ(st->requests.at(0).failed, 2);
  ASSERT_EQ(st->failures.size(), 2u);
  EXPECT_EQ(st->failures[0].error, "the engine ended");
  EXPECT_EQ(st->failures[0].tries, 3);
  EXPECT_NE(st->failures[1].error.find("lease ran out 3 times"), std::string::npos) << st->failures[1].error;
}

// The analyses of `db` under request 1, row by row (ply, evaluation, best line).
std::string analyses(const std::string& db) {
  std::string out;
  const std::string sql =
      "SELECT game_id, ply, coalesce(cp, -99999), coalesce(mate, 0), depth, best, pv FROM analysis_positions WHERE "
      "request_id = 1 ORDER BY game_id, ply";
  if (is_pg(db)) {
    for (const auto& row : pg_rows(db, sql)) {
      for (const std::string& c : row) out += c + "|";
      out += "\n";
    }
    return out;
  }
  return shell_output("sqlite3 -separator '|' " + shell_quote(db) + " " + shell_quote(sql));
}

TEST_P(AnalysisQueue, ThreeWorkersOneKilledEveryGameAnalysedOnce) {
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  const std::string where = "id <= 6";
  const std::vector<std::string> worker = {"analyze", "--rules", "fs-janggi", "--depth", "5", "--option", "Threads=1",
                                           "--worker", "--lease", "2", "--format", "jsonl"};
  auto with_db = [&](const std::string& db, bool queue) {
    std::vector<std::string> args = worker;
    args.insert(args.begin() + 1, {"--db", db});
    if (queue) args.insert(args.end(), {"--where", where});
    return args;
  };
  // One worker alone, for the analyses to compare with.
  const std::string alone = fresh("alone");
  ASSERT_EQ(run_gibo({"import", "--db", alone, kCorpus}).status, 0);
  const auto one = run_gibo(with_db(alone, true));
  ASSERT_EQ(one.status, 0) << one.err;

  const std::string db = fresh("queue");
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus}).status, 0);
  // The first worker queues the selection; the others take what is queued.
  const pid_t victim = spawn_gibo(with_db(db, true));
  for (int i = 0; i < 500 && raw_int(db, "SELECT count(*) FROM analysis_queue WHERE state = 'leased'") <= 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const std::string victim_name = raw_text(db, "SELECT worker FROM analysis_queue WHERE state = 'leased'");
  ASSERT_NE(victim_name, "");
  const pid_t two = spawn_gibo(with_db(db, false)), three = spawn_gibo(with_db(db, false));
  // In the middle of a game: stopped (SIGSTOP, and waited for) while it holds a lease, so
  // that the game read is the one it holds when it is killed (between two games it holds
  // none: then it goes on, and is stopped again).
  int status = 0;
  std::int64_t victim_game = -1;
  for (int i = 0; i < 1000 && victim_game <= 0; ++i) {
    ::kill(victim, SIGSTOP);
    ASSERT_EQ(::waitpid(victim, &status, WUNTRACED), victim);
    ASSERT_TRUE(WIFSTOPPED(status)) << status;
    victim_game =
        raw_int(db, "SELECT game_id FROM analysis_queue WHERE state = 'leased' AND worker = '" + victim_name + "'");
    if (victim_game <= 0) ::kill(victim, SIGCONT);
  }
  ::kill(victim, SIGKILL);
  ASSERT_GT(victim_game, 0);
  ::waitpid(victim, &status, 0);
  for (pid_t pid : {two, three}) {
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  }
  // Every selected game done, once: one analysis each, the workers' counts adding up.
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM analysis_queue WHERE state = 'done'"), 6);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM analysis_games WHERE request_id = 1"), 6);
  EXPECT_EQ(raw_int(db, "SELECT sum(games) FROM analysis_workers"), 6);
  // The killed worker's game: taken again after its lease ran out, and finished by another.
  EXPECT_EQ(raw_int(db, "SELECT tries FROM analysis_queue WHERE game_id = " + std::to_string(victim_game)), 2);
  // The same analyses as one worker's.
  EXPECT_EQ(analyses(db), analyses(alone));
  EXPECT_GT(analyses(db).size(), 1000u);
  // --status shows it all.
  const auto st = run_gibo({"analyze", "--db", db, "--status"});
  ASSERT_EQ(st.status, 0) << st.err;
  EXPECT_NE(st.out.find("0 pending, 0 leased, 6 done, 0 failed"), std::string::npos) << st.out;
  EXPECT_NE(st.out.find(victim_name), std::string::npos) << st.out;
}

}  // namespace
}  // namespace gibo::archive
