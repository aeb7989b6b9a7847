// The games' opening names in the archive (issue 33; archive.h "opening names",
// derived_openings.h), on both backends: import stores the namer's answer for every game; the
// archive's own book (gibo import --opening-book) names its games again, and a user's line
// then shows up in --where, stats and explore without a rebuild; an archive of schema
// version 6 is read with names before it is migrated, and named once when it is; names
// stored under another book are read as the current book names them and named again by the
// first writer.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "../cli/run_gibo.h"
#include "gibo/archive/archive.h"
#include "gibo/formats/openings.h"
#include "gibo/record/replay.h"
#include "raw_sql.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

class OpeningsOn : public BackendTest {};
INSTANTIATE_TEST_SUITE_P(Backends, OpeningsOn, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

std::unique_ptr<Archive> open_archive(const std::string& db, OpenMode mode) {
  auto opened = Archive::open(db, mode);
  EXPECT_TRUE(opened) << opened.error().message;
  return opened ? std::move(*opened) : nullptr;
}

// Every field of two stored openings.
void expect_same(const StoredOpening& a, const StoredOpening& b, const std::string& what) {
  EXPECT_EQ(a.code, b.code) << what;
  EXPECT_EQ(a.cho_setup_name, b.cho_setup_name) << what;
  EXPECT_EQ(a.han_setup_name, b.han_setup_name) << what;
  EXPECT_EQ(a.elephant_pair, b.elephant_pair) << what;
  EXPECT_EQ(a.cho_formations, b.cho_formations) << what;
  EXPECT_EQ(a.han_formations, b.han_formations) << what;
  EXPECT_EQ(a.cho_plies, b.cho_plies) << what;
  EXPECT_EQ(a.han_plies, b.han_plies) << what;
  EXPECT_EQ(a.line, b.line) << what;
  EXPECT_EQ(a.line_ply, b.line_ply) << what;
}

// The opening of every game of `db`, by game id, as stored_game reads it.
std::vector<StoredOpening> stored_openings(Archive& a) {
  std::vector<StoredOpening> out;
  const auto ids = a.select_games("");
  EXPECT_TRUE(ids) << ids.error().message;
  if (!ids) return out;
  for (std::int64_t id : *ids) {
    const auto g = a.stored_game(id);
    EXPECT_TRUE(g) << g.error().message;
    out.push_back(g ? g->opening : StoredOpening{});
  }
  return out;
}

// The game ids an expression over the facts view selects (Archive::select_games, the one
// way every command selects).
std::vector<std::int64_t> selected(const std::string& db, const std::string& where) {
  auto a = open_archive(db, OpenMode::ReadOnly);
  if (!a) return {};
  const auto ids = a->select_games(where);
  EXPECT_TRUE(ids) << where << ": " << ids.error().message;
  return ids ? *ids : std::vector<std::int64_t>{};
}

// The ids of the games `gibo search` finds reaching the position of `moves` from the pair.
std::vector<std::int64_t> reaching(const std::string& db, const std::string& setup, const std::string& moves) {
  const Result r = run_gibo({"search", "--db", db, "--setup", setup, "--moves", moves, "--format", "jsonl"});
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<std::int64_t> ids;
  std::size_t at = 0;
  while ((at = r.out.find("\"id\":", at)) != std::string::npos) {
    at += 5;
    ids.push_back(std::atoll(r.out.c_str() + at));
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

// The rows of a user's book: a line of the corpus's KBS game (its first six plies, from
// 마상마상 / 마상마상), a pair no built-in line starts from.
constexpr const char* kMyLine = "line\tMY-KBS\t첫 수순\tmy first moves\tHEHE,HEHE: i4h4 a7b7 b1c3 b10c8 b3e3 b8e8\tme\n";
constexpr const char* kMyMoves = "i4h4 a7b7 b1c3 b10c8 b3e3 b8e8";

// What the namer gives a game replayed from its record (read back from the archive) is
// what import stored for it: every game of the corpus, every field.
TEST_P(OpeningsOn, ImportStoresTheNamersAnswerForEveryGame) {
  const std::string db = fresh();
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus}).status, 0);
  auto a = open_archive(db, OpenMode::ReadOnly);
  ASSERT_TRUE(a);
  const auto ids = a->select_games("");
  ASSERT_TRUE(ids);
  ASSERT_EQ(ids->size(), 84u);
  int lines = 0, custom = 0, unknown_sides = 0;
  for (std::int64_t id : *ids) {
    std::string profile_id;
    auto g = a->load_game(id, &profile_id);
    ASSERT_TRUE(g) << g.error().message;
    const Profile* profile = find_profile(profile_id);
    replay_under_profile(*g, profile ? *profile : default_profile());
    const StoredOpening expected = stored_opening(name_opening(*g, builtin_opening_book()));
    const auto stored = a->stored_game(id);
    ASSERT_TRUE(stored) << stored.error().message;
    expect_same(stored->opening, expected, "game " + std::to_string(id));
    lines += expected.line.has_value();
    custom += expected.code == "other";
    unknown_sides += expected.cho_formations == "" || expected.han_formations == "";
  }
  EXPECT_EQ(lines, 10);  // the study file of YG-MJ
  EXPECT_EQ(custom, 7);
  EXPECT_EQ(unknown_sides, 1);
  // --where reads the same columns.
  EXPECT_EQ(a->select_games("opening_line = 'YG-MJ'")->size(), 10u);
  EXPECT_EQ(a->select_games("opening = 'other' AND cho_formations IS NULL AND cho_setup_name IS NULL")->size(), 7u);
}

