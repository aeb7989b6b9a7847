// The opening namer on a real collection (issue 33): how many sides each formation of the
// built-in book names, how many stay unknown, beside the sources' popularity claims; then
// what naming costs beside the replay that validates a game (per CPU second of this
// thread, best of --rounds), with the built-in book and with a book of many lines.
// Run: build/tests/bench/bench_openings [--rounds N] [--passes N] [PATHS...]   (default: the
// corpus; passes over the games a round, default enough for 200,000 games; under
// valgrind --tool=callgrind, --rounds 1 --passes 20 gives the same comparison in
// instructions, whatever the machine's load)
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "gibo/formats/game_reader.h"
#include "gibo/formats/openings.h"
#include "gibo/record/replay.h"

namespace {

namespace fs = std::filesystem;

double cpu_seconds() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

std::vector<gibo::Game> read_games(const std::vector<std::string>& paths) {
  std::vector<gibo::Game> games;
  for (const std::string& p : paths) {
    std::vector<fs::path> files;
    if (fs::is_directory(p)) {
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.is_regular_file() && e.path().extension() != ".md") files.push_back(e.path());
      std::sort(files.begin(), files.end());
    } else {
      files.push_back(p);
    }
    for (const fs::path& f : files) {
      auto reader = gibo::GameReader::open(f.string());
      if (!reader) continue;
      while (std::optional<gibo::Game> g = reader->next()) games.push_back(std::move(*g));
    }
  }
  return games;
}

double percent(long part, long whole) { return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0; }

// A formation's family as the sources count them: 귀마 left and right together.
std::string family_of(const gibo::FormationRule& r) {
  return r.code == "GL" || r.code == "GR" ? std::string("귀마") : r.korean;
}

void report(const std::vector<gibo::Game>& games, const gibo::OpeningBook& book) {
  long other = 0, asymmetric = 0, gwima_asym = 0, unknown = 0, no_horse = 0, lines = 0;
  std::map<std::string, long> codes, sides, games_with, own_setups, pairs;
  for (const gibo::Game& g : games) {
    const gibo::Opening o = gibo::name_opening(g, book);
    if (o.other_start) {
      ++other;
      continue;
    }
    lines += o.line.has_value();
    if (const gibo::ElephantPair p = o.pair(); p != gibo::ElephantPair::None) ++pairs[std::string(gibo::elephant_pair_korean(p))];
    std::map<std::string, bool> in_game;
    for (gibo::Side s : {gibo::Side::Cho, gibo::Side::Han}) {
      const gibo::Setup own = gibo::own_view(s == gibo::Side::Cho ? o.cho : o.han, s);
      ++own_setups[std::string(gibo::setup_name(own).korean)];
      const bool asym = own == gibo::Setup::HEHE || own == gibo::Setup::EHEH;
      asymmetric += asym;
      bool horse = false, gwima = false;
      std::map<std::string, bool> in_side;
      for (const gibo::FormationFound& f : o.of(s)) {
        ++codes[f.rule->code];
        in_side[family_of(*f.rule)] = in_game[family_of(*f.rule)] = true;
        horse |= f.rule->code == "GL" || f.rule->code == "GR" || f.rule->code == "WA" || f.rule->code == "YG";
        gwima |= f.rule->code == "GL" || f.rule->code == "GR";
      }
      for (const auto& [family, yes] : in_side) sides[family] += yes;
      gwima_asym += asym && gwima;
      no_horse += !horse;
      unknown += o.of(s).empty();
    }
    for (const auto& [family, yes] : in_game) games_with[family] += yes;
  }
  const long named = static_cast<long>(games.size()) - other, all_sides = 2 * named;
  std::printf("%zu games: %ld from a set-up pair (%ld sides), %ld from a position of their own (other start)\n",
              games.size(), named, all_sides, other);
  std::printf("set-ups (sides, own view):");
  for (const auto& [name, n] : own_setups) std::printf("  %s %ld (%.0f%%)", name.c_str(), n, percent(n, all_sides));
  std::printf("\nboth sides asymmetric:");
  for (const auto& [name, n] : pairs) std::printf("  %s %ld games", name.c_str(), n);
  std::printf("\nformations by code (sides):");
  for (const auto& [code, n] : codes) std::printf("  %s %ld", code.c_str(), n);
  std::printf("\n\n   sides  %% sides    games  %% games  formation: claim (chiharu, share of play; BrainTV)\n");
  const std::map<std::string, std::string> claims = {
      {"귀마", "≈70 %; BrainTV: over 60 % of players, over 80 % of professionals"},
      {"원앙마", "≈30 %"},
      {"양귀마", "≈3 %"},
      {"면포", "≈97 %"},
      {"면상", "≈3 %"}};
  for (const auto& [family, n] : sides) {
    const auto claim = claims.find(family);
    std::printf("%8ld %7.1f%% %8ld %7.1f%%  %s: %s\n", n, percent(n, all_sides), games_with[family],
                percent(games_with[family], named), family.c_str(), claim == claims.end() ? "" : claim->second.c_str());
  }
  std::printf("%8ld %7.1f%%                    no horse formation\n", no_horse, percent(no_horse, all_sides));
  std::printf("%8ld %7.1f%%                    unknown (no formation at all)\n", unknown, percent(unknown, all_sides));
  std::printf("귀마 among the asymmetric sides (상마상마, 마상마상 from their seat): %ld of %ld (%.1f%%)\n", gwima_asym,
              asymmetric, percent(gwima_asym, asymmetric));
  std::printf("games reaching a named line: %ld\n\n", lines);
}

