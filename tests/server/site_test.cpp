// The server's routes without the network (src/server/routes.h): a Site opened on a real
// archive of the corpus answers each route with a whole page, refuses what is not a route
// or not a valid query with the status the README gives, gives the same bytes for the same
// target whichever Site and thread asks, and never writes the archive. The sockets, the
// limits and the signals are tested through the program (tests/cli/serve_cli_test.cpp).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "links.h"
#include "server/routes.h"

namespace {

namespace fs = std::filesystem;
using gibo::server::Reply;
using gibo::server::ServeOptions;
using gibo::server::Site;

std::string bytes_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class SiteTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() / ("gibo-site-test-" + std::to_string(::getpid())));
    fs::create_directories(*dir_);
    db_ = (*dir_ / "games.db").string();
    const std::string cmd = std::string("'") + GIBO_BINARY + "' import --db '" + db_ + "' '" + GIBO_TEST_DATA +
                            "/corpus' > /dev/null 2>&1";
    ASSERT_EQ(std::system(cmd.c_str()), 0);
  }
  static void TearDownTestSuite() {
    std::error_code ec;
    fs::remove_all(*dir_, ec);
    delete dir_;
  }
  static std::unique_ptr<Site> open_site() {
    ServeOptions o;
    o.db = db_;
    auto site = Site::open(o);
    EXPECT_TRUE(site.has_value()) << (site ? "" : site.error().message);
    return site ? std::move(site).value() : nullptr;
  }
  static fs::path* dir_;
  static std::string db_;
};
fs::path* SiteTest::dir_ = nullptr;
std::string SiteTest::db_;

// The pages a user reaches from the start page, one per route.
const std::vector<std::string> kPages = {"/",
                                         "/explore?setup=HEHE,HEHE&moves=i4h4",
                                         "/games?setup=HEHE,HEHE",
                                         "/game/1",
                                         "/game/1?ply=10",
                                         "/stats",
                                         "/players",
                                         "/events",
                                         "/search",
                                         "/search?pattern=check+then+within+2+check",
                                         "/search?pattern=check&page=2"};

TEST_F(SiteTest, EveryRouteAnswersWithAWholePage) {
  auto site = open_site();
  ASSERT_TRUE(site);
  for (const std::string& target : kPages) {
    SCOPED_TRACE(target);
    const Reply r = site->get(target);
    EXPECT_EQ(r.status, 200) << r.body.substr(0, 300);
    EXPECT_EQ(r.content_type, "text/html; charset=utf-8");
    EXPECT_EQ(r.body.rfind("<!DOCTYPE html>\n<html", 0), 0u);
    EXPECT_TRUE(r.body.size() > 8 && r.body.compare(r.body.size() - 8, 8, "</html>\n") == 0);
  }
}

TEST_F(SiteTest, RefusesWhatIsNotARouteOrNotAQuery) {
  auto site = open_site();
  ASSERT_TRUE(site);
  const std::map<std::string, int> refused = {
      {"/nowhere", 404},         {"/game/0", 404},  {"/game/999999", 404}, {"/game/x", 404},
      {"/player", 400},          {"/player?name=%EC%97%86%EB%8A%94%EC%82%AC%EB%9E%8C", 404},
      {"/explore?moves=zz9", 400}, {"/explore?setup=XXXX,HEHE", 400}, {"/../etc/passwd", 404},
      {"/search?pattern=R+%3E%3D+x", 400}, {"/search?pattern=K+%3E%3D+2", 400},
  };
  for (const auto& [target, status] : refused) {
    const Reply r = site->get(target);
    EXPECT_EQ(r.status, status) << target << ": " << r.body.substr(0, 300);
    // An error is a page too, never an empty body.
    EXPECT_NE(r.body.find("</html>"), std::string::npos) << target;
  }
}

// Each connection has its own Site (routes.h): eight at once, in threads, each asking for
// every page five times, get the bytes one Site gives alone.
TEST_F(SiteTest, SitesInThreadsGiveTheSameBytesAsOneAlone) {
  std::map<std::string, std::string> alone;
  {
    auto site = open_site();
    ASSERT_TRUE(site);
    for (const std::string& t : kPages) alone[t] = site->get(t).body;
  }
  std::vector<std::thread> threads;
  std::vector<int> same(8, 0);
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&, i] {
      auto site = open_site();
      if (!site) return;
      for (int k = 0; k < 5; ++k)
        for (std::size_t j = 0; j < kPages.size(); ++j) {
          const std::string& t = kPages[(i + j) % kPages.size()];
          same[i] += site->get(t).body == alone.at(t);
        }
    });
  for (auto& t : threads) t.join();
  for (int i = 0; i < 8; ++i) EXPECT_EQ(same[i], 5 * static_cast<int>(kPages.size())) << "thread " << i;
}

