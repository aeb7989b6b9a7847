// `gibo stats`'s sections "ratings" and "events" end to end (JSON): identities merged across
// spellings, the main league of the 1st 대장군전 as the report's standings (the crosstable's
// hand count, through an archive), the point systems, --by-verdict saying so, and bad input:
// a game without names, a self-game, an event with one player, a selection with no games.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

#include "../cli/run_gibo.h"
#include "report_tables.h"
#include "gibo/formats/json_value.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

const fs::path kData = GIBO_TEST_DATA;

json::Value report_json(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"stats", "--format", "json"};
  all.insert(all.end(), args.begin(), args.end());
  const testing::Result r = testing::run_gibo(all);
  EXPECT_LE(r.status, 1) << r.err;
  auto v = json::parse(r.out);
  EXPECT_TRUE(v.has_value()) << r.err;
  return v.value_or(json::Value());
}

using testing::rows_of;

std::string text_of(const json::Value& row, std::string_view key) {
  const json::Value* v = row.find(key);
  if (!v) return "?";
  if (v->is_number()) {
    const double d = v->as_double();
    return d == static_cast<double>(static_cast<long>(d)) ? std::to_string(static_cast<long>(d)) : std::to_string(d);
  }
  return v->is_null() ? "" : v->as_string();
}

// The row of `table` whose `key` is `value`.
const json::Value* row_where(const json::Value& report, std::string_view table, std::string_view key, std::string_view value) {
  for (const json::Value& row : rows_of(report, table))
    if (text_of(row, key) == value) return &row;
  return nullptr;
}

// The rating model's value for `key`.
std::string model(const json::Value& report, std::string_view key) {
  const json::Value* row = row_where(report, "rating_model", "key", key);
  return row ? text_of(*row, "value") : "(missing)";
}

}  // namespace

TEST(StatsPlayers, IdentitiesMergeSpellingsAndNicknamesStayPerSite) {
  const json::Value r = report_json({(kData / "corpus").string()});
  // 김동학 四단 (twice), 五단, 김동학프로 (twice), 김동학(프로) at KBS, 미상 and 한게임: one person, 6 games.
  const json::Value* kim = row_where(r, "ratings", "player", "김동학");
  ASSERT_NE(kim, nullptr);
  EXPECT_EQ(text_of(*kim, "games"), "6");
  const std::string merged = text_of(*kim, "merged");
  for (const char* spelling : {"김동학 四단 (name)", "김동학 五단 (name)", "김동학프로 (name)", "김동학(프로) (name)"})
    EXPECT_NE(merged.find(spelling), std::string::npos) << merged;
  // A nickname of an online site, with its games there; the hanja alias of the built-in table.
  ASSERT_NE(row_where(r, "ratings", "player", "타이슨권법@엠게임"), nullptr);
  const json::Value* choi = row_where(r, "ratings", "player", "최하영");
  ASSERT_NE(choi, nullptr);
  EXPECT_NE(text_of(*choi, "merged").find("崔夏泳 (alias)"), std::string::npos);
  // The model's counts add up: every selected game is rated, or left out for a reason.
  const long games = std::stol(model(r, "games"));
  EXPECT_EQ(games, 84);
  EXPECT_EQ(std::stol(model(r, "rated_input")) + std::stol(model(r, "unnamed")) + std::stol(model(r, "self_games")) +
                std::stol(model(r, "undecided")),
            games);
}