// The acceptance of issue 33: a user-added named line shows up in stats, explore and
// --where after an explicit refresh (gibo import --opening-book, no files) or a re-import,
// without a rebuild; a malformed row is refused with its file and line, and the archive
// keeps its book.
TEST_P(OpeningsOn, AUserLineShowsUpAfterARefreshOrAReimport) {
  const std::string db = fresh("one");
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus}).status, 0);
  const std::vector<std::int64_t> reach = reaching(db, "HEHE,HEHE", kMyMoves);
  ASSERT_GE(reach.size(), 2u);
  ASSERT_LT(reach.size(), 84u);
  EXPECT_TRUE(selected(db, "opening_line = 'MY-KBS'").empty());

  const fs::path book = dir.path() / "mine.tsv";
  write_file(book, kMyLine);
  const Result refresh = run_gibo({"import", "--db", db, "--opening-book", book.string()});
  ASSERT_EQ(refresh.status, 0) << refresh.err;
  EXPECT_TRUE(contains(refresh.out, "opening names: 84 games stored before named again")) << refresh.out;
  // --where, search's games and the stored names agree.
  EXPECT_EQ(selected(db, "opening_line = 'MY-KBS'"), reach);
  EXPECT_EQ(selected(db, "opening LIKE '%:MY-KBS'"), reach);
  // stats (every format carries it; JSON's opening names table).
  const Result stats = run_gibo({"stats", "--db", db, "--format", "csv"});
  ASSERT_EQ(stats.status, 0) << stats.err;
  EXPECT_TRUE(contains(stats.out, "\nopening_names,\"HEHE,HEHE:GR+MP:GL+MP:MY-KBS\",")) << stats.out.substr(0, 400);
  // explore names the position and the move that reaches it.
  const Result here = run_gibo({"explore", "--db", db, "--setup", "HEHE,HEHE", "--moves", kMyMoves, "--format", "json"});
  ASSERT_EQ(here.status, 0) << here.err;
  EXPECT_TRUE(contains(here.out, "\"line\":\"MY-KBS\"")) << here.out.substr(0, 600);
  const Result before = run_gibo({"explore", "--db", db, "--setup", "HEHE,HEHE", "--moves", "i4h4 a7b7 b1c3 b10c8 b3e3"});
  EXPECT_TRUE(contains(before.out, "my first moves")) << before.out;
  // The same again changes nothing; a later import without the option keeps the book.
  const Result same = run_gibo({"import", "--db", db, "--opening-book", book.string()});
  EXPECT_FALSE(contains(same.out, "opening names:")) << same.out;
  const fs::path more = dir.path() / "more.uci";  // the KBS game's first 11 plies: a game of its own
  write_file(more, std::string("position fen rnba1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR w - - 0 1 "
                               "moves ") + kMyMoves + " e4d4 g10f8 c1e4 e7f7 g1f3\n");
  ASSERT_EQ(run_gibo({"import", "--db", db, more.string()}).status, 0);
  EXPECT_EQ(selected(db, "opening_line = 'MY-KBS' AND file LIKE '%corpus%'"), reach);
  EXPECT_EQ(selected(db, "opening_line = 'MY-KBS' AND file LIKE '%more.uci'").size(), 1u);
  // A re-import into a new archive with the book names alike.
  const std::string other = fresh("two");
  ASSERT_EQ(run_gibo({"import", "--db", other, "--opening-book", book.string(), kCorpus}).status, 0);
  EXPECT_EQ(selected(other, "opening_line = 'MY-KBS'").size(), reach.size());
  // A malformed row: refused with its place, nothing done.
  const fs::path bad = dir.path() / "bad.tsv";
  write_file(bad, std::string(kMyLine) + "line\tMY-BAD\t가\tx\tHEHE,HEHE: i4h4 i4h4\tme\n");
  const Result refused = run_gibo({"import", "--db", db, "--opening-book", bad.string()});
  EXPECT_EQ(refused.status, 2) << refused.err;
  EXPECT_TRUE(contains(refused.err, bad.string() + ":2:")) << refused.err;
  EXPECT_TRUE(contains(refused.err, "error[bad-opening-row]")) << refused.err;
  EXPECT_EQ(selected(db, "opening_line = 'MY-KBS' AND file LIKE '%corpus%'"), reach);
  // An empty book: the built-in one alone again.
  const fs::path none = dir.path() / "none.tsv";
  write_file(none, "");
  ASSERT_EQ(run_gibo({"import", "--db", db, "--opening-book", none.string()}).status, 0);
  EXPECT_TRUE(selected(db, "opening_line = 'MY-KBS'").empty());
  EXPECT_EQ(selected(db, "opening_line = 'YG-MJ'").size(), 10u);
  // stats on an archive names with the archive's book, not with one given on its line.
  EXPECT_EQ(run_gibo({"stats", "--db", db, "--opening-book", book.string()}).status, 2);
}

