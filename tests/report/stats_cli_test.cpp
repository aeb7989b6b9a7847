// `gibo stats` end to end: golden text, CSV and JSON reports of a fixed sample (the
// corpus and a few broken fixtures) read from files and from an archive built with
// `gibo import`, with the numbers checked against independent counts (a fresh read of
// the files; SQL queries on the archive), --where on both, the HTML page's shape, and
// its rendering in headless Chromium when that is installed.
//
// GIBO_UPDATE_GOLDEN=1 rewrites the golden files (tests/data/golden/stats*) instead of
// comparing; review the diff before committing it.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <algorithm>
#include <array>
#include <map>
#include <set>
#include <sstream>

#include "../cli/run_gibo.h"
#include "report_tables.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/json_value.h"
#include "gibo/formats/openings.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;
using testing::Result;
using testing::shell_quote;
using testing::slurp;
using testing::TempDir;

const fs::path kData = GIBO_TEST_DATA;

// The sample, relative to tests/data: the public corpus and broken fixtures that give
// the data-quality tables something to count.
const std::vector<std::string> kSample = {
    "corpus",
    "fixtures/gib/binary_garbage.gib",
    "fixtures/gib/empty.gib",
    "fixtures/gib/ff_in_tag_line.gib",
    "fixtures/gib/illegal_move.gib",
    "fixtures/gib/missing_setup.gib",
    "fixtures/gib/ply_count_mismatch.gib",
    "fixtures/gib/truncated_move.gib",
    "fixtures/gib/utf8_bom.gib",
    "fixtures/gib/wrong_piece.gib",
};

// Runs gibo in `dir` (so that relative paths in the report stay relative).
Result run_in(const fs::path& dir, const std::vector<std::string>& args) { return testing::run_gibo_in(dir, args); }

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// Compares `actual` with tests/data/golden/`name` (or rewrites it on request).
void expect_golden(const std::string& name, const std::string& actual) {
  const fs::path path = kData / "golden" / name;
  if (std::getenv("GIBO_UPDATE_GOLDEN")) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << actual;
    return;
  }
  ASSERT_TRUE(fs::exists(path)) << path << " is missing; run with GIBO_UPDATE_GOLDEN=1 to create it";
  const std::string expected = slurp(path);
  if (expected == actual) return;
  const fs::path got = fs::temp_directory_path() / ("gibo-actual-" + name);
  std::ofstream(got, std::ios::binary) << actual;
  ADD_FAILURE() << name << " differs from the golden file; see: diff " << path << " " << got;
}

json::Value parse_json(const std::string& text) {
  auto v = json::parse(text);
  EXPECT_TRUE(v.has_value()) << v.error().message << " at " << v.error().line << ":" << v.error().column;
  return v.value_or(json::Value());
}

std::int64_t int_at(const json::Value& v, std::string_view key) {
  const json::Value* x = v.find(key);
  EXPECT_NE(x, nullptr) << key;
  return x ? x->as_int().value_or(-1) : -1;
}

using testing::rows_of;

// ---------------------------------------------------------------------------
// Independent counts from the files: read and replay each game here.

struct Counts {
  long games = 0, plies = 0, valid = 0;
  long duplicates = 0;  // copies of a counted game (same start and moves), not counted
  long cho = 0, han = 0, draw = 0, other = 0;
  std::map<std::string, long> methods;                 // decided games by method
  std::map<std::pair<int, int>, long> setup_pairs;     // standard starts
  long ply_count_mismatches = 0;                       // 총수 differs from the plies
  std::map<std::string, long> opening_codes;           // games by opening code (set-up pair starts)
  std::map<std::string, std::array<long, 2>> formation_sides;  // formation code ("?": none) -> Cho, Han sides
};

// A game's identity, computed here: its start position (the engine's placement and side
// to move) and every ply's squares (a pass as "pass"). Tags, comments and results aside.
std::string identity(const Game& g, const LegalityRules& rules) {
  Position start;
  std::string key;
  if (start_position(g, rules, start)) {
    key = "invalid:";
    key += g.start.fen;
  } else {
    key = start.fen();
  }
  const std::size_t cut = key.find(' ', key.find(' ') + 1);  // placement and side to move
  if (cut != std::string::npos) key.resize(cut);
  for (const RecordedPly& p : g.plies) {
    key += ' ';
    key += p.pass ? std::string("pass") : uci(p.move);
  }
  return key;
}