// A book with the built-in rows and one line per game of `games` (its first 12 plies),
// as a user with a large book of their own would have: every set-up pair holds lines.
gibo::OpeningBook many_lines(const std::vector<gibo::Game>& games) {
  gibo::OpeningBook book = gibo::builtin_opening_book();
  int n = 0;
  for (const gibo::Game& g : games) {
    if (g.start.custom || g.valid_plies < 12) continue;
    gibo::LineRule l;
    l.code = "B";
    l.code += std::to_string(++n);
    l.korean = l.english = l.code;
    l.cho = g.start.cho;
    l.han = g.start.han;
    for (int i = 0; i < 12; ++i) l.moves.push_back(g.plies[static_cast<std::size_t>(i)].move);
    (void)book.add_line(std::move(l));  // a position another game reached first is refused: fine
  }
  return book;
}

}  // namespace

int main(int argc, char** argv) {
  int rounds = 5, passes = 0;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--rounds" && i + 1 < argc) rounds = std::stoi(argv[++i]);
    else if (a == "--passes" && i + 1 < argc) passes = std::stoi(argv[++i]);
    else paths.push_back(a);
  }
  if (paths.empty()) paths.push_back(GIBO_CORPUS_DIR);
  const std::vector<gibo::Game> games = read_games(paths);
  if (games.empty()) {
    std::fprintf(stderr, "no games\n");
    return 1;
  }
  report(games, gibo::builtin_opening_book());

  const gibo::OpeningBook big = many_lines(games);
  // Enough passes over the games for a measurable CPU time.
  if (passes <= 0) passes = std::max(1, static_cast<int>(200000 / games.size()));
  double replay = 1e9, builtin = 1e9, lines = 1e9;
  long sink = 0;
  for (int r = 0; r < rounds; ++r) {
    double t = cpu_seconds();
    for (int k = 0; k < passes; ++k)
      for (const gibo::Game& g : games) {
        gibo::Game copy = g;
        gibo::replay_under_profile(copy, gibo::default_profile());
        sink += copy.valid_plies;
      }
    replay = std::min(replay, cpu_seconds() - t);
    t = cpu_seconds();
    for (int k = 0; k < passes; ++k)
      for (const gibo::Game& g : games) sink += static_cast<long>(gibo::name_opening(g, gibo::builtin_opening_book()).of(gibo::Side::Cho).size());
    builtin = std::min(builtin, cpu_seconds() - t);
    t = cpu_seconds();
    for (int k = 0; k < passes; ++k)
      for (const gibo::Game& g : games) sink += gibo::name_opening(g, big).line.has_value();
    lines = std::min(lines, cpu_seconds() - t);
  }
  const double n = static_cast<double>(passes) * static_cast<double>(games.size());
  std::printf("cost per game, CPU time of this thread, best of %d rounds of %d passes (%.0f games):\n", rounds, passes, n);
  std::printf("  copy and replay (what validating a game costs)  %7.2f us\n", 1e6 * replay / n);
  std::printf("  name_opening, built-in book (%zu formations, %zu line)  %7.2f us  (%.1f%% of the replay)\n",
              gibo::builtin_opening_book().formations().size(), gibo::builtin_opening_book().lines().size(),
              1e6 * builtin / n, 100 * builtin / replay);
  std::printf("  name_opening, %zu lines (every pair holds some)  %7.2f us  (%.1f%% of the replay)\n", big.lines().size(),
              1e6 * lines / n, 100 * lines / replay);
  return sink == 42 ? 2 : 0;  // keeps the work from being optimised away
}