// The games list's site filter keeps the games whose site holds the text, case and all,
// the same on either backend (no SQLite-only function).
TEST_F(SiteTest, TheSiteFilterKeepsTheGamesWhoseSiteHoldsTheText) {
  auto site = open_site();
  ASSERT_TRUE(site);
  auto games_listed = [&](const std::string& target) {
    const Reply r = site->get(target);
    EXPECT_EQ(r.status, 200) << target;
    std::size_t n = 0;
    for (std::size_t at = r.body.find("href=\"/game/"); at != std::string::npos; at = r.body.find("href=\"/game/", at + 1)) ++n;
    return n;
  };
  const std::string games = "/games?setup=HEHE,HEHE";  // 31 corpus games start there, some on Kakao
  const std::size_t all = games_listed(games);
  const std::size_t kakao = games_listed(games + "&site=Kakao");
  EXPECT_GT(kakao, 0u);
  EXPECT_LT(kakao, all);
  EXPECT_EQ(games_listed(games + "&site=kakao"), 0u);  // case counts
  EXPECT_EQ(games_listed(games + "&site=%EC%97%86%EB%8A%94%EA%B3%B3"), 0u);
}

TEST_F(SiteTest, NeverWritesTheArchive) {
  const std::string before = bytes_of(db_);
  const auto mtime = fs::last_write_time(db_);
  {
    auto site = open_site();
    ASSERT_TRUE(site);
    for (const std::string& t : kPages) site->get(t);
  }
  EXPECT_EQ(fs::last_write_time(db_), mtime);
  EXPECT_TRUE(bytes_of(db_) == before);
  for (const char* side : {"-wal", "-journal"}) EXPECT_FALSE(fs::exists(db_ + side)) << side;
}

TEST_F(SiteTest, AnArchiveThatIsNotThereIsAnError) {
  ServeOptions o;
  o.db = (*dir_ / "missing.db").string();
  const auto site = Site::open(o);
  ASSERT_FALSE(site.has_value());
  EXPECT_NE(site.error().message.find("missing.db"), std::string::npos) << site.error().message;
  EXPECT_FALSE(fs::exists(o.db));  // not created by the attempt
}

}  // namespace

namespace {

// The games a games page lists (one viewer link a game).
int listed(const std::string& body) {
  int n = 0;
  for (std::size_t at = 0; (at = body.find("href=\"/game/", at)) != std::string::npos; ++at) ++n;
  return n;
}

// The explorer names what a move starts and what a position holds (issue 33), each name a
// link to the games here that hold it: the study file's ten games reach the named line
// YG-MJ and hold it; a formation no game here holds lists none; a malformed code is refused.
// The search page: its form keeps the pattern; each game found is a link into the viewer at
// the ply of its match, with its board there; a refused pattern says why, by its column.
TEST_F(SiteTest, TheSearchPageLinksEachMatchIntoTheViewer) {
  auto site = open_site();
  ASSERT_TRUE(site);
  const Reply r = site->get("/search?pattern=final+and+mate");
  ASSERT_EQ(r.status, 200);
  EXPECT_NE(r.body.find("value=\"final and mate\""), std::string::npos);
  const std::size_t link = r.body.find("<a href=\"/game/");
  ASSERT_NE(link, std::string::npos) << r.body.substr(0, 2000);
  EXPECT_NE(r.body.find("<svg", link), std::string::npos);  // the board at the match
  const std::string target = r.body.substr(link + 9, r.body.find('"', link + 9) - link - 9);
  EXPECT_NE(target.find("?ply="), std::string::npos) << target;
  EXPECT_EQ(site->get(target).status, 200) << target;
  // A page past the last shows the last page, each game with its board.
  const Reply past = site->get("/search?pattern=final+and+mate&page=999");
  ASSERT_EQ(past.status, 200);
  std::size_t figures = 0, boards = 0;
  for (std::size_t at = 0; (at = past.body.find("<figure>", at)) != std::string::npos; ++at, ++figures)
    boards += past.body.find("<svg", at) < past.body.find("</figure>", at);
  EXPECT_GT(figures, 0u);
  EXPECT_EQ(boards, figures);
  const Reply bad = site->get("/search?pattern=R+%3E%3D+x");
  EXPECT_NE(bad.body.find("column 6"), std::string::npos) << bad.body.substr(0, 2000);
}

TEST_F(SiteTest, EachNameLinksToItsGames) {
  auto site = open_site();
  ASSERT_TRUE(site);
  const std::string line = "setup=HEEH,EHHE&moves=h1g3,g10f8,h3e3,a7b7,e3e7,a10a6,e7e3,h8e8,i4h4,h10f7";
  const Reply before = site->get("/explore?" + line);
  ASSERT_EQ(before.status, 200);
  const std::string in_href = "setup=HEEH,EHHE&amp;" + line.substr(line.find("moves="));  // as the page escapes it
  const std::string to_games = "/games?" + in_href + ",e4d4&amp;opening=YG-MJ";
  EXPECT_NE(before.body.find("starts: line: <a href=\"" + to_games + "\" title=\"YG-MJ\">both-corner horses giving the face "
                             "soldier</a>"),
            std::string::npos)
      << before.body;
  const Reply here = site->get("/explore?" + line + ",e4d4");
  EXPECT_NE(here.body.find("opening names here: Cho: <a href=\"/games?" + in_href + ",e4d4&amp;opening=MP\""),
            std::string::npos)
      << here.body;
  const std::string games = "/games?" + line + ",e4d4";
  EXPECT_EQ(listed(site->get(games + "&opening=YG-MJ").body), 10);
  EXPECT_EQ(listed(site->get(games + "&opening=MP").body), listed(site->get(games).body));
  EXPECT_EQ(listed(site->get(games + "&opening=GL").body), 0);
  EXPECT_EQ(site->get(games + "&opening=x'--").status, 400);
}

}  // namespace