// An archive of schema version 6 (no names stored): a reader names its games into its own
// table and writes nothing; the first writer migrates it and names them, once.
TEST_P(OpeningsOn, AnArchiveOfVersion6IsNamedOnce) {
  const std::string db = fresh();
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus}).status, 0);
  std::vector<StoredOpening> expected;
  {
    auto a = open_archive(db, OpenMode::ReadOnly);
    ASSERT_TRUE(a);
    expected = stored_openings(*a);
  }
  ASSERT_EQ(expected.size(), 84u);
  // Version 6: without version 7's table, version 8's columns and version 9's.
  downgrade_to_v8(db);
  raw_sql(db, "DROP TABLE game_openings; DELETE FROM meta WHERE key IN ('opening_names', 'opening_rows'); "
              "ALTER TABLE analysis_workers DROP COLUMN lease_ms; ALTER TABLE analysis_workers DROP COLUMN stopped_at; "
              "UPDATE schema_version SET version = 6");
  if (!postgres()) raw_sql(db, "PRAGMA user_version = 6");
  const std::string table_count =
      postgres() ? "SELECT count(*) FROM pg_tables WHERE tablename = 'game_openings' AND schemaname = current_schema()"
                 : "SELECT count(*) FROM sqlite_schema WHERE name = 'game_openings'";
  {
    auto a = open_archive(db, OpenMode::ReadOnly);
    ASSERT_TRUE(a);
    const std::vector<StoredOpening> read = stored_openings(*a);
    ASSERT_EQ(read.size(), expected.size());
    for (std::size_t i = 0; i < read.size(); ++i) expect_same(read[i], expected[i], "game " + std::to_string(i + 1));
    EXPECT_EQ(a->select_games("opening_line = 'YG-MJ'")->size(), 10u);
  }
  EXPECT_EQ(raw_int(db, table_count), 0) << "a reader writes nothing";
  EXPECT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), 6);
  ASSERT_TRUE(open_archive(db, OpenMode::ReadWrite));
  EXPECT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), kSchemaVersion);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM game_openings"), 84);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM game_openings WHERE line = 'YG-MJ'"), 10);
  // Named once: a row changed behind the archive's back stays as it is on the next open.
  raw_sql(db, "UPDATE game_openings SET code = 'changed' WHERE game_id = 1");
  ASSERT_TRUE(open_archive(db, OpenMode::ReadWrite));
  EXPECT_EQ(raw_text(db, "SELECT code FROM game_openings WHERE game_id = 1"), "changed");
}

// Names stored under another book (another gibo's built-in one): a reader reads the names
// the current book gives and writes nothing; the first writer names them all again.
TEST_P(OpeningsOn, NamesOfAnotherBookAreNamedAgain) {
  const std::string db = fresh();
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus}).status, 0);
  const std::string code = raw_text(db, "SELECT code FROM game_openings WHERE game_id = 1");
  const std::string names = raw_text(db, "SELECT value FROM meta WHERE key = 'opening_names'");
  ASSERT_FALSE(names.empty());
  raw_sql(db, "UPDATE game_openings SET code = 'stale', line = 'YG-MJ' WHERE game_id = 1; "
              "DELETE FROM game_openings WHERE game_id = 2; "
              "UPDATE meta SET value = 'another book' WHERE key = 'opening_names'");
  {
    auto a = open_archive(db, OpenMode::ReadOnly);
    ASSERT_TRUE(a);
    EXPECT_EQ(a->stored_game(1)->opening.code, code);
    EXPECT_FALSE(a->stored_game(2)->opening.code.empty());
    EXPECT_TRUE(a->select_games("opening = 'stale'")->empty());
    EXPECT_EQ(a->select_games("opening_line = 'YG-MJ'")->size(), 10u);
  }
  EXPECT_EQ(raw_text(db, "SELECT code FROM game_openings WHERE game_id = 1"), "stale") << "a reader writes nothing";
  ASSERT_TRUE(open_archive(db, OpenMode::ReadWrite));
  EXPECT_EQ(raw_text(db, "SELECT code FROM game_openings WHERE game_id = 1"), code);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM game_openings"), 84);
  EXPECT_EQ(raw_text(db, "SELECT value FROM meta WHERE key = 'opening_names'"), names);
}

}  // namespace
}  // namespace gibo::archive
