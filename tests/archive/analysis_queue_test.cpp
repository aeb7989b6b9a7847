// The analysis queue (archive.h, "the analysis queue"), on both backends: leases, a late
// result refused, the failed-try limit. (Workers of gibo analyze --worker on one queue:
// tests/cli/analysis_queue_cli_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "../cli/run_gibo.h"
#include "raw_sql.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/import.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

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
  std::vector<std::string> paths;
  for (const auto& f : corpus_files()) paths.push_back(f.string());
  ImportOptions options;
  options.db_path = db;
  ImportSummary summary;
  EXPECT_FALSE(import_files(paths, options, {}, summary));
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

}  // namespace
}  // namespace gibo::archive
