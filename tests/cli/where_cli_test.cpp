// One query language (decision 15, src/adjudication/README.md "Decisions"): a set of --where expressions over the documented
// fields selects the same games from a folder (`stats`), from the archive imported from
// it (`stats --db`), for `export --db` and for `rescore --db`.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "gibo/formats/json_value.h"
#include "run_gibo.h"
#include "sql_rows.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

// Expressions over the fields `gibo stats --help` lists, each selecting a different part
// of the corpus (tags, names, dates, results, setups, lengths, files, functions).
const std::vector<std::string> kExpressions = {
    "year >= 2010",
    "year IS NULL OR year < 1950",
    "date BETWEEN '2009' AND '2012-06'",
    "winner = 'cho' AND plies > 100",
    "winner IN ('han', 'draw') OR method = 'points' AND margin >= 2",
    "cho LIKE '%김%' OR han LIKE '%이%' OR cho_tag GLOB '*[0-9]단'",
    "cho_setup = 'EHEH' AND NOT custom_start",
    "site = '' OR event LIKE '%KBS%'",
    "valid = 1 AND annotated = 1 AND profile = 'janggi-gg' AND error_code IS NULL",
    "game > 1 AND file LIKE '%pobsiz_k%'",
    "length(cho_tag) > 6 AND valid_plies = plies",
    "result LIKE '%점수%' OR result IS NULL",
    "cho_rank = '9단' OR han_rank LIKE '프로%' OR round LIKE '%결승%'",
    "cho_id LIKE '%@엠게임' OR han_id IN ('김동학', '최하영')",
};

gibo::json::Value parse_json(const std::string& text) {
  auto v = gibo::json::parse(text);
  EXPECT_TRUE(v.has_value()) << v.error().message << "\n" << text.substr(0, 200);
  return v.value_or(gibo::json::Value());
}

std::int64_t int_at(const gibo::json::Value& v, std::string_view key) {
  const gibo::json::Value* x = v.find(key);
  return x ? x->as_int().value_or(-1) : -1;
}

// What a stats report says about the games it selected.
struct Fingerprint {
  std::int64_t games = 0, plies = 0, cho = 0, han = 0, draw = 0, other = 0;
  bool operator==(const Fingerprint&) const = default;
};
std::ostream& operator<<(std::ostream& o, const Fingerprint& f) {
  return o << f.games << " games, " << f.plies << " plies, " << f.cho << "/" << f.han << "/" << f.draw << "/"
           << f.other;
}

Fingerprint of_stats(const Result& r) {
  const gibo::json::Value v = parse_json(r.out);
  Fingerprint f;
  f.games = int_at(v, "games");
  f.plies = int_at(v, "plies");
  if (const gibo::json::Value* results = v.find("results")) {
    f.cho = int_at(*results, "cho");
    f.han = int_at(*results, "han");
    f.draw = int_at(*results, "draw");
    f.other = int_at(*results, "other");
  }
  return f;
}

using GameSet = std::set<std::pair<std::string, std::int64_t>>;  // (file, 0-based index)

// The games of a JSON Lines export, and the plies they hold.
GameSet of_export(const Result& r, std::int64_t& plies) {
  GameSet games;
  plies = 0;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    const gibo::json::Value g = parse_json(line);
    const gibo::json::Value* source = g.find("source");
    EXPECT_NE(source, nullptr);
    if (!source) continue;
    games.insert({source->find("file")->as_string(), int_at(*source, "game_index")});
    plies += static_cast<std::int64_t>(g.find("texts")->items().size());  // compact plies: one text a ply
  }
  return games;
}

// The games that have a verdict row in `db`.
GameSet judged(const fs::path& db) {
  GameSet games;
  for (const SqlRow& row : sql_rows(db.string(), "SELECT s.path, g.game_index FROM verdicts AS v JOIN games AS g ON "
                                                 "g.id = v.game_id JOIN sources AS s ON s.id = g.source_id"))
    games.insert({row[0].value_or(""), std::stoll(row[1].value_or("0"))});
  return games;
}

