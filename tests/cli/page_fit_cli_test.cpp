// Issue 42 item 3: pages that fit. `gibo serve` on real cuts (tests/data/corpus, events; one
// game analysed by the real engine, so the viewer draws its graph) is loaded in headless
// Chromium at 1280 and 390 pixels wide, every page type: the viewer, the set-ups, the
// explorer, the players, a player, a players' search, the events, an event and the
// statistics report. tests/browser/page_fit.py measures in the page that nothing is wider
// than the viewport and that no element runs out of its box or its card (unless inside a
// box that scrolls); its screenshots stay in the build folder (page_fit/NAME-WIDTH.png).
#include <gtest/gtest.h>

#include <csignal>
#include <filesystem>
#include <regex>
#include <string>
#include <vector>

#include "../required_tool.h"
#include "run_gibo.h"
#include "serve_client.h"

namespace {

using namespace gibo::testing;

// The first link of `page` to `prefix`, its &amp; undone; "" when none.
std::string first_link(const std::string& page, const std::string& prefix) {
  std::smatch m;
  if (!std::regex_search(page, m, std::regex("href=\"(" + prefix + "[^\"]*)\""))) return "";
  return std::regex_replace(m[1].str(), std::regex("&amp;"), "&");
}

TEST(PageFit, EveryPageTypeFitsAt1280And390PixelsInChromium) {
  GIBO_REQUIRE_CHROMIUM();
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus + "/pobsiz_2010_prolegue_g001.gib"}).status, 0);
  ASSERT_EQ(run_gibo({"analyze", "--db", db, "--depth", "4", "--option", "Threads=1"}).status, 0);
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus, kData + "/events"}).status, 0);
  const std::string out = (dir.path() / "serve.out").string(), err = (dir.path() / "serve.err").string();
  int pid = 0;
  const int port = start_server("", db, out, err, pid);
  ASSERT_GT(port, 0) << slurp(err);
  const std::string player = first_link(get(port, "/players").body, "/player\\?name=");
  const std::string event = first_link(get(port, "/events").body, "/event\\?name=");
  ASSERT_FALSE(player.empty());
  ASSERT_FALSE(event.empty());
  const std::string shots = (std::filesystem::path(GIBO_BINARY).parent_path() / "page_fit").string();
  const std::string browser = on_path("chromium") ? "chromium" : "chromium-browser";
  // (Appended piece by piece: GCC 12 warns of an overlap, wrongly, in "literal" + string chains here.)
  std::string cmd = "python3 ";
  cmd.append(shell_quote(GIBO_TEST_DATA "/../browser/page_fit.py")).append(" ").append(browser);
  cmd.append(" http://127.0.0.1:").append(std::to_string(port)).append(" ").append(shell_quote(shots)).append(" 1280,390");
  std::vector<std::string> pages{"viewer=/game/1?ply=30", "setups=/", "explorer=/explore?setup=HEEH,HEEH&moves=i4h4",
                                 "players=/players", "search=/players?q=%EA%B9%80", "events=/events", "stats=/stats"};
  pages.push_back(std::string("player=").append(player));
  pages.push_back(std::string("event=").append(event));
  for (const std::string& page : pages) cmd.append(" ").append(shell_quote(page));
  const std::string report = (dir.path() / "fit.txt").string();
  const int status = std::system((cmd + " > " + shell_quote(report) + " 2>&1").c_str());
  ::kill(pid, SIGTERM);
  EXPECT_EQ(status, 0) << slurp(report);
  EXPECT_EQ(slurp(report), "");
  for (const char* name : {"viewer-390.png", "stats-1280.png", "event-390.png"})
    EXPECT_GT(std::filesystem::file_size(std::filesystem::path(shots) / name), 1000u) << name;
}

}  // namespace