TEST(StatsPlayers, EventStandingsThroughAnArchive) {
  // The main league of the 1st 대장군전 as recorded (8 games), imported: the standings the
  // crosstable test counts by hand (tests/report/crosstable_test.cpp).
  TempDir dir;
  const std::string db = (dir.path() / "league.db").string();
  ASSERT_EQ(testing::run_gibo({"import", "--db", db, (kData / "corpus" / "pobsiz_daejanggun_g000.gib").string(),
                               (kData / "events" / "pobsiz_daejanggun1_main_league.gib").string()})
                .status,
            0);
  const json::Value r = report_json({"--db", db});
  const json::Value* event = row_where(r, "event_list", "event", "제1회 대장군전");
  ASSERT_NE(event, nullptr);
  EXPECT_EQ(text_of(*event, "games"), "8");
  EXPECT_EQ(text_of(*event, "players"), "5");
  // 8 of a round robin's 10 games: not every pair met, each player met several others: a league.
  EXPECT_EQ(text_of(*event, "format"), "league");
  EXPECT_EQ(text_of(*event, "format_source"), "records");
  EXPECT_EQ(text_of(*event, "first"), "李正碩");
  const std::vector<std::pair<std::string, std::string>> expected = {
      {"李正碩", "3.5"}, {"金明水", "2"}, {"李在求", "2"}, {"梁周浩", "0.5"}, {"康萬植", "0"}};
  std::vector<std::pair<std::string, std::string>> got;
  for (const json::Value& row : rows_of(r, "standings"))
    if (text_of(row, "event") == "제1회 대장군전") got.push_back({text_of(row, "player"), text_of(row, "points")});
  ASSERT_EQ(got.size(), expected.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i].first, expected[i].first) << i;
    EXPECT_EQ(std::stod(got[i].second), std::stod(expected[i].second)) << got[i].first;
  }
  // Each game twice in the cells' long form, from each side, with its file and archive id.
  long cells = 0;
  for (const json::Value& row : rows_of(r, "crosstable_games")) {
    ++cells;
    EXPECT_NE(text_of(row, "file").find("daejanggun"), std::string::npos);
    EXPECT_GT(std::stol(text_of(row, "id")), 0);
    EXPECT_NE(text_of(row, "round").find("본선리그전"), std::string::npos);
  }
  EXPECT_EQ(cells, 16);
  // By default (a prior) every player is rated, none ranked on 8 games; by maximum likelihood
  // nobody has a finite rating here: no player beat someone who beat him.
  EXPECT_EQ(model(r, "rated_players"), "5");
  EXPECT_EQ(model(r, "ranked_players"), "0");
  EXPECT_EQ(model(report_json({"--db", db, "--rating-prior", "0"}), "rated_players"), "0");
  // Under the Janggi system every game was won outright or drawn: 李正碩 3 × 7 + 3.5.
  const json::Value janggi = report_json({"--db", db, "--points", "janggi"});
  const json::Value* top = row_where(janggi, "standings", "player", "李正碩");
  ASSERT_NE(top, nullptr);
  EXPECT_EQ(std::stod(text_of(*top, "points")), 24.5);
}

TEST(StatsPlayers, ByVerdictSaysSo) {
  const json::Value stored = report_json({(kData / "corpus").string()});
  EXPECT_EQ(model(stored, "rescored"), "(missing)");
  const json::Value judged = report_json({"--by-verdict", (kData / "corpus").string()});
  EXPECT_NE(model(judged, "rescored"), "(missing)");
  const testing::Result text = testing::run_gibo({"stats", "--by-verdict", (kData / "corpus").string()});
  EXPECT_NE(text.out.find("--by-verdict"), std::string::npos);
  const testing::Result bad = testing::run_gibo({"stats", "--points", "fide", (kData / "corpus").string()});
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--points"), std::string::npos);
}

