// Runs a function over a list of items in N worker threads and hands the results to
// the caller in input order (so output stays deterministic whatever N is).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

namespace gibo {

// work(i) runs on a worker; emit(i, result) runs on the calling thread, in order.
template <typename Result>
void ordered_parallel(std::size_t count, int jobs, const std::function<Result(std::size_t)>& work,
                      const std::function<void(std::size_t, Result&&)>& emit) {
  if (jobs <= 1 || count <= 1) {
    for (std::size_t i = 0; i < count; ++i) emit(i, work(i));
    return;
  }
  std::vector<std::optional<Result>> done(count);
  std::mutex mutex;
  std::condition_variable ready;
  std::atomic<std::size_t> next{0};
  std::vector<std::thread> workers;
  // Bound the results waiting to be emitted so memory stays flat.
  const std::size_t window = static_cast<std::size_t>(jobs) * 4;
  std::size_t emitted = 0;
  for (int w = 0; w < jobs; ++w)
    workers.emplace_back([&] {
      for (;;) {
        const std::size_t i = next.fetch_add(1);
        if (i >= count) return;
        {
          std::unique_lock lock(mutex);
          ready.wait(lock, [&] { return i < emitted + window; });
        }
        Result r = work(i);
        std::lock_guard lock(mutex);
        done[i] = std::move(r);
        ready.notify_all();
      }
    });
  for (std::size_t i = 0; i < count; ++i) {
    Result r;
    {
      std::unique_lock lock(mutex);
      ready.wait(lock, [&] { return done[i].has_value(); });
      r = std::move(*done[i]);
      done[i].reset();
    }
    emit(i, std::move(r));
    {
      std::lock_guard lock(mutex);
      emitted = i + 1;
    }
    ready.notify_all();
  }
  for (auto& t : workers) t.join();
}

}  // namespace gibo
