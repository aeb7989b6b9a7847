// CSV fields (report/markup.h csv_field): RFC 4180 quoting, and text a spreadsheet would
// run as a formula neutralised while numbers stay numbers (issue 11).
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "report/markup.h"

namespace gibo {
namespace {

// Each input with the field csv_field makes of it.
using Cases = std::vector<std::pair<std::string, std::string>>;

void expect_fields(const Cases& cases) {
  for (const auto& [text, field] : cases) EXPECT_EQ(csv_field(text), field) << text;
}

TEST(CsvField, QuotesOnlyWhatMustBeQuoted) {
  expect_fields({{"plain", "plain"}, {"김동학", "김동학"}, {"a,b", "\"a,b\""}, {"say \"hi\"", "\"say \"\"hi\"\"\""},
                 {"two\nlines", "\"two\nlines\""}, {"", ""}});
}

TEST(CsvField, FormulaLikeTextIsNeutralised) {
  expect_fields({{"=cmd|'/C calc'!A0", "\"'=cmd|'/C calc'!A0\""}, {"+1+2", "\"'+1+2\""}, {"-2+3", "\"'-2+3\""},
                 {"@SUM(A1)", "\"'@SUM(A1)\""}, {"\tx", "\"'\tx\""}, {"\rx", "\"'\rx\""},
                 {"=\"x\",y", "\"'=\"\"x\"\",y\""}, {"-", "\"'-\""}, {"-1e", "\"'-1e\""}});
}

TEST(CsvField, NumbersStayNumbers) {
  for (const char* n : {"-3", "+5", "-0.5", "+.5", "12", "1e3", "-2.5E-3", "0"}) EXPECT_EQ(csv_field(n), n) << n;
}

}  // namespace
}  // namespace gibo
