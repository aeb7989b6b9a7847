// `gibo explore` and `gibo search` end to end on an archive of the corpus: their counts
// against an independent walk of the corpus files (tests/archive/corpus_positions.h) at
// the most common start, a transposition, a position where games end and a --where
// selection; the formats; and the errors with their exit statuses.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>

#include "../archive/corpus_positions.h"
#include "gibo/formats/json_value.h"
#include "gibo/formats/notation.h"
#include "run_gibo.h"
#include "sql_rows.h"

namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;
using gibo::Position;
using gibo::Winner;

const gibo::testing::CorpusPositions& corpus() {
  static const auto c = gibo::testing::corpus_positions(kCorpus);
  return c;
}

// One archive of the corpus for the whole suite.
class ExploreCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    db_ = (dir_->path() / "games.db").string();
    const Result r = run_gibo({"import", "--db", db_, kCorpus});
    ASSERT_EQ(r.status, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static TempDir* dir_;
  static std::string db_;
};
TempDir* ExploreCli::dir_ = nullptr;
std::string ExploreCli::db_;

gibo::json::Value parse_json(const std::string& text) {
  auto v = gibo::json::parse(text);
  EXPECT_TRUE(v) << v.error().message << " in " << text.substr(0, 300);
  return v ? *v : gibo::json::Value();
}

std::int64_t number(const gibo::json::Value& v, const char* key) {
  const gibo::json::Value* x = v.find(key);
  return x ? x->as_int().value_or(-1) : -1;
}

// What explore should say about the visits of one position.
struct MoveCount {
  long games = 0, cho = 0, han = 0, draw = 0, other = 0;
  bool operator==(const MoveCount&) const = default;
};
struct Expected {
  long games = 0, ended = 0;
  std::map<std::string, MoveCount> moves;
};

Expected expected(const std::vector<Occurrence>& visits, bool (*keep)(const gibo::testing::CorpusGame&) = nullptr) {
  Expected e;
  for (const Occurrence& v : visits) {
    const auto& g = corpus().games[v.game];
    if (keep && !keep(g)) continue;
    ++e.games;
    if (v.next == "end") ++e.ended;
    if (v.next == "end" || v.next == "broken") continue;
    MoveCount& m = e.moves[v.next];
    ++m.games;
    (g.winner == Winner::Cho ? m.cho : g.winner == Winner::Han ? m.han : g.winner == Winner::Draw ? m.draw : m.other)++;
  }
  return e;
}

// Runs explore --format json and compares it with `want`; the moves must come sorted
// by games, then UCI.
void expect_explore(const std::string& db, const std::vector<std::string>& position, const Expected& want) {
  std::vector<std::string> args = {"explore", "--db", db, "--format", "json"};
  args.insert(args.end(), position.begin(), position.end());
  const Result r = run_gibo(args);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto v = parse_json(r.out);
  EXPECT_EQ(number(v, "games"), want.games);
  EXPECT_EQ(number(v, "ended_here"), want.ended);
  std::map<std::string, MoveCount> got;
  long previous = -1;
  std::string previous_uci;
  for (const auto& m : v.find("moves")->items()) {
    const std::string uci = m.find("uci")->as_string();
    got[uci] = {number(m, "games"), number(m, "cho"), number(m, "han"), number(m, "draw"), number(m, "other")};
    EXPECT_FALSE(m.find("san")->as_string().empty());
    EXPECT_FALSE(m.find("janggi")->as_string().empty());
    EXPECT_TRUE(m.find("notable")->is_object());
    if (previous >= 0) {
      EXPECT_TRUE(number(m, "games") < previous || (number(m, "games") == previous && uci > previous_uci));
    }
    previous = number(m, "games");
    previous_uci = uci;
  }
  EXPECT_EQ(got, want.moves);
}

// The most visited start position, a transposition (one position reached at different
// plies) and a position where games end, from the independent walk.
std::string most_common_start() {
  std::string best;
  std::size_t most = 0;
  for (const auto& [key, visits] : corpus().at) {
    std::size_t starts = 0;
    for (const auto& v : visits) starts += v.ply == 0;
    if (starts > most) most = starts, best = key;
  }
  return best;
}

std::string a_transposition() {
  std::string best;
  std::size_t most = 0;
  for (const auto& [key, visits] : corpus().at) {
    std::set<int> plies;
    for (const auto& v : visits) plies.insert(v.ply);
    if (plies.size() > 1 && visits.size() > most) most = visits.size(), best = key;
  }
  return best;
}

