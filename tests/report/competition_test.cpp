// How an event was played (report/competition.h), read from real records: the stages the
// real archive's round tags name, the 3rd KBS 장기왕전 as a knockout (who went out where,
// one winner after the final, not 22 shared first places), the 1st 친선대회's main league as
// a round robin and its final as a match; then the rules on games the records do not hold.
#include <gtest/gtest.h>

#include "event_records.h"
#include "gibo/report/competition.h"

using namespace gibo;
using gibo::competition::Place;
using gibo::competition::Reading;
using gibo::competition::Stage;
using gibo::competition::StageKind;
using gibo::competition::StageName;
using gibo::competition::stage_of;

namespace {

// The games of `e` as the reader takes them (in file order, which is the order played here).
std::vector<competition::Game> games_of(const gibo::testing::EventRecords& e) {
  std::vector<competition::Game> out;
  for (const auto& g : e.games) out.push_back({g.cho, g.han, g.result.winner, g.round});
  return out;
}

}  // namespace

TEST(Competition, TheStagesRealRoundTagsName) {
  // Every stage-naming form of the real archive's 회전 tags (and 미상, bare game numbers).
  const std::vector<std::pair<const char*, StageName>> forms = {
      {"본선 1회전", {StageKind::Round, "본선 1회전"}},   {"준결승 2국", {StageKind::Semifinal, "준결승"}},
      {"결승 1국", {StageKind::Final, "결승"}},             {"결승전1국", {StageKind::Final, "결승"}},
      {"결승전 제2국", {StageKind::Final, "결승"}},         {"챔피언결정전 3국", {StageKind::Final, "결승"}},
      {"승자 2회전", {StageKind::Bracket, "승자 2회전"}},   {"패자 결승전", {StageKind::Bracket, "패자 결승"}},
      {"32강전", {StageKind::RoundOf, "32강"}},             {"32强戰", {StageKind::RoundOf, "32강"}},
      {"4강전(1)-2", {StageKind::Semifinal, "준결승"}},     {"3·4위전", {StageKind::ThirdPlace, "3·4위전"}},
      {"플레이오프1 (2국)", {StageKind::Playoff, "플레이오프"}}, {"본선리그전 제7국", {StageKind::League, "본선리그"}},
      {"본선풀리그", {StageKind::League, "본선풀리그"}},    {"3주차 화요일 대국", {StageKind::League, "리그"}},
      {"예선 3경기 1국", {StageKind::Preliminary, "예선"}}, {"예선결승전 제1국", {StageKind::Preliminary, "예선결승"}},
      {"미상", {}}, {"01", {}}, {"제1국", {}}, {"특선", {}}, {"", {}}};
  for (const auto& [tag, stage] : forms) {
    const StageName s = stage_of(tag);
    EXPECT_EQ(s.kind, stage.kind) << tag;
    EXPECT_EQ(s.label, stage.label) << tag;
  }
}

TEST(Competition, TheThirdKbsIsAKnockoutWithOneWinner) {
  const auto e = gibo::testing::kbs3_knockout();
  ASSERT_EQ(e.games.size(), 50u);
  const Reading r = competition::read(games_of(e), e.names.size(), "제 3회 KBS 장기왕전");
  EXPECT_EQ(r.format, EventFormat::Knockout);
  EXPECT_FALSE(r.stated);
  EXPECT_FALSE(r.group_stage);
  std::vector<std::string> stages;
  for (const Stage& s : r.stages) stages.push_back(s.name.label);
  EXPECT_EQ(stages, (std::vector<std::string>{"본선 1회전", "본선 2회전", "본선 3회전", "본선 4회전", "준결승", "결승"}));
  ASSERT_EQ(r.places.size(), 48u);
  // Counted by hand from the record: 김경중 won both final games against 이양근; 유창식 lost
  // both of his semifinal games; three went out in round 4, six in round 3, twelve in round 2,
  // twenty-four in round 1.
  EXPECT_EQ(e.names[r.places[0].player], "김경중");
  EXPECT_TRUE(r.places[0].won);
  EXPECT_EQ(e.names[r.places[1].player], "이양근");
  EXPECT_EQ(r.places[1].place, 2);
  EXPECT_EQ(r.stages[r.places[1].stage].name.label, "결승");
  EXPECT_EQ(e.names[r.places[2].player], "유창식");
  EXPECT_EQ(r.places[2].place, 3);
  std::map<std::string, std::pair<int, int>> out;  // stage -> (players, first place)
  for (const Place& p : r.places) {
    EXPECT_EQ(p.won, p.place == 1);
    auto& at = out[r.stages[p.stage].name.label];
    if (at.first++ == 0) at.second = p.place;
  }
  EXPECT_EQ(out["본선 4회전"], std::make_pair(3, 4));
  EXPECT_EQ(out["본선 3회전"], std::make_pair(6, 7));
  EXPECT_EQ(out["본선 2회전"], std::make_pair(12, 13));
  EXPECT_EQ(out["본선 1회전"], std::make_pair(24, 25));
  EXPECT_EQ(r.places.back().place_to, 48);
}

