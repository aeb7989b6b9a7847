// End-to-end import throughput (issue 6): 200,000 distinct games (corpus games cut near
// their end and continued with random legal plies, tests/archive/variant_corpus.h) in
// 2,000 CP949 .gib files of 100 games, imported from disk into a fresh SQLite archive
// with --jobs 1 and --jobs 2 (plus the writer thread). Reports games/s, plies/s and the
// archive's bytes per game on disk.
// Run: build/bench/bench_import   (reads tests/data/corpus; writes to a temp dir)
// Environment: GIBO_BENCH_GAMES overrides the number of games (multiple of 100).
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "../tests/archive/variant_corpus.h"
#include "gibo/archive/import.h"

namespace {

namespace fs = std::filesystem;

struct Input {
  fs::path dir;
  std::vector<std::string> files;
  long games = 0;
  Input() {
    dir = fs::temp_directory_path() / ("gibo-bench-import-" + std::to_string(::getpid()));
    long wanted = 200'000;
    if (const char* e = std::getenv("GIBO_BENCH_GAMES")) wanted = std::max(100L, std::atol(e));
    const auto bases = gibo::testing::valid_corpus_games(GIBO_CORPUS_DIR);
    games = gibo::testing::write_variant_corpus(bases, dir / "in", static_cast<int>(wanted / 100), 100, 6);
    for (const auto& e : fs::directory_iterator(dir / "in")) files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
  }
  ~Input() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

const Input& input() {
  static Input in;
  return in;
}

void BM_Import(benchmark::State& state) {
  const Input& in = input();
  const int jobs = static_cast<int>(state.range(0));
  gibo::archive::ImportSummary summary;
  double bytes_per_game = 0;
  for (auto _ : state) {
    const fs::path db = in.dir / ("bench-" + std::to_string(jobs) + ".sqlite");
    fs::remove(db);
    gibo::archive::ImportOptions o;
    o.db_path = db.string();
    o.jobs = jobs;
    summary = {};
    const std::string error = gibo::archive::import_files(in.files, o, {}, summary);
    if (!error.empty()) state.SkipWithError(error.c_str());
    state.PauseTiming();
    bytes_per_game = summary.games_in_archive
                         ? static_cast<double>(fs::file_size(db)) / static_cast<double>(summary.games_in_archive)
                         : 0;
    fs::remove(db);
    state.ResumeTiming();
  }
  state.counters["games/s"] = benchmark::Counter(static_cast<double>(summary.games), benchmark::Counter::kIsRate);
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(summary.plies), benchmark::Counter::kIsRate);
  state.counters["games"] = static_cast<double>(summary.games);
  state.counters["added"] = static_cast<double>(summary.added);
  state.counters["dups"] = static_cast<double>(summary.duplicates);
  state.counters["bytes/game"] = bytes_per_game;
}

}  // namespace

BENCHMARK(BM_Import)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();
BENCHMARK_MAIN();
