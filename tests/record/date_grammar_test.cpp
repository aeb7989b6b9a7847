// The date rules (src/record/date_grammar.h) one by one, and parse_game_date on the forms
// records hold: positive and negative examples per rule.
#include <gtest/gtest.h>

#include <string_view>

#include "../../src/record/date_grammar.h"
#include "gibo/record/game_date.h"

namespace {

namespace dg = gibo::date_grammar;

// What `p` finds at the start of `text`, or nullopt when it does not match.
template <typename P>
std::optional<dg::Found> found(std::string_view text, const P& p) {
  dg::Found f;
  if (!dg::parse(text, p, f)) return std::nullopt;
  return f;
}

TEST(DateGrammar, Year) {
  EXPECT_EQ(found("2010.", dg::year)->year, 2010u);
  EXPECT_EQ(found("1000", dg::year)->year, 1000u);
  EXPECT_FALSE(found("0999", dg::year));
  EXPECT_FALSE(found("3000", dg::year));
  EXPECT_FALSE(found("20101", dg::year));  // a longer run is no year
  EXPECT_FALSE(found("201", dg::year));
  EXPECT_FALSE(found("x2010", dg::year));
}

TEST(DateGrammar, Compact) {
  const auto f = found("20110306", dg::compact);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->year, 2011u);
  EXPECT_EQ(f->month, 3u);
  EXPECT_EQ(f->day, 6u);
  const auto bad_month = found("20111306", dg::compact);
  ASSERT_TRUE(bad_month);  // the year stands; month and day are dropped
  EXPECT_EQ(bad_month->month, 0u);
  EXPECT_EQ(bad_month->day, 0u);
  EXPECT_EQ(found("20110332", dg::compact)->day, 0u);
  EXPECT_FALSE(found("30110306", dg::compact));
  EXPECT_FALSE(found("201103061", dg::compact));
}

TEST(DateGrammar, MonthAndDay) {
  EXPECT_EQ(found("12", dg::month)->month, 12u);
  EXPECT_EQ(found("03", dg::month)->month, 3u);
  EXPECT_FALSE(found("13", dg::month));
  EXPECT_FALSE(found("00", dg::month));
  EXPECT_FALSE(found("012", dg::month));
  EXPECT_EQ(found("31", dg::day)->day, 31u);
  EXPECT_FALSE(found("32", dg::day));
  EXPECT_FALSE(found("0", dg::day));
}

TEST(DateGrammar, Skip) {
  EXPECT_TRUE(found("12345", dg::skip));  // digits that are no year
  EXPECT_TRUE(found("제", dg::skip));
  EXPECT_FALSE(found("2010", dg::skip));  // a year is not skipped
}

TEST(DateGrammar, GameDates) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"2010.03.12", "2010-03-12"},    {"2010-03-12", "2010-03-12"},  {"2010년 3월 12일", "2010-03-12"},
      {"20100312", "2010-03-12"},      {"1937년", "1937"},            {"2008-12", "2008-12"},
      {"2020.01~2020.06", "2020-01"},  {"제3회 2011. 3. 6.", "2011-03-06"}, {"2010.13.01", "2010"},
      {"2010.02.40", "2010-02"},       {"20101399 5 6", "2010-05-06"}, {"미상", ""},
      {"????.??.??", ""},              {"", ""},                       {"123456789 2001", "2001"}};
  for (const auto& [text, key] : cases) {
    const gibo::GameDate d = gibo::parse_game_date(text);
    EXPECT_EQ(d.key, key) << text;
    EXPECT_EQ(d.year.has_value(), !key.empty()) << text;
  }
}

}  // namespace
