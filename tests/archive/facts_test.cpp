// The facts view every --where reads (archive/facts.h), schema version 2 and its upgrade
// from version 1, and reading an archive without changing it or its directory.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

#include "../cli/run_gibo.h"
#include "raw_sql.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/facts.h"
#include "gibo/formats/gib.h"
#include "gibo/record/replay.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

// One corpus game, replayed, with its tags replaced.
Game corpus_game(const char* file, std::vector<Tag> tags) {
  GibReadOptions o;
  o.file_name = file;
  auto games = read_gib(slurp(fs::path(kCorpus) / file), o);
  Game g = games.at(0);
  replay_under_profile(g, default_profile());
  g.tags = std::move(tags);
  return g;
}

// An archive with two games of known facts: game 1 (a .gib game, 2009, 김동학 vs 이일훈,
// Cho wins) and game 2 (PGN tag names, no date, 한게임 대회방, no result).
std::unique_ptr<Archive> two_games(const fs::path& path) {
  auto opened = Archive::open(path.string(), OpenMode::ReadWrite);
  EXPECT_TRUE(opened) << opened.error().message;
  if (!opened) return nullptr;
  std::unique_ptr<Archive> a = std::move(*opened);
  EXPECT_FALSE(a->begin());
  const auto source = a->insert_source({"x.gib", 10, "hash", "gib", "utf-8"});
  Game one = corpus_game("pobsiz_kakao019_g078.gib", {{"대회명", "카카오 대회"},
                                                      {"대국일자", "2009년 1월 18일"},
                                                      {"초대국자", "김동학 四단"},
                                                      {"한대국자", "이일훈 9단"}});
  one.has_result = true;
  one.result_text = "초 완승";
  one.source.game_index = 0;
  Game two = corpus_game("pobsiz_neojanggi_g000-002.gib",
                         {{"Event", "친선"}, {"Site", "한게임 대회방"}, {"White", "미상"}, {"Black", "허익(許翼)"}});
  two.has_result = false;
  two.source.game_index = 1;
  EXPECT_TRUE(a->insert_game(*source, prepare_game(std::move(one), default_profile())));
  EXPECT_TRUE(a->insert_game(*source, prepare_game(std::move(two), default_profile())));
  EXPECT_FALSE(a->commit());
  return a;
}

TEST(Facts, FieldsReadAsDocumented) {
  TempDir dir;
  auto a = two_games(dir.path() / "a.db");
  ASSERT_TRUE(a);
  auto ids = [&](const std::string& where) {
    const auto r = a->select_games(where);
    EXPECT_TRUE(r) << where << ": " << r.error().message;
    return r ? *r : std::vector<std::int64_t>{};
  };
  const std::vector<std::int64_t> one{1}, two{2}, both{1, 2}, none{};
  EXPECT_EQ(ids(""), both);
  EXPECT_EQ(ids("year = 2009 AND date = '2009-01-18' AND date_text = '2009년 1월 18일'"), one);
  EXPECT_EQ(ids("year IS NULL AND date IS NULL AND date_text = ''"), two);
  EXPECT_EQ(ids("year < 3000"), one);  // an unknown year never compares
  EXPECT_EQ(ids("cho = '김동학' AND han = '이일훈' AND cho_tag = '김동학 四단'"), one);
  EXPECT_EQ(ids("cho = '' AND han = '허익(許翼)' AND cho_tag = '미상'"), two);  // PGN names, 미상 is no name
  EXPECT_EQ(ids("event = '친선' AND site LIKE '한게임%'"), two);
  EXPECT_EQ(ids("site NOT LIKE '%대회_'"), one);  // _ is one character
  EXPECT_EQ(ids("event = '' OR site = ''"), one);
  EXPECT_EQ(ids("winner = 'cho' AND method = 'outright' AND result = '초 완승' AND margin IS NULL"), one);
  EXPECT_EQ(ids("winner = 'none' AND result IS NULL AND method = 'none'"), two);
  EXPECT_EQ(ids("winner IN ('han', 'draw')"), none);
  EXPECT_EQ(ids("valid = 1 AND error_code IS NULL AND custom_start = 0 AND profile = 'janggi-gg'"), both);
  EXPECT_EQ(ids("cho_setup IN ('HEEH', 'EHHE', 'HEHE', 'EHEH') AND han_setup IS NOT NULL"), both);
  EXPECT_EQ(ids("file = 'x.gib' AND game = 2 AND id = 2"), two);
  EXPECT_EQ(ids("plies > 0 AND valid_plies = plies AND annotated = 1"), both);
  // Every documented field is a column of the view, and nothing else is.
  std::string all = "1";
  for (const FactField& f : fact_fields()) all += " AND (" + f.name + " IS NULL OR 1)";
  EXPECT_EQ(ids(all), both);
  EXPECT_FALSE(a->select_games("tags_json IS NOT NULL")) << "a games column is not a fact";
}

// Makes the archive at `path` look as version 1 wrote it.
void downgrade_to_v1(const fs::path& path) {
  raw_sql(path, "DROP TABLE engine_verdicts; DROP TABLE analysis_positions; DROP TABLE analysis_games; "
                "DROP TABLE analysis_requests; ALTER TABLE games DROP COLUMN annotated; "
                "UPDATE schema_version SET version = 1; PRAGMA user_version = 1;");
}

