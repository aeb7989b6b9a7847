// End-to-end throughput of the gibo program on files read from disk (issue 13):
//
// * `gibo validate --format jsonl --jobs 1` and `--jobs 2` on the repository's real corpus
//   (tests/data/corpus) copied as many times as it takes to reach --plies (default
//   2,500,000): full replay, JSON Lines written to a file. Laid out as the real archive the
//   issue measures is (290 files of about 88 games): one file per copy, the corpus files
//   one after another in it. Validate --jobs 1 also runs on the copies as separate small
//   files, one folder per copy (twelve thousand files of about two games), where the cost
//   of opening files shows;
// * `gibo import --jobs 2` into a fresh archive, of distinct corpus-like games (real corpus
//   games cut near their end and continued with random legal plies,
//   tests/archive/variant_corpus.h) as many as the validate input holds: copies of the same
//   files would be skipped as already imported;
// * in the same run, when given: `pgn-extract -r -s` on a chess PGN (the reference for
//   validate) and Fairy-Stockfish's `go perft 5` from the janggi start (the reference for
//   `gibo perft --rules fs-janggi 5`).
//
// Every measure runs --rounds times (default 3), interleaved, and the best round counts.
// Wall-clock rates depend on what else the machine runs; the CPU time (user + system of
// the child) does much less, so both are printed, with the load average before and after.
// Peak memory (max RSS) is printed for one corpus copy and for all of them: flat means the
// two agree.
//
// Usage: bench_cli [--gibo PATH] [--corpus DIR] [--plies N] [--rounds N] [--work DIR]
//                  [--pgn-extract PATH --chess-pgn FILE] [--fairy-stockfish PATH]
// tests/bench/compare.sh runs it with the references when they are installed.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "../archive/variant_corpus.h"
#include "child.h"

namespace {

namespace fs = std::filesystem;

struct Options {
  std::string gibo = GIBO_BINARY;
  std::string corpus = GIBO_CORPUS_DIR;
  long plies = 2'500'000;
  int rounds = 3;
  std::string work;
  std::string pgn_extract, chess_pgn, fairy_stockfish;
};

using gibo::bench::ChildRun;
using gibo::bench::summary_number;
ChildRun run(std::vector<std::string> argv, const std::string& in = "/dev/null", const std::string& out = "/dev/null") {
  return gibo::bench::run_child(std::move(argv), in, out);
}

// The last 64 KiB of a file (where a JSON Lines output keeps its summary). This process
// stays small: a spawned child's peak memory counts the parent's own peak (see run).
std::string tail_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary | std::ios::ate);
  const std::streamoff size = in.tellg(), keep = std::min<std::streamoff>(size, 1 << 16);
  std::string text(static_cast<std::size_t>(keep), '\0');
  in.seekg(size - keep);
  in.read(text.data(), keep);
  return text;
}

// Plies in a PGN file's movetext: the tokens that are neither move numbers, results, NAGs
// nor inside comments or tag lines (enough for the reference workload's plain games). Reads
// line by line (the file stays out of memory).
long pgn_plies(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  long plies = 0;
  bool in_comment = false;
  for (std::string line; std::getline(in, line);) {
    if (!in_comment && !line.empty() && line[0] == '[') continue;  // tag line
    std::size_t i = 0;
    const std::size_t n = line.size();
    while (i < n) {
      const char c = line[i];
      if (in_comment) {
        in_comment = c != '}';
        ++i;
      } else if (c == '{') {
        in_comment = true;
        ++i;
      } else if (c == ';') {
        break;
      } else if (c == ' ' || c == '\r' || c == '\t') {
        ++i;
      } else {
        std::size_t j = i;
        while (j < n && line[j] != ' ' && line[j] != '\r' && line[j] != '\t' && line[j] != '{') ++j;
        const std::string_view whole(line.data() + i, j - i);
        std::string_view tok = whole;
        while (!tok.empty() && tok.front() >= '0' && tok.front() <= '9') tok.remove_prefix(1);
        if (!tok.empty() && tok.front() == '.' && tok.size() < whole.size())
          while (!tok.empty() && tok.front() == '.') tok.remove_prefix(1);
        const bool result = whole == "1-0" || whole == "0-1" || whole == "1/2-1/2" || whole == "*";
        if (!tok.empty() && !result && tok.front() != '$') ++plies;
        i = j;
      }
    }
  }
  return plies;
}

