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
                                         "/events"};

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
