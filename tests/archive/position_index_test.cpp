// The position index (position_index.h) against an independent walk of the corpus
// (corpus_positions.h): every position any corpus game reaches gives the same games, plies
// and next moves; incremental updates, read-only archives, a stale fingerprint and forged
// rows (a key collision) change nothing; the index an import builds from the rows its
// workers compute is the one an update reading every stored game builds.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <set>
#include <tuple>

#include "../cli/run_gibo.h"
#include "corpus_positions.h"
#include "gibo/archive/position_index.h"
#include "raw_sql.h"

// The block format, to forge rows.
#include "../../src/archive/position_rows.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

const gibo::testing::CorpusPositions& corpus() {
  static const auto c = gibo::testing::corpus_positions(kCorpus);
  return c;
}

// The index of the archive at `db`; null (after a failed expectation) when it cannot be
// opened.
std::unique_ptr<PositionIndex> open_index(const std::string& db, OpenMode mode) {
  auto opened = PositionIndex::open(db, mode);
  EXPECT_TRUE(opened) << opened.error().message;
  return opened ? std::move(*opened) : nullptr;
}

// Brings `index` up to date with `threads`; false (after a failed expectation saying why)
// when it cannot.
bool updated(PositionIndex& index, int threads) {
  const std::optional<Error> failed = index.update(threads);
  EXPECT_FALSE(failed) << failed->message;
  return !failed;
}

