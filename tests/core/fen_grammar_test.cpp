// The FEN rules (src/core/fen_grammar.h) one by one: positive and negative examples; the
// messages set_fen gives for each failure are tests/core/fen_test.cpp's.
#include <gtest/gtest.h>

#include <string_view>

#include "../../src/core/fen_grammar.h"

namespace {

namespace x3 = boost::spirit::x3;
namespace fg = gibo::fen_grammar;

template <typename P>
long taken(std::string_view text, const P& p) {
  const char* first = text.data();
  if (!x3::parse(first, text.data() + text.size(), p)) return -1;
  return first - text.data();
}

TEST(FenGrammar, FieldsAreBlankSeparated) {
  boost::iterator_range<const char*> r;
  const std::string_view text = "4k4/9\tw";
  const char* first = text.data();
  ASSERT_TRUE(x3::parse(first, text.data() + text.size(), fg::field, r));
  EXPECT_EQ(std::string_view(r.begin(), r.size()), "4k4/9");
  EXPECT_EQ(taken(" w", fg::field), -1);
  EXPECT_EQ(taken(" \t w", fg::blanks), 3);
  EXPECT_EQ(taken("w\r", fg::field), 2);  // only space and tab separate
}

TEST(FenGrammar, RankText) {
  EXPECT_EQ(taken("rnba1abnr/4k4", fg::rank_text), 9);
  EXPECT_EQ(taken("/", fg::rank_text), 0);
  EXPECT_EQ(taken("1", fg::digit_1_9), 1);
  EXPECT_EQ(taken("0", fg::digit_1_9), -1);
}

TEST(FenGrammar, SideToMove) {
  gibo::Side s{};
  for (auto [text, side] : {std::pair{"w", gibo::Side::Cho}, std::pair{"W", gibo::Side::Cho},
                            std::pair{"b", gibo::Side::Han}, std::pair{"B", gibo::Side::Han}}) {
    ASSERT_TRUE(fg::parse_all(text, fg::side, s)) << text;
    EXPECT_EQ(s, side) << text;
  }
  for (const char* bad : {"r", "white", "-", "wb", ""}) EXPECT_FALSE(fg::parse_all(bad, fg::side)) << bad;
}

TEST(FenGrammar, Counters) {
  int n = 0;
  EXPECT_TRUE(fg::parse_all("-", fg::dash));
  EXPECT_FALSE(fg::parse_all("--", fg::dash));
  ASSERT_TRUE(fg::parse_all("007", fg::number, n));
  EXPECT_EQ(n, 7);
  ASSERT_TRUE(fg::parse_all("-3", fg::number, n));  // refused later as a negative clock
  EXPECT_EQ(n, -3);
  for (const char* bad : {"+3", "3x", "", "-", "99999999999", "1.5"}) EXPECT_FALSE(fg::parse_all(bad, fg::number)) << bad;
}

}  // namespace
