// `gibo search --pattern` end to end (src/cli/help/search.md, src/pattern/README.md): the
// text and JSON Lines listings and their counts, the same answers on SQLite and PostgreSQL
// and on one thread or two, --where, sorting, the errors with their columns and exit
// statuses; and the reference page's ten patterns, each finding what it says in the real
// games of tests/data.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "../pg/pg_test.h"
#include "gibo/core/position.h"
#include "gibo/formats/json_value.h"
#include "run_gibo.h"

namespace {

using namespace gibo::testing;

// The JSON Lines of a run, parsed.
std::vector<gibo::json::Value> json_lines(const std::string& out) {
  std::vector<gibo::json::Value> lines;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    auto v = gibo::json::parse(line);
    EXPECT_TRUE(v) << line;
    if (v) lines.push_back(std::move(*v));
  }
  return lines;
}

std::int64_t number(const gibo::json::Value& v, const char* key) {
  const gibo::json::Value* x = v.find(key);
  return x ? x->as_int().value_or(-1) : -1;
}

// The reference page's patterns: the ```sh blocks' `--pattern "…"` arguments.
std::vector<std::string> page_patterns() {
  std::ifstream in(std::string(kData) + "/../../src/cli/help/search.md");
  std::vector<std::string> out;
  const std::regex arg("--pattern \"([^\"]+)\"");
  for (std::string line; std::getline(in, line);)
    for (std::sregex_iterator it(line.begin(), line.end(), arg), end; it != end; ++it) out.push_back((*it)[1]);
  return out;
}

class PatternCli : public BackendTest {
 protected:
  std::string archive_of_the_real_games() {
    const std::string db = fresh();
    const Result r = run_gibo({"import", "--db", db, kCorpus, kCorpusSample});
    EXPECT_EQ(r.status, 0) << r.err;
    return db;
  }
};
INSTANTIATE_TEST_SUITE_P(Backends, PatternCli, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

TEST_P(PatternCli, ListsTheMatchingGamesWithTheirCounts) {
  const std::string db = archive_of_the_real_games();
  const Result text = run_gibo({"search", "--db", db, "--pattern", "check then within 2 check"});
  ASSERT_EQ(text.status, 0) << text.err;
  const Result jsonl = run_gibo({"search", "--db", db, "--pattern", "check then within 2 check", "--format", "jsonl"});
  ASSERT_EQ(jsonl.status, 0) << jsonl.err;
  const auto lines = json_lines(jsonl.out);
  ASSERT_GE(lines.size(), 2u);
  const gibo::json::Value& summary = lines.back();
  EXPECT_EQ(summary.find("type")->as_string(), "summary");
  std::int64_t positions = 0, games = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    ++games;
    positions += number(lines[i], "positions");
    EXPECT_EQ(static_cast<std::int64_t>(lines[i].find("matches")->items().size()), number(lines[i], "positions"));
    // Each line's reference is the text listing's.
    const std::string ref = lines[i].find("file")->as_string() + ":" +
                            std::to_string(number(lines[i], "index") + 1) + "@" + std::to_string(number(lines[i], "ply"));
    EXPECT_NE(text.out.find(ref), std::string::npos) << ref;
  }
  EXPECT_GT(games, 0);
  EXPECT_EQ(number(summary, "games"), games);
  EXPECT_EQ(number(summary, "positions"), positions);
  EXPECT_EQ(number(summary, "cho") + number(summary, "han") + number(summary, "draw") + number(summary, "other"), games);
  EXPECT_NE(text.out.find(std::to_string(games) + " games and " + std::to_string(positions) + " positions match"),
            std::string::npos)
      << text.out;
  // One thread or two, the same answer.
  const Result one = run_gibo({"search", "--db", db, "--jobs", "1", "--pattern", "check then within 2 check",
                               "--format", "jsonl"});
  EXPECT_EQ(one.out, jsonl.out);
}

