// Unit tests of the stats building blocks: lenient dates, player names, ply names,
// display width, the file filter, and the aggregation on hand-made facts.
#include <gtest/gtest.h>

#include "gibo/report/stats.h"
#include "gibo/report/stats_filter.h"
#include "gibo/report/text_width.h"

namespace gibo::stats {
namespace {

TEST(GameDate, ReadsTheFormsArchivesWrite) {
  EXPECT_EQ(parse_game_date("2009-01-18").key, "2009-01-18");
  EXPECT_EQ(parse_game_date("2011.03.06").key, "2011-03-06");
  EXPECT_EQ(parse_game_date("20110306").key, "2011-03-06");
  EXPECT_EQ(parse_game_date("1937년").key, "1937");
  EXPECT_EQ(parse_game_date("2008년 12월 31일").key, "2008-12-31");
  EXPECT_EQ(parse_game_date("2020.01~2020.06").key, "2020-01");
  EXPECT_EQ(parse_game_date("2020.01~2020.06").year, 2020);
  EXPECT_EQ(parse_game_date("2007년 1월").key, "2007-01");
  EXPECT_EQ(parse_game_date(" 1994 ").year, 1994);
}

TEST(GameDate, UnknownWhenNoYear) {
  for (const char* text : {"미상", "", "????.??.??", "12월 31일", "99-01-01", "123456789"}) {
    const GameDate d = parse_game_date(text);
    EXPECT_FALSE(d.year.has_value()) << text;
    EXPECT_EQ(d.key, "") << text;
  }
}

TEST(GameDate, InvalidMonthOrDayIsLeftOut) {
  EXPECT_EQ(parse_game_date("2010-13-01").key, "2010");
  EXPECT_EQ(parse_game_date("2010-12-32").key, "2010-12");
}

TEST(PlayerName, TrailingRankRemoved) {
  EXPECT_EQ(player_name("김동학 四단"), "김동학");
  EXPECT_EQ(player_name("이일훈 9단"), "이일훈");
  EXPECT_EQ(player_name("kkyoya 7급"), "kkyoya");
  EXPECT_EQ(player_name("차선균(프로)"), "차선균(프로)");
  EXPECT_EQ(player_name("조용희七단"), "조용희七단");
  EXPECT_EQ(player_name("응암강북지구(7단)"), "응암강북지구(7단)");
  EXPECT_EQ(player_name("  허익(許翼) "), "허익(許翼)");
  EXPECT_EQ(player_name("미상"), "");
  EXPECT_EQ(player_name(""), "");
}

TEST(PlyName, GibStyle) {
  // The square names are the .gib row/column digits: i4 is "79", h4 "78".
  EXPECT_EQ(ply_name(make_piece(Side::Cho, PieceType::Soldier), Move(parse_square("i4"), parse_square("h4"))), "79졸78");
  EXPECT_EQ(ply_name(make_piece(Side::Han, PieceType::Soldier), Move(parse_square("a7"), parse_square("b7"))), "41병42");
  EXPECT_EQ(ply_name(make_piece(Side::Cho, PieceType::Horse), Move(parse_square("b1"), parse_square("c3"))), "02마83");
  EXPECT_EQ(ply_name(make_piece(Side::Cho, PieceType::General), Move::pass(parse_square("e2"))), "한수쉼");
}

TEST(DisplayWidth, HangulAndHanjaAreTwoColumns) {
  EXPECT_EQ(display_width("abc"), 3);
  EXPECT_EQ(display_width("마상상마"), 8);
  EXPECT_EQ(display_width("이상두(李翔斗)"), 2 * 3 + 2 + 2 * 3);
  EXPECT_EQ(display_width("0–19"), 4);  // en dash is narrow
  EXPECT_EQ(display_width(std::string("\xff")), 1);  // a malformed byte counts one
  EXPECT_EQ(pad_right("한", 4), "한  ");
  EXPECT_EQ(pad_left("한", 3), " 한");
  EXPECT_EQ(pad_left("한국", 3), "한국");
}

GameFacts game(const std::string& cho, const std::string& han, Winner w, int plies, int year) {
  GameFacts g;
  g.file = "a.gib";
  g.cho_name = cho;
  g.han_name = han;
  g.has_result = true;
  g.result.winner = w;
  g.result.recognised = true;
  g.result.method = ResultMethod::Resignation;
  g.plies = plies;
  g.valid_plies = plies;
  g.valid = true;
  g.date = parse_game_date(std::to_string(year));
  g.cho_setup = Setup::HEEH;
  g.han_setup = Setup::EHEH;
  return g;
}

TEST(Filter, ComparesFieldsLikeSql) {
  std::string error;
  const GameFacts a = game("김동학", "이일훈", Winner::Cho, 120, 2009);
  const GameFacts b = game("이일훈", "허익", Winner::Han, 40, 1937);
  auto check = [&](const char* expr, bool on_a, bool on_b) {
    auto f = GameFilter::compile(expr, error);
    ASSERT_TRUE(f.has_value()) << expr << ": " << error;
    EXPECT_EQ(f->matches(a), on_a) << expr;
    EXPECT_EQ(f->matches(b), on_b) << expr;
  };
  check("year >= 2000", true, false);
  check("plies < 100 OR winner = 'cho'", true, true);
  check("cho = '이일훈' or han = '이일훈'", true, true);
  check("cho_setup = 'HEEH'", true, true);
  check("NOT (year = 1937) AND plies >= 40", true, false);
}

TEST(Filter, MoreForms) {
  std::string error;
  const GameFacts a = game("김동학", "이일훈", Winner::Cho, 120, 2009);
  GameFacts b = game("이일훈", "허익", Winner::Han, 40, 1937);
  b.date = {};
  b.site = "한게임 대회방";
  auto check = [&](const char* expr, bool on_a, bool on_b) {
    auto f = GameFilter::compile(expr, error);
    ASSERT_TRUE(f.has_value()) << expr << ": " << error;
    EXPECT_EQ(f->matches(a), on_a) << expr;
    EXPECT_EQ(f->matches(b), on_b) << expr;
  };
  check("year IS NULL", false, true);
  check("year IS NOT NULL", true, false);
  check("year < 3000", true, false);  // an unknown year never compares
  check("site LIKE '한게임%'", false, true);
  check("site NOT LIKE '%대회_'", true, false);
  check("winner IN ('han', 'draw')", false, true);
  check("han NOT IN (\"허익\")", true, false);
  check("cho_setup = 'HEEH' AND han_setup = '상마상마'", true, true);
  check("valid = true and custom_start = 0", true, true);
  check("game = 1", true, true);
}

TEST(Filter, ErrorsSayWhatAndWhere) {
  std::string error;
  EXPECT_FALSE(GameFilter::compile("colour = 'blue'", error));
  EXPECT_NE(error.find("unknown field 'colour'"), std::string::npos) << error;
  EXPECT_FALSE(GameFilter::compile("year = 'nineteen'", error));
  EXPECT_NE(error.find("takes a number"), std::string::npos) << error;
  EXPECT_FALSE(GameFilter::compile("site = 3", error));
  EXPECT_NE(error.find("takes a 'text' value"), std::string::npos) << error;
  EXPECT_FALSE(GameFilter::compile("site = 'x", error));
  EXPECT_NE(error.find("unterminated"), std::string::npos) << error;
  EXPECT_FALSE(GameFilter::compile("(year = 1", error));
  EXPECT_NE(error.find("expected ')'"), std::string::npos) << error;
  EXPECT_FALSE(GameFilter::compile("year = 1; drop", error));
  EXPECT_FALSE(GameFilter::compile("", error));
}

TEST(Aggregate, CountsResultsPlayersAndSetups) {
  Dataset d;
  d.games.push_back(game("김동학", "이일훈", Winner::Cho, 120, 2009));
  d.games.push_back(game("이일훈", "허익", Winner::Han, 40, 1937));
  d.games.push_back(game("이일훈", "김동학", Winner::Draw, 61, 2009));
  GameFacts none = game("", "허익", Winner::Unknown, 0, 0);
  none.has_result = false;
  d.games.push_back(none);
  const Report r = aggregate(d);
  EXPECT_EQ(r.overview.games, 4);
  EXPECT_EQ(r.results.overall.cho, 1);
  EXPECT_EQ(r.results.overall.han, 1);
  EXPECT_EQ(r.results.overall.draw, 1);
  EXPECT_EQ(r.results.overall.other, 1);
  EXPECT_EQ(r.results.no_result, 1);
  EXPECT_EQ(r.setups.cells[0][3].total(), 4);
  EXPECT_EQ(r.players.distinct, 3);
  EXPECT_EQ(r.players.unnamed, 1);
  ASSERT_FALSE(r.players.top.empty());
  const PlayerRow& top = r.players.top.front();
  EXPECT_EQ(top.name, "이일훈");
  EXPECT_EQ(top.games, 3);
  EXPECT_EQ(top.wins, 0);
  EXPECT_EQ(top.losses, 2);
  EXPECT_EQ(top.draws, 1);
  EXPECT_EQ(top.as_cho, 2);
  EXPECT_EQ(top.as_han, 1);
  ASSERT_EQ(r.years.size(), 3u);  // 1937, 2009, unknown
  EXPECT_EQ(r.years[1].year, 2009);
  EXPECT_EQ(r.years[1].games, 2);
  EXPECT_FALSE(r.years[2].year.has_value());
  EXPECT_EQ(r.lengths.min, 0);
  EXPECT_EQ(r.lengths.max, 120);
  EXPECT_DOUBLE_EQ(r.lengths.median, 50.5);
}

}  // namespace
}  // namespace gibo::stats
