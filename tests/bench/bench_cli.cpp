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
//   `gibo perft --rules fs-janggi 5`);
// * with --pg URI, the same import into a PostgreSQL archive (a fresh schema of the
//   database URI names each round, dropped after it), beside the SQLite import: its
//   wall-clock rate is the one to compare (the server's own CPU time is not the child's).
// --only import measures the imports alone; --only queue measures the analysis queue
// instead: 1, 2 and 3 workers (`gibo analyze --worker --jobs 1`, fairy-stockfish depth 8,
// started at once) analysing the same 24 corpus games of a fresh archive, SQLite's and,
// with --pg, PostgreSQL's: positions per second of the whole run.
//
// Every measure runs --rounds times (default 3), interleaved, and the best round counts.
// Wall-clock rates depend on what else the machine runs; the CPU time (user + system of
// the child) does much less, so both are printed, with the load average before and after.
// Peak memory (max RSS) is printed for one corpus copy and for all of them: flat means the
// two agree.
//
// Usage: bench_cli [--gibo PATH] [--corpus DIR] [--plies N] [--rounds N] [--work DIR]
//                  [--pgn-extract PATH --chess-pgn FILE] [--fairy-stockfish PATH]
//                  [--pg URI] [--only import|queue]
// tests/bench/compare.sh runs it with the references when they are installed.
#include <libpq-fe.h>
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
  std::string pg;  // a PostgreSQL database to import into too
  bool import_only = false;
  bool queue_only = false;
};

// Runs `sql` on the PostgreSQL database `uri`; false when it fails.
bool pg_exec(const std::string& uri, const std::string& sql) {
  PGconn* c = PQconnectdb(uri.c_str());
  bool ok = PQstatus(c) == CONNECTION_OK;
  if (ok) {
    PQsetNoticeProcessor(c, [](void*, const char*) {}, nullptr);
    PGresult* r = PQexec(c, sql.c_str());
    ok = PQresultStatus(r) == PGRES_COMMAND_OK;
    if (!ok) std::fprintf(stderr, "bench_cli: %s: %s", sql.c_str(), PQresultErrorMessage(r));
    PQclear(r);
  } else {
    std::fprintf(stderr, "bench_cli: cannot connect to %s: %s", uri.c_str(), PQerrorMessage(c));
  }
  PQfinish(c);
  return ok;
}

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
               "                 [--pgn-extract PATH --chess-pgn FILE] [--fairy-stockfish PATH]\n"
               "                 [--pg URI] [--only import|queue]\n";
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
    else if (a == "--pg") o.pg = v;
    else if (a == "--only" && v == "import") o.import_only = true;
    else if (a == "--only" && v == "queue") o.queue_only = true;
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

// The positions the workers of an archive's queue searched (gibo analyze --status: the
// workers' "N positions"), summed.
long queue_positions(const std::string& gibo, const std::string& db, const fs::path& out) {
  run({gibo, "analyze", "--db", db, "--status"}, "/dev/null", out.string());
  std::ifstream in(out);
  long total = 0;
  for (std::string line; std::getline(in, line);) {
    const std::size_t at = line.find(" positions, ");
    if (at == std::string::npos) continue;
    std::size_t from = line.rfind(' ', at - 1);
    total += std::atol(line.substr(from + 1, at - from - 1).c_str());
  }
  return total;
}

