// The pool of engine sessions a run's workers borrow from.
#include "gibo/analysis/engine_pool.h"

namespace gibo::analysis {

EnginePool::Lease EnginePool::acquire() {
  std::lock_guard lock(mutex_);
  if (idle_.empty()) return Lease(*this, std::make_unique<EngineSession>(config_));
  auto s = std::move(idle_.back());
  idle_.pop_back();
  return Lease(*this, std::move(s));
}

void EnginePool::release(std::unique_ptr<EngineSession> s) {
  std::lock_guard lock(mutex_);
  idle_.push_back(std::move(s));
}

}  // namespace gibo::analysis
