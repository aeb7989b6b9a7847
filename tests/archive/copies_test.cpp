// Copies and twins (issue 40): when two records of one start and moves are one game.
// The rule itself (copies.h); the twelve games of a double round robin that share their
// four plies; the real archive's kinds (tests/data/twins: twins by date, copies that agree,
// copies that say otherwise) on both backends alike, every record exported as it was read;
// an archive of schema version 7 migrated once, losing nothing, its copies restored by a
// second import of their sources.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

#include "../cli/run_gibo.h"
#include "../pg/pg_test.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/copies.h"
#include "gibo/formats/json_value.h"
#include "raw_sql.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

const std::string kTwins = std::string(GIBO_TEST_DATA) + "/twins";

RecordClaims claims(const std::string& cho, const std::string& han, const std::string& date, Winner w,
                    const std::string& site = "") {
  return record_claims({{"대국장소", site}, {"대국일자", date}, {"초대국자", cho}, {"한대국자", han}}, w);
}

TEST(Copies, WhatSaysOtherwise) {
  const RecordClaims base = claims("김동학 四단", "양승태 三단", "2010-09-22", Winner::Cho);
  // The same players with ranks written otherwise, a date that is a part of the other,
  // no result: nothing says otherwise.
  EXPECT_EQ(conflicts_between(base, claims("김동학", "양승태(三단)", "2010-09", Winner::Cho)), 0u);
  EXPECT_EQ(conflicts_between(base, claims("김동학프로", "양승태", "", Winner::Unknown)), 0u);
  EXPECT_EQ(conflicts_between(base, claims("", "미상", "미상", Winner::Cho)), 0u);
  // A nickname at an online site and the same name elsewhere: one player.
  EXPECT_EQ(conflicts_between(claims("타이슨권법 9단", "x", "", Winner::Cho, "엠게임"), claims("타이슨권법", "x", "", Winner::Cho)),
            0u);
  // Each conflict, and their words.
  EXPECT_EQ(conflicts_between(base, claims("김동일", "양승태", "2010-09-22", Winner::Cho)), kConflictCho);
  EXPECT_EQ(conflicts_between(base, claims("김동학", "김동일", "2010-09-23", Winner::Han)),
            kConflictHan | kConflictDate | kConflictWinner);
  EXPECT_EQ(conflicts_between(base, claims("김동학", "양승태", "2010-09-22", Winner::Void)), kConflictWinner);
  EXPECT_EQ(conflict_words(kConflictCho | kConflictDate | kConflictWinner), "cho date winner");
  EXPECT_EQ(conflicts_from_words("han date"), kConflictHan | kConflictDate);
  EXPECT_EQ(conflicts_from_words(conflict_words(15)), 15u);
  // Short games that say otherwise are two games; long ones one, whose copies disagree.
  EXPECT_TRUE(is_twin(kTwinPlies, kConflictDate));
  EXPECT_FALSE(is_twin(kTwinPlies + 1, kConflictDate));
  EXPECT_FALSE(is_twin(4, 0));
}

// A double round robin of four players whose every game is the same four plies (the
// horses out and back: a repetition), with its results: the standings are known.
std::string round_robin() {
  const char* players[] = {"강감찬", "을지문덕", "이순신", "김유신"};
  // Cho's index, Han's index, the result: 강감찬 wins all six, 을지문덕 four, 이순신 two.
  const std::vector<std::tuple<int, int, const char*>> games = {
      {0, 1, "초 완승"}, {0, 2, "초 완승"}, {0, 3, "초 완승"}, {1, 2, "초 완승"}, {1, 3, "초 완승"}, {2, 3, "초 완승"},
      {1, 0, "한 완승"}, {2, 0, "한 완승"}, {3, 0, "한 완승"}, {2, 1, "한 완승"}, {3, 1, "한 완승"}, {3, 2, "한 완승"}};
  std::string out;
  int round = 0;
  for (const auto& [cho, han, result] : games) {
    ++round;
    out += "[대회명 \"동네 리그\"]\n[회전 \"" + std::to_string(round) + "\"]\n[대국일자 \"2024-03-" +
           (round < 10 ? "0" : "") + std::to_string(round) + "\"]\n[초대국자 \"" + players[cho] + " 3급\"]\n[한대국자 \"" +
           players[han] + "\"]\n[초차림 \"마상마상\"]\n[한차림 \"마상마상\"]\n[대국결과 \"" + result +
           "\"]\n\n1. 02楚馬83 2. 12漢馬33 3. 83楚馬02 4. 33漢馬12 \n\n";
  }
  return out;
}

json::Value parse(const std::string& text) {
  auto v = json::parse(text);
  EXPECT_TRUE(v) << text.substr(0, 200);
  return v ? *v : json::Value();
}

