// gibo::Expected and gibo::Error (gibo/core/expected.h), the error convention for
// internal fallible calls: a value or an error, never both, never neither.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "gibo/core/expected.h"
#include "gibo/core/position.h"

namespace {

using gibo::Error;
using gibo::Expected;

Expected<int> half(int n) {
  if (n % 2) return Error{std::to_string(n) + " is odd"};
  return n / 2;
}

TEST(Expected, HoldsTheValue) {
  const Expected<int> r = half(8);
  ASSERT_TRUE(r.has_value());
  EXPECT_TRUE(static_cast<bool>(r));
  EXPECT_EQ(*r, 4);
  EXPECT_EQ(r.value(), 4);
  EXPECT_EQ(r.value_or(-1), 4);
  EXPECT_THROW((void)r.error(), std::bad_variant_access);
}

TEST(Expected, HoldsTheError) {
  const Expected<int> r = half(7);
  ASSERT_FALSE(r.has_value());
  EXPECT_FALSE(static_cast<bool>(r));
  EXPECT_EQ(r.error().message, "7 is odd");
  EXPECT_EQ(r.value_or(-1), -1);
  EXPECT_THROW((void)r.value(), std::bad_variant_access);
}

TEST(Expected, StringValuesAndMemberAccess) {
  Expected<std::string> s = std::string("abc");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->size(), 3u);
  *s += "d";
  EXPECT_EQ(*s, "abcd");
  const std::string moved = *std::move(s);
  EXPECT_EQ(moved, "abcd");
  const Expected<std::string> e = Error{"no text"};
  EXPECT_EQ(e.value_or("fallback"), "fallback");
}

struct Kinded {
  int kind = 0;
  std::string message;
};

TEST(Expected, CustomErrorType) {
  const Expected<int, Kinded> ok = 3;
  const Expected<int, Kinded> bad = Kinded{2, "kind two"};
  EXPECT_EQ(*ok, 3);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, 2);
}

// The void form: std::optional<Error>, empty on success (Position::set_fen).
TEST(Expected, VoidCallsReturnAnOptionalError) {
  gibo::Position pos;
  const std::string start = pos.fen();
  EXPECT_FALSE(pos.set_fen(start));
  const std::optional<Error> err = pos.set_fen("not a fen");
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("ranks"), std::string::npos) << err->message;
  EXPECT_EQ(pos.fen(), start);  // unchanged on error
}

}  // namespace
