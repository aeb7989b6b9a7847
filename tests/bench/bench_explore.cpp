// The position index at scale (issue 14): an archive of 1,000,000 distinct games (corpus
// games cut near their end and continued with random legal plies,
// tests/archive/variant_corpus.h), imported by the gibo program, then indexed on the first
// `gibo explore`. Prints the index's size per indexed position (pages of its tables, from
// dbstat) and the time of queries, each as a whole `gibo explore` / `gibo search` process
// and inside one process: the most common start position, a position after 20 plies of
// a stored game, and a rare one (a game's last position, reached by no other game).
//
// Run: build/bench/bench_explore          (reads tests/data/corpus; writes to a temp dir)
// Environment: GIBO_BENCH_GAMES (default 1000000, a multiple of 100); GIBO_BENCH_KEEP=DIR
// keeps the files and the archive in DIR and reuses them on the next run;
// GIBO_BENCH_PG=URI also imports the same files into a PostgreSQL archive (the schema
// bench_explore of the database URI names, kept and reused while it holds as many
// games) and times the same queries on it.
// Not a test: it prints figures (and the load average, since the machine may be shared).
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <string>
#include <vector>

#include "../tests/archive/variant_corpus.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/codec.h"
#include "gibo/archive/position_index.h"
#include "gibo/report/explore.h"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Runs the gibo program with `args`, its output thrown away; wall seconds, or -1 when it failed.
double run_gibo(std::vector<std::string> args) {
  args.insert(args.begin(), GIBO_BINARY);
  const auto start = Clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::FILE* null = std::fopen("/dev/null", "w");
    ::dup2(fileno(null), STDOUT_FILENO);
    ::execv(argv[0], argv.data());
    std::_Exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  const double t = seconds_since(start);
  return WIFEXITED(status) && WEXITSTATUS(status) <= 1 ? t : -1;
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string a, b, c;
  in >> a >> b >> c;
  return a + " " + b + " " + c;
}

// A scalar or text from the archive.
std::string query_text(sqlite3* db, const std::string& sql) {
  sqlite3_stmt* s = nullptr;
  std::string out;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK && sqlite3_step(s) == SQLITE_ROW) {
    const auto* t = sqlite3_column_text(s, 0);
    out = t ? reinterpret_cast<const char*>(t) : "";
  }
  sqlite3_finalize(s);
  return out;
}

// The position of game `id` after `ply` plies (its last position when ply < 0).
gibo::Position position_of(sqlite3* db, long id, int ply) {
  const std::string key = query_text(db, "SELECT st.key FROM games g JOIN starts st ON st.id = g.start_id WHERE g.id = " +
                                             std::to_string(id));
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(db, ("SELECT moves, valid_plies FROM games WHERE id = " + std::to_string(id)).c_str(), -1, &s,
                     nullptr);
  gibo::Position pos;
  pos.set_fen(key);
  if (sqlite3_step(s) == SQLITE_ROW) {
    const std::string_view blob(static_cast<const char*>(sqlite3_column_blob(s, 0)),
                                static_cast<std::size_t>(sqlite3_column_bytes(s, 0)));
    const int valid = sqlite3_column_int(s, 1);
    const int n = ply < 0 ? valid : std::min(ply, valid);
    for (int i = 0; i < n; ++i) {
      const std::uint16_t code = gibo::archive::code_at(blob, static_cast<std::size_t>(i));
      pos.do_move(gibo::Move(static_cast<gibo::Square>(code & 0x7F), static_cast<gibo::Square>((code >> 7) & 0x7F)));
    }
  }
  sqlite3_finalize(s);
  return pos;
}

struct Timing {
  double process_best = 1e9, process_median = 0, in_process = 0;
  long games = 0;
};

