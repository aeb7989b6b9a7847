// Workers of gibo analyze --worker on one archive's queue, on both backends (issue 32's
// acceptance): three workers, one of them killed with SIGKILL in the middle of a game:
// every game analysed once, the killed worker's game finished by another, the analyses
// those of one worker alone. (The queue's leases and limits: tests/archive/
// analysis_queue_test.cpp.)
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "../archive/raw_sql.h"
#include "run_gibo.h"

namespace gibo {
namespace {

using namespace gibo::testing;

class AnalysisQueueCli : public BackendTest {};
INSTANTIATE_TEST_SUITE_P(Backends, AnalysisQueueCli, ::testing::Values(Backend::SQLite, Backend::PostgreSQL),
                         backend_name);

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

TEST_P(AnalysisQueueCli, ThreeWorkersOneKilledEveryGameAnalysedOnce) {
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
}  // namespace gibo
