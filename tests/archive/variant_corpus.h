// Many distinct, realistic games for the archive tests and the import benchmark: each
// is a real corpus game (its tags, times and comments) cut at a random ply near its end
// and continued with a few random legal plies, so games are not duplicates of each
// other but look like the corpus (lengths, tags, encodings). Written as CP949 .gib files.
#pragma once

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "gibo/formats/gib.h"
#include "gibo/record/replay.h"

namespace gibo::testing {

// The corpus games that replay without error (their pass plies' squares filled in).
inline std::vector<Game> valid_corpus_games(const std::filesystem::path& corpus_dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(corpus_dir))
    if (e.path().extension() == ".gib") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<Game> games;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    GibReadOptions o;
    o.file_name = f.string();
    for (Game& g : read_gib(bytes, o)) {
      replay_under_profile(g, default_profile());
      if (!g.has_errors()) games.push_back(std::move(g));
    }
  }
  return games;
}

// A variant of `base`: cut at a random ply in its last 24 and continued with 3..12
// random legal plies (a pass only when eight draws in a row give one; times when the base has
// them). 총수 follows the plies.
inline Game variant_of(const Game& base, std::mt19937_64& rng) {
  const LegalityRules rules = legality_rules(default_profile(), false);
  Position pos;
  Game g = header_of(base);
  start_position(base, rules, pos);
  const int n = static_cast<int>(base.plies.size());
  const int cut = std::max(0, n - static_cast<int>(rng() % 25));
  for (int i = 0; i < cut; ++i) {
    g.plies.push_back(base.plies[i]);
    pos.do_move(base.plies[i].move);
  }
  bool timed = false;  // new plies get times only where the base game has them
  for (const RecordedPly& p : base.plies) timed |= p.seconds.has_value();
  const int extra = 3 + static_cast<int>(rng() % 10);
  MoveList list;
  for (int i = 0; i < extra; ++i) {
    pos.legal_moves(list);
    if (list.empty()) break;
    Move m = list[static_cast<int>(rng() % list.size())];
    for (int tries = 0; m.is_pass() && list.size() > 1 && tries < 8; ++tries)
      m = list[static_cast<int>(rng() % list.size())];
    RecordedPly rp;
    rp.pass = m.is_pass();
    rp.move = m;
    if (timed) rp.seconds = static_cast<int>(rng() % 60);
    g.plies.push_back(rp);
    pos.do_move(m);
  }
  for (Tag& t : g.tags)
    if (t.name == "총수") t.value = std::to_string(g.plies.size());
  return g;
}

// Writes `files` CP949 .gib files of `games_per_file` variants each into `dir`
// (v00000.gib, ...). Returns the number of games written.
inline long write_variant_corpus(const std::vector<Game>& bases, const std::filesystem::path& dir, int files,
                                 int games_per_file, std::uint64_t seed) {
  std::filesystem::create_directories(dir);
  std::mt19937_64 rng(seed);
  GibWriteOptions o;
  o.encoding = text::Encoding::Cp949;
  long written = 0;
  for (int f = 0; f < files; ++f) {
    std::vector<Game> games;
    games.reserve(static_cast<std::size_t>(games_per_file));
    for (int k = 0; k < games_per_file; ++k) games.push_back(variant_of(bases[rng() % bases.size()], rng));
    char name[32];
    std::snprintf(name, sizeof name, "v%05d.gib", f);
    std::ofstream(dir / name, std::ios::binary) << write_gib(games, o);
    written += games_per_file;
  }
  return written;
}

}  // namespace gibo::testing
