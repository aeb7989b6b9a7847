// The analysis queue (archive.h, "the analysis queue"): games waiting under a request,
// taken by workers with leases, done with their analysis in one transaction. The same
// SQL for SQLite and PostgreSQL; what differs -- how a taker keeps others off the game it
// takes, and the clock -- is dialect.h's (begin_claim, claim_lock, now_ms).
#include <random>

#include "archive_impl.h"
#include "dialect.h"

namespace gibo::archive {

namespace {

// The first schema version with the queue.
constexpr int kQueueSince = 5;

// "1, 2, 3": an IN list of ids (numbers only: nothing to quote).
std::string id_list(const std::vector<std::int64_t>& ids) {
  std::string out;
  for (std::int64_t id : ids) {
    if (!out.empty()) out += ", ";
    out += std::to_string(id);
  }
  return out;
}

// " AND game_id NOT IN (…)" for the games a worker passes over; "" for none.
std::string not_passed(const std::vector<std::int64_t>& passed) {
  return passed.empty() ? std::string() : " AND game_id NOT IN (" + id_list(passed) + ")";
}

// A lease's own number: random, so that no two leases of a game share one.
std::int64_t new_token() {
  static thread_local std::mt19937_64 rng(std::random_device{}());
  return static_cast<std::int64_t>(rng() >> 1) + 1;
}

// A worker's lease when the archive does not say (QueueWorkerOptions' default).
constexpr std::int64_t kDefaultLeaseMs = 60000;

// Why an analysis with failed positions is not whole: how many, and the first failure.
std::string failure_text(const analysis::GameAnalysis& a) {
  if (!a.error.empty()) return a.error;
  std::string first;
  for (std::size_t i = 0; i < a.positions.size() && first.empty(); ++i)
    if (!a.positions[i].ok) first = "position after ply " + std::to_string(i) + ": " + a.positions[i].error;
  return std::to_string(a.failed_positions) + " of " + std::to_string(a.positions.size()) +
         " positions failed" + (first.empty() ? "" : "; the first: " + first);
}

}  // namespace

Expected<std::int64_t> Archive::enqueue_analyses(std::int64_t request_id, const std::vector<std::int64_t>& game_ids) {
  Impl& m = *impl_;
  if (m.schema_version < kQueueSince) return Error{"the archive has no analysis queue (schema version 5)"};
  const std::string now = sql::now_ms(m.db);
  std::int64_t added = 0;
  auto e = in_own_transaction(*this, m.in_transaction, [&]() -> std::optional<Error> {
    // A game analysed under the request already (wholly) is queued as done.
    sql::Statement s = m.db.prepare(
        "INSERT INTO analysis_queue (request_id, game_id, state, queued_at) VALUES (:request_id, :game_id, CASE WHEN EXISTS (SELECT 1 "
        "FROM analysis_games WHERE request_id = :request_id AND game_id = :game_id AND error IS NULL AND failed_positions = 0) THEN "
        "'done' ELSE 'pending' END, " + now + ") ON CONFLICT DO NOTHING");
    if (!s.prepared()) return m.fail("cannot queue analyses");
    for (std::int64_t id : game_ids) {
      s.bind(":request_id", request_id);
      s.bind(":game_id", id);
      if (!s.run()) return m.fail("cannot queue game " + std::to_string(id));
      added += m.db.changes();
    }
    return std::nullopt;
  });
  if (e) return *e;
  return added;
}

Expected<std::vector<std::int64_t>> Archive::requests_like(const AnalysisRequest& r) {
  Impl& m = *impl_;
  std::vector<std::int64_t> out;
  if (m.schema_version < kQueueSince) return out;
  sql::Statement s = m.db.prepare(
      "SELECT id FROM analysis_requests WHERE engine = :engine AND engine_version = :engine_version AND options = :options AND limit_kind = :limit_kind "
      "AND limit_value = :limit_value ORDER BY id");
  if (!s.prepared()) return m.fail("cannot read analysis requests");
  const std::string kind = r.limit.kind == analysis::Limit::Kind::Depth   ? "depth"
                           : r.limit.kind == analysis::Limit::Kind::Nodes ? "nodes"
                                                                          : "movetime";
  s.bind_text(":engine", r.engine);
  s.bind_text(":engine_version", r.engine_version);
  s.bind_text(":options", r.options);
  s.bind_text(":limit_kind", kind);
  s.bind(":limit_value", r.limit.value);
  int rc;
  while ((rc = s.step()) == sql::kRow) out.push_back(s.int64(0));
  if (rc != sql::kDone) return m.fail("cannot read analysis requests");
  return out;
}

Expected<std::optional<Archive::QueueLease>> Archive::claim_analysis(const std::vector<std::int64_t>& requests,
                                                                     const std::string& worker, std::int64_t lease_ms,
                                                                     int max_tries,
                                                                     const std::vector<std::int64_t>& passed) {
  Impl& m = *impl_;
  using Result = std::optional<QueueLease>;
  if (requests.empty() || m.schema_version < kQueueSince) return Result();
  const std::string now = sql::now_ms(m.db);
  if (auto e = m.db.exec(sql::begin_claim(m.db))) return m.fail("cannot take a game from the queue");
  auto abort = [&](const char* what) {
    Error error = m.fail(what);
    m.db.exec("ROLLBACK");
    return error;
  };
  sql::Statement next = m.db.prepare(
      "SELECT request_id, game_id, tries FROM analysis_queue WHERE request_id IN (" + id_list(requests) +
      ") AND (state = 'pending' OR (state = 'leased' AND lease_until < " + now + "))" + not_passed(passed) +
      " ORDER BY game_id, request_id LIMIT 1" + sql::claim_lock(m.db));
  sql::Statement give_up = m.db.prepare(
      "UPDATE analysis_queue SET state = 'failed', worker = NULL, lease_token = NULL, lease_until = NULL, "
      "finished_at = " + now + ", error = coalesce(error, 'its lease ran out ' || CAST(tries AS TEXT) || ' times (the "
      "workers stopped or were stopped)') WHERE request_id = :request_id AND game_id = :game_id");
  sql::Statement take = m.db.prepare(
      "UPDATE analysis_queue SET state = 'leased', worker = :worker, lease_token = :lease_token, leased_at = " + now +
      ", lease_until = " + now + " + :lease_ms, tries = tries + 1 WHERE request_id = :request_id AND game_id = :game_id");
  if (!next.prepared() || !give_up.prepared() || !take.prepared()) return abort("cannot take a game from the queue");
  for (;;) {
    next.reset();
    const int rc = next.step();
    if (rc == sql::kDone) break;
    if (rc != sql::kRow) return abort("cannot take a game from the queue");
    QueueLease lease;
    lease.request_id = next.int64(0);
    lease.game_id = next.int64(1);
    lease.tries = next.integer(2) + 1;
    give_up.bind(":request_id", lease.request_id);
    give_up.bind(":game_id", lease.game_id);
    if (lease.tries > max_tries) {
      if (!give_up.run()) return abort("cannot set a game aside");
      continue;
    }
    lease.token = new_token();
    take.bind(":request_id", lease.request_id);
    take.bind(":game_id", lease.game_id);
    take.bind_text(":worker", worker);
    take.bind(":lease_token", lease.token);
    take.bind(":lease_ms", lease_ms);
    if (!take.run()) return abort("cannot lease a game");
    next.reset();
    if (auto e = m.db.exec("COMMIT")) return abort("cannot lease a game");
    return Result(lease);
  }
  next.reset();
  if (auto e = m.db.exec("COMMIT")) return abort("cannot take a game from the queue");
  return Result();
}

Expected<bool> Archive::queue_has_work(const std::vector<std::int64_t>& requests,
                                       const std::vector<std::int64_t>& passed) {
  Impl& m = *impl_;
  if (requests.empty() || m.schema_version < kQueueSince) return false;
  sql::Statement s = m.db.prepare("SELECT count(*) FROM analysis_queue WHERE request_id IN (" + id_list(requests) +
                                  ") AND state IN ('pending', 'leased')" + not_passed(passed));
  if (!s.prepared() || s.step() != sql::kRow) return m.fail("cannot read the analysis queue");
  return s.int64(0) > 0;
}

std::optional<Error> Archive::renew_leases(const std::string& worker, std::int64_t lease_ms) {
  Impl& m = *impl_;
  if (m.schema_version < kQueueSince) return std::nullopt;
  const std::string now = sql::now_ms(m.db);
  if (auto e = m.db.exec(sql::begin_claim(m.db))) return m.fail("cannot renew leases");
  sql::Statement leases = m.db.prepare("UPDATE analysis_queue SET lease_until = " + now +
                                       " + :lease_ms WHERE worker = :worker AND state = 'leased'");
  sql::Statement seen = m.db.prepare("UPDATE analysis_workers SET seen_at = " + now + " WHERE worker = :worker");
  bool ok = leases.prepared() && seen.prepared();
  if (ok) {
    leases.bind_text(":worker", worker);
    leases.bind(":lease_ms", lease_ms);
    seen.bind_text(":worker", worker);
    ok = leases.run() && seen.run();
  }
  if (!ok || m.db.exec("COMMIT")) {
    Error error = m.fail("cannot renew leases");
    m.db.exec("ROLLBACK");
    return error;
  }
  return std::nullopt;
}

Expected<bool> Archive::finish_analysis(const QueueLease& lease, const std::string& worker,
                                        const analysis::GameAnalysis& a, int positions, std::int64_t busy_ms,
                                        int max_tries) {
  Impl& m = *impl_;
  const std::string now = sql::now_ms(m.db);
  if (auto e = begin()) return *e;
  auto abort = [&](const std::string& what) {
    Error error = m.fail(what);
    rollback();
    return error;
  };
  // The game is done only under the lease this worker holds (not one another worker took
  // when this one's ran out): else the result comes too late and nothing is stored. An
  // analysis with failed positions leaves the game to be tried again (or failed).
  const bool whole = a.failed_positions == 0 && a.error.empty();
  const std::string error = whole ? std::string() : failure_text(a);  // bound as it is: it must outlive run()
  sql::Statement done = m.db.prepare(
      "UPDATE analysis_queue SET state = CASE WHEN :whole = 1 THEN 'done' WHEN tries >= :max_tries THEN 'failed' ELSE 'pending' "
      "END, finished_at = CASE WHEN :whole = 1 OR tries >= :max_tries THEN " + now + " ELSE NULL END, worker = NULL, "
      "lease_token = NULL, lease_until = NULL, error = :error WHERE request_id = :request_id AND game_id = :game_id AND state = 'leased' "
      "AND worker = :worker AND lease_token = :lease_token");
  if (!done.prepared()) return abort("cannot finish a game of the queue");
  done.bind(":request_id", lease.request_id);
  done.bind(":game_id", lease.game_id);
  done.bind_text(":worker", worker);
  done.bind(":lease_token", lease.token);
  done.bind(":whole", whole ? 1 : 0);
  done.bind(":max_tries", max_tries);
  if (whole) done.bind_null(":error");
  else done.bind_text(":error", error);
  if (!done.run()) return abort("cannot finish a game of the queue");
  if (m.db.changes() != 1) {
    rollback();
    return false;
  }
  if (auto e = store_analysis(lease.request_id, lease.game_id, a)) {
    rollback();
    return *e;
  }
  sql::Statement counts = m.db.prepare("UPDATE analysis_workers SET games = games + 1, positions = positions + :positions, "
                                       "busy_ms = busy_ms + :busy_ms, seen_at = " + now + " WHERE worker = :worker");
  if (!counts.prepared()) return abort("cannot count a worker's game");
  counts.bind_text(":worker", worker);
  counts.bind(":positions", positions);
  counts.bind(":busy_ms", busy_ms);
  if (!counts.run()) return abort("cannot count a worker's game");
  if (auto e = commit()) {
    rollback();
    return *e;
  }
  return true;
}

std::optional<Error> Archive::fail_analysis(const QueueLease& lease, const std::string& worker,
                                            const std::string& error, int max_tries) {
  Impl& m = *impl_;
  const std::string now = sql::now_ms(m.db);
  sql::Statement s = m.db.prepare(
      "UPDATE analysis_queue SET state = CASE WHEN tries >= :max_tries THEN 'failed' ELSE 'pending' END, error = :error, worker = "
      "NULL, lease_token = NULL, lease_until = NULL, finished_at = CASE WHEN tries >= :max_tries THEN " + now +
      " ELSE NULL END WHERE request_id = :request_id AND game_id = :game_id AND state = 'leased' AND worker = :worker AND lease_token = :lease_token");
  if (!s.prepared()) return m.fail("cannot give a game back to the queue");
  s.bind(":request_id", lease.request_id);
  s.bind(":game_id", lease.game_id);
  s.bind_text(":worker", worker);
  s.bind(":lease_token", lease.token);
  s.bind(":max_tries", max_tries);
  s.bind_text(":error", error);
  if (!s.run()) return m.fail("cannot give a game back to the queue");
  return std::nullopt;
}

std::optional<Error> Archive::register_worker(const std::string& worker, const std::string& host,
                                             std::int64_t lease_ms) {
  Impl& m = *impl_;
  if (m.schema_version < kQueueSince) return Error{"the archive has no analysis queue (schema version 5)"};
  const std::string now = sql::now_ms(m.db);
  sql::Statement s = m.db.prepare(
      "INSERT INTO analysis_workers (worker, host, started_at, seen_at, lease_ms) VALUES (:worker, :host, " + now + ", " +
      now + ", :lease_ms) ON CONFLICT (worker) DO UPDATE SET host = excluded.host, started_at = excluded.started_at, "
      "seen_at = excluded.seen_at, lease_ms = excluded.lease_ms, stopped_at = NULL, games = 0, positions = 0, "
      "busy_ms = 0");
  if (!s.prepared()) return m.fail("cannot record the worker");
  s.bind_text(":worker", worker);
  s.bind_text(":host", host);
  s.bind(":lease_ms", lease_ms);
  if (!s.run()) return m.fail("cannot record the worker");
  return std::nullopt;
}

std::optional<Error> Archive::stop_worker(const std::string& worker) {
  Impl& m = *impl_;
  if (m.schema_version < kQueueSince) return std::nullopt;
  const std::string now = sql::now_ms(m.db);
  sql::Statement s = m.db.prepare("UPDATE analysis_workers SET stopped_at = " + now + ", seen_at = " + now +
                                  " WHERE worker = :worker");
  if (!s.prepared()) return m.fail("cannot record the worker's stop");
  s.bind_text(":worker", worker);
  if (!s.run()) return m.fail("cannot record the worker's stop");
  return std::nullopt;
}

namespace {

// The rows of queue_status's four reads, one reader each.
Archive::QueueStatus::Request request_row(const sql::Statement& s) {
  Archive::QueueStatus::Request r;
  r.id = s.int64(0);
  AnalysisRequest named;
  named.engine = std::string(s.text(1));
  named.engine_version = std::string(s.text(2));
  r.engine = named.engine_text();
  r.limit = std::string(s.text(3)) + " " + std::to_string(s.int64(4));
  r.variant = std::string(s.text(5));
  r.pending = s.int64(6);
  r.leased = s.int64(7);
  r.done = s.int64(8);
  r.failed = s.int64(9);
  return r;
}

// The columns a lease and a failure share, first in their reads: the request, the game,
// its tries, and where it came from (FILE:GAME).
template <class Row>
Row queued_game_row(const sql::Statement& s) {
  Row r;
  r.request_id = s.int64(0);
  r.game_id = s.int64(1);
  r.tries = s.integer(2);
  r.game = std::string(s.text(3)) + ":" + std::to_string(s.int64(4) + 1);
  return r;
}

Archive::QueueStatus::Lease lease_row(const sql::Statement& s) {
  auto l = queued_game_row<Archive::QueueStatus::Lease>(s);
  l.leased_at = s.int64(5);
  l.lease_until = s.int64(6);
  l.worker = std::string(s.text(7));
  return l;
}

Archive::QueueStatus::Failure failure_row(const sql::Statement& s) {
  auto f = queued_game_row<Archive::QueueStatus::Failure>(s);
  f.error = s.optional_text(5).value_or("");
  return f;
}

// A worker's row, its state judged by the database's clock `now_ms`.
Archive::QueueStatus::Worker worker_row(const sql::Statement& s, std::int64_t now_ms) {
  Archive::QueueStatus::Worker w;
  w.worker = std::string(s.text(0));
  w.host = std::string(s.text(1));
  w.started_at = s.int64(2);
  w.seen_at = s.int64(3);
  w.games = s.int64(4);
  w.positions = s.int64(5);
  w.busy_ms = s.int64(6);
  // A worker recorded before schema version 8 has no lease length: the default's.
  const std::int64_t lease = s.type(7) == sql::Type::Null ? kDefaultLeaseMs : s.int64(7);
  if (s.type(8) != sql::Type::Null) w.stopped_at = s.int64(8);
  using State = Archive::QueueStatus::Worker::State;
  w.state = w.stopped_at ? State::Stopped : now_ms - w.seen_at > lease ? State::Lost : State::Running;
  return w;
}

}  // namespace

Expected<Archive::QueueStatus> Archive::queue_status() {
  Impl& m = *impl_;
  QueueStatus st;
  if (m.schema_version < kQueueSince) return st;
  st.now_ms = m.db.scalar(std::string("SELECT ") + sql::now_ms(m.db));
  // One snapshot for the whole picture.
  if (auto e = m.db.exec(sql::begin_read(m.db))) return m.fail("cannot read the analysis queue");
  auto read = [&](const std::string& sql, const std::function<void(const sql::Statement&)>& row) -> std::optional<Error> {
    sql::Statement s = m.db.prepare(sql);
    if (!s.prepared()) return m.fail("cannot read the analysis queue");
    int rc;
    while ((rc = s.step()) == sql::kRow) row(s);
    if (rc != sql::kDone) return m.fail("cannot read the analysis queue");
    return std::nullopt;
  };
  const char* game_ref = " JOIN games AS g ON g.id = q.game_id JOIN sources AS s ON s.id = g.source_id ";
  std::optional<Error> e = read(
      "SELECT r.id, r.engine, r.engine_version, r.limit_kind, r.limit_value, r.variant, "
      "sum(CASE WHEN q.state = 'pending' THEN 1 ELSE 0 END), sum(CASE WHEN q.state = 'leased' THEN 1 ELSE 0 END), "
      "sum(CASE WHEN q.state = 'done' THEN 1 ELSE 0 END), sum(CASE WHEN q.state = 'failed' THEN 1 ELSE 0 END) "
      "FROM analysis_queue AS q JOIN analysis_requests AS r ON r.id = q.request_id "
      "GROUP BY r.id, r.engine, r.engine_version, r.limit_kind, r.limit_value, r.variant ORDER BY r.id",
      [&](const sql::Statement& s) { st.requests.push_back(request_row(s)); });
  if (!e)
    e = read(std::string("SELECT q.request_id, q.game_id, q.tries, s.path, g.game_index, q.leased_at, q.lease_until, "
                         "q.worker FROM analysis_queue AS q") + game_ref +
                 "WHERE q.state = 'leased' ORDER BY q.leased_at, q.game_id",
             [&](const sql::Statement& s) { st.leases.push_back(lease_row(s)); });
  if (!e)
    e = read(std::string("SELECT q.request_id, q.game_id, q.tries, s.path, g.game_index, q.error FROM analysis_queue "
                         "AS q") + game_ref + "WHERE q.state = 'failed' ORDER BY q.request_id, q.game_id",
             [&](const sql::Statement& s) { st.failures.push_back(failure_row(s)); });
  if (!e)
    e = read("SELECT worker, host, started_at, seen_at, games, positions, busy_ms, lease_ms, stopped_at FROM "
             "analysis_workers ORDER BY started_at, worker",
             [&](const sql::Statement& s) { st.workers.push_back(worker_row(s, st.now_ms)); });
  m.db.exec("COMMIT");
  if (e) return *e;
  return st;
}

}  // namespace gibo::archive
