// Reading one very long game line (issue 11: the UCI move-list reader took 34 s on
// 300,000 moves): time per ply must stay flat as the line grows, for UCI move lists,
// PGN movetext and .gib ply lines. Google Benchmark fits the complexity (expect O(N)).
// Run: build/tests/bench/bench_long_lines
#include <benchmark/benchmark.h>

#include <string>

#include "gibo/formats/detect.h"

namespace {

// Horses out and back: legal forever, no capture, no check.
const char* const kUci[4] = {"b1c3", "b10c8", "c3b1", "c8b10"};
const char* const kSan[4] = {"Hc3", "Hc8", "Hb1", "Hb10"};
const char* const kGib[4] = {"02마83", "92마73", "83마02", "73마92"};

std::string line_of(gibo::Format f, long plies) {
  std::string s;
  if (f == gibo::Format::Uci) s = "position startpos moves";
  if (f == gibo::Format::Pgn) s = "[Event \"long\"]\n\n";
  if (f == gibo::Format::Gib) s = "[초차림 \"마상상마\"]\n[한차림 \"마상상마\"]\n\n";
  for (long i = 0; i < plies; ++i) {
    s += ' ';
    if (f == gibo::Format::Uci) s += kUci[i % 4];
    if (f == gibo::Format::Pgn) {
      if (i % 2 == 0) {
        s += std::to_string(i / 2 + 1);
        s += ". ";
      }
      s += kSan[i % 4];
    }
    if (f == gibo::Format::Gib) {
      s += std::to_string(i + 1);
      s += ". ";
      s += kGib[i % 4];
    }
  }
  return s + (f == gibo::Format::Pgn ? " *\n" : "\n");
}

void read_long_line(benchmark::State& state, gibo::Format f) {
  const std::string text = line_of(f, state.range(0));
  gibo::ReadOptions o;
  o.format = f;
  for (auto _ : state) {
    gibo::ReadInfo info;
    long plies = 0;
    gibo::read_games(text, o, info, [&](gibo::Game&& g) { plies += static_cast<long>(g.plies.size()); });
    if (plies != state.range(0)) state.SkipWithError("not every ply was read");
    benchmark::DoNotOptimize(plies);
  }
  state.SetComplexityN(state.range(0));
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(state.range(0)), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_UciLine(benchmark::State& s) { read_long_line(s, gibo::Format::Uci); }
void BM_PgnLine(benchmark::State& s) { read_long_line(s, gibo::Format::Pgn); }
void BM_GibLine(benchmark::State& s) { read_long_line(s, gibo::Format::Gib); }

}  // namespace

BENCHMARK(BM_UciLine)->RangeMultiplier(4)->Range(1 << 12, 300000)->Unit(benchmark::kMillisecond)->Complexity(benchmark::oN);
BENCHMARK(BM_PgnLine)->RangeMultiplier(4)->Range(1 << 12, 300000)->Unit(benchmark::kMillisecond)->Complexity(benchmark::oN);
BENCHMARK(BM_GibLine)->RangeMultiplier(4)->Range(1 << 12, 300000)->Unit(benchmark::kMillisecond)->Complexity(benchmark::oN);
BENCHMARK_MAIN();