// Counts the sample's distinct games as gibo import stores them: files in the order
// gibo takes them (a directory's files sorted by path), a file with the same bytes as an
// earlier one skipped, the first copy of a game counted and its later copies not.
Counts count_files() {
  Counts c;
  std::vector<fs::path> files;
  for (const std::string& s : kSample) {
    const fs::path p = kData / s;
    if (fs::is_directory(p)) {
      std::vector<fs::path> found;
      for (const auto& e : fs::recursive_directory_iterator(p))
        if (e.path().extension() == ".gib") found.push_back(e.path());
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else {
      files.push_back(p);
    }
  }
  std::set<std::string> contents, games;
  for (const fs::path& f : files) {
    const std::string bytes = slurp(f);
    if (!contents.insert(bytes).second) continue;
    ReadOptions ro;
    ro.file_name = f.string();
    ReadInfo info;
    read_games(bytes, ro, info, [&](Game&& g) {
      replay_under_profile(g, default_profile());
      if (!games.insert(identity(g, game_legality_rules(g, default_profile()))).second) {
        ++c.duplicates;
        return;
      }
      ++c.games;
      c.plies += static_cast<long>(g.plies.size());
      c.valid += !g.has_errors();
      const NormalizedResult r = g.has_result ? normalize_result(g.result_text) : NormalizedResult{};
      if (g.has_result && r.winner == Winner::Cho) ++c.cho;
      else if (g.has_result && r.winner == Winner::Han) ++c.han;
      else if (g.has_result && r.winner == Winner::Draw) ++c.draw;
      else ++c.other;
      if (g.has_result && (r.winner == Winner::Cho || r.winner == Winner::Han || r.winner == Winner::Draw))
        ++c.methods[std::string(method_name(r.method))];
      if (!g.start.custom) ++c.setup_pairs[{static_cast<int>(g.start.cho), static_cast<int>(g.start.han)}];
      if (const Opening o = name_opening(g, builtin_opening_book()); !o.other_start) {
        ++c.opening_codes[opening_code(o)];
        for (int side = 0; side < 2; ++side) {
          for (const FormationFound& f : o.formations[static_cast<std::size_t>(side)])
            ++c.formation_sides[f.rule->code][static_cast<std::size_t>(side)];
          if (o.formations[static_cast<std::size_t>(side)].empty()) ++c.formation_sides["?"][static_cast<std::size_t>(side)];
        }
      }
      if (const std::string* total = g.tag("총수"))
        c.ply_count_mismatches += std::atoi(total->c_str()) != static_cast<int>(g.plies.size());
    });
  }
  return c;
}

void expect_counts(const json::Value& report, const Counts& c) {
  EXPECT_EQ(int_at(report, "games"), c.games);
  long duplicates = 0;
  for (const json::Value& row : rows_of(report, "overview"))
    if (row.find("key")->as_string() == "duplicates") duplicates = std::stol(row.find("value")->as_string());
  EXPECT_EQ(duplicates, c.duplicates);
  EXPECT_EQ(int_at(report, "plies"), c.plies);
  EXPECT_EQ(int_at(report, "valid"), c.valid);
  EXPECT_EQ(int_at(report, "rejected"), c.games - c.valid);
  const json::Value* results = report.find("results");
  ASSERT_NE(results, nullptr);
  EXPECT_EQ(int_at(*results, "cho"), c.cho);
  EXPECT_EQ(int_at(*results, "han"), c.han);
  EXPECT_EQ(int_at(*results, "draw"), c.draw);
  EXPECT_EQ(int_at(*results, "other"), c.other);
  std::map<std::string, long> methods;
  for (const json::Value& row : rows_of(report, "results_by_method"))
    methods[row.find("method")->as_string()] = int_at(row, "games");
  EXPECT_EQ(methods, c.methods);
  std::map<std::pair<int, int>, long> pairs;
  for (const json::Value& row : rows_of(report, "setups")) {
    const long games = int_at(row, "games");
    if (!games) continue;
    int cho = -1, han = -1;
    for (Setup s : kAllSetups) {
      if (row.find("cho_code")->as_string() == setup_code(s)) cho = static_cast<int>(s);
      if (row.find("han_code")->as_string() == setup_code(s)) han = static_cast<int>(s);
    }
    pairs[{cho, han}] = games;
  }
  EXPECT_EQ(pairs, c.setup_pairs);
  EXPECT_EQ(static_cast<long>(rows_of(report, "ply_count_mismatches").size()), c.ply_count_mismatches);
}

TEST(StatsFiles, GoldenReportsMatchIndependentCounts) {
  const std::vector<std::string> base = with({"stats"}, kSample);
  const Result text = run_in(kData, base);
  const Result csv = run_in(kData, with(base, {"--format", "csv"}));
  const Result json = run_in(kData, with(base, {"--format", "json"}));
  // The sample holds rejected games: a finding (exit status 1), the report written all the same.
  ASSERT_GT(int_at(parse_json(json.out), "rejected"), 0);
  for (const Result* r : {&text, &csv, &json}) EXPECT_EQ(r->status, 1) << r->err;
  expect_golden("stats.txt", text.out);
  expect_golden("stats.csv", csv.out);
  expect_golden("stats.json", json.out);
  expect_counts(parse_json(json.out), count_files());
}

// The opening names tables count what the namer names, game by game read here.
TEST(StatsFiles, OpeningNamesMatchIndependentCounts) {
  const Counts c = count_files();
  const json::Value report = parse_json(run_in(kData, with({"stats", "--format", "json"}, kSample)).out);
  std::map<std::string, long> codes;
  for (const json::Value& row : rows_of(report, "opening_names")) codes[row.find("code")->as_string()] = int_at(row, "games");
  EXPECT_EQ(codes, c.opening_codes);
  EXPECT_GT(codes.size(), 10u);
  std::map<std::string, std::array<long, 2>> sides;
  for (const json::Value& row : rows_of(report, "formations")) {
    const std::array<long, 2> n{static_cast<long>(int_at(row, "cho_games")), static_cast<long>(int_at(row, "han_games"))};
    if (n[0] || n[1]) sides[row.find("code")->as_string()] = n;
  }
  EXPECT_EQ(sides, c.formation_sides);
  // A line of one's own shows up without a rebuild.
  TempDir dir;
  const fs::path mine = dir.path() / "mine.tsv";
  std::ofstream(mine) << "line\tMY-1\t내 수순\tmy line\tHEHE,HEHE: i4h4 a7b7\tme\n";
  const json::Value more = parse_json(run_in(kData, with({"stats", "--format", "json", "--opening-book", mine.string()}, kSample)).out);
  long mine_games = 0;
  for (const json::Value& row : rows_of(more, "opening_names"))
    if (row.find("code")->as_string().find(":MY-1") != std::string::npos) mine_games += int_at(row, "games");
  EXPECT_GT(mine_games, 0);
  std::ofstream(mine) << "line\tMY-1\t내 수순\tmy line\tHEHE,HEHE: i4h4 i4h4\tme\n";
  EXPECT_EQ(run_in(kData, with({"stats", "--opening-book", mine.string()}, kSample)).status, 2);
}

TEST(StatsFiles, CsvHoldsEveryJsonTable) {
  const std::vector<std::string> base = with({"stats"}, kSample);
  const json::Value report = parse_json(run_in(kData, with(base, {"--format", "json"})).out);
  const std::string csv = run_in(kData, with(base, {"--format", "csv"})).out;
  std::map<std::string, long> csv_rows;
  std::istringstream in(csv);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line.rfind("table,", 0) == 0) continue;
    ++csv_rows[line.substr(0, line.find(','))];
  }
  for (const auto& [id, table] : report.find("tables")->members()) {
    const long rows = static_cast<long>(table.find("rows")->items().size());
    EXPECT_EQ(csv_rows.count(id) ? csv_rows[id] : 0, rows) << id;
  }
}