// The rows of table `id` of a stats JSON report.
std::vector<json::Value> rows_of(const json::Value& report, const std::string& id) {
  const json::Value* t = report.find("tables") ? report.find("tables")->find(id) : nullptr;
  return t && t->find("rows") ? t->find("rows")->items() : std::vector<json::Value>{};
}

class CopiesOn : public BackendTest {};
INSTANTIATE_TEST_SUITE_P(Backends, CopiesOn, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

TEST_P(CopiesOn, TheTwelveGamesOfARoundRobinAreTwelve) {
  const fs::path file = dir.path() / "league.gib";
  std::ofstream(file, std::ios::binary) << round_robin();
  const std::string db = fresh();
  const Result in = run_gibo({"import", "--db", db, file.string()});
  ASSERT_EQ(in.status, 0) << in.out << in.err;
  EXPECT_NE(in.out.find("12 games read: 12 added, 0 copies, 11 twins"), std::string::npos) << in.out;
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM games WHERE copy_of IS NULL"), 12);
  EXPECT_EQ(raw_int(db, "SELECT count(DISTINCT twin) FROM games"), 12);
  // The standings, from the archive and from the file alike.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"stats", "--db", db, "--format", "json"},
        std::vector<std::string>{"stats", file.string(), "--format", "json"}}) {
    const Result r = run_gibo(args);
    ASSERT_EQ(r.status, 0) << r.err;
    const json::Value report = parse(r.out);
    EXPECT_EQ(report.find("games")->as_int(), 12);
    std::map<std::string, double> score;
    for (const json::Value& row : rows_of(report, "standings"))
      score[row.find("player")->as_string()] = row.find("points")->as_double();
    EXPECT_EQ(score, (std::map<std::string, double>{{"강감찬", 6}, {"을지문덕", 4}, {"이순신", 2}, {"김유신", 0}}));
  }
  // The explorer counts each game once: twelve games through the start.
  const Result explore = run_gibo({"explore", "--db", db, "--format", "json"});
  ASSERT_EQ(explore.status, 0) << explore.err;
  EXPECT_NE(explore.out.find("\"games\":12"), std::string::npos) << explore.out.substr(0, 400);
}

