// Issue 39 item 5: engine verdicts that ask the right question, through the real engine on
// real games. A win on time (the 2010 한게임 프로리그 game of the corpus) is not contradicted
// by the board: rescore --engine stores the engine's reading of who was ahead as
// information, the report lists it apart from the contradictions, and the game viewer, which
// the verdict lists link to at the judged ply, shows the verdict and its evaluation. A
// resignation (네오장기, 楚 불계승) is judged by the position.
#include <gtest/gtest.h>

#include <regex>

#include "../cli/run_gibo.h"
#include "server/routes.h"

namespace {

using gibo::server::ServeOptions;
using gibo::server::Site;
using gibo::testing::kCorpus;
using gibo::testing::run_gibo;

TEST(EngineVerdictView, TimeWinsAreReadingsAndTheViewerShowsTheVerdict) {
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  gibo::testing::TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  // One import each, so the time win is game 1 and the resignation game 2.
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus + "/pobsiz_2010_prolegue_g001.gib"}).status, 0);
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus + "/pobsiz_neojanggi_g026.gib"}).status, 0);
  const auto judged = run_gibo({"rescore", "--db", db, "--engine", "--depth", "4", "--option", "Threads=1"});
  ASSERT_NE(judged.status, 2) << judged.err;
  EXPECT_EQ(judged.out.find("engine-contradicts:"), std::string::npos);
  EXPECT_NE(judged.out.find("engine-unclear: won off the board (time, forfeit, disconnection): "), std::string::npos)
      << judged.out;
  // The report: the time win is counted as a reading, not a contradiction, and listed so.
  const auto csv = run_gibo({"stats", "--db", db, "--format", "csv"});
  const std::regex readings(R"(\nengine_verdicts,janggi-gg,2,(\d+),0,(\d+),1\n)");
  EXPECT_TRUE(std::regex_search(csv.out, readings)) << csv.out.substr(csv.out.find("engine_verdicts"), 300);
  std::smatch m;
  const std::regex reading(R"(\nengine_readings,1,[^\n]*,janggi-gg,(\d+),[-+#0-9.]+,[^\n]*was ahead[^\n]*,/game/1\?ply=(\d+)\n)");
  ASSERT_TRUE(std::regex_search(csv.out, m, reading)) << csv.out;
  EXPECT_EQ(m[1], m[2]);
  EXPECT_EQ(csv.out.find("\nengine_contradictions,1,"), std::string::npos);
  // The viewer opened from the list: the board at the judged ply, the verdict and its evaluation.
  ServeOptions o;
  o.db = db;
  auto site = Site::open(o);
  ASSERT_TRUE(site.has_value());
  const std::string ply = m[1];
  const std::string time_win = (*site)->get("/game/1?ply=" + ply).body;
  EXPECT_NE(time_win.find("janggi-gg: information at ply " + ply + ", evaluation "), std::string::npos) << time_win;
  EXPECT_NE(time_win.find("was ahead"), std::string::npos);
  const std::string resigned = (*site)->get("/game/2").body;
  EXPECT_TRUE(std::regex_search(resigned, std::regex(R"(janggi-gg: engine-(supports|contradicts|unclear) at ply \d+, evaluation )")))
      << resigned;
}

}  // namespace