// Times `gibo explore` on `fen` as a process (best and median of `runs`) and the same
// exploration inside this process (best of `runs`).
Timing time_query(const std::string& db, const std::string& fen, int runs, gibo::archive::PositionIndex& index) {
  Timing t;
  std::vector<double> all;
  for (int i = 0; i < runs; ++i) all.push_back(run_gibo({"explore", "--db", db, "--fen", fen, "--format", "json"}));
  std::sort(all.begin(), all.end());
  t.process_best = all.front();
  t.process_median = all[all.size() / 2];
  gibo::Position pos;
  pos.set_fen(fen);
  t.in_process = 1e9;
  for (int i = 0; i < runs; ++i) {
    const auto start = Clock::now();
    const auto e = gibo::explore::explore(index, pos, nullptr);
    t.in_process = std::min(t.in_process, seconds_since(start));
    if (e) t.games = e->games;
  }
  return t;
}

// A position the benchmark explores.
struct Case {
  const char* name;
  std::string fen;
};

// The same archive on PostgreSQL (`pg`: a database URI; the schema bench_explore, imported
// from `in` again unless it holds the `games` games), and the same queries (`rare_fen`:
// the rare position searched too); false when it cannot be made or its index read.
bool bench_postgres(const std::string& pg, const fs::path& in, long games, std::span<const Case> cases,
                    const std::string& rare_fen) {
  const std::string uri = pg + (pg.find('?') == std::string::npos ? "?" : "&") + "options=-csearch_path%3Dbench_explore";
  bool current = false;
  if (auto held = gibo::archive::Archive::open(uri, gibo::archive::OpenMode::ReadOnly))
    current = (*held)->game_count() == games;
  if (!current) {
    std::system(("psql -X -q '" + pg + "' -c 'DROP SCHEMA IF EXISTS bench_explore CASCADE' -c 'CREATE SCHEMA bench_explore'")
                    .c_str());
    auto t = Clock::now();
    const double s = run_gibo({"import", "--db", uri, "--jobs", "2", "--format", "jsonl", in.string()});
    std::printf("PostgreSQL: gibo import --jobs 2: %.1f s (%s)\n", seconds_since(t), s < 0 ? "FAILED" : "ok");
    if (s < 0) return false;
  }
  auto pg_index = gibo::archive::PositionIndex::open(uri, gibo::archive::OpenMode::ReadOnly);
  if (!pg_index || (*pg_index)->update(1)) {
    std::printf("PostgreSQL: cannot open the index\n");
    return false;
  }
  const gibo::archive::IndexSize pg_size = (*pg_index)->size();
  std::printf("PostgreSQL index: %lld games, %lld positions, %lld segments, %.0f MB\n",
              static_cast<long long>(pg_size.games), static_cast<long long>(pg_size.positions),
              static_cast<long long>(pg_size.segments), static_cast<double>(pg_size.bytes) / 1e6);
  for (const Case& c : cases) {
    const Timing t = time_query(uri, c.fen, 5, **pg_index);
    std::printf("PostgreSQL %-15s %8ld games: explore process best %.3f s, median %.3f s; in-process %.3f s\n", c.name,
                t.games, t.process_best, t.process_median, t.in_process);
  }
  std::printf("PostgreSQL rare position, gibo search process: %.3f s\n",
              run_gibo({"search", "--db", uri, "--fen", rare_fen, "--format", "jsonl"}));
  return true;
}

}  // namespace

