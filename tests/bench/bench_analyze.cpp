// gibo's own cost in an analysis beside the engine's (issue 21: under 5 % of the engine's
// search time). Each iteration reads a few games of the real corpus (tests/data/corpus),
// replays them, searches every position with Fairy-Stockfish (Threads=1, a fixed small
// depth), judges the moves and writes the JSON Lines, as `gibo analyze --format jsonl`
// does. The counters:
//   gibo_cpu_s    this process's CPU time (user + system): reading, replay, the UCI
//                 protocol, judgements, output — the engine runs in its own process;
//   engine_cpu_s  the engine processes' CPU time (reaped at the end of each iteration):
//                 their search;
//   gibo_percent  gibo_cpu_s / engine_cpu_s * 100.
// Usage: bench_analyze [--benchmark_...]; GIBO_BENCH_DEPTH (default 8) sets the depth.
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "gibo/analysis/analysis_jsonl.h"
#include "gibo/analysis/game_analysis.h"
#include "gibo/formats/detect.h"
#include "gibo/record/replay.h"

namespace {

using namespace gibo;
using namespace gibo::analysis;

double cpu_seconds(int who) {
  rusage u{};
  getrusage(who, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void BM_AnalyzeCorpusGames(benchmark::State& state) {
  const std::string engine = find_executable("fairy-stockfish");
  if (engine.empty()) {
    state.SkipWithError("fairy-stockfish is not installed");
    return;
  }
  const char* depth_env = std::getenv("GIBO_BENCH_DEPTH");
  Limit limit;
  limit.value = depth_env ? std::atoi(depth_env) : 8;
  const Profile* profile = find_profile("fs-janggi");
  const std::vector<std::string> files = {"pobsiz_amateur050_g092.gib", "pobsiz_kakao035_g089.gib",
                                          "pobsiz_2010_kbs_chuseok.gib"};
  std::vector<std::string> bytes;
  for (const std::string& f : files) bytes.push_back(slurp(std::string(GIBO_CORPUS_DIR) + "/" + f));
  EngineConfig config;
  config.command = {engine};
  config.options = {{"Threads", "1"}};
  double gibo_cpu = 0, engine_cpu = 0;
  long positions = 0;
  for (auto _ : state) {
    const double self0 = cpu_seconds(RUSAGE_SELF), children0 = cpu_seconds(RUSAGE_CHILDREN);
    {
      EngineSession session(config);
      std::string out;
      for (std::size_t k = 0; k < files.size(); ++k) {
        ReadOptions ro;
        ro.profile = profile;
        ro.file_name = files[k];
        ReadInfo info;
        read_games(bytes[k], ro, info, [&](Game&& g) {
          const Profile& p = replay_under_profile(g, *profile);
          const GameAnalysis a = analyze_game(g, p, session, limit, 60000);
          positions += static_cast<long>(a.positions.size());
          out += analysis_jsonl(files[k] + ":" + std::to_string(g.source.game_index + 1), a, "fairy-stockfish", limit);
        });
      }
      benchmark::DoNotOptimize(out);
    }  // the engine quits and is reaped here
    gibo_cpu += cpu_seconds(RUSAGE_SELF) - self0;
    engine_cpu += cpu_seconds(RUSAGE_CHILDREN) - children0;
  }
  const double n = static_cast<double>(state.iterations());
  state.counters["positions"] = static_cast<double>(positions) / n;
  state.counters["gibo_cpu_s"] = gibo_cpu / n;
  state.counters["engine_cpu_s"] = engine_cpu / n;
  state.counters["gibo_percent"] = engine_cpu > 0 ? 100.0 * gibo_cpu / engine_cpu : 0;
}
BENCHMARK(BM_AnalyzeCorpusGames)->Unit(benchmark::kMillisecond)->Iterations(3)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
