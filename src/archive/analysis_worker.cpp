// A worker of an archive's analysis queue (gibo/archive/analysis_worker.h): its threads
// each take, analyse and store games over a connection of their own; one more thread
// renews the worker's leases.
#include "gibo/archive/analysis_worker.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <map>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "gibo/archive/analysis_store.h"
#include "gibo/archive/archive.h"

namespace gibo::archive {

namespace {

using Clock = std::chrono::steady_clock;

std::string worker_name() {
  char host[256] = {};
  if (::gethostname(host, sizeof host - 1) != 0) std::snprintf(host, sizeof host, "%s", "localhost");
  return std::string(host) + ":" + std::to_string(::getpid());
}

std::string host_of(const std::string& worker) { return worker.substr(0, worker.rfind(':')); }

// "3 of 41 positions failed (stored as far as it goes; tried again later)".
std::string failed_positions_text(const analysis::GameAnalysis& a) {
  return std::to_string(a.failed_positions) + " of " + std::to_string(a.positions.size()) +
         " positions failed (stored as far as it goes; the game is tried again while it has tries left)";
}

// What the worker's threads share.
class Worker {
 public:
  Worker(const QueueWorkerOptions& o, const std::function<void(const QueuedGame&)>& on_game, QueueWorkerSummary& summary)
      : o_(o), on_game_(on_game), summary_(summary), pool_(o.settings.config) {}

  std::optional<Error> run() {
    summary_.worker = worker_name();
    auto opened = Archive::open(o_.db, OpenMode::ReadWrite);
    if (!opened) return opened.error();
    Archive& archive = **opened;
    AnalysisStore store(archive, o_.settings);
    if (!o_.where.empty())
      if (auto e = queue_selection(archive, store)) return named(*e);
    const auto requests = archive.requests_like(analysis_request(o_.settings, ""));
    if (!requests) return named(requests.error());
    requests_ = *requests;
    if (requests_.empty()) {
      summary_.nothing_queued = true;
      return std::nullopt;
    }
    if (auto e = archive.register_worker(summary_.worker, host_of(summary_.worker), lease_ms())) return named(*e);
    std::thread renewer([this] { renew(); });
    std::vector<std::thread> threads;
    for (int t = 0; t < std::max(1, o_.jobs); ++t) threads.emplace_back([this] { consume(); });
    for (std::thread& t : threads) t.join();
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    renewer.join();
    if (auto e = archive.stop_worker(summary_.worker); e && !error_) error_ = named(*e);
    return error_;
  }

 private:
  std::int64_t lease_ms() const { return static_cast<std::int64_t>(std::max(1, o_.lease_seconds)) * 1000; }

  // Queues the games `where` selects, each under its variant's request.
  std::optional<Error> queue_selection(Archive& archive, AnalysisStore& store) {
    const auto ids = archive.select_games(o_.where);
    if (!ids) return Error{"--where: " + ids.error().message};
    std::map<std::int64_t, std::vector<std::int64_t>> by_request;
    for (std::int64_t id : *ids) {
      const auto request = store.request_of(id, o_.forced, *o_.fallback);
      if (!request) return request.error();
      if (*request) by_request[*request].push_back(id);
    }
    for (const auto& [request, games] : by_request) {
      const auto added = archive.enqueue_analyses(request, games);
      if (!added) return added.error();
      summary_.queued += *added;
    }
    return std::nullopt;
  }

  // `e` of an archive operation, named as Archive::open names its errors ("NAME: ..."), so
  // that every error the worker returns names the archive once.
  Error named(Error e) const {
    e.message = archive_name(o_.db) + ": " + e.message;
    return e;
  }

  // Records the first error and stops every thread.
  void fail(Error e) {
    std::lock_guard lock(mutex_);
    if (!error_) error_ = std::move(e);
    stopping_ = true;
    wake_.notify_all();
  }
  // The games this worker failed: left to later workers (each tries a game once a run).
  std::vector<std::int64_t> passed() {
    std::lock_guard lock(mutex_);
    return passed_;
  }
  bool stopping() {
    std::lock_guard lock(mutex_);
    return stopping_;
  }

  // Waits up to `ms`, or until the worker stops.
  void wait(std::int64_t ms) {
    std::unique_lock lock(mutex_);
    wake_.wait_for(lock, std::chrono::milliseconds(ms), [this] { return stopping_; });
  }