int main() {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // figures appear as they are measured
  long wanted = 1'000'000;
  if (const char* e = std::getenv("GIBO_BENCH_GAMES")) wanted = std::max(100L, std::atol(e));
  const char* keep = std::getenv("GIBO_BENCH_KEEP");
  const fs::path dir = keep ? fs::path(keep) : fs::temp_directory_path() / ("gibo-bench-explore-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string db = (dir / "games.db").string();
  std::printf("bench_explore: %ld games wanted, in %s; load average at start %s (2 cores)\n", wanted, dir.c_str(),
              load_average().c_str());

  if (!fs::exists(db)) {
    auto t = Clock::now();
    if (!fs::exists(dir / "in")) {
      const auto bases = gibo::testing::valid_corpus_games(GIBO_CORPUS_DIR);
      gibo::testing::write_variant_corpus(bases, dir / "in", static_cast<int>(wanted / 100), 100, 14);
      std::printf("wrote %ld games as .gib files: %.1f s\n", wanted, seconds_since(t));
    }
    t = Clock::now();
    const double s = run_gibo({"import", "--db", db, "--jobs", "2", "--format", "jsonl", (dir / "in").string()});
    std::printf("gibo import --jobs 2: %.1f s (%s)\n", seconds_since(t), s < 0 ? "FAILED" : "ok");
    if (s < 0) return 1;
  }
  sqlite3* raw = nullptr;
  sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  const long games = std::atol(query_text(raw, "SELECT count(*) FROM games").c_str());
  std::printf("archive: %ld distinct games, %.0f MB\n", games, static_cast<double>(fs::file_size(db)) / 1e6);

  // The index is built by the first explore (all games) and is then current.
  const auto built = Clock::now();
  const double first = run_gibo({"explore", "--db", db, "--format", "json"});
  std::printf("first gibo explore (builds the index if missing): %.1f s%s\n", seconds_since(built),
              first < 0 ? " FAILED" : "");
  auto opened = gibo::archive::PositionIndex::open(db, gibo::archive::OpenMode::ReadOnly);
  std::optional<gibo::Error> failed = opened ? (*opened)->update(1) : opened.error();
  if (failed) {
    std::printf("cannot open the index: %s\n", failed->message.c_str());
    return 1;
  }
  gibo::archive::PositionIndex* index = opened->get();
  const gibo::archive::IndexSize size = index->size();
  std::printf("index: %lld games, %lld positions (%.1f per game), %lld segments, %.0f MB: %.2f bytes per position\n",
              static_cast<long long>(size.games), static_cast<long long>(size.positions),
              static_cast<double>(size.positions) / static_cast<double>(std::max<std::int64_t>(1, size.games)),
              static_cast<long long>(size.segments), static_cast<double>(size.bytes) / 1e6,
              static_cast<double>(size.bytes) / static_cast<double>(std::max<std::int64_t>(1, size.positions)));

  const std::string start = query_text(
      raw, "SELECT st.key FROM games g JOIN starts st ON st.id = g.start_id GROUP BY g.start_id ORDER BY count(*) DESC "
           "LIMIT 1");
  // A game from the middle of the archive, long enough to have a position after 20 plies
  // that its siblings (variants of the same corpus game) share.
  const long some = std::atol(
      query_text(raw, "SELECT id FROM games WHERE id >= " + std::to_string(games / 2) + " AND valid_plies >= 60 LIMIT 1")
          .c_str());
  gibo::Position middle = position_of(raw, some, 20), rare = position_of(raw, some, -1);
  const Case cases[] = {{"start position", start + " - - 0 1"}, {"after 20 plies", middle.fen()}, {"rare", rare.fen()}};
  for (const Case& c : cases) {
    const Timing t = time_query(db, c.fen, 5, *index);
    std::printf("%-15s %8ld games: explore process best %.3f s, median %.3f s; in-process %.3f s\n", c.name, t.games,
                t.process_best, t.process_median, t.in_process);
  }
  const double search = run_gibo({"search", "--db", db, "--fen", rare.fen(), "--format", "jsonl"});
  std::printf("rare position, gibo search process: %.3f s\n", search);

  // The same archive on PostgreSQL, and the same queries.
  if (const char* pg = std::getenv("GIBO_BENCH_PG"))
    if (!bench_postgres(pg, dir / "in", games, cases, rare.fen())) return 1;
  std::printf("load average at end %s\n", load_average().c_str());
  sqlite3_close(raw);
  if (!keep) fs::remove_all(dir);
  return 0;
}
