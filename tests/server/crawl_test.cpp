// Issue 42 item 2: everything reachable. A Site on an archive imported from real cuts
// (tests/data/corpus and tests/data/events) is crawled from its four entries: every link
// of every page answers 200 with a page that has the site's navigation (the explorer's and
// the games lists' links followed to two plies deep and each game's viewer at its first
// plies, where the positions and plies would otherwise multiply). The list pages search by
// name and page; two archives served in one process each have their own reports.
#include <gtest/gtest.h>

#include <deque>
#include <regex>
#include <set>

#include "../cli/run_gibo.h"
#include "gibo/report/pages.h"
#include "links.h"
#include "report/page_players.h"
#include "report/stats_load.h"
#include "server/routes.h"

namespace {

using namespace gibo::testing;  // run_gibo, kCorpus, kData, TempDir, hrefs
using gibo::server::ServeOptions;
using gibo::server::Site;

// Is `link` one the crawl follows: not within the page, and for the explorer and the games
// lists at most two plies down, for the viewer its first two plies.
bool followed(const std::string& link) {
  if (link.empty() || link[0] == '#') return false;
  if (link.rfind("/explore", 0) == 0 || link.rfind("/games", 0) == 0) {
    const std::size_t moves = link.find("moves=");
    if (moves == std::string::npos) return true;
    const std::string list = link.substr(moves, link.find('&', moves) - moves);
    return std::count(list.begin(), list.end(), ',') < 2;
  }
  const std::size_t ply = link.find("?ply=");
  if (link.rfind("/game/", 0) == 0 && ply != std::string::npos) return std::stoi(link.substr(ply + 5)) <= 1;
  return true;
}

TEST(Crawl, EveryLinkOfARealArchiveAnswers) {
  gibo::testing::TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus, kData + "/events"}).status, 0);
  ServeOptions o;
  o.db = db;
  auto site = Site::open(o);
  ASSERT_TRUE(site.has_value());
  std::deque<std::pair<std::string, std::string>> queue{{"/", ""}, {"/players", ""}, {"/events", ""}, {"/stats", ""}};
  std::set<std::string> seen{"/", "/players", "/events", "/stats"};
  std::set<std::string> kinds;
  while (!queue.empty()) {
    const auto [target, from] = queue.front();
    queue.pop_front();
    const auto reply = (*site)->get(target);
    ASSERT_EQ(reply.status, 200) << target << " from " << from;
    EXPECT_NE(reply.body.find("<nav class=\"site\"><a href=\"/\">"), std::string::npos) << target;
    kinds.insert(target.substr(0, std::min(target.find('?'), target.rfind("/game/", 0) == 0 ? 6 : target.size())));
    for (const std::string& l : hrefs(reply.body)) {
      EXPECT_EQ(l.rfind("/", 0) == 0 || l.rfind("#", 0) == 0, true) << l << " on " << target;
      if (followed(l) && seen.insert(l).second) queue.emplace_back(l, target);
    }
  }
  EXPECT_GT(seen.size(), 1000u);
  for (const char* k : {"/", "/explore", "/games", "/game/", "/player", "/players", "/event", "/events", "/stats"})
    EXPECT_TRUE(kinds.count(k)) << k;
}

TEST(Crawl, ListsSearchByNameAndPage) {
  gibo::testing::TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus, kData + "/corpus_sample", kData + "/events"}).status, 0);
  ServeOptions o;
  o.db = db;
  auto site = Site::open(o);
  ASSERT_TRUE(site.has_value());
  const std::string all = (*site)->get("/players").body;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(all, m, std::regex("rows 1–([0-9]+) of ([0-9,]+)")));
  const int rows = std::stoi(std::regex_replace(m[2].str(), std::regex(","), ""));
  ASSERT_GT(rows, 100) << "the cut has a second page of players";
  EXPECT_EQ(m[1].str(), "100");
  EXPECT_NE(all.find("<a rel=\"next\" href=\"/players?page=2\">"), std::string::npos);
  // The second page holds the rest; a page past the last shows the last.
  const std::string second = (*site)->get("/players?page=2").body;
  EXPECT_NE(second.find("rows 101–" + std::to_string(std::min(rows, 200))), std::string::npos);
  EXPECT_EQ((*site)->get("/players?page=999").body.find("page 999"), std::string::npos);
  // Any player of the second page is found by name from the first (two clicks: search, then the name).
  ASSERT_TRUE(std::regex_search(second, m, std::regex("<a href=\"(/player\\?name=[^\"]+)\">([^<]+)</a>")));
  const std::string name = m[2].str(), link = m[1].str();
  const std::string found = (*site)->get("/players?q=" + gibo::pages::url_encode(name)).body;
  EXPECT_NE(found.find("<a href=\"" + link + "\">"), std::string::npos) << name;
  EXPECT_EQ((*site)->get(std::regex_replace(link, std::regex("&amp;"), "&")).status, 200);
  // Letters in either case; nothing found says so.
  EXPECT_NE((*site)->get("/players?q=zzzzqqq").body.find("rows 0–0 of 0"), std::string::npos);
  // The events list too.
  const std::string events = (*site)->get("/events?q=KBS").body;
  EXPECT_NE(events.find("<input type=\"search\" name=\"q\" value=\"KBS\""), std::string::npos);
  auto total = [](const std::string& page) {
    std::smatch n;
    return std::regex_search(page, n, std::regex("rows [0-9,]+–[0-9,]+ of ([0-9,]+)")) ? n[1].str() : std::string("?");
  };
  EXPECT_NE(total(events), "0");
  EXPECT_EQ(total(events), total((*site)->get("/events?q=kbs").body));
  EXPECT_NE(total(events), total((*site)->get("/events").body));
}

