// CSV fields (report/markup.h csv_field): RFC 4180 quoting, and text a spreadsheet would
// run as a formula neutralised while numbers stay numbers (issue 11).
#include <gtest/gtest.h>

#include "report/markup.h"

namespace gibo {
namespace {

TEST(CsvField, QuotesOnlyWhatMustBeQuoted) {
  EXPECT_EQ(csv_field("plain"), "plain");
  EXPECT_EQ(csv_field("김동학"), "김동학");
  EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
  EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
  EXPECT_EQ(csv_field(""), "");
}

TEST(CsvField, FormulaLikeTextIsNeutralised) {
  EXPECT_EQ(csv_field("=cmd|'/C calc'!A0"), "\"'=cmd|'/C calc'!A0\"");
  EXPECT_EQ(csv_field("+1+2"), "\"'+1+2\"");
  EXPECT_EQ(csv_field("-2+3"), "\"'-2+3\"");
  EXPECT_EQ(csv_field("@SUM(A1)"), "\"'@SUM(A1)\"");
  EXPECT_EQ(csv_field("\tx"), "\"'\tx\"");
  EXPECT_EQ(csv_field("\rx"), "\"'\rx\"");
  EXPECT_EQ(csv_field("=\"x\",y"), "\"'=\"\"x\"\",y\"");
  EXPECT_EQ(csv_field("-"), "\"'-\"");
}

TEST(CsvField, NumbersStayNumbers) {
  for (const char* n : {"-3", "+5", "-0.5", "+.5", "12", "1e3", "-2.5E-3", "0"}) EXPECT_EQ(csv_field(n), n) << n;
  EXPECT_EQ(csv_field("-1e"), "\"'-1e\"");
}

}  // namespace
}  // namespace gibo
