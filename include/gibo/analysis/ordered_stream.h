// Work on a stream of items by N worker threads, the results handed back in the order
// the items came (analyze's games, rescore --engine's endings): the output is the same
// whatever N is.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace gibo::analysis {

// Work over a stream whose length is not known: the caller push()es items as it reads
// them (one file's games, then the next); `jobs` workers run work(item) and the results are
// handed to emit() on the caller's thread, in push order, during push() and finish(). At
// most jobs * 4 items are held at once (waiting, being worked, or done and not yet
// emitted), so memory stays bounded however long the stream. With jobs <= 1 each item is
// worked and emitted within its push().
template <typename Item, typename Result>
class OrderedStream {
 public:
  OrderedStream(int jobs, std::function<Result(Item&)> work, std::function<void(Result&&)> emit)
      : work_(std::move(work)), emit_(std::move(emit)), window_(static_cast<std::size_t>(jobs > 1 ? jobs : 1) * 4) {
    if (jobs > 1)
      for (int w = 0; w < jobs; ++w) workers_.emplace_back([this] { run(); });
  }
  ~OrderedStream() { finish(); }
  OrderedStream(const OrderedStream&) = delete;
  OrderedStream& operator=(const OrderedStream&) = delete;

  void push(Item item) {
    if (workers_.empty()) {
      emit_(work_(item));
      return;
    }
    std::unique_lock lock(mutex_);
    for (;;) {
      drain(lock);
      if (pushed_ - emitted_ < window_) break;
      changed_.wait(lock);
    }
    queue_.emplace_back(pushed_++, std::move(item));
    changed_.notify_all();
  }

  // Waits for every item pushed and emits the rest of the results; the workers end.
  void finish() {
    if (workers_.empty()) return;
    {
      std::unique_lock lock(mutex_);
      closed_ = true;
      changed_.notify_all();
      for (;;) {
        drain(lock);
        if (emitted_ == pushed_) break;
        changed_.wait(lock);
      }
    }
    for (std::thread& t : workers_) t.join();
    workers_.clear();
  }

 private:
  // Emits the results that are next in order, the lock released while emit() runs.
  void drain(std::unique_lock<std::mutex>& lock) {
    for (auto it = done_.find(emitted_); it != done_.end(); it = done_.find(emitted_)) {
      Result r = std::move(it->second);
      done_.erase(it);
      lock.unlock();
      emit_(std::move(r));
      lock.lock();
      ++emitted_;
    }
  }

  void run() {
    for (;;) {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return !queue_.empty() || closed_; });
      if (queue_.empty()) return;
      auto [seq, item] = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      Result r = work_(item);
      lock.lock();
      done_.emplace(seq, std::move(r));
      changed_.notify_all();
    }
  }

  std::function<Result(Item&)> work_;
  std::function<void(Result&&)> emit_;
  const std::size_t window_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::pair<std::size_t, Item>> queue_;
  std::map<std::size_t, Result> done_;
  std::size_t pushed_ = 0, emitted_ = 0;
  bool closed_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace gibo::analysis
