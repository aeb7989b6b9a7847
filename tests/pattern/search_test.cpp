// A pattern asked of a real archive (pattern/search.h) against a brute-force replay written
// here: the real cuts of tests/data (the corpus and the kakao sample) imported into SQLite
// and PostgreSQL, each pattern's matching games and plies compared with what a direct walk
// of every record finds with the rules engine, and the same answers from both backends,
// from one thread and from two, and from an archive whose signatures are not stored.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <set>

#include "../archive/raw_sql.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/import.h"
#include "gibo/formats/detect.h"
#include "gibo/pattern/search.h"
#include "gibo/record/replay.h"

namespace gibo::testing {
namespace {

namespace fs = std::filesystem;

// What the brute force sees at each ply of a game.
struct Ply {
  const Position* pos;  // the position
  Move last;            // the move that reached it (none at the start)
  Piece taken;          // what that move took
  Piece mover;          // the piece that made it
  int ply;
  bool final;
};

// The games of the cuts as (file name, index) -> the plies where `holds` is true.
using Plies = std::map<std::pair<std::string, int>, std::vector<int>>;

std::vector<fs::path> cut_files() {
  std::vector<fs::path> files;
  for (const char* dir : {GIBO_TEST_DATA "/corpus", GIBO_TEST_DATA "/corpus_sample"})
    for (const auto& e : fs::directory_iterator(dir))
      if (e.path().extension() == ".gib") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// Each game of the cuts walked with the rules engine: its plies (one Ply each) given to
// `each`, which returns the plies it keeps.
Plies brute_force(const std::function<std::vector<int>(const std::vector<Ply>&)>& each) {
  Plies out;
  for (const fs::path& f : cut_files()) {
    ReadOptions options;
    options.file_name = f.string();
    ReadInfo info;
    int index = 0;
    read_games(slurp(f), options, info, [&](Game&& g) {
      const int at = index++;
      replay_under_profile(g, default_profile());
      Position pos;
      if (start_position(g, game_legality_rules(g, default_profile()), pos)) return;
      const int n = std::min(g.valid_plies, static_cast<int>(g.plies.size()));
      std::vector<Position> positions{pos};
      std::vector<Ply> plies;
      for (int i = 0; i < n; ++i) {
        Position next = positions.back();
        next.do_move(g.plies[static_cast<std::size_t>(i)].move);
        positions.push_back(std::move(next));
      }
      for (int i = 0; i <= n; ++i) {
        const Move last = i ? g.plies[static_cast<std::size_t>(i - 1)].move : Move::none();
        const Position& before = positions[static_cast<std::size_t>(i ? i - 1 : 0)];
        plies.push_back({&positions[static_cast<std::size_t>(i)], last,
                         i && !last.is_pass() ? before.piece_on(last.to()) : Piece::None,
                         i && !last.is_pass() ? before.piece_on(last.from()) : Piece::None, i, i == n});
      }
      out[{f.filename().string(), at}] = each(plies);
    });
  }
  return out;
}

// The plies where a one-position test holds.
std::function<std::vector<int>(const std::vector<Ply>&)> at_each(const std::function<bool(const Ply&)>& test) {
  return [test](const std::vector<Ply>& plies) {
    std::vector<int> out;
    for (const Ply& p : plies)
      if (test(p)) out.push_back(p.ply);
    return out;
  };
}

int count_on(const Position& pos, Piece piece, const std::function<bool(Square)>& where) {
  int n = 0;
  for (int s = 0; s < kSquares; ++s)
    if (pos.piece_on(static_cast<Square>(s)) == piece && where(static_cast<Square>(s))) ++n;
  return n;
}
int count_of(const Position& pos, Piece piece) {
  return count_on(pos, piece, [](Square) { return true; });
}
bool mated(const Position& pos) { return pos.in_check() && !pos.has_legal_move(false); }
int material_of(const Position& pos, Side side) {
  int m = 0;
  for (int t = 1; t < kPieceTypeCount; ++t)
    m += count_of(pos, make_piece(side, static_cast<PieceType>(t))) * material_value(static_cast<PieceType>(t));
  return m;
}

struct Case {
  const char* pattern;
  std::function<std::vector<int>(const std::vector<Ply>&)> brute;
};

std::vector<Case> cases() {
  const Piece R = make_piece(Side::Cho, PieceType::Chariot), C = make_piece(Side::Cho, PieceType::Cannon);
  const Piece r = make_piece(Side::Han, PieceType::Chariot), c = make_piece(Side::Han, PieceType::Cannon);
  const Piece P = make_piece(Side::Cho, PieceType::Soldier), p = make_piece(Side::Han, PieceType::Soldier);
  return {
      {"R & han-palace >= 2",
       at_each([=](const Ply& x) { return count_on(*x.pos, R, [](Square s) { return in_palace(Side::Han, s); }) >= 2; })},
      {"check", at_each([](const Ply& x) { return x.pos->in_check(); })},
      {"bikjang and ply > 0", at_each([](const Ply& x) { return x.ply > 0 && x.pos->generals_facing(); })},
      {"capture r | c", at_each([=](const Ply& x) { return x.taken == r || x.taken == c; })},
      {"balance <= -10", at_each([](const Ply& x) { return material_of(*x.pos, Side::Cho) - material_of(*x.pos, Side::Han) <= -10; })},
      {"material han <= 40 and R = 2", at_each([=](const Ply& x) { return material_of(*x.pos, Side::Han) <= 40 && count_of(*x.pos, R) == 2; })},
      {"final and mate", at_each([](const Ply& x) { return x.final && mated(*x.pos); })},
      {"swap (P & han-palace)", at_each([=](const Ply& x) {
         return count_on(*x.pos, P, [](Square s) { return in_palace(Side::Han, s); }) > 0 ||
                count_on(*x.pos, p, [](Square s) { return in_palace(Side::Cho, s); }) > 0;
       })},
      {"move C to e2 | e9 then within 10 mate",
       [=](const std::vector<Ply>& plies) {
         std::vector<int> out;
         for (const Ply& x : plies) {
           if (x.mover != C || (square_name(x.last.to()) != "e2" && square_name(x.last.to()) != "e9")) continue;
           for (std::size_t q = static_cast<std::size_t>(x.ply) + 1; q < plies.size() && q <= static_cast<std::size_t>(x.ply) + 10; ++q)
             if (mated(*plies[q].pos)) {
               out.push_back(x.ply);
               break;
             }
         }
         return out;
       }},
      {"streak(check) >= 2",
       [](const std::vector<Ply>& plies) {
         std::vector<int> out;
         for (std::size_t q = 0; q + 1 < plies.size(); ++q)
           if (plies[q].pos->in_check() && plies[q + 1].pos->in_check()) out.push_back(static_cast<int>(q));
         return out;
       }},
  };
}

// The pattern's answer from the archive, as (file name, index) -> plies.
Plies searched(archive::Archive& a, const std::string& text, int jobs, pattern::SearchResult* result = nullptr) {
  const auto p = pattern::Pattern::parse(text);
  EXPECT_TRUE(p) << text;
  const auto r = pattern::search(a, *p, nullptr, jobs);
  EXPECT_TRUE(r) << (r ? "" : r.error().message);
  Plies out;
  if (!r) return out;
  for (const pattern::Found& f : r->found) out[{fs::path(f.game.file).filename().string(), f.game.index}] = f.matches.plies;
  if (result) *result = *r;
  return out;
}

class PatternSearch : public BackendTest {
 protected:
  // The cuts imported into a fresh archive; the (file name, index) of the games it stored.
  std::string imported(std::set<std::pair<std::string, int>>& stored) {
    const std::string db = fresh();
    archive::ImportOptions options;
    options.db_path = db;
    options.index_positions = false;
    archive::ImportSummary summary;
    std::vector<std::string> paths;
    for (const fs::path& f : cut_files()) paths.push_back(f.string());
    EXPECT_FALSE(archive::import_files(paths, options, {}, summary));
    auto a = archive::Archive::open(db, archive::OpenMode::ReadOnly);
    EXPECT_TRUE(a);
    const auto ids = (*a)->select_games("");
    const auto listings = (*a)->game_listings(*ids);
    for (const archive::GameListing& g : *listings) stored.insert({fs::path(g.file).filename().string(), g.index});
    EXPECT_GT(stored.size(), 100u);
    return db;
  }
};
INSTANTIATE_TEST_SUITE_P(Backends, PatternSearch, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

TEST_P(PatternSearch, FindsWhatABruteForceReplayFinds) {
  std::set<std::pair<std::string, int>> stored;
  const std::string db = imported(stored);
  auto a = archive::Archive::open(db, archive::OpenMode::ReadOnly);
  ASSERT_TRUE(a);
  for (const Case& c : cases()) {
    Plies want;
    long positions = 0;
    for (auto& [game, plies] : brute_force(c.brute))
      if (stored.count(game) && !plies.empty()) {
        positions += static_cast<long>(plies.size());
        want[game] = plies;
      }
    pattern::SearchResult result;
    EXPECT_EQ(searched(**a, c.pattern, 1, &result), want) << c.pattern;
    EXPECT_EQ(result.games, static_cast<long>(want.size())) << c.pattern;
    EXPECT_EQ(result.positions, positions) << c.pattern;
    EXPECT_EQ(result.cho + result.han + result.draw + result.other, result.games) << c.pattern;
    // Two and three workers (the cuts' games make three batches of signatures and of
    // replays: more than one for each worker).
    for (int jobs : {2, 3}) EXPECT_EQ(searched(**a, c.pattern, jobs), want) << c.pattern << " on " << jobs << " threads";
  }
  // Some patterns find something in these cuts (the comparison is not of empty answers).
  EXPECT_FALSE(searched(**a, "check", 1).empty());
  EXPECT_FALSE(searched(**a, "capture r | c", 1).empty());
  EXPECT_FALSE(searched(**a, "final and mate", 1).empty());
}

TEST_P(PatternSearch, SkipsByTheSignatureWhatCannotMatch) {
  std::set<std::pair<std::string, int>> stored;
  const std::string db = imported(stored);
  auto a = archive::Archive::open(db, archive::OpenMode::ReadOnly);
  ASSERT_TRUE(a);
  pattern::SearchResult r;
  searched(**a, "R vs HE", 1, &r);
  EXPECT_EQ(r.replayed, 0);  // material alone: answered from the signatures
  EXPECT_GT(r.skipped, 0);    // and most games ruled out by them before any reading
  searched(**a, "R & han-palace >= 2 and material han < 20", 1, &r);
  EXPECT_GT(r.skipped, r.selected / 2);  // most games never get Han under 20 points
  EXPECT_EQ(r.skipped + r.replayed, r.selected);
}

TEST_P(PatternSearch, SignaturesNotStoredAreComputedAndRefreshedByAWriter) {
  std::set<std::pair<std::string, int>> stored;
  const std::string db = imported(stored);
  const std::int64_t games = raw_int(db, "SELECT count(*) FROM games WHERE copy_of IS NULL");  // copies: as their games
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM game_material"), games);
  Plies before;
  {
    auto a = archive::Archive::open(db, archive::OpenMode::ReadOnly);
    before = searched(**a, "capture r | c and material cho > material han", 1);
  }
  ASSERT_FALSE(before.empty());
  raw_sql(db, "DELETE FROM game_material; DELETE FROM meta WHERE key = 'material_format'");
  {
    auto reader = archive::Archive::open(db, archive::OpenMode::ReadOnly);  // computes, writes nothing
    EXPECT_EQ(searched(**reader, "capture r | c and material cho > material han", 1), before);
  }
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM game_material"), 0);
  { auto writer = archive::Archive::open(db, archive::OpenMode::ReadWrite); }
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM game_material"), games);
}

// An archive of schema version 9 (before game_material): a reader searches it as it is,
// computing the signatures, and writes nothing; a writer migrates it to 10 in one step
// and stores every game's signature.
TEST_P(PatternSearch, AnArchiveOfVersion9IsSearchedAsItIsAndMigratedByAWriter) {
  std::set<std::pair<std::string, int>> stored;
  const std::string db = imported(stored);
  const std::int64_t games = raw_int(db, "SELECT count(*) FROM games WHERE copy_of IS NULL");
  const char* query = "R & han-palace >= 1 and material han < 30";
  Plies before;
  {
    auto a = archive::Archive::open(db, archive::OpenMode::ReadOnly);
    ASSERT_TRUE(a);
    before = searched(**a, query, 1);
  }
  ASSERT_FALSE(before.empty());
  downgrade_to_v9(db);
  ASSERT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), 9);
  {
    auto reader = archive::Archive::open(db, archive::OpenMode::ReadOnly);
    ASSERT_TRUE(reader);
    EXPECT_EQ(searched(**reader, query, 2), before);
  }
  EXPECT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), 9);
  {
    auto writer = archive::Archive::open(db, archive::OpenMode::ReadWrite);
    ASSERT_TRUE(writer);
    EXPECT_EQ(searched(**writer, query, 1), before);
  }
  EXPECT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), archive::kSchemaVersion);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM schema_version WHERE version = 10"), 1);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM game_material"), games);
  if (!is_pg(db)) {
    EXPECT_EQ(raw_int(db, "PRAGMA user_version"), archive::kSchemaVersion);
  }
}

}  // namespace
}  // namespace gibo::testing
