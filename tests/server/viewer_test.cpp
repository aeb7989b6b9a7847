// Issue 42 item 1: the game viewer of `gibo serve`, on a real game analysed by the real
// engine. It is titled by its players and event (never by the file it came from), shows the
// players without the rank glued to their names, and links players, event, site and opening
// to pages that answer; with an analysis, each side's accuracy, average loss and best-move
// share, each move's judgement in the move list (as many marks as the sides' counts), and
// the engine's better move drawn on the board before a move judged worse than good; the
// evaluation graph with its scale labelled and a linked dot for each mistake and blunder,
// and each judged move's evaluation in the move list. The same
// page without an analysis shows the moves and the board alone.
#include <gtest/gtest.h>

#include <regex>
#include <set>

#include "../cli/run_gibo.h"
#include "links.h"
#include "server/routes.h"

namespace {

using gibo::server::ServeOptions;
using gibo::server::Site;
using gibo::testing::kCorpus;
using gibo::testing::hrefs;
using gibo::testing::run_gibo;

// The integers of the side table's row that starts with `side`.
std::vector<int> row_numbers(const std::string& page, const std::string& side) {
  const std::size_t table = page.find("<table class=\"sides\">");
  if (table == std::string::npos) return {};
  const std::size_t row = page.find("<tr><th>" + side, table);
  if (row == std::string::npos) return {};
  const std::string text = page.substr(row, page.find("</tr>", row) - row);
  std::vector<int> out;
  const std::regex cell("<td class=\"n\">([0-9]+)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), cell); it != std::sregex_iterator(); ++it)
    out.push_back(std::stoi((*it)[1]));
  return out;  // accuracy's whole part, the loss, best moves, then the three counts
}

TEST(Viewer, TitledByItsPlayersWithLinksThatAnswerAndTheAnalysisShown) {
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  gibo::testing::TempDir dir;
  const std::string db = (dir.path() / "games.db").string();
  // 김동학(프로) – 차선균(프로), 2010 한게임 프로리그, 88 plies: analysed; a second game not.
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus + "/pobsiz_2010_prolegue_g001.gib"}).status, 0);
  const auto analysed = run_gibo({"analyze", "--db", db, "--depth", "4", "--option", "Threads=1"});
  ASSERT_EQ(analysed.status, 0) << analysed.err;
  ASSERT_EQ(run_gibo({"import", "--db", db, kCorpus + "/pobsiz_neojanggi_g026.gib"}).status, 0);
  ServeOptions o;
  o.db = db;
  auto site = Site::open(o);
  ASSERT_TRUE(site.has_value());
  const auto page = (*site)->get("/game/1");
  ASSERT_EQ(page.status, 200);
  const std::string& v = page.body;
  EXPECT_NE(v.find("<title>김동학 – 차선균 · 2010 한게임 프로리그"), std::string::npos) << v.substr(0, 600);
  EXPECT_EQ(v.find(".gib:1</title>"), std::string::npos);
  EXPECT_NE(v.find(">김동학</a> <small class=\"muted\">프로</small>"), std::string::npos);
  EXPECT_NE(v.find("pobsiz_2010_prolegue_g001.gib:1"), std::string::npos);  // the record, as a fact
  EXPECT_EQ(v.find(gibo::testing::kData), std::string::npos);              // never its folders
  // Every link of the viewer answers: players, event, site, opening, plies, explorer.
  std::set<std::string> kinds;
  for (const std::string& l : hrefs(v)) {
    if (l.rfind("/game/1?ply=", 0) == 0 && l != "/game/1?ply=0" && l != "/game/1?ply=1") continue;  // one of each
    EXPECT_EQ((*site)->get(l).status, 200) << l;
    kinds.insert(l.substr(0, l.find('?')));
  }
  for (const char* k : {"/player", "/event", "/games", "/explore", "/game/1"}) EXPECT_TRUE(kinds.count(k)) << k;
  // Each side's summary; the move list's marks are as many as the sides' counts.
  const std::vector<int> cho_en = row_numbers(v, "Cho"), han_en = row_numbers(v, "Han");
  ASSERT_EQ(cho_en.size(), 6u) << v;
  ASSERT_EQ(han_en.size(), 6u);
  for (const auto* side : {&cho_en, &han_en}) EXPECT_LE((*side)[0], 100);
  const int marked = cho_en[3] + cho_en[4] + cho_en[5] + han_en[3] + han_en[4] + han_en[5];
  int marks = 0, first = 0;
  const std::regex mark(R"re(\?ply=([0-9]+)"[^>]*>[^<]*</a><span class="judgement j[123]">)re");
  for (auto it = std::sregex_iterator(v.begin(), v.end(), mark); it != std::sregex_iterator(); ++it) {
    if (marks++ == 0) first = std::stoi((*it)[1]);
  }
  EXPECT_EQ(marks, marked);
  ASSERT_GT(marks, 0) << "a real 88-ply game with no move judged worse than good at depth 4";
  // The graph: its scale labelled, a linked dot for each mistake and blunder of the sides'
  // counts, the current ply marked; each judged move's evaluation in the move list.
  auto count = [&](const std::string& text, const std::string& what) {
    int n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_NE(v.find(">+10</text>"), std::string::npos);
  EXPECT_NE(v.find(">-5</text>"), std::string::npos);
  EXPECT_EQ(count(v, "\"><circle class=\"mistake\""), cho_en[4] + han_en[4]);
  EXPECT_EQ(count(v, "\"><circle class=\"blunder\""), cho_en[5] + han_en[5]);
  EXPECT_NE(v.find("<line class=\"now\""), std::string::npos);
  EXPECT_EQ(count(v, "<span class=\"ev\">"), 88);  // every ply of the game judged
  // The board before the first marked move draws the engine's better move and says it.
  const std::string before = (*site)->get("/game/1?ply=" + std::to_string(first - 1)).body;
  EXPECT_NE(before.find("class=\"better-move\""), std::string::npos);
  EXPECT_NE(before.find("class=\"better\""), std::string::npos);
  // The report served at /stats leads back to the site.
  EXPECT_NE((*site)->get("/stats").body.find("<nav class=\"site\"><a href=\"/\">"), std::string::npos);
  // Without an analysis: the moves and the board, no summary, no marks, no arrow.
  const auto plain = (*site)->get("/game/2");
  ASSERT_EQ(plain.status, 200);
  EXPECT_NE(plain.body.find("class=\"moves\""), std::string::npos);
  EXPECT_EQ(plain.body.find("class=\"sides\""), std::string::npos);
  EXPECT_EQ(plain.body.find("class=\"judgement"), std::string::npos);
  EXPECT_EQ(plain.body.find("better-move"), std::string::npos);
  EXPECT_EQ(plain.body.find("eval-graph"), std::string::npos);
  EXPECT_EQ(plain.body.find("class=\"ev\""), std::string::npos);
  for (const std::string& l : hrefs(plain.body)) {
    if (l.rfind("/game/2?ply=", 0) == 0) continue;
    EXPECT_EQ((*site)->get(l).status, 200) << l;
  }
}

}  // namespace
