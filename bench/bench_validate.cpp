// Read + full replay validation throughput on the public corpus copy, repeated to about
// 2.5 M plies (issue 3): plies/s and games/s on one thread and on two.
// Run: build/bench/bench_validate   (reads tests/data/corpus)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>

#include "gibo/formats/gib.h"
#include "gibo/record/replay.h"

namespace {

namespace fs = std::filesystem;

std::vector<std::string> corpus() {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(GIBO_CORPUS_DIR))
    if (e.path().extension() == ".gib") {
      std::ifstream in(e.path(), std::ios::binary);
      files.emplace_back((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    }
  return files;
}

struct Count {
  long games = 0, plies = 0, valid = 0;
};

Count validate(const std::vector<std::string>& files, std::size_t begin, std::size_t end, int repeats) {
  Count c;
  const gibo::Profile& fallback = gibo::default_profile();
  for (int r = 0; r < repeats; ++r)
    for (std::size_t i = begin; i < end; ++i) {
      gibo::GibFileInfo info;
      gibo::read_gib(files[i], gibo::GibReadOptions{}, info, [&](gibo::Game&& g) {
        gibo::replay_under_profile(g, fallback);
        ++c.games;
        c.plies += static_cast<long>(g.plies.size());
        c.valid += !g.has_errors();
      });
    }
  return c;
}

int repeats_for(const std::vector<std::string>& files) {
  const Count once = validate(files, 0, files.size(), 1);
  return std::max(1, static_cast<int>(2'500'000 / std::max(1L, once.plies)));
}

void BM_Validate(benchmark::State& state) {
  const auto files = corpus();
  const int repeats = repeats_for(files);
  const int threads = static_cast<int>(state.range(0));
  Count total;
  for (auto _ : state) {
    std::vector<Count> parts(threads);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        // split the repeats between the threads
        const int mine = repeats / threads + (t < repeats % threads ? 1 : 0);
        parts[t] = validate(files, 0, files.size(), mine);
      });
    for (auto& th : pool) th.join();
    for (const Count& c : parts) total.games += c.games, total.plies += c.plies, total.valid += c.valid;
  }
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(total.plies), benchmark::Counter::kIsRate);
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(total.games), benchmark::Counter::kIsRate);
  state.counters["plies"] = static_cast<double>(total.plies / state.iterations());
  state.counters["valid%"] = total.games ? 100.0 * total.valid / total.games : 0.0;
}

}  // namespace

BENCHMARK(BM_Validate)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();
BENCHMARK_MAIN();
