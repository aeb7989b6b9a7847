// Crosstables (report/crosstable.h) of real events, against tables counted by hand from
// the records (tests/data/events): the double round robin of the 1st 한게임 장기챔피언스리그
// under both point systems, and the main league of the 1st 대장군전 as recorded (8 of its
// 10 games: not a round robin by its games, so Buchholz decides). Then the point systems
// and bad input.
#include <gtest/gtest.h>

#include "event_records.h"
#include "gibo/report/crosstable.h"

using namespace gibo;
using namespace gibo::crosstable;

namespace {

struct Event {
  std::vector<std::string> names;  // by player number
  std::vector<EventGame> games;
};

// An event's games as the crosstable counts them: the players' numbers and the results as
// stored.
Event event_of(const gibo::testing::EventRecords& records) {
  Event e;
  e.names = records.names;
  for (const auto& g : records.games) e.games.push_back({g.cho, g.han, g.result.winner, g.result.method});
  return e;
}

// One expected standing: place range, points, games, wins, draws, losses, the tie-breaks.
struct Row {
  std::string name;
  int place, place_to;
  double points;
  long games, wins, draws, losses;
  double direct, sonneborn_berger, buchholz;
};

void expect_standings(const Crosstable& t, const Event& e, const std::vector<Row>& rows) {
  ASSERT_EQ(t.standings.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const Standing& s = t.standings[i];
    const Row& r = rows[i];
    EXPECT_EQ(e.names[s.player], r.name) << i;
    EXPECT_EQ(s.place, r.place) << r.name;
    EXPECT_EQ(s.place_to, r.place_to) << r.name;
    EXPECT_DOUBLE_EQ(s.points, r.points) << r.name;
    EXPECT_EQ(s.games, r.games) << r.name;
    EXPECT_EQ(s.wins, r.wins) << r.name;
    EXPECT_EQ(s.draws, r.draws) << r.name;
    EXPECT_EQ(s.losses, r.losses) << r.name;
    EXPECT_NEAR(s.direct, r.direct, 1e-9) << r.name;
    EXPECT_NEAR(s.sonneborn_berger, r.sonneborn_berger, 1e-9) << r.name;
    EXPECT_NEAR(s.buchholz, r.buchholz, 1e-9) << r.name;
  }
}

// The index in `t.standings` of the player named `name`.
std::size_t row_of(const Crosstable& t, const Event& e, const std::string& name) {
  for (std::size_t i = 0; i < t.standings.size(); ++i)
    if (e.names[t.standings[i].player] == name) return i;
  ADD_FAILURE() << name;
  return 0;
}

}  // namespace

// Counted by hand from the 42 league games (the pairs, both games each, winner first):
// 김기영–조용희 2–0, 이점섭–김동학 1–1, 김경중–김동학 2–0 (both on points), 김기영–이점섭 2–0
// (one on points), 김동학–송종일 2–0 (one on points), 김경중–조용희 2–0, 이점섭–성우제 1–1,
// 김경중–송종일 2–0, 김동학–조용희 2–0 (one on points), 성우제–김기영 1–1, 김동학–김기영 1–1
// (김동학's on points), 이점섭–송종일 1–1, 이점섭–조용희 1–1, 김경중–성우제 2–0, 김동학–성우제 1–1
// (성우제's on points), 조용희–송종일 1–1, 이점섭–김경중 1–1, 조용희–성우제 1–1 (조용희's on
// points), 성우제–송종일 1–1 (송종일's on points), 김기영–송종일 2–0, 김기영–김경중 1–1 (both on
// points). Sonneborn–Berger: the points of the players beaten (김경중: 김동학 7 twice, 조용희 3
// twice, 송종일 3 twice, 성우제 5 twice, 이점섭 5, 김기영 9 = 50); Buchholz: the opponents' points
// over both games, in a double round robin twice the others' points (42 in all less its own).
TEST(Crosstable, RealDoubleRoundRobinClassic) {
  const Event e = event_of(gibo::testing::champions_league());
  ASSERT_EQ(e.games.size(), 42u);
  const Crosstable t = build(e.games, e.names.size(), PointSystem::Classic);
  EXPECT_EQ(t.pairing, Pairing::RoundRobin);
  EXPECT_EQ(t.cycles, 2);
  EXPECT_EQ(t.games, 42);
  EXPECT_EQ(t.scored, 42);
  // Buchholz in a double round robin: twice the sum of the others' points (42 in all).
  expect_standings(t, e,
                   {{"김경중", 1, 1, 10, 12, 10, 0, 2, 0, 50, 2 * (42 - 10)},
                    {"김기영", 2, 2, 9, 12, 9, 0, 3, 0, 44, 2 * (42 - 9)},
                    {"김동학", 3, 3, 7, 12, 7, 0, 5, 0, 31, 2 * (42 - 7)},
                    {"이점섭", 4, 4, 5, 12, 5, 0, 7, 1, 28, 2 * (42 - 5)},
                    {"성우제", 5, 5, 5, 12, 5, 0, 7, 1, 27, 2 * (42 - 5)},
                    {"조용희", 6, 7, 3, 12, 3, 0, 9, 1, 13, 2 * (42 - 3)},
                    {"송종일", 6, 7, 3, 12, 3, 0, 9, 1, 13, 2 * (42 - 3)}});
  // Cells: the row player's games and points against the column's.
  const std::size_t kyung = row_of(t, e, "김경중"), dong = row_of(t, e, "김동학"), lee = row_of(t, e, "이점섭");
  EXPECT_EQ(t.cells[kyung][dong].games.size(), 2u);
  EXPECT_DOUBLE_EQ(t.cells[kyung][dong].points, 2);
  EXPECT_DOUBLE_EQ(t.cells[dong][kyung].points, 0);
  EXPECT_DOUBLE_EQ(t.cells[kyung][lee].points, 1);
  EXPECT_DOUBLE_EQ(t.cells[lee][kyung].points, 1);
  EXPECT_TRUE(t.cells[kyung][kyung].games.empty());
  // The cell's games are the records' games 38 and 39 (0-based 37 and 38 of the league).
  const Cell& c = t.cells[lee][kyung];
  ASSERT_EQ(c.games.size(), 2u);
  for (std::size_t k : c.games) {
    const EventGame& g = e.games[k];
    EXPECT_TRUE((e.names[g.cho] == "이점섭" && e.names[g.han] == "김경중") ||
                (e.names[g.cho] == "김경중" && e.names[g.han] == "이점섭"));
    EXPECT_EQ(g.winner, Winner::Cho);  // each won with Cho
  }
}