// The best (fastest wall-clock) of a measure's rounds, and its CPU best separately.
struct Measure {
  std::string name;
  double units = 0, games = 0;  // plies or nodes per run; games per run (0 if none)
  std::vector<ChildRun> runs;
  double best_wall() const {
    double b = 1e300;
    for (const ChildRun& r : runs) b = std::min(b, r.wall);
    return b;
  }
  double best_cpu() const {
    double b = 1e300;
    for (const ChildRun& r : runs) b = std::min(b, r.cpu);
    return b;
  }
  long max_rss_kb() const {
    long m = 0;
    for (const ChildRun& r : runs) m = std::max(m, r.max_rss_kb);
    return m;
  }
  double rate() const { return units / best_wall(); }
  double cpu_rate() const { return units / best_cpu(); }
};

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string a, b, c;
  in >> a >> b >> c;
  return a + " " + b + " " + c;
}

std::string with_commas(double x) {
  std::string digits = std::to_string(static_cast<long long>(x + 0.5)), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

void print(const Measure& m, const char* unit) {
  std::printf("%-34s %8.3f %14s %12s %8.3f %14s %8.1f\n", m.name.c_str(), m.best_wall(),
              (with_commas(m.rate()) + " " + unit).c_str(),
              m.games > 0 ? with_commas(m.games / m.best_wall()).c_str() : "-", m.best_cpu(),
              (with_commas(m.cpu_rate()) + " " + unit).c_str(), static_cast<double>(m.max_rss_kb()) / 1024);
}

[[noreturn]] void usage(const char* why) {
  std::cerr << "bench_cli: " << why
            << "\nusage: bench_cli [--gibo PATH] [--corpus DIR] [--plies N] [--rounds N] [--work DIR]\n"
               "                 [--pgn-extract PATH --chess-pgn FILE] [--fairy-stockfish PATH]\n";
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (i + 1 >= argc) usage(("missing value after " + a).c_str());
    const std::string v = argv[++i];
    if (a == "--gibo") o.gibo = v;
    else if (a == "--corpus") o.corpus = v;
    else if (a == "--plies") o.plies = std::atol(v.c_str());
    else if (a == "--rounds") o.rounds = std::max(1, std::atoi(v.c_str()));
    else if (a == "--work") o.work = v;
    else if (a == "--pgn-extract") o.pgn_extract = v;
    else if (a == "--chess-pgn") o.chess_pgn = v;
    else if (a == "--fairy-stockfish") o.fairy_stockfish = v;
    else usage(("unknown option " + a).c_str());
  }
  if (o.pgn_extract.empty() != o.chess_pgn.empty()) usage("--pgn-extract and --chess-pgn go together");
  return o;
}

// The inputs the measures read, written under `work`.
struct Inputs {
  std::vector<fs::path> corpus_files;  // the corpus's .gib files, sorted
  int copies = 0;                      // corpus copies in the validate input
  fs::path real;                       // the validate input: a folder a copy
  fs::path archive;                    // the same copies as archive-sized files: one file a copy
  int import_files = 0;
  fs::path variants;                   // the import input: distinct games, in files of 100
};