// Issue 19 item 8: machine outputs hold every row; --top limits text and HTML only.
TEST(StatsFiles, TopLimitsTextAndHtmlOnlyAndAliasesExtendTheTable) {
  const Result json = run_in(kData, with({"stats", "--format", "json", "--top", "2"}, kSample));
  const json::Value report = parse_json(json.out);
  EXPECT_EQ(rows_of(report, "players").size(), 97u);  // every player (identity), --top aside
  const Result csv = run_in(kData, with({"stats", "--format", "csv", "--top", "2"}, kSample));
  long player_rows = 0;
  std::istringstream in(csv.out);
  for (std::string line; std::getline(in, line);) player_rows += line.rfind("players,", 0) == 0;
  EXPECT_EQ(player_rows, 97);
  const Result two = run_in(kData, with({"stats", "--top", "2"}, kSample));
  EXPECT_NE(two.out.find("the first 2 of 97 rows; CSV and JSON have all"), std::string::npos) << two.out;
  const Result all = run_in(kData, with({"stats", "--top", "0"}, kSample));
  EXPECT_EQ(all.out.find("the first 20 of 97"), std::string::npos);
  EXPECT_EQ(all.out.find(" of 97 rows"), std::string::npos);
  // Sites: Hangame's rooms and spellings are one site; 미상 and none are unknown.
  const auto& sites = rows_of(report, "sites");
  long hangame = 0, unknown = 0;
  for (const json::Value& row : sites) {
    const std::string& name = row.find("site")->as_string();
    EXPECT_NE(name, "미상");
    EXPECT_EQ(name.find("한게임 "), std::string::npos) << name;
    if (name == "한게임") hangame = int_at(row, "games");
    if (name.empty()) unknown = int_at(row, "games");
  }
  EXPECT_EQ(hangame, 20);
  EXPECT_EQ(unknown, 38);
  // --where site_name selects the games the table counts under a site (site: verbatim).
  const Result named = run_in(kData, with({"stats", "--format", "json", "--where", "site_name = '한게임'"}, kSample));
  EXPECT_EQ(int_at(parse_json(named.out), "games"), 20) << named.err;
  const Result none = run_in(kData, with({"stats", "--format", "json", "--where", "site_name = ''"}, kSample));
  EXPECT_EQ(int_at(parse_json(none.out), "games"), 38) << none.err;
  // A user's table adds to the built-in one.
  TempDir dir;
  const fs::path mine = dir.path() / "mine.tsv";
  std::ofstream(mine) << "site\t엔씨소프트\t한게임\n";
  const Result more = run_in(kData, with({"stats", "--format", "json", "--aliases", mine.string()}, kSample));
  const json::Value more_report = parse_json(more.out);
  for (const json::Value& row : rows_of(more_report, "sites"))
    if (row.find("site")->as_string() == "한게임") {
      EXPECT_EQ(int_at(row, "games"), 21);
    }
  std::ofstream(mine) << "site only\n";
  EXPECT_EQ(run_in(kData, with({"stats", "--aliases", mine.string()}, kSample)).status, 2);
  EXPECT_EQ(run_in(kData, with({"stats", "--aliases", (dir.path() / "none.tsv").string()}, kSample)).status, 3);
}

