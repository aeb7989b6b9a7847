// OrderedStream (gibo/analysis/ordered_stream.h): results in push order whatever the number of
// workers, and never more than jobs * 4 items held at once.
#include "gibo/analysis/ordered_stream.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

namespace {

using gibo::analysis::OrderedStream;

TEST(OrderedStream, ResultsInPushOrderAndTheItemsHeldBounded) {
  for (int jobs : {1, 2, 3}) {
    std::vector<int> emitted;
    std::atomic<int> held{0}, most{0};
    {
      OrderedStream<int, int> stream(
          jobs,
          [&](int& i) {
            // Later items finish first now and then, so the order is the stream's work.
            std::this_thread::sleep_for(std::chrono::microseconds(i % 3 == 0 ? 300 : 10));
            return i * 10;
          },
          [&](int&& r) {
            emitted.push_back(r);
            --held;
          });
      for (int i = 0; i < 200; ++i) {
        const int now = ++held;
        for (int m = most; now > m && !most.compare_exchange_weak(m, now);) {
        }
        stream.push(int(i));
      }
      stream.finish();
    }
    ASSERT_EQ(emitted.size(), 200u) << jobs;
    for (int i = 0; i < 200; ++i) EXPECT_EQ(emitted[static_cast<std::size_t>(i)], i * 10) << jobs;
    EXPECT_LE(most.load(), jobs * 4 + 1) << jobs;  // the one being pushed, and the window
    EXPECT_EQ(held.load(), 0);
  }
}

}  // namespace