// "file:index ply next" for each hit, sorted.
std::vector<std::string> described(PositionIndex& index, const std::vector<PositionHit>& hits) {
  std::vector<std::int64_t> ids;
  for (const PositionHit& h : hits) ids.push_back(h.game_id);
  const auto listing = index.describe(ids);
  EXPECT_TRUE(listing) << listing.error().message;
  std::vector<std::string> out;
  for (std::size_t i = 0; listing && i < hits.size(); ++i) {
    const PositionHit& h = hits[i];
    const std::string next = h.next == PositionHit::Next::Move    ? uci(h.move)
                             : h.next == PositionHit::Next::Ended ? "end"
                                                                  : "broken";
    out.push_back(fs::path((*listing)[i].file).filename().string() + ":" + std::to_string((*listing)[i].index) + " " +
                  std::to_string(h.ply) + " " + next);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> expected(const std::vector<gibo::testing::Occurrence>& visits) {
  std::vector<std::string> out;
  for (const auto& v : visits) {
    const auto& g = corpus().games[v.game];
    out.push_back(g.file + ":" + std::to_string(g.index) + " " + std::to_string(v.ply) + " " + v.next);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Every position of the corpus, looked up in `index`, against the independent walk.
// With `stride` N, every Nth position only: the tests of an update check a sample on
// PostgreSQL, where each lookup takes round trips to the server (kPgStride), and
// EveryCorpusPositionMatchesAnIndependentReplay checks them all on both backends.
void expect_every_position(PositionIndex& index, std::size_t stride = 1) {
  std::size_t transpositions = 0, endings = 0, compared = 0, seen = 0;
  for (const auto& [key, visits] : corpus().at) {
    if (seen++ % stride != 0) continue;
    Position q;
    ASSERT_FALSE(q.set_fen(key)) << key;
    const auto hits = index.find(q);
    ASSERT_TRUE(hits) << hits.error().message;
    ASSERT_EQ(described(index, *hits), expected(visits)) << key;
    std::set<int> plies;
    for (const auto& v : visits) plies.insert(v.ply), endings += v.next == "end";
    transpositions += plies.size() > 1;
    ++compared;
  }
  // The corpus exercises what the index must get right.
  EXPECT_GT(compared, 5000u / stride);
  EXPECT_GT(transpositions, 0u);
  // Every game ends once, in a position it may have reached before (then counted there
  // with the move it played the first time).
  EXPECT_GT(endings, corpus().games.size() / 2 / stride);
  EXPECT_LE(endings, corpus().games.size());
}

TEST(PositionBlocks, RoundTripSplitsLongKeysAndRejectsDamage) {
  // Random rows in (key, game) order, with one key holding far more rows than a block.
  std::mt19937_64 rng(3);
  std::vector<positions::Row> rows;
  for (int i = 0; i < 3000; ++i)
    rows.push_back({static_cast<std::int64_t>(rng()), static_cast<std::uint32_t>(1000 + rng() % 100000),
                    static_cast<std::uint16_t>(rng() % 400), static_cast<std::uint16_t>(rng() % 0x3FFF)});
  for (std::uint32_t g = 1000; g < 3000; ++g) rows.push_back({42, g, 0, positions::kNextEnded});
  std::sort(rows.begin(), rows.end(), positions::row_less);
  rows.erase(std::unique(rows.begin(), rows.end(),
                         [](const auto& a, const auto& b) { return a.key == b.key && a.game == b.game; }),
             rows.end());
  std::vector<std::tuple<std::int64_t, int, std::string>> blocks;
  positions::BlockWriter writer(1000, [&](std::int64_t key, int part, std::string_view data) {
    EXPECT_LE(data.size(), positions::kBlockBytes);
    blocks.emplace_back(key, part, std::string(data));
    return true;
  });
  for (const auto& r : rows) ASSERT_TRUE(writer.add(r));
  ASSERT_TRUE(writer.finish());
  std::vector<positions::Row> back;
  int parts_of_42 = 0;
  for (const auto& [key, part, data] : blocks) {
    ASSERT_TRUE(positions::decode_block(data, key, 1000, back));
    parts_of_42 += key == 42;
    if (key == 42) {
      EXPECT_EQ(part, parts_of_42 - 1);
    }
  }
  EXPECT_GT(parts_of_42, 1);  // key 42's rows span several blocks, numbered in order
  ASSERT_EQ(back.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(back[i].key, rows[i].key);
    EXPECT_EQ(back[i].game, rows[i].game);
    EXPECT_EQ(back[i].ply, rows[i].ply);
    EXPECT_EQ(back[i].next, rows[i].next);
  }
  // A cut or damaged block is refused, never read past its end.
  const std::string& data = std::get<2>(blocks.front());
  std::vector<positions::Row> out;
  EXPECT_FALSE(positions::decode_block(data.substr(0, data.size() - 1), std::get<0>(blocks.front()), 1000, out));
  EXPECT_FALSE(positions::decode_block(std::string(12, '\xFF'), 0, 1000, out));
  EXPECT_FALSE(positions::decode_block("\x05\x00\x00\x00\x00", 0, 1000, out));  // first row with a key delta
}

TEST(PositionBlocks, SortRowsGivesRowLessOrder) {
  // Rows appended game by game (as an update computes them), with negative keys, keys
  // shared by many games and keys equal in their high bytes.
  std::mt19937_64 rng(5);
  std::vector<positions::Row> rows;
  for (std::uint32_t g = 1; g <= 400; ++g)
    for (int k = 0; k < 30; ++k) {
      const std::int64_t key = k % 3 == 0 ? static_cast<std::int64_t>(rng() % 50) - 25 : static_cast<std::int64_t>(rng());
      rows.push_back({key, g, static_cast<std::uint16_t>(k), static_cast<std::uint16_t>(rng() % 0x3FFF)});
    }
  std::vector<positions::Row> expected = rows;
  std::stable_sort(expected.begin(), expected.end(), positions::row_less);
  positions::sort_rows(rows);
  ASSERT_EQ(rows.size(), expected.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].key, expected[i].key) << i;
    EXPECT_EQ(rows[i].game, expected[i].game) << i;
    EXPECT_EQ(rows[i].ply, expected[i].ply) << i;  // stable: one game's rows of a key keep their order
  }
  std::vector<positions::Row> none;
  positions::sort_rows(none);
  EXPECT_TRUE(none.empty());
}

TEST(PositionRows, RowsFromAReplayAreTheWalksRows) {
  // Every game of the corpus and of the broken fixtures, replayed as the importer does:
  // the rows taken from where its replay ended, when rows_from_replay vouches for them,
  // are those game_rows walks out of the stored columns.
  std::vector<fs::path> files;
  for (const char* dir : {"/corpus", "/fixtures/gib"})
    for (const auto& e : fs::directory_iterator(std::string(GIBO_TEST_DATA) + dir))
      if (e.path().extension() == ".gib") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int games = 0, vouched = 0, repeating = 0, invalid = 0;
  for (const fs::path& f : files) {
    std::ifstream in(f, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    ReadOptions options;
    options.file_name = f.string();
    ReadInfo info;
    read_games(bytes, options, info, [&](Game&& g) {
      Position replayed;
      const Profile& profile = replay_under_profile(g, default_profile(), {}, &replayed);
      const PreparedGame p = prepare_game(std::move(g), profile);
      std::vector<positions::Row> walked, taken;
      positions::game_rows(7, p.start_key, p.moves, p.valid_plies, p.plies, walked);
      ++games;
      invalid += !p.valid;
      // A position that is not where this game's replay ended is refused.
      std::vector<positions::Row> none;
      if (p.valid_plies > 0) {
        EXPECT_FALSE(positions::rows_from_replay(7, p.start_key, p.moves, p.valid_plies, p.plies, Position(), none));
      }
      EXPECT_TRUE(none.empty());
      if (!positions::rows_from_replay(7, p.start_key, p.moves, p.valid_plies, p.plies, replayed, taken)) {
        EXPECT_TRUE(taken.empty());
        return;
      }
      ++vouched;
      repeating += walked.size() < static_cast<std::size_t>(std::min(p.valid_plies, p.plies)) + 1;
      ASSERT_EQ(taken.size(), walked.size()) << f << ":" << p.game_index;
      for (std::size_t i = 0; i < walked.size(); ++i) {
        EXPECT_EQ(taken[i].key, walked[i].key) << f << ":" << p.game_index << " row " << i;
        EXPECT_EQ(taken[i].game, walked[i].game);
        EXPECT_EQ(taken[i].ply, walked[i].ply) << f << ":" << p.game_index << " row " << i;
        EXPECT_EQ(taken[i].next, walked[i].next) << f << ":" << p.game_index << " row " << i;
      }
    });
  }
  EXPECT_GT(games, 100);
  EXPECT_GT(invalid, 5);
  EXPECT_GT(vouched, games * 9 / 10);  // only a start the replay could not set up is left to the walk
  EXPECT_GT(repeating, 0);             // games that repeat a position take the boards' way
}

// The corpus's .gib files in name order.
std::vector<fs::path> corpus_files() {
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(kCorpus))
    if (e.path().extension() == ".gib") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The sample the tests of an update check on PostgreSQL (expect_every_position).
constexpr std::size_t kPgStride = 7;

// The corpus imported into a fresh archive of each backend.
class PositionIndexTest : public FreshArchiveTest {
 protected:
  std::size_t stride() const { return postgres() ? kPgStride : 1; }
  void SetUp() override {
    FreshArchiveTest::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    const auto r = run_gibo({"import", "--db", db, kCorpus});
    ASSERT_EQ(r.status, 0) << r.err;
  }
};
INSTANTIATE_TEST_SUITE_P(Backends, PositionIndexTest, ::testing::Values(Backend::SQLite, Backend::PostgreSQL),
                         backend_name);

TEST_P(PositionIndexTest, EveryCorpusPositionMatchesAnIndependentReplay) {
  auto index = open_index(db, OpenMode::ReadWrite);
  ASSERT_TRUE(index && updated(*index, 2));
  EXPECT_FALSE(index->in_memory());
  const IndexSize size = index->size();
  std::int64_t rows = 0;
  for (const auto& [key, visits] : corpus().at) rows += static_cast<std::int64_t>(visits.size());
  EXPECT_EQ(size.games, static_cast<std::int64_t>(corpus().games.size()));
  EXPECT_EQ(size.positions, rows);
  EXPECT_EQ(size.segments, 1);
  expect_every_position(*index);

  // A position no game reaches.
  Position nowhere;
  ASSERT_FALSE(nowhere.set_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"));
  EXPECT_TRUE(index->find(nowhere)->empty());
}

TEST_P(PositionIndexTest, FactsFollowTheStoredResults) {
  auto index = open_index(db, OpenMode::ReadWrite);
  ASSERT_TRUE(index && updated(*index, 1));
  std::vector<std::int64_t> ids;
  for (std::int64_t id = 1; id <= static_cast<std::int64_t>(corpus().games.size()); ++id) ids.push_back(id);
  const auto facts = index->games(ids);
  const auto listing = index->describe(ids);
  ASSERT_TRUE(facts) << facts.error().message;
  ASSERT_TRUE(listing) << listing.error().message;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const auto& l = (*listing)[i];
    const auto it = std::find_if(corpus().games.begin(), corpus().games.end(), [&](const auto& g) {
      return g.file == fs::path(l.file).filename().string() && g.index == l.index;
    });
    ASSERT_NE(it, corpus().games.end()) << l.file;
    EXPECT_EQ((*facts)[i].plies, it->plies);
    EXPECT_EQ((*facts)[i].winner, it->winner) << l.file << ":" << l.index;
  }
}

TEST_P(PositionIndexTest, IncrementalUpdatesMergeSegments) {
  // A fresh archive filled in three imports, indexed after each.
  const std::string db2 = fresh("parts");
  const std::vector<fs::path> files = corpus_files();
  const std::size_t third = files.size() / 3;
  std::int64_t segments_seen = 0;
  for (std::size_t part = 0; part < 3; ++part) {
    std::vector<std::string> args = {"import", "--db", db2};
    for (std::size_t i = part * third; i < (part == 2 ? files.size() : (part + 1) * third); ++i)
      args.push_back(files[i].string());
    const auto r = run_gibo(args);
    ASSERT_EQ(r.status, 0) << r.err;
    auto index = open_index(db2, OpenMode::ReadWrite);
    ASSERT_TRUE(index && updated(*index, 2));
    segments_seen = std::max(segments_seen, index->size().segments);
  }
  auto index = open_index(db2, OpenMode::ReadWrite);
  ASSERT_TRUE(index && updated(*index, 1));  // nothing new: a no-op
  EXPECT_EQ(index->size().games, static_cast<std::int64_t>(corpus().games.size()));
  EXPECT_GE(segments_seen, 2);  // a small update after a large one gets its own segment
  expect_every_position(*index, stride());
}

TEST_P(PositionIndexTest, ReadOnlyArchiveIsIndexedInMemory) {
  // An archive without the index (gibo import builds it; an older gibo did not).
  raw_sql(db, "DROP TABLE position_meta; DROP TABLE position_segments; DROP TABLE position_blocks; "
              "DROP TABLE position_games;");
  auto index = open_index(db, OpenMode::ReadOnly);
  ASSERT_TRUE(index && updated(*index, 2));
  EXPECT_TRUE(index->in_memory());
  expect_every_position(*index, stride());
  // Nothing was written to the archive.
  const std::string tables = is_pg(db) ? "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND "
                                         "tablename LIKE 'position_%'"
                                       : "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'position_%'";
  EXPECT_EQ(raw_int(db, tables), 0);
}

// Runs one SQL statement on the archive.
void exec(const std::string& db, const std::string& sql) { raw_sql(db, sql); }

TEST_P(PositionIndexTest, AnOutdatedFingerprintRebuilds) {
  {
    auto index = open_index(db, OpenMode::ReadWrite);
    ASSERT_TRUE(index && updated(*index, 1));
  }
  exec(db, "UPDATE position_meta SET value = '0:0000000000000000' WHERE key = 'format'");
  auto index = open_index(db, OpenMode::ReadWrite);
  ASSERT_TRUE(index && updated(*index, 1));
  EXPECT_EQ(index->size().segments, 1);
  expect_every_position(*index, stride());
}

TEST_P(PositionIndexTest, ForgedRowsWithTheSameKeyAreNotCounted) {
  // A segment of rows that claim, under the start position's real key, that every other
  // game reaches it: at ply 0 (their start differs) or at ply 5 (Han to move there). A
  // 64-bit key collision would look like this; only the replay check rejects them.
  auto index = open_index(db, OpenMode::ReadWrite);
  ASSERT_TRUE(index && updated(*index, 1));
  const Position start;
  const auto real = index->find(start);
  ASSERT_TRUE(real);
  ASSERT_FALSE(real->empty());
  std::set<std::int64_t> reaching;
  for (const PositionHit& h : *real) reaching.insert(h.game_id);
  std::vector<std::tuple<std::int64_t, int, std::string>> blocks;
  positions::BlockWriter writer(1, [&](std::int64_t first_key, int part, std::string_view data) {
    blocks.emplace_back(first_key, part, std::string(data));
    return true;
  });
  const auto key = static_cast<std::int64_t>(start.key());
  for (std::uint32_t game = 1; game <= corpus().games.size(); ++game) {
    if (reaching.count(game)) continue;
    ASSERT_TRUE(writer.add({key, game, static_cast<std::uint16_t>(game % 2 ? 5 : 0), positions::kNextEnded}));
  }
  ASSERT_TRUE(writer.finish());
  // The blocks as hex literals (X'..' for SQLite, '\x..' for PostgreSQL's bytea).
  std::string sql = "INSERT INTO position_segments VALUES (900, 1, 84, 0);";
  for (const auto& [first_key, part, data] : blocks) {
    std::string hex;
    for (unsigned char c : data) hex += "0123456789abcdef"[c >> 4], hex += "0123456789abcdef"[c & 15];
    sql += "INSERT INTO position_blocks VALUES (900, " + std::to_string(first_key) + ", " + std::to_string(part) +
           ", " + (is_pg(db) ? "'\\x" + hex + "'::bytea" : "X'" + hex + "'") + ");";
  }
  raw_sql(db, sql);
  auto forged = open_index(db, OpenMode::ReadWrite);
  ASSERT_TRUE(forged);
  const auto hits = forged->find(start);
  ASSERT_TRUE(hits) << hits.error().message;
  EXPECT_EQ(described(*forged, *hits), described(*index, *real));
}

// The index tables of `db` as text (segment ids aside), to compare two archives' indexes.
std::string index_tables(const std::string& db) {
  if (is_pg(db)) {
    std::string out;
    for (const char* sql : {"SELECT key, value FROM position_meta ORDER BY key",
                            "SELECT first_game, last_game, rows FROM position_segments ORDER BY first_game",
                            "SELECT first_key, part, upper(encode(data, 'hex')) FROM position_blocks ORDER BY segment, "
                            "first_key, part",
                            "SELECT block, upper(encode(data, 'hex')) FROM position_games ORDER BY block"}) {
      for (const auto& row : pg_rows(db, sql)) {
        for (const std::string& c : row) out += c + "|";
        out += "\n";
      }
      out += "--\n";
    }
    return out;
  }
  sqlite3* raw = nullptr;
  EXPECT_EQ(sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  std::string out;
  for (const char* sql : {"SELECT key, value FROM position_meta ORDER BY key",
                          "SELECT first_game, last_game, rows FROM position_segments ORDER BY first_game",
                          "SELECT first_key, part, hex(data) FROM position_blocks ORDER BY segment, first_key, part",
                          "SELECT block, hex(data) FROM position_games ORDER BY block"}) {
    sqlite3_stmt* s = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(raw, sql, -1, &s, nullptr), SQLITE_OK) << sql;
    while (s && sqlite3_step(s) == SQLITE_ROW) {
      for (int c = 0; c < sqlite3_column_count(s); ++c)
        out += std::string(reinterpret_cast<const char*>(sqlite3_column_text(s, c))) + "|";
      out += "\n";
    }
    sqlite3_finalize(s);
    out += "--\n";
  }
  sqlite3_close(raw);
  return out;
}

const char* const kDropIndex =
    "DROP TABLE position_meta; DROP TABLE position_segments; DROP TABLE position_blocks; DROP TABLE position_games;";

// The index `db` holds equals the one an update that reads every stored game builds (the
// index dropped first).
void expect_same_as_rebuilt(const std::string& db) {
  const std::string built = index_tables(db);
  EXPECT_GT(built.size(), 1000u);
  raw_sql(db, kDropIndex);
  auto rebuilt = open_index(db, OpenMode::ReadWrite);
  ASSERT_TRUE(rebuilt && updated(*rebuilt, 2));
  rebuilt.reset();
  EXPECT_EQ(built, index_tables(db));
}

TEST_P(PositionIndexTest, AnImportBuildsTheIndexAnUpdateReadingEveryGameBuilds) { expect_same_as_rebuilt(db); }

TEST_P(PositionIndexTest, AnImportAlsoIndexesTheGamesAnOlderGiboLeftUnindexed) {
  // Half of the corpus imported without an index (as an older gibo left it), then the rest.
  const std::string db2 = fresh("halves");
  const std::vector<fs::path> files = corpus_files();
  for (int half = 0; half < 2; ++half) {
    std::vector<std::string> args = {"import", "--db", db2};
    for (std::size_t i = half == 0 ? 0 : files.size() / 2; i < (half == 0 ? files.size() / 2 : files.size()); ++i)
      args.push_back(files[i].string());
    const auto r = run_gibo(args);
    ASSERT_EQ(r.status, 0) << r.err;
    if (half == 0) raw_sql(db2, kDropIndex);
  }
  {
    auto index = open_index(db2, OpenMode::ReadWrite);
    ASSERT_TRUE(index);
    EXPECT_EQ(index->size().games, static_cast<std::int64_t>(corpus().games.size()));  // before any update
    expect_every_position(*index, stride());
  }
  expect_same_as_rebuilt(db2);
}

TEST_P(PositionIndexTest, AGameReplacedInTheImportThatStoredItIsNotIndexed) {
  // A broken copy (a false 장군 mark at ply 20), then the valid game: one run stores the
  // broken copy, then the valid one in its place.
  const std::string db2 = fresh("replaced");
  const auto r = run_gibo({"import", "--db", db2, std::string(GIBO_TEST_DATA) + "/fixtures/gib/false_check.gib",
                           std::string(GIBO_TEST_DATA) + "/corpus/pobsiz_2010_kbs_chuseok.gib"});
  ASSERT_EQ(r.status, 1) << r.err;  // a game with errors was read
  const std::int64_t kept = raw_int(db2, "SELECT id FROM games WHERE copy_of IS NULL");
  EXPECT_EQ(raw_int(db2, "SELECT count(*) FROM games WHERE copy_of IS NULL"), 1);
  EXPECT_EQ(raw_int(db2, "SELECT count(*) FROM games WHERE copy_of = " + std::to_string(kept)), 1);
  {
    auto index = open_index(db2, OpenMode::ReadWrite);
    ASSERT_TRUE(index);
    EXPECT_EQ(index->size().games, 1);
    EXPECT_TRUE(index->games({kept}));
    EXPECT_FALSE(index->games({kept == 1 ? 2 : 1}));  // the broken copy's id
    const auto tallies = index->setup_tallies(nullptr);
    ASSERT_TRUE(tallies) << tallies.error().message;
    std::int64_t games = 0;
    for (const SetupTally& t : *tallies) games += t.games;
    EXPECT_EQ(games, 1);
  }
  expect_same_as_rebuilt(db2);
}

}  // namespace
}  // namespace gibo::archive
