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
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "../archive/variant_corpus.h"

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

// The value of `"key":N` in a JSON line (-1 if absent).
double json_number(const std::string& line, const std::string& key) {
  const std::size_t at = line.find("\"" + key + "\":");
  return at == std::string::npos ? -1 : std::atof(line.c_str() + at + key.size() + 3);
}

struct Run {
  double seconds = 0, cpu_seconds = 0;
  std::string summary;  // the summary JSON line
  bool ok = false;
};

// Runs `gibo import` on the input into `db`, stdout to `out`; wall and CPU time.
Run run_import(const Input& in, const fs::path& db, const fs::path& out, int jobs) {
  Run r;
  std::vector<std::string> args = {GIBO_BINARY, "import", "--db", db.string(), "--jobs", std::to_string(jobs),
                                   "--format", "jsonl", (in.dir / "in").string()};
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(fd, STDOUT_FILENO);
    ::execv(argv[0], argv.data());
    std::_Exit(127);
  }
  int status = 0;
  struct rusage usage {};
  ::wait4(pid, &status, 0, &usage);
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                  static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  r.ok = WIFEXITED(status) && WEXITSTATUS(status) <= 1;
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
    const double kept = json_number(run.summary, "games_in_archive");
    bytes_per_game = kept > 0 ? static_cast<double>(fs::file_size(db)) / kept : 0;
    fs::remove(db);
  }
  const double games = json_number(run.summary, "games");
  state.counters["games/s"] = benchmark::Counter(games, benchmark::Counter::kIsRate);
  state.counters["plies/s"] = benchmark::Counter(json_number(run.summary, "plies"), benchmark::Counter::kIsRate);
  state.counters["games"] = games;
  state.counters["dups"] = json_number(run.summary, "duplicates");
  state.counters["cpu_us/game"] = games > 0 ? 1e6 * run.cpu_seconds / games : 0;
  state.counters["bytes/game"] = bytes_per_game;
}

}  // namespace

BENCHMARK(BM_Import)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->Iterations(1)->UseManualTime();
BENCHMARK_MAIN();