TEST(Facts, Version1ArchivesOpenAndUpgrade) {
  TempDir dir;
  const fs::path db = dir.path() / "old.db";
  two_games(db).reset();
  downgrade_to_v1(db);
  ASSERT_EQ(raw_int(db, "PRAGMA user_version"), 1);
  {
    // Read-only: read as it is (annotated unknown), not migrated.
    auto opened = Archive::open(db.string(), OpenMode::ReadOnly);
    ASSERT_TRUE(opened) << opened.error().message;
    auto& a = *opened;
    EXPECT_EQ(a->select_games("annotated IS NULL")->size(), 2u);
    const auto g = a->stored_game(1);
    ASSERT_TRUE(g) << g.error().message;
    EXPECT_FALSE(g->annotated.has_value());
  }
  EXPECT_EQ(raw_int(db, "PRAGMA user_version"), 1);
  {
    // Read-write: migrated in place; the old rows hold NULL (unknown), new ones 0 or 1.
    auto opened = Archive::open(db.string(), OpenMode::ReadWrite);
    ASSERT_TRUE(opened) << opened.error().message;
    auto& a = *opened;
    ASSERT_FALSE(a->begin());
    const auto source = a->insert_source({"y.gib", 10, "hash2", "gib", "utf-8"});
    Game g = corpus_game("pobsiz_kbs_seol_special.gib", {});
    g.annotated = false;
    ASSERT_TRUE(a->insert_game(*source, prepare_game(std::move(g), default_profile())));
    ASSERT_FALSE(a->commit());
    EXPECT_EQ(a->select_games("annotated IS NULL")->size(), 2u);
    EXPECT_EQ(*a->select_games("annotated = 0"), std::vector<std::int64_t>{3});
    EXPECT_EQ(a->integrity_check().value_or(""), "ok");
  }
  EXPECT_EQ(raw_int(db, "PRAGMA user_version"), kSchemaVersion);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM schema_version"), kSchemaVersion);  // a row per step
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM games WHERE annotated IS NULL"), 2);
}

// The names in a directory.
std::set<std::string> listing(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

TEST(Facts, ReadingLeavesTheArchiveAndItsDirectoryAsTheyWere) {
  TempDir dir;
  const fs::path db = dir.path() / "a.db";
  two_games(db).reset();
  const std::set<std::string> before = listing(dir.path());
  ASSERT_EQ(before, (std::set<std::string>{"a.db"}));
  const std::string bytes = slurp(db);
  {
    auto opened = Archive::open(db.string(), OpenMode::ReadOnly);
    ASSERT_TRUE(opened) << opened.error().message;
    auto& a = *opened;
    EXPECT_EQ(a->select_games("year = 2009")->size(), 1u);
    EXPECT_TRUE(a->load_game(1));
  }
  EXPECT_EQ(listing(dir.path()), before);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"stats", "--db", db.string(), "--where", "valid = 1"},
        std::vector<std::string>{"export", "--db", db.string(), "--to", "jsonl", "--where", "year = 2009"}}) {
    const auto r = run_gibo(args);
    EXPECT_EQ(r.status, 0) << args[0] << ": " << r.err;
    EXPECT_EQ(listing(dir.path()), before) << args[0];
  }
  EXPECT_EQ(slurp(db), bytes);
}

// Runs `script` as root in a private mount namespace where `dir` is mounted read-only;
// its exit status, or -1 when such a namespace cannot be made here.
int in_read_only_mount(const fs::path& dir, const std::string& script) {
  using gibo::testing::shell_quote;
  const std::string d = shell_quote(dir.string());
  const std::string probe = "unshare -m sh -c " +
                            shell_quote("mount --bind " + d + " " + d + " && mount -o remount,bind,ro " + d + " " + d +
                                        " && ! touch " + d + "/probe 2>/dev/null") +
                            " >/dev/null 2>&1";
  if (std::system(probe.c_str()) != 0) return -1;
  const std::string cmd = "unshare -m sh -c " + shell_quote("mount --bind " + d + " " + d +
                                                            " && mount -o remount,bind,ro " + d + " " + d + " && " +
                                                            script);
  const int raw = std::system(cmd.c_str());
  return WIFEXITED(raw) ? WEXITSTATUS(raw) : -2;
}

TEST(Facts, ReadOnlyMediaAreReadable) {
  TempDir dir;
  const fs::path db = dir.path() / "a.db";
  two_games(db).reset();
  using gibo::testing::shell_quote;
  TempDir outside;  // the output goes where writing is possible
  const fs::path out = outside.path() / "out";
  const std::string gibo = shell_quote(GIBO_BINARY), path = shell_quote(db.string()), to = shell_quote(out.string());
  const int status = in_read_only_mount(
      dir.path(), gibo + " stats --db " + path + " --format json --where 'year = 2009' > " + to + " && " + gibo +
                      " export --db " + path + " --to jsonl --where 'valid = 1' >> " + to + " && " + gibo +
                      " explore --db " + path + " --format json --where 'valid = 1' >> " + to);
  if (status == -1) GTEST_SKIP() << "no private read-only mount can be made here (unshare -m)";
  EXPECT_EQ(status, 0);
  const std::string text = slurp(out);
  EXPECT_NE(text.find("\"games\": 1,"), std::string::npos) << text;
  EXPECT_NE(text.find("\"setups\":"), std::string::npos) << text;  // explore: the set-ups, from its index
  EXPECT_EQ(listing(dir.path()), (std::set<std::string>{"a.db"}));
}

}  // namespace
}  // namespace gibo::archive
