// The pattern search at the real archive's size (issue 43): a folder of game files (the
// real archive, /work/shared/corpus/archive: 290 files, 24,668 distinct games) imported by
// the gibo program into a fresh SQLite archive (and a PostgreSQL one with GIBO_BENCH_PG),
// then each of a material, a placement and a sequence pattern searched inside this process
// (pattern::search, best of the rounds) with one thread and with two, and as a whole
// `gibo search --pattern` process; the answers of both backends and of both thread counts
// compared (exit 1 when one differs). Prints the wall and CPU seconds, the games matched,
// skipped by their signatures and replayed, and the positions replayed per second.
//
// Run: build/tests/bench/bench_pattern DIR [ROUNDS]     (DIR: the game files; ROUNDS default 3)
// Environment: GIBO_BENCH_KEEP=DB keeps the SQLite archive at DB and reuses it;
// GIBO_BENCH_PG=URI also imports into that PostgreSQL database (a fresh schema bench_pattern).
// Not a test: it prints figures (and the load average, since the machine may be shared).
#include <libpq-fe.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "child.h"
#include "gibo/archive/archive.h"
#include "gibo/pattern/search.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// This process's CPU seconds (user + system, every thread).
double cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// The calling thread's CPU seconds.
double thread_cpu_seconds() {
  timespec t{};
  ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

// Runs the gibo program with `args` (child.h), its output thrown away; wall seconds, or -1
// when it failed.
double run_gibo(std::vector<std::string> args) {
  args.insert(args.begin(), GIBO_BINARY);
  const gibo::bench::ChildRun r = gibo::bench::run_child(std::move(args));
  return r.status == 0 || r.status == 1 ? r.wall : -1;
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string a, b, c;
  in >> a >> b >> c;
  return a + " " + b + " " + c;
}

// A search timed: the best of the rounds' wall and CPU seconds, and the CPU seconds of the
// calling thread and of the others (the workers) in the round of least CPU. (CPU seconds
// on a loaded machine vary too, by a third between runs here: `valgrind --tool=callgrind
// --separate-threads=yes` gives each thread's instructions, which the load does not move.)
struct Timed {
  double wall = 1e9, cpu = 1e9, main_cpu = 0, workers_cpu = 0;
  gibo::pattern::SearchResult result;
};

Timed timed_search(gibo::archive::Archive& a, const gibo::pattern::Pattern& p, int jobs, int rounds) {
  Timed t;
  for (int r = 0; r < rounds; ++r) {
    const double cpu0 = cpu_seconds(), main0 = thread_cpu_seconds();
    const auto start = Clock::now();
    auto found = gibo::pattern::search(a, p, nullptr, jobs);
    const double wall = seconds_since(start), cpu = cpu_seconds() - cpu0, main = thread_cpu_seconds() - main0;
    if (!found) {
      std::fprintf(stderr, "bench_pattern: %s\n", found.error().message.c_str());
      std::exit(1);
    }
    t.wall = std::min(t.wall, wall);
    if (cpu < t.cpu) {
      t.cpu = cpu;
      t.main_cpu = main;
      t.workers_cpu = std::max(0.0, cpu - main);
    }
    t.result = std::move(*found);
  }
  return t;
}

// The CPU seconds (best of the rounds, on this thread) of what a search reads from the
// archive: every game's signature, the games it replays (`ids`), the listings of `found`.
struct Reads {
  double signatures = 1e9, games = 1e9, listings = 1e9;
};

template <typename Fn>
double thread_cpu_of(Fn&& fn) {
  const double t0 = thread_cpu_seconds();
  fn();
  return thread_cpu_seconds() - t0;
}

Reads timed_reads(gibo::archive::Archive& a, const gibo::pattern::SearchResult& r, bool replays, int rounds) {
  Reads out;
  std::vector<std::int64_t> ids, found;
  for (const auto& f : r.found) found.push_back(f.game.id);
  std::sort(found.begin(), found.end());
  for (int k = 0; k < rounds; ++k) {
    ids.clear();
    out.signatures = std::min(out.signatures, thread_cpu_of([&] {
      (void)a.for_each_material(nullptr, [&](std::int64_t id, const gibo::MaterialSignature&) { ids.push_back(id); });
    }));
    if (replays) {
      std::size_t n = 0;
      out.games = std::min(out.games, thread_cpu_of([&] {
        (void)a.for_each_replay(ids, [&](gibo::archive::ReplayGame&& g) { n += g.moves.size(); });
      }));
    } else
      out.games = 0;
    out.listings = std::min(out.listings, thread_cpu_of([&] { (void)a.game_listings(found); }));
  }
  return out;
}

// The answer as (game id, plies) pairs, to compare backends and thread counts.
std::vector<std::pair<std::int64_t, std::vector<int>>> answer(const gibo::pattern::SearchResult& r) {
  std::vector<std::pair<std::int64_t, std::vector<int>>> out;
  for (const auto& f : r.found) out.push_back({f.game.id, f.matches.plies});
  return out;
}

std::string import(const std::string& db, const std::string& dir) {
  const auto start = Clock::now();
  if (run_gibo({"import", "--db", db, "--jobs", "2", dir}) < 0) {
    std::fprintf(stderr, "bench_pattern: gibo import --db %s failed\n", db.c_str());
    std::exit(1);
  }
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.2f s", seconds_since(start));
  return buffer;
}

struct Case {
  const char* kind;
  const char* pattern;
};
constexpr Case kCases[] = {
    {"material", "R vs HE or material han < 15 and material cho > 30"},
    {"placement", "R & han-palace >= 2"},
    {"sequence", "move C to e2 | e9 then within 10 mate"},
    {"streak", "streak(check) >= 3 sort max streak(check)"},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_pattern DIR [ROUNDS]\n");
    return 2;
  }
  const std::string dir = argv[1];
  const int rounds = argc > 2 ? std::max(1, std::atoi(argv[2])) : 3;
  const char* keep = std::getenv("GIBO_BENCH_KEEP");
  const fs::path scratch = fs::temp_directory_path() / ("bench_pattern_" + std::to_string(::getpid()));
  const std::string db = keep ? keep : (scratch / "a.sqlite").string();
  if (!keep) fs::create_directories(scratch);
  std::printf("load average before: %s\n", load_average().c_str());
  if (!fs::exists(db)) std::printf("import into SQLite: %s\n", import(db, dir).c_str());
  std::vector<std::string> dbs = {db};
  if (const char* pg = std::getenv("GIBO_BENCH_PG")) {
    std::string uri = pg;
    PGconn* conn = PQconnectdb(pg);
    PQclear(PQexec(conn, "DROP SCHEMA IF EXISTS bench_pattern CASCADE; CREATE SCHEMA bench_pattern"));
    PQfinish(conn);
    uri += (uri.find('?') == std::string::npos ? "?" : "&");
    uri += "options=-csearch_path%3Dbench_pattern";
    std::printf("import into PostgreSQL: %s\n", import(uri, dir).c_str());
    dbs.push_back(uri);
  }
  int status = 0;
  for (const Case& c : kCases) {
    const auto p = gibo::pattern::Pattern::parse(c.pattern);
    if (!p) {
      std::fprintf(stderr, "bench_pattern: %s\n", p.error().message.c_str());
      return 1;
    }
    std::vector<std::pair<std::int64_t, std::vector<int>>> first;
    for (const std::string& where : dbs) {
      auto a = gibo::archive::Archive::open(where, gibo::archive::OpenMode::ReadOnly);
      if (!a) {
        std::fprintf(stderr, "bench_pattern: %s\n", a.error().message.c_str());
        return 1;
      }
      const Timed one = timed_search(**a, *p, 1, rounds), two = timed_search(**a, *p, 2, rounds);
      const auto& r = one.result;
      std::printf("%-9s %-10s %s\n  %ld games, %ld positions match; %ld searched, %ld skipped by their signatures, %ld "
                  "replayed (%ld positions, %.2f M/s on one thread)\n  1 thread: %.3f s (CPU %.3f s); 2 threads: %.3f s "
                  "(CPU %.3f s); 2 threads %.2fx faster\n",
                  c.kind, where == db ? "SQLite" : "PostgreSQL", c.pattern, r.games, r.positions, r.selected, r.skipped,
                  r.replayed, r.replayed_positions, static_cast<double>(r.replayed_positions) / one.wall / 1e6, one.wall,
                  one.cpu, two.wall, two.cpu, one.wall / two.wall);
      // How the work was shared: the calling thread reads the archive (and lists the
      // matches), the workers ask the signatures and replay.
      std::printf("  2 threads: CPU of the calling thread %.3f s, of the workers %.3f s\n", two.main_cpu, two.workers_cpu);
      const Reads reads = timed_reads(**a, r, r.replayed > 0, rounds);
      std::printf("  reading alone (CPU): signatures %.3f s, games to replay %.3f s, listings %.3f s; %.0f %% of one "
                  "thread's CPU\n",
                  reads.signatures, reads.games, reads.listings,
                  100 * (reads.signatures + reads.games + reads.listings) / one.cpu);
      if (answer(one.result) != answer(two.result)) {
        std::printf("  DIFFERENT answers on one and two threads\n");
        status = 1;
      }
      if (first.empty()) first = answer(r);
      else if (first != answer(r)) {
        std::printf("  DIFFERENT answers on SQLite and PostgreSQL\n");
        status = 1;
      }
      double process = 1e9;
      for (int k = 0; k < rounds; ++k)
        process = std::min(process, run_gibo({"search", "--db", where, "--jobs", "1", "--pattern", c.pattern}));
      std::printf("  gibo search --jobs 1, the whole process: %.3f s\n", process);
    }
  }
  std::printf("load average after: %s\n", load_average().c_str());
  if (!keep) fs::remove_all(scratch);
  return status;
}
