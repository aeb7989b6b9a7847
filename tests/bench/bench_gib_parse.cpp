// Parse throughput of the .gib reader alone (no replay): the real corpus read from memory
// as CP949 (as stored) and as UTF-8 (converted), every game read through GibFile. Prints
// MB/s and plies/s per CPU second of this thread (steadier than wall time on a shared
// machine), best of --rounds (default 5); issue 23 compares it before and after the X3
// grammar. Run: build/tests/bench/bench_gib_parse [--rounds N] [--corpus DIR]
#include <algorithm>
#include <ctime>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gibo/core/utf8.h"
#include "gibo/formats/encoding.h"
#include "gibo/formats/gib.h"

namespace {

namespace fs = std::filesystem;

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

struct Pass {
  double seconds = 0;
  long plies = 0, games = 0;
};

Pass parse_all(const std::vector<std::string>& files) {
  Pass r;
  timespec t0, t1;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
  for (const std::string& bytes : files) {
    gibo::GibReadOptions options;
    options.file_name = "bench.gib";
    const gibo::GibFile file(bytes, options);
    for (int g = 0; g < file.games(); ++g) {
      const gibo::Game game = file.game(g);
      r.plies += static_cast<long>(game.plies.size());
      ++r.games;
    }
  }
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1);
  r.seconds = static_cast<double>(t1.tv_sec - t0.tv_sec) + 1e-9 * static_cast<double>(t1.tv_nsec - t0.tv_nsec);
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 5;
  std::string corpus = GIBO_CORPUS_DIR;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--rounds") rounds = std::stoi(argv[i + 1]);
    else if (a == "--corpus") corpus = argv[i + 1];
  }
  std::vector<std::string> cp949, utf8;
  std::size_t bytes949 = 0, bytes8 = 0;
  std::vector<fs::path> paths;
  for (const auto& e : fs::directory_iterator(corpus))
    if (e.path().extension() == ".gib") paths.push_back(e.path());
  std::sort(paths.begin(), paths.end());
  for (const fs::path& p : paths) {
    std::string b = read_file(p);
    // the UTF-8 copy: decoded by the library's own CP949 table (filler bytes dropped)
    std::string clean;
    for (char c : b)
      if (c != '\xFF' && c != '\x1A') clean += c;
    std::string u;
    if (!gibo::utf8::valid(clean)) {
      std::vector<std::size_t> bad;
      gibo::text::cp949_to_utf8(clean, u, bad);
    } else {
      u = clean;
    }
    bytes949 += b.size();
    bytes8 += u.size();
    cp949.push_back(std::move(b));
    utf8.push_back(std::move(u));
  }
  // Repeat the corpus so that one pass takes long enough to time.
  const std::size_t copies = 8;
  std::vector<std::string> many949, many8;
  for (std::size_t k = 0; k < copies; ++k) {
    many949.insert(many949.end(), cp949.begin(), cp949.end());
    many8.insert(many8.end(), utf8.begin(), utf8.end());
  }
  for (const auto& [name, set, size] : {std::tuple{"cp949", &many949, bytes949 * copies},
                                        std::tuple{"utf-8", &many8, bytes8 * copies}}) {
    Pass best;
    best.seconds = 1e9;
    for (int r = 0; r < rounds; ++r) {
      const Pass p = parse_all(*set);
      if (p.seconds < best.seconds) best = p;
    }
    std::printf("gib parse %-6s %8.1f MB/s %11.0f plies/s  (%ld games, %ld plies, %.1f MB, best of %d)\n", name,
                static_cast<double>(size) / 1e6 / best.seconds, static_cast<double>(best.plies) / best.seconds,
                best.games, best.plies, static_cast<double>(size) / 1e6, rounds);
  }
  return 0;
}