TEST(WhereCli, FolderArchiveExportAndRescoreSelectTheSameGames) {
  TempDir dir;
  const fs::path db = dir.path() / "corpus.db";
  const Result imported = run_gibo({"import", "--db", db.string(), kCorpus});
  ASSERT_TRUE(imported.status == 0 || imported.status == 1) << imported.err;
  const Fingerprint all = of_stats(run_gibo({"stats", "--format", "json", kCorpus}));
  ASSERT_GT(all.games, 50);
  int partial = 0;
  for (const std::string& where : kExpressions) {
    SCOPED_TRACE(where);
    const Result files = run_gibo({"stats", "--format", "json", "--where", where, kCorpus});
    const Result archive = run_gibo({"stats", "--db", db.string(), "--format", "json", "--where", where});
    const Result exported = run_gibo({"export", "--db", db.string(), "--to", "jsonl", "--where", where});
    ASSERT_EQ(files.status, 0) << files.err;
    ASSERT_EQ(archive.status, 0) << archive.err;
    ASSERT_EQ(exported.status, 0) << exported.err;
    const fs::path copy = dir.path() / "rescored.db";
    fs::copy_file(db, copy, fs::copy_options::overwrite_existing);
    const Result rescored = run_gibo({"rescore", "--db", copy.string(), "--where", where});
    ASSERT_TRUE(rescored.status == 0 || rescored.status == 1) << rescored.err;

    const Fingerprint from_files = of_stats(files), from_archive = of_stats(archive);
    EXPECT_EQ(from_files, from_archive);
    std::int64_t plies = 0;
    const GameSet from_export = of_export(exported, plies);
    EXPECT_EQ(static_cast<std::int64_t>(from_export.size()), from_files.games);
    EXPECT_EQ(plies, from_files.plies);
    EXPECT_EQ(judged(copy), from_export);
    EXPECT_NE(rescored.out.find("summary: " + std::to_string(from_files.games) + " games"), std::string::npos)
        << rescored.out;
    partial += from_files.games > 0 && from_files.games < all.games;
  }
  EXPECT_GE(partial, static_cast<int>(kExpressions.size()) - 1) << "the expressions should select parts";
}

TEST(WhereCli, RanksAndIdentities) {
  // Counted from the corpus's tags: Cho's ranks written 4단 or 四단 (jcs6874 4단, peace6034 4단,
  // zergterran 4단 twice, 김동학 四단, 허금산 四단; 유희석프로 4단 is 프로 4단), Han's title 프로 alone
  // (차선균(프로), 하성호프로, 김동학프로, 김경중프로), 타이슨권법 9단's ten games at 엠게임 (a nickname:
  // one identity at that site), 최하영(崔夏泳) and 崔夏泳 (the built-in alias) three games.
  const std::vector<std::pair<std::string, std::size_t>> cases = {
      {"cho_rank = '4단'", 6},
      {"han_rank = '프로'", 4},
      {"cho_rank = '프로 4단'", 1},
      {"cho_id = '타이슨권법@엠게임' OR han_id = '타이슨권법@엠게임'", 10},
      {"cho_id = '최하영' OR han_id = '최하영'", 3},
      {"cho_id = '' OR han_id = ''", 10},
      {"round = '결승전'", 2},
  };
  TempDir dir;
  const fs::path db = dir.path() / "corpus.db";
  const Result imported = run_gibo({"import", "--db", db.string(), kCorpus});
  ASSERT_TRUE(imported.status == 0 || imported.status == 1) << imported.err;
  for (const auto& [where, games] : cases) {
    SCOPED_TRACE(where);
    const Result exported = run_gibo({"export", "--db", db.string(), "--to", "jsonl", "--where", where});
    ASSERT_EQ(exported.status, 0) << exported.err;
    std::int64_t plies = 0;
    EXPECT_EQ(of_export(exported, plies).size(), games);
  }
}

TEST(WhereCli, BadExpressionsAreUsageErrorsEverywhere) {
  TempDir dir;
  const fs::path db = dir.path() / "corpus.db";
  run_gibo({"import", "--db", db.string(), kCorpus + "/pobsiz_kakao019_g078.gib"});
  const std::string deep = std::string(20000, '(') + "year = 1937" + std::string(20000, ')');
  for (const std::string& where : {std::string("no_such_field = 1"), std::string("year = "), deep,
                                   std::string("1; DELETE FROM games"), std::string("status = 'valid'")}) {
    SCOPED_TRACE(where.substr(0, 40));
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"stats", kCorpus}, std::vector<std::string>{"stats", "--db", db.string()},
          std::vector<std::string>{"export", "--db", db.string(), "--to", "jsonl"},
          std::vector<std::string>{"rescore", "--db", db.string()}}) {
      std::vector<std::string> with = args;
      with.push_back("--where");
      with.push_back(where);
      const Result r = run_gibo(with);
      EXPECT_EQ(r.status, 2) << args[0] << " " << args[1] << ": " << r.err;
      EXPECT_NE(r.err.find("--where"), std::string::npos) << r.err;
    }
  }
}

}  // namespace