// --only queue: 1, 2 and 3 workers at once on a fresh archive's queue, best of the rounds.
int bench_queue(const Options& o, const fs::path& work) {
  const fs::path out = work / "status.txt";
  std::vector<std::pair<std::string, std::string>> backends = {{"SQLite", ""}};
  if (!o.pg.empty()) backends.emplace_back("PostgreSQL", o.pg);
  std::printf("%-12s %8s %8s %14s %10s\n", "archive", "workers", "wall s", "positions/s", "games/s");
  bool ok = true;
  int schema = 0;
  for (const auto& [name, pg] : backends)
    for (int workers = 1; workers <= 3; ++workers) {
      double best = 1e300;
      long positions = 0;
      for (int round = 0; round < o.rounds; ++round) {
        std::string db = (work / "queue.sqlite").string();
        if (!pg.empty()) {
          const std::string s = "bench_queue_" + std::to_string(::getpid()) + "_" + std::to_string(schema++);
          if (!pg_exec(pg, "CREATE SCHEMA " + s)) return 1;
          db = pg + (pg.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" + s;
        } else {
          for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(db + suffix);
        }
        ok &= run({o.gibo, "import", "--db", db, o.corpus}).status == 0;
        std::vector<pid_t> pids;
        const auto start = std::chrono::steady_clock::now();
        for (int w = 0; w < workers; ++w) {
          std::cout << std::flush;
          const pid_t pid = ::fork();
          if (pid == 0) {
            std::vector<std::string> args = {o.gibo, "analyze", "--db", db, "--where", "id <= 24", "--rules",
                                             "fs-janggi", "--depth", "8", "--option", "Threads=1", "--worker"};
            std::vector<char*> argv;
            for (std::string& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            std::freopen("/dev/null", "w", stdout);
            ::execv(argv[0], argv.data());
            std::_Exit(127);
          }
          pids.push_back(pid);
        }
        for (pid_t pid : pids) {
          int status = 0;
          ::waitpid(pid, &status, 0);
          ok &= WIFEXITED(status) && WEXITSTATUS(status) == 0;
        }
        best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        positions = queue_positions(o.gibo, db, out);
      }
      std::printf("%-12s %8d %8.2f %14.0f %10.2f\n", name.c_str(), workers, best, static_cast<double>(positions) / best,
                  24.0 / best);
    }
  std::printf("load average after: %s\n", load_average().c_str());
  fs::remove_all(work);
  return ok ? 0 : 1;
}

// Every measure of a run, named.
struct Measures {
  Measure v1, v2, v1_small, imp, imp_pg, pgn, perft, fs_perft;
};

Measures named_measures(const Options& o) {
  Measures m;
  m.v1.name = "gibo validate --jobs 1";
  m.v2.name = "gibo validate --jobs 2";
  m.v1_small.name = "gibo validate --jobs 1 (small files)";
  m.imp.name = "gibo import --jobs 2 (fresh)";
  m.imp_pg.name = "gibo import --jobs 2 (PostgreSQL)";
  m.pgn.name = "pgn-extract -r -s";
  m.perft.name = "gibo perft --rules fs-janggi 5";
  m.fs_perft.name = "fairy-stockfish go perft 5";
  if (!o.pgn_extract.empty()) m.pgn.units = static_cast<double>(pgn_plies(o.chess_pgn));
  return m;
}

// --only import: the imports' figures.
void print_imports(const Options& o, const Inputs& in, const Measures& m) {
  std::printf("import input: %d files of 100 distinct games, %s plies\nbest of %d rounds\n%-34s %8s %14s %12s %8s "
              "%14s %8s\n",
              in.import_files, with_commas(m.imp.units).c_str(), o.rounds, "measure", "wall s", "rate", "games/s",
              "cpu s", "rate per cpu-s", "peak MB");
  print(m.imp, "plies/s");
  if (!o.pg.empty()) {
    print(m.imp_pg, "plies/s");
    std::printf("import PostgreSQL / SQLite, games/s: %.2f (wall)\n", m.imp.best_wall() / m.imp_pg.best_wall());
  }
}

// Every measure's figures, the peak memory of the small inputs (`v_small`, `i_small`)
// beside the whole ones', and the ratios to the references.
void print_results(const Options& o, const Inputs& in, const Measures& m, const ChildRun& v_small,
                   const ChildRun& i_small) {
  std::printf("validate input: %d copies of %zu corpus files, %s games, %s plies; as %d files (small files: %d)\n",
              in.copies, in.corpus_files.size(), with_commas(m.v1.games).c_str(), with_commas(m.v1.units).c_str(),
              in.copies, in.copies * static_cast<int>(in.corpus_files.size()));
  std::printf("import input: %d files of 100 distinct games, %s plies\n", in.import_files,
              with_commas(m.imp.units).c_str());
  if (!o.pgn_extract.empty())
    std::printf("pgn-extract input: %s, %s plies\n", o.chess_pgn.c_str(), with_commas(m.pgn.units).c_str());
  std::printf("best of %d rounds\n%-34s %8s %14s %12s %8s %14s %8s\n", o.rounds, "measure", "wall s", "rate",
              "games/s", "cpu s", "rate per cpu-s", "peak MB");
  print(m.v1, "plies/s");
  print(m.v2, "plies/s");
  print(m.v1_small, "plies/s");
  print(m.imp, "plies/s");
  if (!o.pg.empty()) print(m.imp_pg, "plies/s");
  if (!o.pgn_extract.empty()) print(m.pgn, "plies/s");
  print(m.perft, "nodes/s");
  if (!o.fairy_stockfish.empty()) print(m.fs_perft, "nodes/s");
  std::printf("peak MB, small input -> whole input: validate %.1f -> %.1f, import %.1f -> %.1f\n",
              static_cast<double>(v_small.max_rss_kb) / 1024, static_cast<double>(m.v1.max_rss_kb()) / 1024,
              static_cast<double>(i_small.max_rss_kb) / 1024, static_cast<double>(m.imp.max_rss_kb()) / 1024);
  std::printf("validate --jobs 2 / --jobs 1: %.2f (wall)\n", m.v2.rate() / m.v1.rate());
  if (!o.pg.empty())
    std::printf("import PostgreSQL / SQLite, games/s: %.2f (wall)\n", m.imp.best_wall() / m.imp_pg.best_wall());
  if (!o.pgn_extract.empty())
    std::printf("validate --jobs 1 / pgn-extract, plies/s: %.2f (wall), %.2f (cpu); small files: %.2f (wall)\n",
                m.v1.rate() / m.pgn.rate(), m.v1.cpu_rate() / m.pgn.cpu_rate(), m.v1_small.rate() / m.pgn.rate());
  if (!o.fairy_stockfish.empty())
    std::printf("perft 5 gibo / fairy-stockfish, nodes/s: %.2f (wall), %.2f (cpu)\n",
                m.perft.rate() / m.fs_perft.rate(), m.perft.cpu_rate() / m.fs_perft.cpu_rate());
}

// The gibo runs the measures take, each writing its summary to `out`.
struct GiboRuns {
  const Options& o;
  fs::path out, db;
  int pg_round = 0;
  std::string pg_schema;  // the PostgreSQL import's schema of the last run ("" before the first)

  ChildRun validate(int jobs, const fs::path& dir) const {
    return run({o.gibo, "validate", "--format", "jsonl", "--jobs", std::to_string(jobs), dir.string()}, "/dev/null",
               out.string());
  }
  // An import into a new SQLite file `db`.
  ChildRun import(int jobs, const fs::path& dir) const {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) fs::remove(db.string() + suffix);
    return run({o.gibo, "import", "--db", db.string(), "--format", "jsonl", "--jobs", std::to_string(jobs),
                dir.string()},
               "/dev/null", out.string());
  }
  // The PostgreSQL import: a fresh schema a run, in the database o.pg names.
  ChildRun import_pg(int jobs, const fs::path& dir) {
    drop_pg_schema();
    pg_schema = "bench_" + std::to_string(::getpid()) + "_" + std::to_string(pg_round++);
    if (!pg_exec(o.pg, "CREATE SCHEMA " + pg_schema)) usage("cannot create a schema in the --pg database");
    const std::string uri = o.pg + (o.pg.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3D" +
                            pg_schema;
    return run({o.gibo, "import", "--db", uri, "--format", "jsonl", "--jobs", std::to_string(jobs), dir.string()},
               "/dev/null", out.string());
  }
  void drop_pg_schema() {
    if (!pg_schema.empty()) pg_exec(o.pg, "DROP SCHEMA " + pg_schema + " CASCADE");
    pg_schema.clear();
  }
};

// A tenth of the import input (one file at least), copied into WORK/variants-small.
fs::path small_variants(const Inputs& in, const fs::path& work) {
  const fs::path dir = work / "variants-small";
  fs::create_directories(dir);
  for (int f = 0; f < std::max(1, in.import_files / 10); ++f) {
    char name[32];
    std::snprintf(name, sizeof name, "v%05d.gib", f);
    fs::copy_file(in.variants / name, dir / name);
  }
  return dir;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  const fs::path work = (o.work.empty() ? fs::temp_directory_path() : fs::path(o.work)) /
                        ("gibo-bench-cli-" + std::to_string(::getpid()));
  fs::create_directories(work);
  std::printf("load average before: %s\n", load_average().c_str());
  if (o.queue_only) return bench_queue(o, work);

  const Inputs in = make_inputs(o, work);
  GiboRuns runs{o, work / "out.jsonl", work / "bench.sqlite", 0, ""};
  const fs::path& out = runs.out;
  auto validate = [&](int jobs, const fs::path& dir) { return runs.validate(jobs, dir); };
  auto import = [&](int jobs, const fs::path& dir) { return runs.import(jobs, dir); };

  Measures m = named_measures(o);
  const fs::path fs_commands = work / "fs-commands.txt";
  std::ofstream(fs_commands) << "setoption name UCI_Variant value janggi\nposition startpos\ngo perft 5\nquit\n";
  // One measure's run: its figures from the summary gibo wrote, true when it succeeded.
  auto measured = [&](Measure& into, const ChildRun& r) {
    into.runs.push_back(r);
    const std::string text = tail_of(out);
    into.units = summary_number(text, "plies");
    into.games = summary_number(text, "games");
    return r.status == 0;
  };
  bool ok = true;
  for (int round = 0; round < o.rounds; ++round) {
    for (auto [v, jobs, dir] : {std::tuple{&m.v1, 1, in.archive}, std::tuple{&m.v2, 2, in.archive},
                                std::tuple{&m.v1_small, 1, in.real}}) {
      if (o.import_only) break;
      ok &= measured(*v, validate(jobs, dir)) && summary_number(tail_of(out), "valid") == v->games;
    }
    ok &= measured(m.imp, import(2, in.variants));
    if (!o.pg.empty()) ok &= measured(m.imp_pg, runs.import_pg(2, in.variants)) && m.imp_pg.games == m.imp.games;
    if (o.import_only) continue;
    if (!o.pgn_extract.empty()) m.pgn.runs.push_back(run({o.pgn_extract, "-r", "-s", o.chess_pgn}));
    m.perft.runs.push_back(run({o.gibo, "perft", "--rules", "fs-janggi", "5"}));
    m.perft.units = 35'243'995;  // tests/data/perft.tsv, default start at depth 5
    if (!o.fairy_stockfish.empty()) {
      m.fs_perft.runs.push_back(run({o.fairy_stockfish}, fs_commands.string()));
      m.fs_perft.units = m.perft.units;
    }
  }
  runs.drop_pg_schema();

  if (o.import_only) {
    print_imports(o, in, m);
  } else {
    // Peak memory against input size: one corpus copy and 1/10 of the import input.
    const ChildRun v_small = validate(1, in.archive / "r0000.gib");
    print_results(o, in, m, v_small, import(2, small_variants(in, work)));
  }
  std::printf("load average after: %s\n", load_average().c_str());
  fs::remove_all(work);
  if (!ok) std::fprintf(stderr, "bench_cli: a gibo run failed or found invalid games\n");
  return ok ? 0 : 1;
}