std::string an_ending_shared() {
  // Prefer a position where a game ends and another plays on.
  for (const auto& [key, visits] : corpus().at) {
    bool ends = false, goes_on = false;
    for (const auto& v : visits) (v.next == "end" ? ends : goes_on) = true;
    if (ends && goes_on) return key;
  }
  for (const auto& [key, visits] : corpus().at)
    for (const auto& v : visits)
      if (v.next == "end") return key;
  return "";
}

TEST_F(ExploreCli, CountsMatchAnIndependentReplay) {
  const std::string start = most_common_start(), transposed = a_transposition(), ending = an_ending_shared();
  ASSERT_FALSE(start.empty() || transposed.empty() || ending.empty());
  for (const std::string& key : {start, transposed, ending}) {
    SCOPED_TRACE(key);
    expect_explore(db_, {"--fen", key}, expected(corpus().at.at(key)));
  }
  // The standard start, given as --setup, and a position reached by moves.
  Position p;
  expect_explore(db_, {"--setup", "HEEH,HEEH"}, expected(corpus().at.count(gibo::testing::placement_key(p))
                                       ? corpus().at.at(gibo::testing::placement_key(p))
                                       : std::vector<Occurrence>{}));
  Position q;
  ASSERT_FALSE(q.set_fen(start));
  ASSERT_FALSE(expected(corpus().at.at(start)).moves.empty());
  const std::string first = expected(corpus().at.at(start)).moves.begin()->first;
  const gibo::MoveReadResult move = gibo::read_uci(q, first);
  ASSERT_TRUE(move.has_value());
  q.do_move(*move);
  expect_explore(db_, {"--fen", start, "--moves", first}, expected(corpus().at.at(gibo::testing::placement_key(q))));
}