TEST(StatsFiles, WhereSelectsGames) {
  const std::vector<std::string> base = with({"stats", "--format", "json"}, kSample);
  const json::Value all = parse_json(run_in(kData, base).out);
  const json::Value cho = parse_json(run_in(kData, with(base, {"--where", "winner = 'cho'"})).out);
  EXPECT_EQ(int_at(cho, "games"), int_at(*all.find("results"), "cho"));
  const json::Value old = parse_json(run_in(kData, with(base, {"--where", "year < 1950 AND valid = 1"})).out);
  long before_1950 = 0;
  for (const json::Value& row : rows_of(all, "years")) {
    const std::string year = row.find("year")->as_string();
    if (year != "unknown" && std::stoi(year) < 1950) before_1950 += int_at(row, "games");
  }
  EXPECT_EQ(int_at(old, "games"), before_1950);  // every game before 1950 in the sample is valid
  const Result bad = run_in(kData, with(base, {"--where", "colour = 'blue'"}));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("no such column: colour"), std::string::npos) << bad.err;
  // 20,000 nested parentheses: SQLite's parser refuses them; a clean usage error.
  const Result deep =
      run_in(kData, with(base, {"--where", std::string(20000, '(') + "year = 1937" + std::string(20000, ')')}));
  EXPECT_EQ(deep.status, 2);
  EXPECT_NE(deep.err.find("--where"), std::string::npos) << deep.err;
}