TEST(Competition, TheFirstFriendlyCupLeagueAndFinal) {
  const auto league = gibo::testing::friendly1("본선리그");
  ASSERT_EQ(league.games.size(), 6u);
  const Reading l = competition::read(games_of(league), league.names.size(), "본선리그");
  EXPECT_EQ(l.format, EventFormat::RoundRobin);
  EXPECT_EQ(l.cycles, 1);
  EXPECT_TRUE(l.places.empty());
  const auto final = gibo::testing::friendly1("결승전");
  ASSERT_EQ(final.games.size(), 3u);
  EXPECT_EQ(competition::read(games_of(final), final.names.size(), "결승전").format, EventFormat::Match);
}

TEST(Competition, FormatsByTheirGamesAndStated) {
  auto g = [](std::uint32_t cho, std::uint32_t han, Winner w, std::string_view round = "") { return competition::Game{cho, han, w, round}; };
  // A bracket of four without round tags: 0 beat 1, 2 beat 3, then 0 beat 2.
  const std::vector<competition::Game> bracket = {g(0, 1, Winner::Cho), g(2, 3, Winner::Cho), g(0, 2, Winner::Cho)};
  const Reading k = competition::read(bracket, 4, "");
  EXPECT_EQ(k.format, EventFormat::Knockout);
  ASSERT_EQ(k.places.size(), 4u);
  EXPECT_TRUE(k.places[0].won);
  EXPECT_EQ(k.places[0].player, 0u);
  EXPECT_EQ(k.places[1].player, 2u);
  EXPECT_EQ(k.places[1].round, 2);
  EXPECT_EQ(k.places[2].place, 3);
  EXPECT_EQ(k.places[2].place_to, 4);
  // The same event's first round only, named so by the event (툰도시배 본선 16강): a knockout
  // round, but no winner; without the name, disjoint pairs say nothing: casual games.
  const std::vector<competition::Game> round = {g(0, 1, Winner::Cho), g(2, 3, Winner::Han)};
  const Reading named = competition::read(round, 4, "툰도시배 본선 16강");
  EXPECT_EQ(named.format, EventFormat::Knockout);
  EXPECT_FALSE(named.places[0].won);
  EXPECT_EQ(competition::read(round, 4, "흑사병").format, EventFormat::Casual);
  EXPECT_EQ(competition::read(round, 4, "리그").format, EventFormat::Casual);  // a league in a name says too little
  // A league: everyone meets several others; a pool: one player meets everyone once.
  std::vector<competition::Game> league;
  for (std::uint32_t a = 0; a < 6; ++a) league.push_back(g(a, (a + 1) % 6, Winner::Cho)), league.push_back(g(a, (a + 2) % 6, Winner::Han));
  EXPECT_EQ(competition::read(league, 6, "").format, EventFormat::League);
  std::vector<competition::Game> pool;
  for (std::uint32_t a = 1; a < 9; ++a) pool.push_back(g(0, a, a % 2 ? Winner::Cho : Winner::Han));
  EXPECT_EQ(competition::read(pool, 9, "").format, EventFormat::Casual);
  EXPECT_EQ(competition::read(pool, 9, "", EventFormat::League).format, EventFormat::League);
  EXPECT_TRUE(competition::read(pool, 9, "", EventFormat::League).stated);
  EXPECT_EQ(competition::read({}, 0, "").format, EventFormat::Casual);
}
