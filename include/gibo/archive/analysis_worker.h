// A worker of an archive's analysis queue (gibo analyze --db DB --worker): on any number
// of machines at once, each with its engine and its threads, workers take games from the
// queue of their engine's request (archive.h, "the analysis queue"), analyse them and
// store each analysis with its game's `done` in one transaction.
//
// Policies:
// * The selection: with `where`, the games it selects are queued first under the worker's
//   engine, options and limit (each under the request of its variant; queued once,
//   however many workers queue them). Without, the worker takes what is queued.
// * Leases: a game is taken for `lease_seconds`, renewed every third of it by a thread of
//   the worker's own while it searches; a worker that stops renewing (killed, its machine
//   gone) loses its games to the others when their leases run out, and a result it sends
//   after that is refused (counted as too late, nothing stored). A game whose analysis
//   fails, wholly or at any position (an engine that hangs, or whose moves the rules
//   refuse), is counted as failed and goes back to the queue (what was searched is stored,
//   and a later try searches only what failed); after `max_tries` leases it is set aside
//   as failed, with the reason. A worker that met a failure exits with status 1.
// * A worker is recorded with its lease length and, when it ends, as stopped: --status
//   tells running workers from stopped and lost ones.
// * The worker ends when its requests' queues hold no pending game and no lease (its own
//   or another worker's, which it waits for: it may run out).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "gibo/analysis/analysis_run.h"
#include "gibo/core/expected.h"
#include "gibo/core/rules.h"

namespace gibo::archive {

struct QueueWorkerOptions {
  std::string db;     // the archive (a SQLite path or a PostgreSQL connection string)
  std::string where;  // the games to queue first ("": none)
  analysis::SearchSettings settings;
  const Profile* forced = nullptr;    // --rules: the profile every game is analysed under
  const Profile* fallback = nullptr;  // for games that save none
  int jobs = 1;                       // games analysed at once (an engine each)
  int lease_seconds = 60;
  int max_tries = 3;
};

// A game the worker is done with.
struct QueuedGame {
  enum class Outcome { Stored, TooLate, Failed };
  analysis::AnalysedJob done;
  Outcome outcome = Outcome::Stored;
  std::string error;  // why it failed (Failed)
};

struct QueueWorkerSummary {
  std::string worker;        // its name in the queue: HOST:PID
  std::int64_t queued = 0;   // games it added to the queue
  long stored = 0, too_late = 0, failed = 0;
  bool nothing_queued = false;  // no request of its engine, options and limit in the archive
};

// Runs a worker until its queues are empty; `on_game` is told each game (from the
// worker's threads, one at a time). An Error ("NAME: ...", naming the archive once) when
// the archive fails (the games leased then go back to the queue when their leases run
// out).
std::optional<Error> run_queue_worker(const QueueWorkerOptions& options,
                                      const std::function<void(const QueuedGame&)>& on_game,
                                      QueueWorkerSummary& summary);

}  // namespace gibo::archive