TEST(StatsPlayers, BadInputIsReportedNeverRated) {
  TempDir dir;
  const fs::path file = dir.path() / "odd.gib";
  // Distinct moves each, so the archive keeps every game.
  std::ofstream(file) << "[대회명 \"혼자대회\"]\n[초대국자 \"홍길동 3단\"]\n[한대국자 \"홍길동 5단\"]\n[초차림 \"마상상마\"]\n"
                         "[한차림 \"마상상마\"]\n[대국결과 \"초 완승\"]\n\n1. 79졸78\n\n"
                         "[대회명 \"이름없는 대회\"]\n[초대국자 \"미상\"]\n[한대국자 \"김철수 2단\"]\n[초차림 \"마상상마\"]\n"
                         "[한차림 \"마상상마\"]\n[대국결과 \"한 완승\"]\n\n1. 71졸72\n\n"
                         "[대회명 \"작은 대회\"]\n[초대국자 \"갑\"]\n[한대국자 \"을\"]\n[초차림 \"마상상마\"]\n"
                         "[한차림 \"마상상마\"]\n[대국결과 \"초 완승\"]\n\n1. 73졸74\n";
  const json::Value r = report_json({"--rating-prior", "0", file.string()});
  EXPECT_EQ(model(r, "games"), "3");
  EXPECT_EQ(model(r, "self_games"), "1");
  EXPECT_EQ(model(r, "unnamed"), "1");
  EXPECT_EQ(model(r, "rated_input"), "1");
  EXPECT_EQ(model(r, "rated_players"), "0");  // 갑 beat 을 once: no finite rating
  for (const json::Value& row : rows_of(r, "ratings")) {
    EXPECT_EQ(text_of(row, "rating"), "") << text_of(row, "player");
    EXPECT_EQ(text_of(row, "standing"), "not-connected");
  }
  const json::Value* alone = row_where(r, "event_list", "event", "혼자대회");
  ASSERT_NE(alone, nullptr);
  EXPECT_EQ(text_of(*alone, "players"), "1");
  EXPECT_EQ(text_of(*alone, "self_games"), "1");
  EXPECT_EQ(text_of(*alone, "first"), "");
  const json::Value* unnamed = row_where(r, "event_list", "event", "이름없는 대회");
  ASSERT_NE(unnamed, nullptr);
  EXPECT_EQ(text_of(*unnamed, "unnamed"), "1");
  // A selection with no games: the sections are there, empty (a prior or none).
  const json::Value none = report_json({"--where", "year = 1800", file.string()});
  EXPECT_EQ(model(none, "games"), "0");
  EXPECT_EQ(model(none, "rated_players"), "0");
  EXPECT_TRUE(rows_of(none, "ratings").empty());
  EXPECT_TRUE(rows_of(none, "event_list").empty());
  const testing::Result text = testing::run_gibo({"stats", "--where", "year = 1800", file.string()});
  EXPECT_NE(text.out.find("== Ratings"), std::string::npos);
  EXPECT_NE(text.out.find("== Events"), std::string::npos);
  // A prior (the default, 75 Elo, or one given) rates 갑 and 을 (갑 above), never the
  // self-game's player nor the nameless side.
  EXPECT_EQ(model(report_json({file.string()}), "prior"), "75");
  const json::Value prior = report_json({"--rating-prior", "200", file.string()});
  EXPECT_EQ(model(prior, "prior"), "200");
  EXPECT_EQ(model(prior, "rated_players"), "2");
  EXPECT_EQ(model(prior, "rated_games"), "1");
  const json::Value* gap = row_where(prior, "ratings", "player", "갑");
  const json::Value* eul = row_where(prior, "ratings", "player", "을");
  const json::Value* hong = row_where(prior, "ratings", "player", "홍길동");
  ASSERT_TRUE(gap && eul && hong);
  EXPECT_GT(std::stod(text_of(*gap, "rating")), std::stod(text_of(*eul, "rating")));
  EXPECT_EQ(text_of(*gap, "standing"), "few-games");
  EXPECT_EQ(text_of(*hong, "rating"), "");
  EXPECT_EQ(testing::run_gibo({"stats", "--rating-prior", "-1", file.string()}).status, 2);
  EXPECT_EQ(testing::run_gibo({"stats", "--min-games", "0", file.string()}).status, 2);
}

}  // namespace gibo

namespace gibo {
namespace {

// Each year's rating of every rated player in `r` (table rating_history): finite, with a
// finite positive standard error, and within 3 standard errors of the difference (and 300
// Elo) of the player's overall rating. The number of years checked.
int expect_years_near_ratings(const json::Value& r) {
  int years = 0;
  for (const json::Value& row : rows_of(r, "rating_history")) {
    const std::string who = text_of(row, "player"), year = text_of(row, "year");
    const json::Value* overall = row_where(r, "ratings", "player", who);
    if (!overall) {
      ADD_FAILURE() << who << " has a history and no rating";
      continue;
    }
    const double rating = std::stod(text_of(row, "rating")), deviation = std::stod(text_of(row, "deviation"));
    const double all = std::stod(text_of(*overall, "rating")), all_deviation = std::stod(text_of(*overall, "deviation"));
    EXPECT_TRUE(std::isfinite(rating) && std::isfinite(deviation) && deviation > 0 && deviation < 400)
        << who << " " << year << ": " << rating << " ± " << deviation;
    EXPECT_LE(std::abs(rating - all), std::min(300.0, 3 * std::hypot(deviation, all_deviation)))
        << who << " " << year << ": " << rating << " ± " << deviation << ", overall " << all << " ± " << all_deviation;
    ++years;
  }
  return years;
}

}  // namespace

TEST(StatsPlayers, YearlyHistoriesOfRealPlayersStayFiniteAndNearTheirRatings) {
  // Six real games of 2020 among six Kakao players (tests/data/SOURCES.md): five dated ones
  // make a chain in which each won against the next, the sixth, undated, closes the ring.
  // The ring holds every overall rating, by the likelihood alone too; the dated games alone
  // hold none (the chain's ends only won or only lost that year), where a history without a
  // prior ran off to ±10⁴ Elo and more (12,011 on this file; 9.6 × 10⁹ on the real archive).
  const std::string ring = (kData / "ratings" / "kakao_2020_ring.gib").string();
  for (const char* prior : {"75", "0"}) {
    SCOPED_TRACE(std::string("--rating-prior ") + prior);
    const json::Value r = report_json({"--rating-prior", prior, ring});
    EXPECT_EQ(model(r, "rated_players"), "6");
    EXPECT_EQ(expect_years_near_ratings(r), 6);
  }
  // 차선균's 47 games of three leagues (2008, 2010, 2011): his rating each year near his
  // overall one, as his opponents' are near theirs.
  const json::Value cha = report_json({(kData / "ratings" / "cha_seongyun_2008-2011.gib").string()});
  std::vector<std::string> years;
  for (const json::Value& row : rows_of(cha, "rating_history"))
    if (text_of(row, "player") == "차선균") years.push_back(text_of(row, "year"));
  EXPECT_EQ(years, (std::vector<std::string>{"2008", "2010", "2011"}));
  EXPECT_GT(expect_years_near_ratings(cha), 20);
}

}  // namespace gibo

