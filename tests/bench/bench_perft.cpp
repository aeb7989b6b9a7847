// Perft throughput (nodes/s) for the default start position and published position 3
// at depth 5 (issue 2). Run: build/tests/bench/bench_perft
#include <benchmark/benchmark.h>

#include "gibo/core/position.h"

namespace {

void run(benchmark::State& state, const char* fen, int depth) {
  gibo::Position pos;
  pos.set_rules(gibo::legality_rules(*gibo::find_profile("fs-janggi")));
  if (pos.set_fen(fen)) {
    state.SkipWithError("bad FEN");
    return;
  }
  std::uint64_t nodes = 0;
  for (auto _ : state) nodes += pos.perft(depth);
  state.counters["nodes/s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
  state.counters["nodes"] = static_cast<double>(nodes / state.iterations());
}

void BM_PerftStart5(benchmark::State& state) { run(state, gibo::kStartFen.data(), 5); }
void BM_PerftPosition3_5(benchmark::State& state) {
  run(state, "1Pbcka3/3nNn1c1/N2CaC3/1pB6/9/9/5P3/9/4K4/9 w - - 0 23", 5);
}

}  // namespace

BENCHMARK(BM_PerftStart5)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(BM_PerftPosition3_5)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_MAIN();
