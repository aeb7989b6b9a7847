// Issue 39 item 4: one count per concept. The collection's counts (players as identities,
// sites, event names, events, matches, pools of casual games, games from a set-up pair and
// from a position of their own) are the same in `gibo stats`'s text, CSV, JSON and HTML, in
// `gibo explore`'s set-up table, and on gibo serve's /stats, /players and /events, on an
// archive of real records (the identity and event cuts, corpus_sample and the corpus).
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <string>

#include "../cli/run_gibo.h"
#include "server/routes.h"

namespace {

namespace fs = std::filesystem;
using gibo::server::ServeOptions;
using gibo::server::Site;
using gibo::testing::kData;
using gibo::testing::run_gibo;

// The counts and the labels `gibo stats` gives them (the overview table's key and item).
const std::vector<std::pair<std::string, std::string>> kCounts = {
    {"players", "players (identities)"},
    {"sites", "sites"},
    {"event_names", "event names"},
    {"events", "events (competitions)"},
    {"matches", "matches (two players)"},
    {"casual_pools", "pools of casual games"},
    {"standard_starts", "games from a set-up pair"},
    {"custom_starts", "games from a custom start"}};

long number_in(std::string text) {
  text.erase(std::remove(text.begin(), text.end(), ','), text.end());
  return std::stol(text);
}

// The number after `label` in `text`, read by `pattern` (one group: the digits).
long after(const std::string& text, const std::string& pattern) {
  std::smatch m;
  const std::regex re(pattern);
  if (!std::regex_search(text, m, re)) {
    ADD_FAILURE() << "no match for " << pattern;
    return -1;
  }
  return number_in(m[1]);
}

std::string escaped(const std::string& label) { return std::regex_replace(label, std::regex(R"([()])"), R"(\$&)"); }

TEST(Counts, TheSameInEveryOutput) {
  gibo::testing::TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, kData + "/identity", kData + "/events/pobsiz_kbs3_knockout.gib",
                      kData + "/events/pobsiz_friendly1_league_final.gib", kData + "/corpus_sample", kData + "/corpus"})
                .status,
            0);
  std::map<std::string, long> json_counts;
  const auto json = run_gibo({"stats", "--db", db, "--format", "json"});
  for (const auto& [key, label] : kCounts)
    json_counts[key] = after(json.out, R"re("key": ")re" + key + R"re(", "value": "([0-9]+)")re");
  EXPECT_GT(json_counts["players"], 100);
  EXPECT_GT(json_counts["events"], 0);
  EXPECT_GT(json_counts["matches"], 0);
  EXPECT_GT(json_counts["casual_pools"], 0);
  EXPECT_GT(json_counts["custom_starts"], 0);
  const auto csv = run_gibo({"stats", "--db", db, "--format", "csv"});
  const auto text = run_gibo({"stats", "--db", db});
  const auto html = run_gibo({"stats", "--db", db, "--format", "html"});
  for (const auto& [key, label] : kCounts) {
    EXPECT_EQ(after(csv.out, "\noverview," + key + ",([0-9]+)\n"), json_counts[key]) << key;
    EXPECT_EQ(after(text.out, "\n  " + escaped(label) + " +([0-9,]+)\n"), json_counts[key]) << key;
    EXPECT_EQ(after(html.out, escaped(label) + "</td><td>([0-9,]+)</td>"), json_counts[key]) << key;
  }
  // The notes under the tables say the same numbers.
  EXPECT_EQ(after(text.out, "\\(([0-9,]+) players \\(identities"), json_counts["players"]);
  EXPECT_EQ(after(text.out, "\\(([0-9,]+) events \\("), json_counts["events"]);
  EXPECT_EQ(after(text.out, "; ([0-9,]+) matches; "), json_counts["matches"]);
  EXPECT_EQ(after(text.out, "; ([0-9,]+) pools of casual games"), json_counts["casual_pools"]);
  EXPECT_EQ(after(text.out, "; ([0-9,]+) games from a custom position are not in the matrix"), json_counts["custom_starts"]);
  EXPECT_EQ(after(text.out, "; ([0-9,]+) games from a position of their own"), json_counts["custom_starts"]);
  // The explorer's set-up table counts the games from a position of their own alike.
  const auto explore = run_gibo({"explore", "--db", db});
  EXPECT_EQ(after(explore.out, R"(other start \(FEN\) +([0-9,]+) )"), json_counts["custom_starts"]);
  // gibo serve: the report at /stats, the players' and events' pages.
  ServeOptions o;
  o.db = db;
  auto site = Site::open(o);
  ASSERT_TRUE(site.has_value());
  const std::string stats = (*site)->get("/stats").body, players = (*site)->get("/players").body,
                    events = (*site)->get("/events").body;
  for (const auto& [key, label] : kCounts)
    EXPECT_EQ(after(stats, escaped(label) + "</td><td>([0-9,]+)</td>"), json_counts[key]) << key;
  EXPECT_EQ(after(players, "([0-9,]+) players; "), json_counts["players"]);
  EXPECT_EQ(after(events, "([0-9,]+) events \\("), json_counts["events"]);
  EXPECT_EQ(after(events, "; ([0-9,]+) matches; "), json_counts["matches"]);
  EXPECT_EQ(after(events, "; ([0-9,]+) pools of casual games"), json_counts["casual_pools"]);
}

}  // namespace