namespace gibo {

TEST(StatsPlayers, TheRatingChartHasAReadableScale) {
  // The HTML chart of the yearly ratings of 차선균's league games (tests/data/SOURCES.md): its
  // value axis is labelled in whole Elo at a round step, every label inside the picture (the
  // axis once read "0297300": the label of 9,640,297,300 cut by the margin).
  const testing::Result r =
      testing::run_gibo({"stats", "--format", "html", (kData / "ratings" / "cha_seongyun_2008-2011.gib").string()});
  ASSERT_EQ(r.status, 0) << r.err;
  std::size_t at = r.out.find("<svg");
  while (at != std::string::npos && r.out.substr(at, 400).find("Ratings per year") == std::string::npos)
    at = r.out.find("<svg", at + 1);
  ASSERT_NE(at, std::string::npos);
  const std::string svg = r.out.substr(at, r.out.find("</svg>", at) - at);
  const std::regex tick("<text x=\"([0-9.]+)\" y=\"[0-9.]+\" text-anchor=\"end\" class=\"tick\">([^<]*)</text>");
  std::vector<long> values;
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), tick); it != std::sregex_iterator(); ++it) {
    const std::string label = (*it)[2];
    ASSERT_TRUE(!label.empty() && label.size() <= 4 && label.find_first_not_of("0123456789") == std::string::npos) << label;
    EXPECT_GE(std::stod((*it)[1]), 7.0 * static_cast<double>(label.size())) << label << " runs out of the picture";
    values.push_back(std::stol(label));
  }
  ASSERT_GE(values.size(), 3u);
  const long step = values[1] - values[0];
  EXPECT_TRUE(step == 50 || step == 100 || step == 200 || step == 250) << step;
  for (std::size_t i = 1; i < values.size(); ++i) EXPECT_EQ(values[i] - values[i - 1], step);
  EXPECT_GE(values.front(), 1000);
  EXPECT_LE(values.back(), 2500);
}

// Issue 39, identity on real spellings (tests/data/identity): 김철 六단 written with the
// compatibility ideograph CP949 gives (U+F9D1) is 김철 with the rank 6단; arnia without a site
// (a 친선대국 game of 2014) and arnia at 한게임 (2015) are one nickname; 장기는취미야 without a
// site, at 한게임 and at 장기 for Kakao is listed, not merged.
TEST(StatsPlayers, IdentitiesOfRealSpellings) {
  const std::string tag = gibo::testing::slurp(kData / "identity" / "pobsiz_kbs2015_chuseok_final.gib");
  ASSERT_NE(tag.find("\xEB\xBB"), std::string::npos);  // CP949's compatibility 六 (U+F9D1), as recorded
  const json::Value r = report_json({(kData / "identity").string()});
  const json::Value* kim = row_where(r, "ratings", "player", "김철");
  ASSERT_NE(kim, nullptr);
  EXPECT_EQ(text_of(*kim, "last_rank"), "6단");
  const json::Value* arnia = row_where(r, "ratings", "player", "arnia@한게임");
  ASSERT_NE(arnia, nullptr);
  EXPECT_EQ(text_of(*arnia, "games"), "2");
  EXPECT_NE(text_of(*arnia, "merged").find("arnia 1단 (name-without-site)"), std::string::npos) << text_of(*arnia, "merged");
  EXPECT_EQ(row_where(r, "ratings", "player", "arnia"), nullptr);
  std::vector<std::string> listed;
  for (const json::Value& row : rows_of(r, "possible_merges")) {
    EXPECT_EQ(text_of(row, "reason"), "several-sites");
    listed.push_back(text_of(row, "player"));
  }
  EXPECT_EQ(listed, (std::vector<std::string>{"장기는취미야", "장기는취미야@한게임", "장기는취미야@장기 for Kakao"}));
  // Every game is counted for both its players, once each: the players' games add up to
  // twice the report's games (a name left out or counted twice would not).
  const json::Value* games = row_where(r, "overview", "key", "games");
  ASSERT_NE(games, nullptr);
  long sides = 0;
  for (const json::Value& row : rows_of(r, "players")) sides += std::stol(text_of(row, "games"));
  EXPECT_EQ(sides, 2 * std::stol(text_of(*games, "value")));
}