// An event's games are paged as the lists are (one pager): a knockout of 50 real games
// (tests/data/events) at 20 a page shows rows 21–40 on page 2, its links step between the
// pages, and the pages together list each game once; through the server (100 a page) a
// page past the last shows the last.
TEST(Crawl, AnEventsGamesArePaged) {
  gibo::testing::TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, kData + "/events"}).status, 0);
  auto archive = gibo::archive::Archive::open(db, gibo::archive::OpenMode::ReadOnly);
  ASSERT_TRUE(archive.has_value());
  gibo::stats::LoadOptions lo;
  lo.boards = false;
  gibo::stats::Dataset data;
  ASSERT_FALSE(gibo::stats::load_archive(**archive, "", lo, data).has_value());
  const gibo::stats::Report r = gibo::stats::aggregate_people(data);
  const std::string name = "제 3회 KBS 장기왕전", date = "2002-07-28";
  const gibo::stats::EventReport* e = gibo::pages::find_event(r, name, date);
  ASSERT_NE(e, nullptr);
  ASSERT_EQ(e->games.size(), 50u);
  std::set<std::string> games;
  std::size_t listed = 0;
  for (long page = 1; page <= 3; ++page) {
    const auto body = gibo::pages::event_page(r, name, date, gibo::pages::ListPage::at(page, 20));
    ASSERT_TRUE(body.has_value());
    const std::string first = std::to_string(page * 20 - 19), last = std::to_string(std::min(50L, page * 20));
    EXPECT_NE(body->find("rows " + first + "–" + last + " of 50"), std::string::npos) << page;
    const std::vector<std::string> links = hrefs(*body);
    for (const std::string& l : links)
      if (l.rfind("/game/", 0) == 0) games.insert(l), ++listed;
    const std::string next = gibo::pages::event_href(name, date) + "&page=" + std::to_string(page + 1);
    EXPECT_EQ(std::count(links.begin(), links.end(), next) > 0, page < 3) << page;
  }
  EXPECT_EQ(games.size(), 50u);
  EXPECT_EQ(listed, 50u);  // each on one page only
  ServeOptions o;
  o.db = db;
  auto site = Site::open(o);
  ASSERT_TRUE(site.has_value());
  const auto past = (*site)->get(gibo::pages::event_href(name, date) + "&page=9");
  EXPECT_EQ(past.status, 200);
  EXPECT_NE(past.body.find("rows 1–50 of 50"), std::string::npos);
}

TEST(Crawl, TwoArchivesInOneProcessEachHaveTheirOwnReports) {
  gibo::testing::TempDir dir;
  const std::string a = (dir.path() / "a.db").string(), b = (dir.path() / "b.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", a, kCorpus}).status, 0);
  ASSERT_EQ(run_gibo({"import", "--db", b, kData + "/events"}).status, 0);
  ServeOptions oa, ob;
  oa.db = a;
  ob.db = b;
  auto sa = Site::open(oa);
  auto sb = Site::open(ob);
  ASSERT_TRUE(sa.has_value() && sb.has_value());
  const std::string stats_a = (*sa)->get("/stats").body, stats_b = (*sb)->get("/stats").body;
  EXPECT_NE(stats_a.find("a.db"), std::string::npos);
  EXPECT_EQ(stats_a.find("b.db"), std::string::npos);
  EXPECT_NE(stats_b.find("b.db"), std::string::npos);
  EXPECT_EQ(stats_b.find("a.db"), std::string::npos);
  EXPECT_NE((*sa)->get("/players").body, (*sb)->get("/players").body);
}

}  // namespace
