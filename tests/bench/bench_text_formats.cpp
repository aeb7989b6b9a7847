// Parse throughput (MB/s, Google Benchmark's bytes_per_second) of each text format's reader
// on archive-sized inputs made of the fixtures: PGN (Fairy-Stockfish and pychess games, and
// a comment- and variation-heavy mix), FEN lines, UCI / JANGGI move lists, and the leaf
// grammars alone (FEN positions, dates). Only public API, so the same file measures any
// revision (issue 23: the X3 grammars must not give back speed).
// Run: build/tests/bench/bench_text_formats [--benchmark_repetitions=3]
#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gibo/core/position.h"
#include "gibo/formats/detect.h"
#include "gibo/record/game_date.h"

namespace {

std::string file_text(const std::string& name) {
  std::ifstream in(std::string(GIBO_TEST_DATA) + "/" + name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `parts` joined by line ends, repeated until the text holds at least `bytes`.
std::string repeated(const std::vector<std::string>& parts, std::size_t bytes) {
  std::string once;
  for (const std::string& p : parts) once += p + "\n";
  std::string out;
  while (out.size() < bytes) out += once;
  return out;
}

void read_text(benchmark::State& state, gibo::Format format, const std::string& text) {
  gibo::ReadOptions o;
  o.format = format;
  long games = 0, plies = 0;
  for (auto _ : state) {
    gibo::ReadInfo info;
    games = plies = 0;
    gibo::read_games(text, o, info, [&](gibo::Game&& g) {
      ++games;
      plies += static_cast<long>(g.plies.size());
    });
    benchmark::DoNotOptimize(plies);
  }
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * text.size()));
  state.counters["games"] = static_cast<double>(games);
  state.counters["plies/s"] = benchmark::Counter(static_cast<double>(plies), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_Pgn(benchmark::State& s) {
  static const std::string text = repeated({file_text("fixtures/producers/fairy_stockfish.pgn"),
                                            file_text("fixtures/pgn/pychess.pgn"),
                                            file_text("fixtures/pgn/many_games.pgn")},
                                           1 << 20);
  read_text(s, gibo::Format::Pgn, text);
}
void BM_PgnCommentsVariations(benchmark::State& s) {
  static const std::string text =
      repeated({file_text("fixtures/pgn/comments.pgn"), file_text("fixtures/pgn/variations.pgn"),
                file_text("fixtures/pgn/unterminated_comment.pgn"), file_text("fixtures/pgn/result_mismatch.pgn")},
               1 << 20);
  read_text(s, gibo::Format::Pgn, text);
}
void BM_Fen(benchmark::State& s) {
  static const std::string text = repeated({file_text("fixtures/producers/final_positions.fen")}, 1 << 20);
  read_text(s, gibo::Format::Fen, text);
}
void BM_Uci(benchmark::State& s) {
  static const std::string text = repeated({file_text("fixtures/producers/pychess.uci")}, 1 << 20);
  read_text(s, gibo::Format::Uci, text);
}
void BM_UciJanggiNotation(benchmark::State& s) {
  static const std::string text = repeated({file_text("fixtures/producers/fs_janggi_notation.uci")}, 1 << 20);
  read_text(s, gibo::Format::Uci, text);
}

// Position::set_fen alone, over the fixture's positions.
void BM_SetFen(benchmark::State& state) {
  std::vector<std::string> fens;
  std::istringstream in(file_text("fixtures/producers/final_positions.fen"));
  std::size_t bytes = 0;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) fens.push_back(line), bytes += line.size();
  gibo::Position pos;
  for (auto _ : state)
    for (const std::string& f : fens) benchmark::DoNotOptimize(pos.set_fen(f));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

// parse_game_date alone, over the date forms records hold.
void BM_GameDate(benchmark::State& state) {
  const std::vector<std::string> dates = {"2010.03.12",     "2010-03-12",        "20100312", "2010년 3월 12일",
                                          "1937년",         "2020.01~2020.06",   "미상",     "????.??.??",
                                          "2008-12",        "제3회 2011. 3. 6."};
  std::size_t bytes = 0;
  for (const std::string& d : dates) bytes += d.size();
  for (auto _ : state)
    for (const std::string& d : dates) benchmark::DoNotOptimize(gibo::parse_game_date(d));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
}

}  // namespace

BENCHMARK(BM_Pgn)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_PgnCommentsVariations)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Fen)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_Uci)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_UciJanggiNotation)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_SetFen);
BENCHMARK(BM_GameDate);

BENCHMARK_MAIN();
