// Unit tests of the stats building blocks: lenient dates, player names, ply names,
// display width, and the aggregation on hand-made facts. (The --where fields are tested
// with the facts view, tests/archive/facts_test.cpp.)
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "gibo/record/aliases_tsv.h"
#include "gibo/record/name_aliases.h"
#include "report/stats.h"
#include "report/text_width.h"

namespace gibo::stats {
namespace {

// Issue 19 item 8: sites and events are entities, unknown values are unknown.
TEST(NameAliases, SpellingsOfOneNameAndUnknownValues) {
  EXPECT_EQ(name_key("Hangame"), name_key("ＨＡＮＧＡＭＥ"));
  EXPECT_EQ(name_key("han  game"), "hangame");
  // A byte that is not UTF-8 is U+FFFD in the key (gibo/core/utf8.h), never the Latin-1
  // letter it would be as a code point: "\xE9t\xE9" is not "été".
  EXPECT_EQ(name_key("\xE9t\xE9"), "\uFFFDt\uFFFD");
  EXPECT_NE(name_key("\xE9t\xE9"), name_key("été"));
  EXPECT_EQ(name_key("한게임\u3000대회방"), name_key("한게임대회방"));
  const NameAliases& a = NameAliases::builtin();
  for (const char* spelling : {"한게임", "Hangame", "HANGAME", "한게임(Hangame)", "한 게임", "한게임 대회방", "ｈａｎｇａｍｅ"}) {
    const auto c = a.count_as(true, spelling);
    EXPECT_EQ(c.display, "한게임") << spelling;
    EXPECT_EQ(c.key, name_key("한게임")) << spelling;
  }
  for (const char* unknown : {"", "  ", "미상", "?", "-", "??", "Unknown"}) {
    EXPECT_EQ(a.count_as(true, unknown).key, "") << unknown;
    EXPECT_EQ(a.count_as(false, unknown).key, "") << unknown;
  }
  // Without an alias: one entity per key, shown with its blanks tidied.
  const auto e = a.count_as(false, "  제5회   일간스포츠배 ");
  EXPECT_EQ(e.display, "제5회 일간스포츠배");
  EXPECT_EQ(e.key, a.count_as(false, "제5회일간스포츠배").key);
  // Site aliases are not event aliases.
  EXPECT_EQ(a.count_as(false, "hangame").display, "hangame");

  NameAliases mine = a;
  EXPECT_FALSE(mine.add("# mine\nevent\t친선\t친선대국\r\nsite\t엔씨소프트\t?\n", "mine.tsv"));
  EXPECT_EQ(mine.count_as(false, "친선").display, "친선대국");
  EXPECT_EQ(mine.count_as(true, "엔씨소프트").key, "");
  const auto bad = mine.add("site\tonly two\n", "bad.tsv");
  ASSERT_TRUE(bad);
  EXPECT_EQ(bad->message, "bad.tsv:1: an alias line is KIND<TAB>SPELLING<TAB>NAME");
  EXPECT_TRUE(mine.add("person\ta\tb\n", "bad.tsv"));
}

TEST(NameAliases, TheBuiltInTableIsWellFormed) {
  NameAliases t;
  EXPECT_FALSE(t.add(kDefaultAliases, "src/record/aliases.tsv"));
}

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
  const std::vector<std::pair<std::string, std::string>> names = {
      {"김동학 四단", "김동학"}, {"이일훈 9단", "이일훈"},   {"kkyoya 7급", "kkyoya"},
      {"차선균(프로)", "차선균"}, {"조용희七단", "조용희"}, {"응암강북지구(7단)", "응암강북지구"},
      {"  허익(許翼) ", "허익(許翼)"}, {"미상", ""},              {"", ""}};
  for (const auto& [tag, name] : names) EXPECT_EQ(player_name(tag), name) << tag;
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
  // Each bad byte is one U+FFFD (gibo/core/utf8.h): an overlong NUL is two columns, not a
  // zero-width control character, and a surrogate three.
  EXPECT_EQ(display_width(std::string("\xC0\x80")), 2);
  EXPECT_EQ(display_width(std::string("\xED\xA0\x80")), 3);
  EXPECT_EQ(pad_right("한", 4), "한  ");
  EXPECT_EQ(pad_left("한", 3), " 한");
  EXPECT_EQ(pad_left("한국", 3), "한국");
}

GameFacts game(const std::string& cho, const std::string& han, Winner w, int plies, int year) {
  GameFacts g;
  g.file = "a.gib";
  g.cho_player = g.cho_name = cho;
  g.han_player = g.han_name = han;
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
