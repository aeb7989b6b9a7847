// End-to-end import throughput (issue 6): 200,000 distinct games (corpus games cut near
// their end and continued with random legal plies, tests/archive/variant_corpus.h) in
// 2,000 CP949 .gib files of 100 games, imported from disk into a fresh SQLite archive by
// the gibo program itself (`gibo import --db F --jobs N DIR`, N = 1 and 2 reader
// threads plus the writer). Reports wall-clock games/s and plies/s, the program's CPU
// time per game (user + system: the figure that does not depend on what else the
// machine runs), and the archive's bytes per game on disk.
// Run: build/tests/bench/bench_import   (reads tests/data/corpus; writes to a temp dir)
// Environment: GIBO_BENCH_GAMES overrides the number of games (multiple of 100).
#include <benchmark/benchmark.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../archive/variant_corpus.h"
#include "child.h"

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

struct Run {
  double seconds = 0, cpu_seconds = 0;
  std::string summary;  // the summary JSON line
  bool ok = false;
};

// Runs `gibo import` on the input into `db`, stdout to `out`; wall and CPU time.
Run run_import(const Input& in, const fs::path& db, const fs::path& out, int jobs) {
  const gibo::bench::ChildRun child =
      gibo::bench::run_child({GIBO_BINARY, "import", "--db", db.string(), "--jobs", std::to_string(jobs), "--format",
                              "jsonl", (in.dir / "in").string()},
                             "/dev/null", out.string());
  Run r;
  r.seconds = child.wall;
  r.cpu_seconds = child.cpu;
  r.ok = child.status == 0 || child.status == 1;
  std::ifstream lines(out);
  for (std::string line; std::getline(lines, line);)
    if (line.find("\"type\":\"summary\"") != std::string::npos) r.summary = line;
  return r;
}

void BM_Import(benchmark::State& state) {
  const Input& in = input();
  const int jobs = static_cast<int>(state.range(0));
  Run run;
  double bytes_per_game = 0;
  for (auto _ : state) {
    const fs::path db = in.dir / ("bench-" + std::to_string(jobs) + ".sqlite");
    fs::remove(db);
    run = run_import(in, db, in.dir / "out.jsonl", jobs);
    if (!run.ok || run.summary.empty()) state.SkipWithError("gibo import failed");
    state.SetIterationTime(run.seconds);
    const double kept = gibo::bench::summary_number(run.summary, "games_in_archive");
    bytes_per_game = kept > 0 ? static_cast<double>(fs::file_size(db)) / kept : 0;
    fs::remove(db);
  }
  const double games = gibo::bench::summary_number(run.summary, "games");
  state.counters["games/s"] = benchmark::Counter(games, benchmark::Counter::kIsRate);
  state.counters["plies/s"] = benchmark::Counter(gibo::bench::summary_number(run.summary, "plies"), benchmark::Counter::kIsRate);
  state.counters["games"] = games;
  state.counters["dups"] = gibo::bench::summary_number(run.summary, "duplicates");
  state.counters["cpu_us/game"] = games > 0 ? 1e6 * run.cpu_seconds / games : 0;
  state.counters["bytes/game"] = bytes_per_game;
}

}  // namespace

BENCHMARK(BM_Import)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(1)->UseManualTime();
BENCHMARK_MAIN();