TEST(StatsFiles, UsageAndIoErrors) {
  EXPECT_EQ(run_in(kData, {"stats"}).status, 2);
  EXPECT_EQ(run_in(kData, {"stats", "corpus", "--db", "x.db"}).status, 2);
  EXPECT_EQ(run_in(kData, {"stats", "corpus", "--format", "pdf"}).status, 2);
  EXPECT_EQ(run_in(kData, {"stats", "corpus", "--profiles", "nosuch"}).status, 2);
  EXPECT_EQ(run_in(kData, {"stats", "corpus", "--profiles", "stored"}).status, 2);
  const Result missing = run_in(kData, {"stats", "no/such/dir", "--format", "json"});
  EXPECT_EQ(missing.status, 3);
  EXPECT_NE(missing.out.find("\"games\": 0"), std::string::npos);  // the report is still written
  EXPECT_EQ(run_in(kData, {"stats", "--db", "no/such.db"}).status, 3);
  const Result not_archive = run_in(kData, {"stats", "--db", "perft.tsv"});
  EXPECT_EQ(not_archive.status, 3);
  EXPECT_NE(not_archive.err.find("perft.tsv"), std::string::npos) << not_archive.err;
}

TEST(StatsFiles, AllProfilesGiveOneVerdictRowEach) {
  const json::Value r = parse_json(run_in(kData, {"stats", "corpus", "--format", "json", "--profiles", "all"}).out);
  const auto& rows = rows_of(r, "verdicts");
  EXPECT_EQ(rows.size(), all_profiles().size());
  for (const json::Value& row : rows) {
    long sum = 0;
    for (const char* k : {"agrees", "disagrees", "unverifiable", "indeterminate", "no-result"}) sum += int_at(row, k);
    EXPECT_EQ(sum, int_at(row, "games")) << row.find("profile")->as_string();
    EXPECT_EQ(int_at(row, "games"), int_at(r, "games"));
  }
}

// ---------------------------------------------------------------------------
// The archive: built by gibo import from the same sample, verdicts stored by rescore.

class StatsArchive : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir();
    const Result imported = run_in(kData, with({"import", "--db", db().string()}, kSample));
    ASSERT_TRUE(imported.status == 0 || imported.status == 1) << imported.err;
    const Result rescored = run_in(kData, {"rescore", "--db", db().string()});
    ASSERT_TRUE(rescored.status == 0 || rescored.status == 1) << rescored.err;
    const Result corpus = run_in(kData, {"import", "--db", (dir_->path() / "corpus.db").string(), "corpus"});
    ASSERT_TRUE(corpus.status == 0 || corpus.status == 1) << corpus.err;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static fs::path db() { return dir_->path() / "sample.db"; }

  // The first column of every row of `sql`, as text. `games` there are the games: a copy
  // of a game is a row of the table too, which the report counts once, with its game.
  static std::vector<std::string> query(const std::string& sql) {
    sqlite3* raw = nullptr;
    sqlite3_open_v2(db().c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    EXPECT_EQ(sqlite3_exec(raw, "CREATE TEMP VIEW games AS SELECT * FROM main.games WHERE copy_of IS NULL", nullptr,
                           nullptr, nullptr),
              SQLITE_OK);
    std::vector<std::string> out;
    sqlite3_stmt* s = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(raw, sql.c_str(), -1, &s, nullptr), SQLITE_OK) << sql << ": " << sqlite3_errmsg(raw);
    while (s && sqlite3_step(s) == SQLITE_ROW) {
      const unsigned char* t = sqlite3_column_text(s, 0);
      out.push_back(t ? reinterpret_cast<const char*>(t) : "");
    }
    sqlite3_finalize(s);
    sqlite3_close(raw);
    return out;
  }
  static long number(const std::string& sql) {
    const auto rows = query(sql);
    return rows.empty() ? -1 : std::stol(rows.front());
  }

  static TempDir* dir_;
};
TempDir* StatsArchive::dir_ = nullptr;