// The same games under the Janggi system (7 for a win outright, 4–2 for a win on points):
// 김경중 has 7 wins outright, 3 on points, a loss outright and one on points: 7×7 + 3×4 + 2 = 63.
TEST(Crosstable, RealDoubleRoundRobinJanggiPoints) {
  const Event e = event_of(gibo::testing::champions_league());
  const Crosstable t = build(e.games, e.names.size(), PointSystem::Janggi);
  // Points counted by hand, game by game (see the list above): 김경중 4+4+7+7+7+7+7+7+0+7+2+4,
  // 김기영 7+7+4+7+0+7+7+2+7+7+4+2, 김동학 7+0+2+2+7+4+7+4+0+4+7+2, 이점섭 2+7+7+7+7+7,
  // 성우제 7+7+4+7+2+2+7, 조용희 2+7+7+4, 송종일 2+7+7+4 (283 = 31 games × 7 + 11 on points × 6).
  // Sonneborn–Berger: Σ points/7 × the opponent's points; 조용희 and 송종일 each
  // 2/7×46 + 37 + 20 + 4/7×36 (they split their games outright, 7 each in direct encounter).
  const double tie_sb = 2.0 / 7 * 46 + 37 + 20 + 4.0 / 7 * 36;
  ASSERT_EQ(t.standings.size(), 7u);
  const std::vector<std::pair<std::string, double>> order = {{"김경중", 63}, {"김기영", 61}, {"김동학", 46}, {"이점섭", 37},
                                                             {"성우제", 36}, {"조용희", 20}, {"송종일", 20}};
  for (std::size_t i = 0; i < order.size(); ++i) {
    EXPECT_EQ(e.names[t.standings[i].player], order[i].first) << i;
    EXPECT_DOUBLE_EQ(t.standings[i].points, order[i].second) << order[i].first;
  }
  for (std::size_t i : {5u, 6u}) {
    EXPECT_EQ(t.standings[i].place, 6);
    EXPECT_EQ(t.standings[i].place_to, 7);
    EXPECT_NEAR(t.standings[i].direct, 7, 1e-9);
    EXPECT_NEAR(t.standings[i].sonneborn_berger, tie_sb, 1e-9);
  }
  EXPECT_EQ(t.standings[3].place, 4);  // 이점섭 37 and 성우제 36: no tie under this system
  // A cell under this system: 김경중 against 김동학, two wins on points: 8; 김동학 4.
  const std::size_t kyung = row_of(t, e, "김경중"), dong = row_of(t, e, "김동학");
  EXPECT_DOUBLE_EQ(t.cells[kyung][dong].points, 8);
  EXPECT_DOUBLE_EQ(t.cells[dong][kyung].points, 4);
}

