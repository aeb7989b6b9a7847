// The analysis queue's records (Archive, "the analysis queue"): a lease a worker holds on
// a queued game, and the queue's state as `gibo analyze --db DB --status` shows it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gibo::archive {

// A worker's lease on a queued game (Archive::claim_analysis).
struct QueueLease {
  std::int64_t request_id = 0, game_id = 0;
  std::int64_t token = 0;  // this lease's own number: a later lease of the game has another
  int tries = 0;           // leases taken of the game, this one included
};

// The queues, their leases and failures, and the workers (Archive::queue_status).
struct QueueStatus {
  std::int64_t now_ms = 0;  // the database's clock
  struct Request {
    std::int64_t id = 0;
    std::string engine, limit, variant;  // "Fairy-Stockfish 11.1", "depth 10", "janggi"
    std::int64_t pending = 0, leased = 0, done = 0, failed = 0;
  };
  struct Lease {
    std::int64_t request_id = 0, game_id = 0, leased_at = 0, lease_until = 0;
    int tries = 0;
    std::string game, worker;  // FILE:GAME
  };
  struct Failure {
    std::int64_t request_id = 0, game_id = 0;
    int tries = 0;
    std::string game, error;
  };
  struct Worker {
    // Running: seen within its lease; stopped: it said so; lost: not seen for longer than
    // its lease (killed, or its machine or connection gone), its leases free to others.
    enum class State { Running, Stopped, Lost };
    std::string worker, host;
    std::int64_t started_at = 0, seen_at = 0, games = 0, positions = 0, busy_ms = 0;
    std::optional<std::int64_t> stopped_at;
    State state = State::Running;
  };
  std::vector<Request> requests;
  std::vector<Lease> leases;
  std::vector<Failure> failures;
  std::vector<Worker> workers;
};

}  // namespace gibo::archive