Inputs make_inputs(const Options& o, const fs::path& work) {
  Inputs in;
  // The validate input: copies of the corpus, one folder each, to at least o.plies plies.
  for (const auto& e : fs::directory_iterator(o.corpus))
    if (e.path().extension() == ".gib") in.corpus_files.push_back(e.path());
  std::sort(in.corpus_files.begin(), in.corpus_files.end());
  const fs::path once = work / "once.jsonl";
  run({o.gibo, "validate", "--format", "jsonl", o.corpus}, "/dev/null", once.string());
  const double corpus_plies = summary_number(tail_of(once), "plies");
  const double corpus_games = summary_number(tail_of(once), "games");
  if (corpus_plies <= 0) usage("gibo validate on the corpus printed no summary");
  in.copies = static_cast<int>((static_cast<double>(o.plies) + corpus_plies - 1) / corpus_plies);
  in.real = work / "real";
  for (int c = 0; c < in.copies; ++c) {
    char name[16];
    std::snprintf(name, sizeof name, "r%04d", c);
    fs::create_directories(in.real / name);
    for (const fs::path& f : in.corpus_files) fs::copy_file(f, in.real / name / f.filename());
  }
  // The same copies as archive-sized files: each copy's corpus files in one file.
  in.archive = work / "archive";
  fs::create_directories(in.archive);
  for (int c = 0; c < in.copies; ++c) {
    char name[16];
    std::snprintf(name, sizeof name, "r%04d.gib", c);
    std::ofstream out(in.archive / name, std::ios::binary);
    for (const fs::path& f : in.corpus_files) out << std::ifstream(f, std::ios::binary).rdbuf();
  }

  // The import input: distinct games, as many as the validate input holds (in files of 100).
  // Written by a forked child, so that the games never grow this process (see run).
  in.import_files = static_cast<int>((corpus_games * in.copies + 99) / 100);
  in.variants = work / "variants";
  if (const pid_t pid = ::fork(); pid == 0) {
    gibo::testing::write_variant_corpus(gibo::testing::valid_corpus_games(o.corpus), in.variants, in.import_files, 100, 13);
    std::_Exit(0);
  } else {
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) usage("could not write the import input");
  }
  return in;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  const fs::path work = (o.work.empty() ? fs::temp_directory_path() : fs::path(o.work)) /
                        ("gibo-bench-cli-" + std::to_string(::getpid()));
  fs::create_directories(work);
  std::printf("load average before: %s\n", load_average().c_str());

  const Inputs in = make_inputs(o, work);
  const auto& [corpus_files, copies, real, archive, import_files, variants] = in;

  const fs::path out = work / "out.jsonl";
  const fs::path db = work / "bench.sqlite";
  auto validate = [&](int jobs, const fs::path& dir) {
    return run({o.gibo, "validate", "--format", "jsonl", "--jobs", std::to_string(jobs), dir.string()}, "/dev/null",
               out.string());
  };
  auto import = [&](int jobs, const fs::path& dir) {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(db.string() + suffix);
    return run({o.gibo, "import", "--db", db.string(), "--format", "jsonl", "--jobs", std::to_string(jobs),
                dir.string()},
               "/dev/null", out.string());
  };

  Measure v1, v2, v1_small, imp, pgn, perft, fs_perft;
  v1.name = "gibo validate --jobs 1";
  v2.name = "gibo validate --jobs 2";
  v1_small.name = "gibo validate --jobs 1 (small files)";
  imp.name = "gibo import --jobs 2 (fresh)";
  pgn.name = "pgn-extract -r -s";
  perft.name = "gibo perft --rules fs-janggi 5";
  fs_perft.name = "fairy-stockfish go perft 5";
  if (!o.pgn_extract.empty()) pgn.units = static_cast<double>(pgn_plies(o.chess_pgn));
  const fs::path fs_commands = work / "fs-commands.txt";
  std::ofstream(fs_commands) << "setoption name UCI_Variant value janggi\nposition startpos\ngo perft 5\nquit\n";

  bool ok = true;
  for (int round = 0; round < o.rounds; ++round) {
    for (auto [m, jobs, dir] : {std::tuple{&v1, 1, archive}, std::tuple{&v2, 2, archive}, std::tuple{&v1_small, 1, real}}) {
      m->runs.push_back(validate(jobs, dir));
      const std::string text = tail_of(out);
      m->units = summary_number(text, "plies");
      m->games = summary_number(text, "games");
      ok &= m->runs.back().status == 0 && summary_number(text, "valid") == m->games;
    }
    imp.runs.push_back(import(2, variants));
    {
      const std::string text = tail_of(out);
      imp.units = summary_number(text, "plies");
      imp.games = summary_number(text, "games");
      ok &= imp.runs.back().status == 0;
    }
    if (!o.pgn_extract.empty()) pgn.runs.push_back(run({o.pgn_extract, "-r", "-s", o.chess_pgn}));
    perft.runs.push_back(run({o.gibo, "perft", "--rules", "fs-janggi", "5"}));
    perft.units = 35'243'995;  // tests/data/perft.tsv, default start at depth 5
    if (!o.fairy_stockfish.empty()) {
      fs_perft.runs.push_back(run({o.fairy_stockfish}, fs_commands.string()));
      fs_perft.units = perft.units;
    }
  }

  // Peak memory against input size: one corpus copy and 1/10 of the import input.
  const ChildRun v_small = validate(1, archive / "r0000.gib");
  fs::create_directories(work / "variants-small");
  for (int f = 0; f < std::max(1, import_files / 10); ++f) {
    char name[32];
    std::snprintf(name, sizeof name, "v%05d.gib", f);
    fs::copy_file(variants / name, work / "variants-small" / name);
  }
  const ChildRun i_small = import(2, work / "variants-small");

  std::printf("validate input: %d copies of %zu corpus files, %s games, %s plies; as %d files (small files: %d)\n",
              copies, corpus_files.size(), with_commas(v1.games).c_str(), with_commas(v1.units).c_str(), copies,
              copies * static_cast<int>(corpus_files.size()));
  std::printf("import input: %d files of 100 distinct games, %s plies\n", import_files, with_commas(imp.units).c_str());
  if (!o.pgn_extract.empty())
    std::printf("pgn-extract input: %s, %s plies\n", o.chess_pgn.c_str(), with_commas(pgn.units).c_str());
  std::printf("best of %d rounds\n%-34s %8s %14s %12s %8s %14s %8s\n", o.rounds, "measure", "wall s", "rate",
              "games/s", "cpu s", "rate per cpu-s", "peak MB");
  print(v1, "plies/s");
  print(v2, "plies/s");
  print(v1_small, "plies/s");
  print(imp, "plies/s");
  if (!o.pgn_extract.empty()) print(pgn, "plies/s");
  print(perft, "nodes/s");
  if (!o.fairy_stockfish.empty()) print(fs_perft, "nodes/s");
  std::printf("peak MB, small input -> whole input: validate %.1f -> %.1f, import %.1f -> %.1f\n",
              static_cast<double>(v_small.max_rss_kb) / 1024, static_cast<double>(v1.max_rss_kb()) / 1024,
              static_cast<double>(i_small.max_rss_kb) / 1024, static_cast<double>(imp.max_rss_kb()) / 1024);
  std::printf("validate --jobs 2 / --jobs 1: %.2f (wall)\n", v2.rate() / v1.rate());
  if (!o.pgn_extract.empty())
    std::printf("validate --jobs 1 / pgn-extract, plies/s: %.2f (wall), %.2f (cpu); small files: %.2f (wall)\n",
                v1.rate() / pgn.rate(), v1.cpu_rate() / pgn.cpu_rate(), v1_small.rate() / pgn.rate());
  if (!o.fairy_stockfish.empty())
    std::printf("perft 5 gibo / fairy-stockfish, nodes/s: %.2f (wall), %.2f (cpu)\n", perft.rate() / fs_perft.rate(),
                perft.cpu_rate() / fs_perft.cpu_rate());
  std::printf("load average after: %s\n", load_average().c_str());
  fs::remove_all(work);
  if (!ok) std::fprintf(stderr, "bench_cli: a gibo run failed or found invalid games\n");
  return ok ? 0 : 1;
}