// Issue 39, events as they were played (tests/data/events): the 3rd KBS 장기왕전 is one season
// from 2002-07-28 to 2003-07-20 (not two calendar years) and a knockout with one winner; the
// 1st 친선대회's main league a round robin, its final a match of three games (2–1); the 66
// Kakao games of corpus_sample (온라인 카장) a pool of casual games with no standings.
TEST(StatsPlayers, EventsAsTheyWerePlayed) {
  const json::Value r = report_json({(kData / "events" / "pobsiz_kbs3_knockout.gib").string(),
                                     (kData / "events" / "pobsiz_friendly1_league_final.gib").string(),
                                     (kData / "corpus_sample").string()});
  const json::Value* kbs = row_where(r, "event_list", "event", "제 3회 KBS 장기왕전");
  ASSERT_NE(kbs, nullptr);
  EXPECT_EQ(text_of(*kbs, "from"), "2002-07-28");
  EXPECT_EQ(text_of(*kbs, "to"), "2003-07-20");
  EXPECT_EQ(text_of(*kbs, "format"), "knockout");
  EXPECT_EQ(text_of(*kbs, "first"), "김경중");
  EXPECT_EQ(text_of(*kbs, "games"), "50");
  long firsts = 0;
  std::map<std::string, std::string> out;
  for (const json::Value& row : rows_of(r, "standings"))
    if (text_of(row, "event") == "제 3회 KBS 장기왕전") {
      firsts += text_of(row, "place") == "1";
      out[text_of(row, "player")] = text_of(row, "out");
    }
  EXPECT_EQ(firsts, 1);  // not 22 shared first places
  EXPECT_EQ(out["이양근"], "결승");
  EXPECT_EQ(out["유창식"], "준결승");
  EXPECT_EQ(out["최실광"], "본선 1회전");
  const json::Value* league = row_where(r, "event_list", "event", "본선리그");
  ASSERT_NE(league, nullptr);
  EXPECT_EQ(text_of(*league, "format"), "round-robin");
  EXPECT_EQ(text_of(*league, "first"), "잼기타");
  const json::Value* final = row_where(r, "event_list", "event", "결승전");
  ASSERT_NE(final, nullptr);
  EXPECT_EQ(text_of(*final, "format"), "match");
  EXPECT_EQ(text_of(*final, "first"), "잼기타");
  EXPECT_EQ(text_of(*final, "points"), "2–1");
  const json::Value* pool = row_where(r, "event_list", "event", "온라인 카장");
  ASSERT_NE(pool, nullptr);
  EXPECT_EQ(text_of(*pool, "format"), "casual");
  EXPECT_EQ(text_of(*pool, "format_source"), "alias-table");
  EXPECT_EQ(text_of(*pool, "games"), "66");
  EXPECT_EQ(text_of(*pool, "first"), "");
  for (const json::Value& row : rows_of(r, "standings")) EXPECT_NE(text_of(row, "event"), "온라인 카장");
  // The overview counts what the list holds: events are the competitions.
  auto overview = [&](const char* key) {
    const json::Value* row = row_where(r, "overview", "key", key);
    return row ? text_of(*row, "value") : "?";
  };
  EXPECT_EQ(overview("events"), "2");
  EXPECT_EQ(overview("matches"), "1");
  EXPECT_EQ(overview("casual_pools"), "1");
}

}  // namespace gibo
