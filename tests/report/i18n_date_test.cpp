// i18n::date: one date in each language's form, full and partial, from a key or from a
// date tag as records write it; text naming no single date kept as it is.
#include <gtest/gtest.h>

#include "gibo/report/i18n.h"

namespace {

using gibo::i18n::date;
using gibo::i18n::set_language;

// The language for one test, English again afterwards (no catalogue needed: dates are
// formed in code).
struct Language {
  explicit Language(const char* language) { set_language(language, "/nonexistent"); }
  ~Language() { set_language("en", "/nonexistent"); }
};

TEST(I18nDate, EnglishKeepsTheIsoForms) {
  const Language en("en");
  EXPECT_EQ(date("2010-03-12"), "2010-03-12");
  EXPECT_EQ(date("2010-03"), "2010-03");
  EXPECT_EQ(date("2010"), "2010");
  // Tags as records write them.
  EXPECT_EQ(date("2010.03.12"), "2010-03-12");
  EXPECT_EQ(date("20100312"), "2010-03-12");
  EXPECT_EQ(date("2008년 12월 31일"), "2008-12-31");
  EXPECT_EQ(date("1937년"), "1937");
}

TEST(I18nDate, KoreanWritesYearMonthDay) {
  const Language ko("ko");
  EXPECT_EQ(date("2010-03-12"), "2010년 3월 12일");
  EXPECT_EQ(date("2010-03"), "2010년 3월");
  EXPECT_EQ(date("2010"), "2010년");
  EXPECT_EQ(date("2010-11-01"), "2010년 11월 1일");
  EXPECT_EQ(date("2011.03.06"), "2011년 3월 6일");
  EXPECT_EQ(date("2024.01.01"), "2024년 1월 1일");
  EXPECT_EQ(date("2008년 12월 31일"), "2008년 12월 31일");
  EXPECT_EQ(date("1937년"), "1937년");
}

TEST(I18nDate, TextWithoutOneDateStaysAsWritten) {
  for (const char* language : {"en", "ko"}) {
    const Language l(language);
    EXPECT_EQ(date(""), "");
    EXPECT_EQ(date("미상"), "미상");
    EXPECT_EQ(date("?"), "?");
    EXPECT_EQ(date("-"), "-");
    EXPECT_EQ(date("2020.01~2020.06"), "2020.01~2020.06");  // a range: both ends matter
  }
}

}  // namespace
