// The engines of a run: what every search uses (engine, limit, time allowed) and one pool
// of engine sessions that the run's workers borrow from, so that N workers run at most N
// engine processes and an engine is reused from game to game (analyze, rescore --engine).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "gibo/analysis/game_analysis.h"

namespace gibo::analysis {

// What every search of a run uses.
struct SearchSettings {
  EngineConfig config;
  Limit limit;
  int timeout_ms = 60000;   // a search may take this long before the engine is stopped
  std::string engine_name;  // the engine's `id name` (as probed), shown and stored
};

// Engine sessions for several threads: acquire() hands out an idle session (a new one,
// not yet started, when none is idle); the Lease gives it back when it goes. Thread-safe.
class EnginePool {
 public:
  explicit EnginePool(EngineConfig config) : config_(std::move(config)) {}
  EnginePool(const EnginePool&) = delete;
  EnginePool& operator=(const EnginePool&) = delete;

  class Lease {
   public:
    Lease(EnginePool& pool, std::unique_ptr<EngineSession> s) : pool_(&pool), session_(std::move(s)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (session_) pool_->release(std::move(session_));
    }
    EngineSession& operator*() const { return *session_; }
    EngineSession* operator->() const { return session_.get(); }

   private:
    EnginePool* pool_;
    std::unique_ptr<EngineSession> session_;
  };

  Lease acquire();

 private:
  void release(std::unique_ptr<EngineSession> s);
  EngineConfig config_;
  std::mutex mutex_;
  std::vector<std::unique_ptr<EngineSession>> idle_;
};

}  // namespace gibo::analysis