TEST_F(StatsArchive, GoldenReportsMatchSqlQueries) {
  const Result text = run_in(dir_->path(), {"stats", "--db", "sample.db"});
  const Result csv = run_in(dir_->path(), {"stats", "--db", "sample.db", "--format", "csv"});
  const Result json = run_in(dir_->path(), {"stats", "--db", "sample.db", "--format", "json"});
  ASSERT_GT(int_at(parse_json(json.out), "rejected"), 0);
  for (const Result* r : {&text, &csv, &json}) EXPECT_EQ(r->status, 1) << r->err;  // rejected games: a finding
  expect_golden("stats_db.txt", text.out);
  expect_golden("stats_db.csv", csv.out);
  expect_golden("stats_db.json", json.out);

  const json::Value r = parse_json(json.out);
  EXPECT_EQ(int_at(r, "games"), number("SELECT count(*) FROM games"));
  EXPECT_EQ(int_at(r, "plies"), number("SELECT sum(plies) FROM games"));
  EXPECT_EQ(int_at(r, "valid"), number("SELECT count(*) FROM games WHERE status = 'valid'"));
  EXPECT_EQ(int_at(r, "rejected"), number("SELECT count(*) FROM games WHERE status = 'invalid'"));
  EXPECT_EQ(int_at(r, "files"), number("SELECT count(*) FROM sources"));
  const json::Value& results = *r.find("results");
  EXPECT_EQ(int_at(results, "cho"), number("SELECT count(*) FROM games WHERE result_text IS NOT NULL AND result_winner = 'cho'"));
  EXPECT_EQ(int_at(results, "han"), number("SELECT count(*) FROM games WHERE result_text IS NOT NULL AND result_winner = 'han'"));
  EXPECT_EQ(int_at(results, "draw"), number("SELECT count(*) FROM games WHERE result_text IS NOT NULL AND result_winner = 'draw'"));
  EXPECT_EQ(int_at(results, "other"),
            number("SELECT count(*) FROM games WHERE result_text IS NULL OR result_winner NOT IN ('cho', 'han', 'draw')"));
  EXPECT_EQ(int_at(results, "no_result"), number("SELECT count(*) FROM games WHERE result_text IS NULL"));

  for (const json::Value& row : rows_of(r, "results_by_method"))
    EXPECT_EQ(int_at(row, "games"),
              number("SELECT count(*) FROM games WHERE result_text IS NOT NULL AND result_winner IN ('cho', 'han', "
                     "'draw') AND result_method = '" + row.find("method")->as_string() + "'"));
  for (const json::Value& row : rows_of(r, "setups"))
    EXPECT_EQ(int_at(row, "games"), number("SELECT count(*) FROM games WHERE cho_setup = '" +
                                           row.find("cho_code")->as_string() + "' AND han_setup = '" +
                                           row.find("han_code")->as_string() + "'"));
  for (const json::Value& row : rows_of(r, "verdicts"))
    for (const char* kind : {"agrees", "disagrees", "unverifiable", "indeterminate", "no-result"})
      EXPECT_EQ(int_at(row, kind), number("SELECT count(*) FROM verdicts WHERE profile_id = '" +
                                          row.find("profile")->as_string() + "' AND verdict = '" + kind + "'"));
  EXPECT_EQ(static_cast<long>(rows_of(r, "disagreements").size()),
            number("SELECT count(DISTINCT game_id) FROM verdicts WHERE verdict = 'disagrees'"));
  for (const json::Value& row : rows_of(r, "diagnostics_by_code"))
    EXPECT_EQ(int_at(row, "occurrences"),
              number("SELECT count(*) FROM diagnostics WHERE code = '" + row.find("code")->as_string() +
                     "' AND (game_id IN (SELECT id FROM games) OR game_index IS NULL)"));
  for (const json::Value& row : rows_of(r, "diagnostics_by_source"))
    EXPECT_EQ(int_at(row, "games"), number("SELECT count(*) FROM games JOIN sources ON sources.id = games.source_id "
                                           "WHERE sources.path = '" + row.find("file")->as_string() + "'"));
  // Players are identities: the stored per-game identities (cho_id, han_id), less those the
  // collection's rule merged into a nickname (each such nickname absorbed one plain name).
  long merged = 0;
  for (const json::Value& row : rows_of(r, "ratings"))
    merged += row.find("merged")->as_string().find("(name-without-site)") != std::string::npos;
  const long identities =
      number("SELECT count(*) FROM (SELECT cho_id AS p FROM game_facts UNION SELECT han_id FROM game_facts) AS x "
             "WHERE p <> ''") - merged;
  EXPECT_NE(text.out.find(std::to_string(identities) + " players ("), std::string::npos) << identities;
  // The top player's games, wins and losses, by SQL.
  const auto& top = rows_of(r, "players");
  ASSERT_FALSE(top.empty());
  const std::string name = top.front().find("player")->as_string();
  EXPECT_EQ(int_at(top.front(), "games"),
            number("SELECT count(*) FROM game_facts WHERE cho_id = '" + name + "' OR han_id = '" + name + "'"));
  EXPECT_EQ(int_at(top.front(), "wins"),
            number("SELECT count(*) FROM game_facts JOIN games ON games.id = game_facts.game_id WHERE "
                   "result_text IS NOT NULL AND ((cho_id = '" + name + "' AND result_winner = 'cho') OR (han_id = '" +
                   name + "' AND result_winner = 'han'))"));
}