// The main league of the 1st 대장군전 as recorded: 李正碩 beat 康萬植 twice and 金明水, drew
// 李在求; 金明水 beat 梁周浩 twice; 李在求 beat 康萬植 and drew 梁周浩. Points 3.5, 2, 2, ½, 0;
// not every pair met, so Buchholz breaks the tie of 金明水 (opponents 梁周浩 ½ twice, 李正碩 3.5:
// 4.5) and 李在求 (李正碩 3.5, 康萬植 0, 梁周浩 ½: 4).
TEST(Crosstable, RealPartialLeagueUsesBuchholz) {
  const Event e = event_of(gibo::testing::daejanggun_main_league());
  ASSERT_EQ(e.games.size(), 8u);
  const Crosstable t = build(e.games, e.names.size(), PointSystem::Classic);
  EXPECT_EQ(t.pairing, Pairing::Other);
  expect_standings(t, e,
                   {{"李正碩", 1, 1, 3.5, 4, 3, 1, 0, 0, 0 + 2 + 0 + 0.5 * 2, 0 + 2 + 0 + 2},
                    {"金明水", 2, 2, 2, 3, 2, 0, 1, 0, 0.5 + 0.5, 0.5 + 0.5 + 3.5},
                    {"李在求", 3, 3, 2, 3, 1, 2, 0, 0, 0.5 * 3.5 + 0 + 0.5 * 0.5, 3.5 + 0 + 0.5},
                    {"梁周浩", 4, 4, 0.5, 3, 0, 1, 2, 0, 0.5 * 2, 2 + 2 + 2},
                    {"康萬植", 5, 5, 0, 3, 0, 0, 3, 0, 0, 3.5 + 3.5 + 2}});
}

TEST(Crosstable, PointSystems) {
  auto p = [](Winner w, ResultMethod m, PointSystem s) { return points(w, m, s); };
  EXPECT_DOUBLE_EQ(p(Winner::Cho, ResultMethod::Outright, PointSystem::Classic)->cho, 1);
  EXPECT_DOUBLE_EQ(p(Winner::Han, ResultMethod::Points, PointSystem::Classic)->han, 1);
  EXPECT_DOUBLE_EQ(p(Winner::Draw, ResultMethod::Agreement, PointSystem::Classic)->cho, 0.5);
  for (ResultMethod m : {ResultMethod::Outright, ResultMethod::Checkmate, ResultMethod::Resignation, ResultMethod::Time,
                         ResultMethod::Forfeit, ResultMethod::Unspecified}) {
    EXPECT_DOUBLE_EQ(p(Winner::Cho, m, PointSystem::Janggi)->cho, 7);
    EXPECT_DOUBLE_EQ(p(Winner::Cho, m, PointSystem::Janggi)->han, 0);
  }
  for (ResultMethod m : {ResultMethod::Points, ResultMethod::Bikjang}) {
    EXPECT_DOUBLE_EQ(p(Winner::Han, m, PointSystem::Janggi)->han, 4);
    EXPECT_DOUBLE_EQ(p(Winner::Han, m, PointSystem::Janggi)->cho, 2);
  }
  EXPECT_DOUBLE_EQ(p(Winner::Draw, ResultMethod::Bikjang, PointSystem::Janggi)->han, 3.5);
  EXPECT_FALSE(p(Winner::Void, ResultMethod::None, PointSystem::Janggi));
  EXPECT_FALSE(p(Winner::Unknown, ResultMethod::None, PointSystem::Classic));
  EXPECT_EQ(point_system_named("janggi"), PointSystem::Janggi);
  EXPECT_EQ(point_system_named("classic"), PointSystem::Classic);
  EXPECT_FALSE(point_system_named("fide"));
}

TEST(Crosstable, BadInput) {
  // No games.
  const Crosstable none = build({}, 3, PointSystem::Classic);
  EXPECT_TRUE(none.standings.empty());
  EXPECT_TRUE(none.cells.empty());
  // One player: a self-game only.
  const std::vector<EventGame> self = {{0, 0, Winner::Cho, ResultMethod::Outright}};
  const Crosstable one = build(self, 1, PointSystem::Classic);
  EXPECT_EQ(one.self_games, 1);
  EXPECT_EQ(one.games, 0);
  EXPECT_TRUE(one.standings.empty());
  // A match with an unscored game: listed, not scored.
  const std::vector<EventGame> match = {{0, 1, Winner::Cho, ResultMethod::Outright},
                                        {1, 0, Winner::Void, ResultMethod::None},
                                        {1, 0, Winner::Draw, ResultMethod::Agreement}};
  const Crosstable m = build(match, 2, PointSystem::Classic);
  EXPECT_EQ(m.pairing, Pairing::Match);
  EXPECT_EQ(m.games, 3);
  EXPECT_EQ(m.scored, 2);
  ASSERT_EQ(m.standings.size(), 2u);
  EXPECT_EQ(m.standings[0].player, 0u);
  EXPECT_DOUBLE_EQ(m.standings[0].points, 1.5);
  EXPECT_EQ(m.standings[0].unscored, 1);
  EXPECT_EQ(m.cells[0][1].games.size(), 3u);
  EXPECT_DOUBLE_EQ(m.cells[1][0].points, 0.5);
}