// A game's page names its copies, linked, with what each says otherwise; a copy's page
// names its game (issue 40), on an archive of the real archive's cuts (tests/data/twins).
TEST(SiteCopies, AGamesPageNamesItsCopiesAndTheirConflicts) {
  const fs::path dir = fs::temp_directory_path() / ("gibo-site-copies-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string db = (dir / "twins.db").string();
  const std::string twins = std::string(GIBO_TEST_DATA) + "/twins";
  const std::string cmd = std::string("'") + GIBO_BINARY + "' import --db '" + db + "' '" + twins + "/amateur052_g059.gib' '" +
                          twins + "/hangame_research_g003.gib' '" + twins + "/hangame_kibo_g002.gib' '" + twins +
                          "/hangame_kibo_g029.gib' > /dev/null 2>&1";
  ASSERT_EQ(std::system(cmd.c_str()), 0);
  {
    ServeOptions o;
    o.db = db;
    auto site = Site::open(o);
    ASSERT_TRUE(site.has_value()) << site.error().message;
    // Records 1 and 3 are games; 2 and 4 their copies (in import order).
    const Reply game = (*site)->get("/game/1");
    ASSERT_EQ(game.status, 200);
    EXPECT_NE(game.body.find("<a href=\"/game/2\">"), std::string::npos) << game.body;
    EXPECT_NE(game.body.find("hangame_research_g003.gib:1"), std::string::npos);
    EXPECT_NE(game.body.find("says otherwise: Cho's player, Han's player"), std::string::npos) << game.body;
    const Reply other = (*site)->get("/game/3");
    EXPECT_NE(other.body.find("says otherwise: the date"), std::string::npos);
    const Reply copy = (*site)->get("/game/2");
    ASSERT_EQ(copy.status, 200);
    EXPECT_NE(copy.body.find("A copy of the game <a href=\"/game/1\">"), std::string::npos) << copy.body;
    // Every player link answers (the report counts a game's players, not a copy's other
    // names: the real archive's copies linked six names to a 404): the game links both
    // its players, the copy, whose players say otherwise, fewer.
    auto player_links = [](const std::string& body) {
      std::vector<std::string> out;
      for (const std::string& href : gibo::testing::hrefs(body))
        if (href.rfind("/player?name=", 0) == 0) out.push_back(href);
      return out;
    };
    const auto linked = player_links(game.body), copy_linked = player_links(copy.body);
    EXPECT_EQ(linked.size(), 2u) << game.body;
    EXPECT_LT(copy_linked.size(), 2u) << copy.body;
    for (const auto& links : {linked, copy_linked})
      for (const std::string& href : links) EXPECT_EQ((*site)->get(href).status, 200) << href;
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
}
