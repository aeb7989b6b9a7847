// The facts view every --where reads (archive/facts.h), schema version 2 and its upgrade
// from version 1, and reading an archive without changing it or its directory.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "../cli/run_gibo.h"
#include "raw_sql.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/facts.h"
#include "gibo/formats/gib.h"
#include "gibo/record/game_date.h"
#include "gibo/record/name_aliases.h"
#include "gibo/record/player_identity.h"
#include "gibo/record/player_name.h"
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
std::unique_ptr<Archive> two_games(const std::string& db) {
  auto opened = Archive::open(db, OpenMode::ReadWrite);
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

// The tests that run against both backends.
class FactsOn : public BackendTest {};
INSTANTIATE_TEST_SUITE_P(Backends, FactsOn, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

TEST_P(FactsOn, FieldsReadAsDocumented) {
  auto a = two_games(fresh());
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
  std::string all = "1 = 1";
  for (const FactField& f : fact_fields()) all += " AND (" + f.name + " IS NULL OR " + f.name + " IS NOT NULL)";
  EXPECT_EQ(ids(all), both);
  EXPECT_FALSE(a->select_games("tags_json IS NOT NULL")) << "a games column is not a fact";
}

// Each tag value as the code reads it (record/: player_name, split_player, parse_game_date,
// NameAliases, identify_player) is the field's value on either backend (the values the
// code derived when the games were stored): values chosen to reach every rule.
TEST_P(FactsOn, FieldsAgreeWithTheCodeForEveryRule) {
  const std::vector<std::string> dates = {
      "2009년 1월 18일", "2010.03.12", "20100312", "20101312", "20100345", "19371231", "1937년", "2020.01~2020.06",
      "미상", "", "99999", "12345 2010-7-4", "2010-13-01", "2010-12-32", "3000-01-01", "0999.1.1", "2010.1",
      "2010년 05월", "x2010y07z09", "201012", "2010.012.01", "2010 1 2 3", "1000", "2999/9/9", "20101301 2011"};
  const std::vector<std::string> players = {
      "김동학 四단", "멋진남자 8단", "탱크#253 5단", "아마 15급", "홍길동 초단", "金漢英", "8단", "이름 단",
      "  공백  ", "미상", "?", "-", "미상 5단", "가\t나 2단", "홍 1000단", "홍 十一단", "홍 十x단", "홍 5", " 5단",
      "a b c 3급", "최완규(프로)", "", "타이슨권법 9단", "崔夏泳", "김동학프로", "조용희七단", "이상두(李翔斗)"};
  const std::vector<std::string> places = {
      "한게임", "HANGAME", "ｈａｎｇａｍｅ", " han game ", "한게임  대회방", "미상", "??", "unknown", "KBS", "kbs",
      "Some\u3000Place", "Ａｂｃ\u3000 ｄ", "", " ", "카카오장기", "mgame.com", "장기 for KAKAO", "넷마블\t", "엠게임"};
  const std::vector<std::string> rounds = {"결승전", "", "1", " 3 ", "4강"};
  auto a_or = Archive::open(fresh(), OpenMode::ReadWrite);
  ASSERT_TRUE(a_or) << a_or.error().message;
  auto& a = *a_or;
  ASSERT_FALSE(a->begin());
  const auto source = a->insert_source({"x.gib", 10, "hash", "gib", "utf-8"});
  ASSERT_TRUE(source);
  const std::size_t n = std::max({dates.size(), players.size(), places.size()});
  for (std::size_t i = 0; i < n; ++i) {
    Game g = corpus_game("pobsiz_kakao019_g078.gib",
                         {{"대국일자", dates[i % dates.size()]}, {"초대국자", players[i % players.size()]},
                          {"White", players[(i + 7) % players.size()]}, {"Black", players[(i + 3) % players.size()]},
                          {"대국장소", places[i % places.size()]}, {"Event", places[(i + 5) % places.size()]},
                          {"Round", rounds[i % rounds.size()]}});
    g.source.game_index = static_cast<int>(i);
    // Each game its own moves (a game's identity is its start and moves).
    g.plies.resize(std::min(g.plies.size(), i + 1));
    g.valid_plies = static_cast<int>(g.plies.size());
    const auto id = a->insert_game(*source, prepare_game(std::move(g), default_profile()));
    ASSERT_TRUE(id) << id.error().message;
    ASSERT_EQ(*id, static_cast<std::int64_t>(i + 1));
  }
  ASSERT_FALSE(a->commit());
  auto quote = [](const std::string& v) {
    std::string q = "'";
    for (char c : v) q += c == '\'' ? std::string("''") : std::string(1, c);
    return q + "'";
  };
  // Game i + 1 has the field `name` equal to `value` (nullopt: NULL), and no other game
  // with the same tags is confused with it.
  auto expect = [&](std::size_t i, const std::string& name, const std::optional<std::string>& value) {
    const std::string literal = name == "year" || !value ? value.value_or("") : quote(*value);
    const std::string where =
        "id = " + std::to_string(i + 1) + " AND " + (value ? name + " = " + literal : name + " IS NULL");
    const auto r = a->select_games(where);
    ASSERT_TRUE(r) << where << ": " << r.error().message;
    EXPECT_EQ(r->size(), 1u) << where;
  };
  for (std::size_t i = 0; i < n; ++i) {
    const std::string& date = dates[i % dates.size()];
    const GameDate d = parse_game_date(date);
    expect(i, "date", d.year ? std::optional<std::string>(d.key) : std::nullopt);
    if (d.year) expect(i, "year", std::to_string(*d.year));
    else expect(i, "year", std::nullopt);
    expect(i, "date_text", date);
    expect(i, "cho", player_name(players[i % players.size()]));
    expect(i, "han", player_name(players[(i + 3) % players.size()]));
    expect(i, "cho_tag", players[i % players.size()]);  // 초대국자 comes before White
    expect(i, "site", places[i % places.size()]);
    expect(i, "site_name", NameAliases::builtin().count_as(true, places[i % places.size()]).display);
    expect(i, "event_name", NameAliases::builtin().count_as(false, places[(i + 5) % places.size()]).display);
    expect(i, "cho_rank", split_player(players[i % players.size()]).rank);
    expect(i, "han_rank", split_player(players[(i + 3) % players.size()]).rank);
    const NameAliases& aliases = NameAliases::builtin();
    expect(i, "cho_id", identify_player(players[i % players.size()], places[i % places.size()], aliases).display);
    expect(i, "han_id", identify_player(players[(i + 3) % players.size()], places[i % places.size()], aliases).display);
    expect(i, "round", rounds[i % rounds.size()]);
  }
}

// The derived facts are the code's whatever rules the stored rows were derived under: a
// reader of an archive whose rows other rules derived (another gibo, or none yet) derives
// its own into TEMP tables and writes nothing; the first open that may write derives the
// archive's again.
TEST_P(FactsOn, RowsDerivedUnderOtherRulesAreDerivedAgain) {
  const std::string db = fresh();
  two_games(db).reset();
  ASSERT_EQ(raw_text(db, "SELECT cho FROM game_facts WHERE game_id = 1"), "김동학");
  const std::string rules = raw_text(db, "SELECT value FROM meta WHERE key = 'derived_rules'");
  ASSERT_FALSE(rules.empty());
  raw_sql(db, "UPDATE game_facts SET cho = 'stale' WHERE game_id = 1; DELETE FROM game_facts WHERE game_id = 2; "
              "UPDATE meta SET value = 'other rules' WHERE key = 'derived_rules'");
  {
    auto opened = Archive::open(db, OpenMode::ReadOnly);
    ASSERT_TRUE(opened) << opened.error().message;
    EXPECT_EQ((*opened)->select_games("cho = '김동학'").value(), std::vector<std::int64_t>{1});
    EXPECT_EQ((*opened)->select_games("han = '허익(許翼)'").value(), std::vector<std::int64_t>{2});
    EXPECT_TRUE((*opened)->select_games("cho = 'stale'").value().empty());
  }
  EXPECT_EQ(raw_text(db, "SELECT cho FROM game_facts WHERE game_id = 1"), "stale") << "a reader writes nothing";
  EXPECT_EQ(raw_text(db, "SELECT value FROM meta WHERE key = 'derived_rules'"), "other rules");
  ASSERT_TRUE(Archive::open(db, OpenMode::ReadWrite));
  EXPECT_EQ(raw_text(db, "SELECT cho FROM game_facts WHERE game_id = 1"), "김동학");
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM game_facts"), 2);
  EXPECT_EQ(raw_text(db, "SELECT value FROM meta WHERE key = 'derived_rules'"), rules);
}

// Expressions in the SQL both backends read alike, every field at least once.
const std::vector<std::string> kBothDialects = {
    "year >= 2010",
    "year IS NULL OR year < 1950",
    "date BETWEEN '2009' AND '2012-06' OR date_text LIKE '%년%'",
    "winner = 'cho' AND plies > 100",
    "winner IN ('han', 'draw') OR method = 'points' AND margin >= 2",
    "cho LIKE '%김%' OR han LIKE '%이%' OR cho_tag LIKE '%단' OR han_tag = ''",
    "cho_setup = 'EHEH' AND custom_start = 0 OR han_setup = 'HEHE'",
    "site = '' OR event LIKE '%KBS%'",
    "site_name = '한게임' OR event_name LIKE '%대회%'",
    "valid = 1 AND annotated = 1 AND profile = 'janggi-gg' AND error_code IS NULL AND plies < 100",
    "(game > 1 OR file LIKE '%pobsiz_k%') AND id % 3 = 1",
    "length(cho_tag) > 6 AND valid_plies = plies",
    "result LIKE '%점수%' OR result IS NULL",
    "cho_rank = '9단' OR han_rank LIKE '프로%' OR round LIKE '%결승%'",
    "cho_id LIKE '%@엠게임' OR han_id IN ('김동학', '최하영')",
    "analysed = 1 AND engine_verdict IS NULL",
    "cho_accuracy > 60 OR han_loss < 40",
    "cho_best_percent >= 40 AND han_blunders = 0",
    "han_accuracy < 80 AND cho_loss > 10 AND han_best_percent < 60 AND cho_blunders >= 1",
    "opening LIKE 'HEHE,HEHE:%' OR opening = 'other'",
    "cho_setup_name = '왼상' AND elephant_pair = '엇상' OR han_setup_name IS NULL",
    "'+' || cho_formations || '+' LIKE '%+GL+%' OR han_formations = ''",
    "opening_line = 'YG-MJ' OR opening_line IS NULL AND han_formations LIKE 'WA%'",
    "copies + twins + conflicts = 0 AND id % 2 = 0",
};

// Every --where field selects the same games on either backend, whichever way the
// facts were derived: by an import into PostgreSQL, by a reader of an archive whose
// derived rows are not current (TEMP tables), by the writer that derives them again.
TEST(FactsCli, EveryFieldSelectsTheSameGamesOnBothBackends) {
  GIBO_REQUIRE_POSTGRESQL();
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  for (const FactField& f : fact_fields()) {
    bool used = false;
    for (const std::string& e : kBothDialects) used = used || e.find(f.name) != std::string::npos;
    EXPECT_TRUE(used) << f.name << " is in no expression";
  }
  TempDir dir;
  const std::string lite = (dir.path() / "a.sqlite").string(), imported = pg_fresh_archive(),
                    copied = pg_fresh_archive();
  ASSERT_EQ(run_gibo({"import", "--db", lite, kCorpus}).status, 0);
  ASSERT_EQ(run_gibo({"import", "--db", imported, kCorpus}).status, 0);
  const Result analysed =
      run_gibo({"analyze", "--db", lite, "--where", "id <= 12", "--depth", "1", "--option", "Threads=1"});
  ASSERT_EQ(analysed.status, 0) << analysed.err;
  ASSERT_EQ(run_gibo({"copy", lite, copied}).status, 0);
  raw_sql(copied, "DELETE FROM game_facts; DELETE FROM analysis_quality; DELETE FROM game_openings; "
                  "UPDATE meta SET value = 'other rules' WHERE key IN ('derived_rules', 'opening_names')");
  auto selected = [](const std::string& db, const std::string& where) {
    const Result r = run_gibo({"export", "--db", db, "--to", "jsonl", "--where", where});
    EXPECT_EQ(r.status, 0) << db << ": " << where << ": " << r.err;
    return r.out;
  };
  std::map<std::string, std::string> expected;
  int partial = 0;
  for (const std::string& where : kBothDialects) {
    SCOPED_TRACE(where);
    expected[where] = selected(lite, where);
    const std::size_t games = static_cast<std::size_t>(std::count(expected[where].begin(), expected[where].end(), '\n'));
    partial += games > 0 && games < 84;
    const bool about_analyses = where.find("analysed") != std::string::npos ||
                                where.find("_accuracy") != std::string::npos ||
                                where.find("_best_percent") != std::string::npos;
    if (!about_analyses) {  // (the imported archive holds none)
      EXPECT_EQ(selected(imported, where), expected[where]) << "imported into PostgreSQL";
    }
    EXPECT_EQ(selected(copied, where), expected[where]) << "derived by a reader";
  }
  EXPECT_EQ(partial, static_cast<int>(kBothDialects.size())) << "each expression selects a part";
  EXPECT_EQ(raw_int(copied, "SELECT count(*) FROM game_facts"), 0) << "readers write nothing";
  EXPECT_EQ(raw_int(copied, "SELECT count(*) FROM game_openings"), 0) << "readers write nothing";
  ASSERT_EQ(run_gibo({"rescore", "--db", copied, "--where", "id = 1"}).status, 0);  // a writer
  EXPECT_EQ(raw_int(copied, "SELECT count(*) FROM game_facts"), 84);
  EXPECT_EQ(raw_int(copied, "SELECT count(*) FROM game_openings"), 84);
  EXPECT_EQ(raw_int(copied, "SELECT count(*) FROM analysis_quality"), 12);
  for (const std::string& where : kBothDialects) EXPECT_EQ(selected(copied, where), expected[where]) << where;
}

// Makes the archive at `path` look as version 1 wrote it.
void downgrade_to_v1(const fs::path& path) {
  downgrade_to_v8(path);
  raw_sql(path, "DROP TABLE game_openings; DELETE FROM meta WHERE key IN ('opening_names', 'opening_rows'); "
              "DROP TABLE game_facts; DROP TABLE analysis_quality; DELETE FROM meta WHERE key = 'derived_rules'; "
                "DROP TABLE analysis_queue; DROP TABLE analysis_workers; "
                "DROP TABLE engine_verdicts; DROP TABLE analysis_positions; DROP TABLE analysis_games; "
                "DROP TABLE analysis_requests; ALTER TABLE games DROP COLUMN annotated; DROP INDEX games_by_key; "
                "CREATE INDEX games_by_hash ON games(hash); "
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