TEST(PatternCliBackends, BothBackendsAnswerAlike) {
  GIBO_REQUIRE_POSTGRESQL();
  const std::string pg = pg_fresh_archive();
  const Result imported = run_gibo({"import", "--db", pg, kCorpus, kCorpusSample});
  ASSERT_EQ(imported.status, 0) << imported.err;
  TempDir dir;
  const std::string sqlite = imported_archive(dir, {kCorpus, kCorpusSample});
  for (const std::string& pattern : page_patterns()) {
    const Result a = run_gibo({"search", "--db", sqlite, "--pattern", pattern, "--format", "jsonl"});
    const Result b = run_gibo({"search", "--db", pg, "--pattern", pattern, "--format", "jsonl"});
    ASSERT_EQ(a.status, 0) << pattern << ": " << a.err;
    ASSERT_EQ(b.status, 0) << pattern << ": " << b.err;
    // The same games (by file, index and plies); the game ids and files' paths are each archive's own.
    const auto la = json_lines(a.out), lb = json_lines(b.out);
    ASSERT_EQ(la.size(), lb.size()) << pattern;
    for (std::size_t i = 0; i < la.size(); ++i) {
      EXPECT_EQ(number(la[i], "index"), number(lb[i], "index")) << pattern;
      EXPECT_EQ(number(la[i], "ply"), number(lb[i], "ply")) << pattern;
      EXPECT_EQ(number(la[i], "positions"), number(lb[i], "positions")) << pattern;
    }
  }
}

TEST_P(PatternCli, TheReferencePagesPatternsFindWhatTheySay) {
  const std::string db = archive_of_the_real_games();
  const std::vector<std::string> patterns = page_patterns();
  ASSERT_EQ(patterns.size(), 11u);  // one in the first examples, ten under "Patterns"
  for (const std::string& pattern : patterns) {
    const Result r = run_gibo({"search", "--db", db, "--pattern", pattern, "--format", "jsonl"});
    ASSERT_EQ(r.status, 0) << pattern << ": " << r.err;
    const auto lines = json_lines(r.out);
    ASSERT_FALSE(lines.empty()) << pattern;
    EXPECT_GT(number(lines.back(), "games"), 0) << pattern << " finds nothing in the real games";
  }
}

TEST_P(PatternCli, WhereAndSortShapeTheList) {
  const std::string db = archive_of_the_real_games();
  const Result all = run_gibo({"search", "--db", db, "--pattern", "mate", "--format", "jsonl"});
  const Result recent =
      run_gibo({"search", "--db", db, "--pattern", "mate", "--where", "year >= 2010", "--format", "jsonl"});
  ASSERT_EQ(all.status, 0) << all.err;
  ASSERT_EQ(recent.status, 0) << recent.err;
  EXPECT_LT(number(json_lines(recent.out).back(), "selected"), number(json_lines(all.out).back(), "selected"));
  const Result sorted =
      run_gibo({"search", "--db", db, "--pattern", "check sort max ply", "--format", "jsonl"});
  ASSERT_EQ(sorted.status, 0) << sorted.err;
  const auto lines = json_lines(sorted.out);
  ASSERT_GT(lines.size(), 3u);
  for (std::size_t i = 1; i + 1 < lines.size(); ++i) {
    EXPECT_GE(number(lines[i - 1], "value"), number(lines[i], "value"));
    EXPECT_EQ(number(lines[i], "ply"), number(lines[i], "value"));  // the listing is at the value's ply
  }
}

TEST_P(PatternCli, BadPatternsAndOptionsAreUsageErrors) {
  const std::string db = archive_of_the_real_games();
  Result r = run_gibo({"search", "--db", db, "--pattern", "R >= x"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--pattern: column 6: expected a value"), std::string::npos) << r.err;
  r = run_gibo({"search", "--db", db, "--pattern", "k | K >= 3"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("the pattern can never match: `k | K >= 3`"), std::string::npos) << r.err;
  r = run_gibo({"search", "--db", db, "--pattern", "check", "--fen", std::string(gibo::kStartFen)});
  EXPECT_EQ(r.status, 2);
  r = run_gibo({"search", "--db", db, "--pattern", "check", "--where", "no_such_field = 1"});
  EXPECT_EQ(r.status, 2);
  r = run_gibo({"search", "--pattern", "check"});
  EXPECT_EQ(r.status, 2);
  r = run_gibo({"--lang", "ko", "search", "--db", db, "--pattern", "R >= x"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("6번째 글자"), std::string::npos) << r.err;
}

TEST(PatternCliFiles, MissingAndEmptyArchives) {
  TempDir dir;
  Result r = run_gibo({"search", "--db", (dir.path() / "none.db").string(), "--pattern", "check"});
  EXPECT_EQ(r.status, 3) << r.err;
  const std::string db = (dir.path() / "empty.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, "/dev/null"}).status, 1);
  r = run_gibo({"search", "--db", db, "--pattern", "check"});
  EXPECT_EQ(r.status, 1) << r.err;
}

}  // namespace