TEST_F(StatsArchive, AgreesWithTheFileReport) {
  // The corpus read from files and from an archive (no verdicts stored: judged while
  // loading, from the stored moves) gives the same numbers. The archive keeps no filler
  // runs or byte-order marks, so those tables are left out; the sample with the broken
  // fixtures is not used because the archive drops their duplicate games.
  const json::Value files = parse_json(run_in(kData, {"stats", "--format", "json", "corpus"}).out);
  const json::Value archive = parse_json(run_in(dir_->path(), {"stats", "--db", "corpus.db", "--format", "json"}).out);
  for (const char* key : {"games", "plies", "valid", "rejected", "files"}) EXPECT_EQ(int_at(files, key), int_at(archive, key)) << key;
  for (const char* table : {"results", "results_by_method", "point_margins", "setups", "openings", "lengths", "years",
                            "players", "ratings", "event_list", "standings", "verdicts", "disagreements",
                            "ply_count_mismatches"}) {
    const auto& a = rows_of(files, table);
    const auto& b = rows_of(archive, table);
    ASSERT_EQ(a.size(), b.size()) << table;
    for (std::size_t i = 0; i < a.size(); ++i)
      for (const auto& [key, value] : a[i].members()) {
        const json::Value* other = b[i].find(key);
        ASSERT_NE(other, nullptr) << table << "." << key;
        if (value.is_number()) EXPECT_EQ(value.as_double(), other->as_double()) << table << " row " << i << " " << key;
        else EXPECT_EQ(value.as_string(), other->as_string()) << table << " row " << i << " " << key;
      }
  }
}

