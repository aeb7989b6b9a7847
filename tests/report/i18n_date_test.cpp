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

struct Case {
  const char* text;     // a key or a tag as written
  const char* english;  // ISO 8601
  const char* korean;
};

constexpr Case kCases[] = {
    {"2010-03-12", "2010-03-12", "2010년 3월 12일"},  // full
    {"2010-03", "2010-03", "2010년 3월"},             // no day
    {"2010", "2010", "2010년"},                       // the year alone
    {"2010-11-01", "2010-11-01", "2010년 11월 1일"},
    {"2011.03.06", "2011-03-06", "2011년 3월 6일"},  // tags as records write them
    {"20100312", "2010-03-12", "2010년 3월 12일"},
    {"2008년 12월 31일", "2008-12-31", "2008년 12월 31일"},
    {"1937년", "1937", "1937년"},
    // No single date: as written in both.
    {"", "", ""},
    {"미상", "미상", "미상"},
    {"?", "?", "?"},
    {"-", "-", "-"},
    {"2020.01~2020.06", "2020.01~2020.06", "2020.01~2020.06"},  // a range: both ends matter
};

TEST(I18nDate, EnglishWritesIsoForms) {
  const Language en("en");
  for (const Case& c : kCases) EXPECT_EQ(date(c.text), c.english) << c.text;
}

TEST(I18nDate, KoreanWritesYearMonthDay) {
  const Language ko("ko");
  for (const Case& c : kCases) EXPECT_EQ(date(c.text), c.korean) << c.text;
}

}  // namespace