// What the archive holds of the real archive's cuts, the same on either backend, sorted:
// each record's file and rank, its plies, its twin number (-1: a copy), the record of the
// game it is a copy of and what it says otherwise.
std::vector<std::string> holdings(const std::string& db) {
  std::vector<std::string> out;
  for (const auto& row : raw_rows(db, "SELECT s.path, g.game_index, g.plies, coalesce(g.twin, -1), k.path, "
                                      "c.game_index, x.conflicts FROM games AS g JOIN sources AS s ON s.id = "
                                      "g.source_id LEFT JOIN games AS c ON c.id = g.copy_of LEFT JOIN sources AS k ON "
                                      "k.id = c.source_id LEFT JOIN copy_conflicts AS x ON x.game_id = g.id")) {
    auto name = [](const std::string& path) { return fs::path(path).filename().string(); };
    out.push_back(name(row[0]) + "|" + row[1] + "|" + row[2] + "|" + row[3] + "|" +
                  (row[4].empty() ? "" : name(row[4]) + ":" + row[5]) + "|" + row[6] + "|");
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The value of the overview's row `key` in a stats JSON report ("" when it has none).
std::string overview(const json::Value& report, const std::string& key) {
  for (const json::Value& row : rows_of(report, "overview"))
    if (row.find("key")->as_string() == key) return row.find("value")->as_string();
  return "";
}

TEST_P(CopiesOn, TheRealArchivesKindsOnEitherBackend) {
  const std::string db = fresh();
  const Result in = run_gibo({"import", "--db", db, "--format", "jsonl", kTwins});
  ASSERT_EQ(in.status, 0) << in.out << in.err;
  for (const char* kind : {"\"type\":\"twin\"", "\"type\":\"conflict\""})
    EXPECT_NE(in.out.find(kind), std::string::npos) << kind;
  EXPECT_NE(in.out.find("\"games\":14,\"plies\":"), std::string::npos) << in.out;
  EXPECT_NE(in.out.find("\"added\":9,\"duplicates\":5,\"twins\":2,\"conflicts\":3"), std::string::npos) << in.out;
  const std::vector<std::string> expected = {
      "amateur028_g023.gib|0|93|0|||",
      "amateur039_g048.gib|0|93|-1|amateur028_g023.gib:0|cho han|",
      "amateur052_g059.gib|0|80|0|||",
      "amateur089_g096-097.gib|0|29|0|||",
      "amateur089_g096-097.gib|1|29|-1|amateur089_g096-097.gib:0||",
      "amateur097_g057.gib|0|34|0|||",
      "amateur130_g051.gib|0|34|1|||",
      "cha_seonggyun2_g065.gib|0|50|0|||",
      "hangame_cl2_g007.gib|0|50|-1|cha_seonggyun2_g065.gib:0||",
      "hangame_kibo_g002.gib|0|79|0|||",
      "hangame_kibo_g027.gib|0|11|0|||",
      "hangame_kibo_g029.gib|0|79|-1|hangame_kibo_g002.gib:0|date|",
      "hangame_kibo_g087.gib|0|11|1|||",
      "hangame_research_g003.gib|0|80|-1|amateur052_g059.gib:0|cho han|",
  };
  EXPECT_EQ(holdings(db), expected);
  // --where: the games whose copies say otherwise; those with copies; the twins.
  auto selected = [&](const std::string& where) {
    const Result r = run_gibo({"export", "--db", db, "--to", "uci", "--where", where});
    EXPECT_EQ(r.status, 0) << where << ": " << r.err;
    return std::count(r.out.begin(), r.out.end(), '\n');
  };
  EXPECT_EQ(selected("conflicts > 0"), 3);
  EXPECT_EQ(selected("copies > 0"), 5);
  EXPECT_EQ(selected("twins > 0"), 4);
  EXPECT_EQ(selected("1 = 1"), 9);
  // The data quality names them; the overview counts the copies once, with their games.
  const Result stats = run_gibo({"stats", "--db", db, "--format", "json"});
  ASSERT_EQ(stats.status, 0) << stats.err;
  const json::Value report = parse(stats.out);
  EXPECT_EQ(report.find("games")->as_int(), 9);
  const std::vector<json::Value> conflicts = rows_of(report, "copy_conflicts");
  ASSERT_EQ(conflicts.size(), 3u);
  std::vector<std::string> said;
  for (const json::Value& row : conflicts) said.push_back(row.find("conflicts")->as_string());
  std::sort(said.begin(), said.end());
  EXPECT_EQ(said, (std::vector<std::string>{"cho han", "cho han", "date"}));
}

// An archive as schema version 7 left it (the version before main's 8 and this 9): one game
// of each start and moves, the other records rows of `duplicates` (their source and rank,
// no tags).
TEST_P(CopiesOn, AnArchiveOfVersion7IsMigratedOnceAndItsCopiesRestored) {
  const std::string db = fresh();
  ASSERT_EQ(run_gibo({"import", "--db", db, kTwins}).status, 0);
  const std::vector<std::string> whole = holdings(db);
  // Version 7 merged the twins too: the second of each is a copy there.
  raw_sql(db, "UPDATE games SET copy_of = (SELECT t.id FROM games AS t WHERE t.hash = games.hash AND t.twin = 0), "
              "twin = NULL WHERE twin > 0");
  downgrade_to_v8(db);
  raw_sql(db, "ALTER TABLE analysis_workers DROP COLUMN lease_ms; ALTER TABLE analysis_workers DROP COLUMN "
              "stopped_at; UPDATE schema_version SET version = 7 WHERE version = 8");
  if (!postgres()) raw_sql(db, "PRAGMA user_version = 7");
  ASSERT_EQ(raw_int(db, "SELECT count(*) FROM games"), 7);
  ASSERT_EQ(raw_int(db, "SELECT count(*) FROM duplicates"), 7);
  {  // A reader reads it as it is: the copies counted, not kept; nothing written.
    const Result r = run_gibo({"stats", "--db", db, "--format", "json"});
    ASSERT_EQ(r.status, 0) << r.err;
    const json::Value report = parse(r.out);
    EXPECT_EQ(report.find("games")->as_int(), 7);
    EXPECT_EQ(overview(report, "duplicates"), "7");
    EXPECT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), 7);
  }
  // A writer migrates it once, in one step, keeping its games and duplicates rows; an
  // import of its sources reads those files again and stores the records it did not keep.
  const Result again = run_gibo({"import", "--db", db, "--format", "jsonl", kTwins});
  ASSERT_EQ(again.status, 0) << again.out << again.err;
  EXPECT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), kSchemaVersion);
  for (int version : {8, 9})
    EXPECT_EQ(raw_int(db, "SELECT count(*) FROM schema_version WHERE version = " + std::to_string(version)), 1);
  EXPECT_NE(again.out.find("\"status\":\"restored\""), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("\"games\":7,"), std::string::npos) << again.out;
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM duplicates"), 0);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM diagnostics WHERE game_id IS NULL AND game_index IS NOT NULL"), 0);
  EXPECT_EQ(holdings(db), whole);
  // A third import finds nothing to do.
  const Result third = run_gibo({"import", "--db", db, "--format", "jsonl", kTwins});
  const std::size_t summary = third.out.find("{\"type\":\"summary\"");
  ASSERT_NE(summary, std::string::npos) << third.out;
  EXPECT_NE(third.out.find("\"imported\":0,", summary), std::string::npos) << third.out;
  EXPECT_NE(third.out.find("\"games\":0,", summary), std::string::npos) << third.out;
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM games"), 14);
}

}  // namespace
}  // namespace gibo::archive