TEST_F(StatsArchive, WhereRunsAsSqlOverTheFacts) {
  const auto count = [&](const std::string& where) {
    const Result r = run_in(dir_->path(), {"stats", "--db", "sample.db", "--format", "json", "--where", where});
    const json::Value report = parse_json(r.out);
    EXPECT_EQ(r.status, int_at(report, "rejected") > 0 ? 1 : 0) << where << ": " << r.err;
    return int_at(report, "games");
  };
  EXPECT_EQ(count("plies > 100"), number("SELECT count(*) FROM games WHERE plies > 100"));
  EXPECT_EQ(count("winner = 'han' AND valid = 1"),
            number("SELECT count(*) FROM games WHERE result_text IS NOT NULL AND result_winner = 'han' AND "
                   "status = 'valid'"));
  EXPECT_EQ(count("winner = 'cho' AND cho_setup = 'EHEH'"),
            number("SELECT count(*) FROM games WHERE result_text IS NOT NULL AND result_winner = 'cho' AND cho_setup = 'EHEH'"));
  const long files_1937 =
      int_at(parse_json(run_in(kData, with({"stats", "--format", "json", "--where", "year = 1937"}, kSample)).out), "games");
  EXPECT_EQ(count("year = 1937"), files_1937);
  EXPECT_GT(files_1937, 0);
  const Result bad = run_in(dir_->path(), {"stats", "--db", "sample.db", "--where", "no_such_column = 1"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("no such column"), std::string::npos) << bad.err;
  // The games table's own columns are not facts.
  EXPECT_EQ(run_in(dir_->path(), {"stats", "--db", "sample.db", "--where", "status = 'valid'"}).status, 2);
  const Result two = run_in(dir_->path(), {"stats", "--db", "sample.db", "--where", "1); DELETE FROM games; --"});
  EXPECT_EQ(two.status, 2);
  EXPECT_EQ(number("SELECT count(*) FROM games") > 0, true);
}

TEST_F(StatsArchive, ComputesVerdictsWhenAskedOrNoneStored) {
  const Result r = run_in(dir_->path(), {"stats", "--db", "sample.db", "--format", "json", "--profiles", "fs-janggi"});
  ASSERT_EQ(r.status, 1) << r.err;  // the sample's rejected games
  const json::Value report = parse_json(r.out);
  const auto& rows = rows_of(report, "verdicts");
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows.front().find("profile")->as_string(), "fs-janggi");
}

// ---------------------------------------------------------------------------
// HTML

TEST(StatsHtml, SelfContainedPage) {
  const Result r = run_in(kData, with({"stats", "--format", "html", "--profiles", "all"}, kSample));
  ASSERT_EQ(r.status, 1) << r.err;  // the sample's rejected games
  const std::string& html = r.out;
  EXPECT_TRUE(testing::is_offline_page(html));
  for (const char* id : {"overview", "results", "setups", "openings", "lengths", "years", "players", "adjudication",
                         "quality"})
    EXPECT_NE(html.find("<section id=\"" + std::string(id) + "\""), std::string::npos) << id;
  std::size_t svgs = 0, boards = 0;
  for (std::size_t at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1)) ++svgs;
  for (std::size_t at = html.find("<figure>"); at != std::string::npos; at = html.find("<figure>", at + 1)) ++boards;
  EXPECT_GE(svgs, 6u);    // result bar, methods, heat map, lengths, years, boards, mini bars
  EXPECT_GE(boards, 3u);  // disagreements' final positions and notable games
  // Balanced elements the renderer opens and closes itself.
  for (const char* tag : {"section", "table", "svg", "figure", "details"}) {
    const std::string open = std::string("<") + tag, close = std::string("</") + tag + ">";
    std::size_t opens = 0, closes = 0;
    for (std::size_t at = html.find(open); at != std::string::npos; at = html.find(open, at + 1))
      opens += html[at + open.size()] == ' ' || html[at + open.size()] == '>';
    for (std::size_t at = html.find(close); at != std::string::npos; at = html.find(close, at + 1)) ++closes;
    EXPECT_EQ(opens, closes) << tag;
  }
}

TEST(StatsHtml, RendersInHeadlessChromium) {
  GIBO_REQUIRE_CHROMIUM();
  TempDir dir;
  const fs::path html = dir.path() / "report.html", png = dir.path() / "report.png";
  const Result r = run_in(kData, with({"stats", "--format", "html", "-o", html.string()}, kSample));
  ASSERT_EQ(r.status, 1) << r.err;  // the sample's rejected games
  const fs::path script = kData.parent_path() / "report" / "render_html.sh";
  const std::string cmd = "bash " + shell_quote(script.string()) + " " + shell_quote(html.string()) + " " +
                          shell_quote(png.string()) + " 1280 3000 > " + shell_quote((dir.path() / "log").string()) +
                          " 2>&1";
  const int status = std::system(cmd.c_str());
  EXPECT_EQ(status, 0) << slurp(dir.path() / "log");
  EXPECT_GT(fs::exists(png) ? fs::file_size(png) : 0, 10000u);
}

}  // namespace
}  // namespace gibo