  void renew() {
    auto opened = Archive::open(o_.db, OpenMode::ReadWrite);
    if (!opened) return fail(opened.error());
    while (!stopping()) {
      wait(lease_ms() / 3);
      if (stopping()) break;
      if (auto e = (*opened)->renew_leases(summary_.worker, lease_ms())) return fail(named(*e));
    }
  }

  void consume() {
    auto opened = Archive::open(o_.db, OpenMode::ReadWrite);
    if (!opened) return fail(opened.error());
    Archive& archive = **opened;
    AnalysisStore store(archive, o_.settings);
    while (!stopping()) {
      const auto lease = archive.claim_analysis(requests_, summary_.worker, lease_ms(), o_.max_tries, passed());
      if (!lease) return fail(named(lease.error()));
      if (!*lease) {
        // Nothing to take now: done when nothing is pending or leased (anyone's lease may
        // yet run out), else looked at again soon.
        const auto open = archive.queue_has_work(requests_, passed());
        if (!open) return fail(named(open.error()));
        if (!*open) return;
        wait(std::min<std::int64_t>(1000, lease_ms() / 4));
        continue;
      }
      if (auto e = work_on(archive, store, **lease)) return fail(named(*e));
    }
  }

  // Analyses the leased game and stores it (or gives it back).
  std::optional<Error> work_on(Archive& archive, AnalysisStore& store, const Archive::QueueLease& lease) {
    QueuedGame q;
    auto job = store.unplanned_job(lease.game_id, o_.forced, *o_.fallback);
    if (!job) return job.error();
    job->game_id = lease.game_id;
    const auto request = store.request_for(*job);
    if (!request) return request.error();
    if (*request != lease.request_id) {
      q.outcome = QueuedGame::Outcome::Failed;
      q.error = "this worker's rules give the game another engine variant than its request's";
    } else if (auto e = store.plan(*job)) {
      return e;
    }
    const auto started = Clock::now();
    if (q.outcome != QueuedGame::Outcome::Failed) q.done = analysis::analyse_job(*job, pool_, o_.settings);
    else q.done.job = std::move(*job);
    const auto busy = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started).count();
    if (q.outcome != QueuedGame::Outcome::Failed && !q.done.analysis.error.empty()) {
      q.outcome = QueuedGame::Outcome::Failed;
      q.error = q.done.analysis.error;
    }
    if (q.outcome == QueuedGame::Outcome::Failed) {
      if (auto e = archive.fail_analysis(lease, summary_.worker, q.error, o_.max_tries)) return e;
    } else {
      const auto stored =
          archive.finish_analysis(lease, summary_.worker, q.done.analysis, q.done.searched, busy, o_.max_tries);
      if (!stored) return stored.error();
      q.outcome = !*stored                          ? QueuedGame::Outcome::TooLate
                  : q.done.analysis.failed_positions ? QueuedGame::Outcome::Failed
                                                     : QueuedGame::Outcome::Stored;
      if (q.outcome == QueuedGame::Outcome::Failed) q.error = failed_positions_text(q.done.analysis);
    }
    std::lock_guard lock(report_mutex_);
    if (q.outcome == QueuedGame::Outcome::Failed) {
      std::lock_guard pass(mutex_);
      passed_.push_back(lease.game_id);
    }
    switch (q.outcome) {
      case QueuedGame::Outcome::Stored: ++summary_.stored; break;
      case QueuedGame::Outcome::TooLate: ++summary_.too_late; break;
      case QueuedGame::Outcome::Failed: ++summary_.failed; break;
    }
    if (on_game_) on_game_(q);
    return std::nullopt;
  }

  const QueueWorkerOptions& o_;
  const std::function<void(const QueuedGame&)>& on_game_;
  QueueWorkerSummary& summary_;
  analysis::EnginePool pool_;
  std::vector<std::int64_t> requests_;
  std::mutex mutex_, report_mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::optional<Error> error_;
  std::vector<std::int64_t> passed_;
};

}  // namespace

std::optional<Error> run_queue_worker(const QueueWorkerOptions& options,
                                      const std::function<void(const QueuedGame&)>& on_game,
                                      QueueWorkerSummary& summary) {
  Worker worker(options, on_game, summary);
  return worker.run();
}

}  // namespace gibo::archive