// Without a position, explore lists the set-up pairs: each pair's games are the corpus
// games whose walk starts in that pair's start position, the lines add up to the
// archive's games, and --setup explores each pair's start as a replay counts it.
TEST_F(ExploreCli, SetupTableMatchesTheCorpusStarts) {
  const Result r = run_gibo({"explore", "--db", db_, "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  const auto v = parse_json(r.out);
  const long games = static_cast<long>(corpus().games.size());
  EXPECT_EQ(number(v, "archive_games"), games);
  EXPECT_EQ(number(v, "games"), games);
  long sum = 0, standard = 0;
  std::set<std::string> pairs;
  for (const auto& line : v.find("setups")->items()) {
    const long n = number(line, "games");
    EXPECT_GT(n, 0);
    sum += n;
    EXPECT_EQ(n, number(line, "cho_wins") + number(line, "han_wins") + number(line, "draw") + number(line, "other"));
    if (line.find("cho")->is_null()) continue;
    const std::string cho = line.find("cho")->as_string(), han = line.find("han")->as_string();
    EXPECT_TRUE(pairs.insert(cho + "," + han).second);
    Position start;
    start.set_setups(*gibo::setup_from_code(cho), *gibo::setup_from_code(han));
    const std::string key = gibo::testing::placement_key(start);
    ASSERT_TRUE(corpus().at.count(key)) << cho << "," << han;
    long starting = 0;
    for (const Occurrence& o : corpus().at.at(key)) starting += o.ply == 0;
    EXPECT_EQ(n, starting) << cho << "," << han;
    standard += n;
    SCOPED_TRACE(cho + "," + han);
    expect_explore(db_, {"--setup", cho + "," + han}, expected(corpus().at.at(key)));
  }
  EXPECT_EQ(sum, games);
  EXPECT_GT(pairs.size(), 4u);  // the corpus plays many pairs
  EXPECT_LE(standard, games);

  // The text table names each pair in Korean and ends with the total.
  const Result text = run_gibo({"explore", "--db", db_});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("마상상마 / 상마마상"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("total " + std::to_string(games) + " games"), std::string::npos) << text.out;
  // The Korean names work as --setup takes them; search takes --setup too.
  const Result korean = run_gibo({"search", "--db", db_, "--setup", "마상마상,마상마상", "--format", "jsonl"});
  ASSERT_EQ(korean.status, 0) << korean.err;
  Position hehe;
  hehe.set_setups(gibo::Setup::HEHE, gibo::Setup::HEHE);
  EXPECT_EQ(korean.out_lines().size(), corpus().at.at(gibo::testing::placement_key(hehe)).size());
  EXPECT_EQ(run_gibo({"explore", "--db", db_, "--setup", "HEEH"}).status, 2);
  EXPECT_EQ(run_gibo({"explore", "--db", db_, "--setup", "HEEH,HEEH", "--fen", Position().fen()}).status, 2);
}

// --moves reads every notation gibo reads, mixed: the same three plies in UCI, Korean
// coordinates (with and without piece names, hangul and hanja), SAN and JANGGI reach one
// position, the position a replay with the core reaches.
TEST_F(ExploreCli, MovesInAnyNotationReachTheSamePosition) {
  Position p;
  for (const char* uci : {"i4h4", "a7b7", "b1c3"}) {
    const gibo::MoveReadResult m = gibo::read_uci(p, uci);
    ASSERT_TRUE(m.has_value()) << uci;
    p.do_move(*m);
  }
  for (const char* moves : {"i4h4 a7b7 b1c3", "79졸78 41병42 02마83", "7978 41兵42 02馬83", "Pih4 Pab7 Hc3",
                            "P79-78 P41-42 H02-83", "79졸78 Pab7 b1c3"}) {
    SCOPED_TRACE(moves);
    const Result r = run_gibo({"explore", "--db", db_, "--moves", moves, "--format", "json"});
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(parse_json(r.out).find("fen")->as_string(), p.fen());
  }
  // A pass in Korean and UCI; moves are shown in Korean notation and UCI.
  const Result pass = run_gibo({"explore", "--db", db_, "--moves", "한수쉼 e9e9", "--format", "json"});
  ASSERT_EQ(pass.status, 0) << pass.err;
  const Result text = run_gibo({"explore", "--db", db_, "--setup", "HEHE,HEHE"});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("79졸78"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("i4h4"), std::string::npos) << text.out;
  const Result san = run_gibo({"explore", "--db", db_, "--setup", "HEHE,HEHE", "--notation", "san"});
  EXPECT_EQ(san.out.find("79졸78"), std::string::npos) << san.out;
  EXPECT_NE(san.out.find("Pih4"), std::string::npos) << san.out;
  // Errors name the ply and what was expected.
  const Result bad = run_gibo({"explore", "--db", db_, "--moves", "79졸78 41병42 zz"});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("ply 3 'zz'"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("Korean notation"), std::string::npos) << bad.err;
  const Result wrong = run_gibo({"explore", "--db", db_, "--moves", "79마78"});
  EXPECT_EQ(wrong.status, 2);
  EXPECT_NE(wrong.err.find("ply 1 '79마78'"), std::string::npos) << wrong.err;
  EXPECT_EQ(run_gibo({"explore", "--db", db_, "--notation", "kanji"}).status, 2);
}

// import builds the position index as it stores games, so the first query finds it
// ready and says nothing; an archive without it (as an older gibo wrote them) is indexed
// once by the first query, which says so, and answers the same.
TEST_F(ExploreCli, ImportIndexesAndAnOlderArchiveIsIndexedOnce) {
  TempDir dir;
  const std::string db = (dir.path() / "a.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus}).status, 0);
  auto scalar = [&](const std::string& sql) { return sql_value(db, sql, true); };
  EXPECT_EQ(scalar("SELECT value FROM position_meta WHERE key = 'through'"), scalar("SELECT max(id) FROM games"));
  EXPECT_EQ(scalar("SELECT value FROM position_meta WHERE key = 'games'"), std::to_string(corpus().games.size()));
  const Result first = run_gibo({"explore", "--db", db, "--setup", "HEHE,HEHE", "--format", "json"});
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_EQ(first.err, "");
  // An archive without the index tables.
  scalar("DROP TABLE position_meta");
  scalar("DROP TABLE position_segments");
  scalar("DROP TABLE position_blocks");
  scalar("DROP TABLE position_games");
  const Result older = run_gibo({"explore", "--db", db, "--setup", "HEHE,HEHE", "--format", "json"});
  ASSERT_EQ(older.status, 0) << older.err;
  EXPECT_NE(older.err.find("indexing the positions of " + std::to_string(corpus().games.size()) + " games"),
            std::string::npos)
      << older.err;
  EXPECT_EQ(older.out, first.out);
  const Result again = run_gibo({"explore", "--db", db, "--setup", "HEHE,HEHE", "--format", "json"});
  EXPECT_EQ(again.err, "");
  EXPECT_EQ(again.out, first.out);
}

TEST_F(ExploreCli, WhereSelectsTheSameGamesAsTheTags) {
  const std::string start = most_common_start();
  const Expected modern =
      expected(corpus().at.at(start), [](const gibo::testing::CorpusGame& g) { return g.year && *g.year >= 2010; });
  // The selection keeps some games and drops others.
  EXPECT_GT(modern.games, 0);
  EXPECT_LT(modern.games, expected(corpus().at.at(start)).games);
  expect_explore(db_, {"--fen", start, "--where", "year >= 2010"}, modern);
}

TEST_F(ExploreCli, GamePositionIsTheRecordsPosition) {
  // The ply-6 position of a corpus game, named by --game, gives the games the walk finds there.
  const auto& g = corpus().games.front();
  std::string key;
  for (const auto& [k, visits] : corpus().at)
    for (const auto& v : visits)
      if (v.game == 0 && v.ply == 6) key = k;
  ASSERT_FALSE(key.empty());
  expect_explore(db_, {"--game", kCorpus + "/" + g.file + ":1@6"}, expected(corpus().at.at(key)));
}

TEST_F(ExploreCli, SearchListsEveryGameWithItsPly) {
  const std::string key = a_transposition();
  const Result r = run_gibo({"search", "--db", db_, "--fen", key, "--format", "jsonl"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::vector<std::string> got, want;
  for (const std::string& line : r.out_lines()) {
    const auto v = parse_json(line);
    EXPECT_EQ(v.find("type")->as_string(), "game");
    got.push_back(fs::path(v.find("file")->as_string()).filename().string() + ":" + std::to_string(number(v, "index")) +
                  "@" + std::to_string(number(v, "ply")) + " " + v.find("next")->as_string());
  }
  for (const Occurrence& o : corpus().at.at(key)) {
    const auto& g = corpus().games[o.game];
    want.push_back(g.file + ":" + std::to_string(g.index) + "@" + std::to_string(o.ply) + " " + o.next);
  }
  std::sort(got.begin(), got.end());
  std::sort(want.begin(), want.end());
  EXPECT_EQ(got, want);
  // Text: one line per game as gibo show takes it, and the count.
  const Result text = run_gibo({"search", "--db", db_, "--fen", key});
  ASSERT_EQ(text.status, 0);
  const auto lines = text.out_lines();
  ASSERT_EQ(lines.size(), want.size() + 1);
  EXPECT_NE(lines.back().find(std::to_string(want.size()) + " games reach"), std::string::npos);
  const std::string ref = lines.front().substr(0, lines.front().find(' '));
  const Result shown = run_gibo({"show", ref});
  EXPECT_EQ(shown.status, 0) << ref << shown.err;
  EXPECT_NE(shown.out.find(key), std::string::npos) << ref;
}

TEST_F(ExploreCli, TextAndHtml) {
  const std::string start = most_common_start();
  const Result text = run_gibo({"explore", "--db", db_, "--fen", start});
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_NE(text.out.find("a  b  c  d  e  f  g  h  i"), std::string::npos);  // the diagram
  EXPECT_NE(text.out.find("move    uci"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find(std::to_string(expected(corpus().at.at(start)).games) + " games reach"), std::string::npos);
  const std::string html_path = (dir_->path() / "e.html").string();
  const Result html = run_gibo({"explore", "--db", db_, "--fen", start, "--format", "html", "-o", html_path});
  ASSERT_EQ(html.status, 0) << html.err;
  const std::string page = gibo::testing::slurp(html_path);
  EXPECT_TRUE(is_offline_page(page));
  EXPECT_NE(page.find("<svg"), std::string::npos);
  EXPECT_NE(page.find("<table>"), std::string::npos);
  EXPECT_EQ(page.find("href="), std::string::npos);
}

TEST_F(ExploreCli, HtmlRendersInHeadlessChromium) {
  GIBO_REQUIRE_CHROMIUM();
  const fs::path html = dir_->path() / "render.html", png = dir_->path() / "render.png";
  const Result r = run_gibo({"explore", "--db", db_, "--fen", most_common_start(), "--format", "html", "-o", html.string()});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string script = std::string(GIBO_TEST_DATA) + "/../report/render_html.sh";
  const std::string log = (dir_->path() / "render.log").string();
  const std::string cmd = "bash " + gibo::testing::shell_quote(script) + " " + gibo::testing::shell_quote(html.string()) +
                          " " + gibo::testing::shell_quote(png.string()) + " 1280 900 moves > " +
                          gibo::testing::shell_quote(log) + " 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << gibo::testing::slurp(log);
  EXPECT_GT(fs::exists(png) ? fs::file_size(png) : 0, 10000u);
}

TEST_F(ExploreCli, HelpNamesTheOptions) {
  for (const char* command : {"explore", "search"}) {
    const Result r = run_gibo({command, "--help"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("--db"), std::string::npos);
    EXPECT_NE(r.out.find("--where"), std::string::npos);
    EXPECT_NE(r.out.find("exit status"), std::string::npos);
    EXPECT_NE(r.out.find("1 when the archive holds no game"), std::string::npos) << r.out;  // the page
    EXPECT_EQ(run_gibo({command, "-h"}).out.find("1 when the archive holds no game"), std::string::npos);
  }
}

TEST_F(ExploreCli, BadInputIsAClearError) {
  struct Case {
    std::vector<std::string> args;
    int status;
    std::string message;
  };
  const std::string empty = (dir_->path() / "empty.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", empty, "/dev/null"}).status, 1);
  const std::string not_archive = (dir_->path() / "plain.txt").string();
  std::ofstream(not_archive) << "not a database";
  const std::vector<Case> cases = {
      {{"explore", "--db", db_, "--fen", "rnbakabnr/9 w"}, 2, "--fen:"},
      {{"explore", "--db", db_, "--moves", "c4c5 c7c6 e2e2 b1b9"}, 2, "--moves: ply 4 'b1b9'"},
      {{"search", "--db", db_, "--moves", "c4c5 zz"}, 2, "--moves: ply 2 'zz'"},
      {{"explore", "--db", db_, "--where", "no_such_field = 1"}, 2, "--where: no such column: no_such_field"},
      {{"explore", "--db", db_, "--where", "year >="}, 2, "--where:"},
      {{"explore", "--db", db_, "--format", "xml"}, 2, "--format"},
      {{"search", "--db", db_}, 2, "give the position"},
      {{"explore", "--fen", "x"}, 2, "--db FILE is required"},
      {{"explore", "--db", db_, "--game", kCorpus + "/pobsiz_tyson_mgame.gib:99@1"}, 2, "no game 99"},
      {{"explore", "--db", db_, "--game", kCorpus + "/pobsiz_tyson_mgame.gib:1@9999"}, 2, "no ply 9999"},
      {{"explore", "--db", db_, "--game", kCorpus + "/missing.gib@1"}, 3, "missing.gib"},
      {{"explore", "--db", db_, "--game", kCorpus + "/pobsiz_tyson_mgame.gib@1", "--fen", "x"}, 2, "not both"},
      {{"explore", "--db", empty}, 1, "holds no games"},
      {{"search", "--db", empty, "--moves", "c4c5"}, 1, "holds no games"},
      {{"explore", "--db", not_archive}, 3, "plain.txt"},
      {{"explore", "--db", (dir_->path() / "missing.db").string()}, 3, "missing.db"},
      {{"explore", "--db", db_, "-o", db_}, 2, "refusing to overwrite"},
  };
  for (const Case& c : cases) {
    const Result r = run_gibo(c.args);
    EXPECT_EQ(r.status, c.status) << c.args.back() << ": " << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // The archive is still whole after the refused output.
  EXPECT_EQ(run_gibo({"explore", "--db", db_}).status, 0);
}

TEST_F(ExploreCli, APassIsTheGeneralsSquareTwice) {
  // A position where a game passed: the walk's UCI for it is the general's square twice.
  for (const auto& [key, visits] : corpus().at)
    for (const Occurrence& v : visits) {
      if (v.next.size() < 4 || v.next.substr(0, v.next.size() / 2) != v.next.substr(v.next.size() / 2)) continue;
      const Result r = run_gibo({"explore", "--db", db_, "--fen", key, "--format", "json"});
      ASSERT_EQ(r.status, 0) << r.err;
      EXPECT_NE(r.out.find("\"uci\":\"" + v.next + "\""), std::string::npos) << key;
      return;
    }
  FAIL() << "the corpus holds no pass any more: choose another test position";
}

}  // namespace
