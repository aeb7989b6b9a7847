// Percent-encoding (formats/encoding/percent_encoding.cpp): what is kept, what is encoded.
#include <gtest/gtest.h>

#include "gibo/formats/percent_encoding.h"

namespace gibo::text {
namespace {

TEST(PercentEncode, KeepsUnreservedBytesAndTheOnesAsked) {
  EXPECT_EQ(percent_encode("Az09-._~"), "Az09-._~");
  EXPECT_EQ(percent_encode("a/b,c d"), "a%2Fb%2Cc%20d");
  EXPECT_EQ(percent_encode("a/b,c d", "/"), "a/b%2Cc%20d");
  EXPECT_EQ(percent_encode("a/b,c d", ","), "a%2Fb,c%20d");
  EXPECT_EQ(percent_encode("장기"), "%EC%9E%A5%EA%B8%B0");  // UTF-8 bytes, upper-case hex
  EXPECT_EQ(percent_encode(std::string_view("\0?", 2), "?"), "%00?");
  EXPECT_EQ(percent_encode(""), "");
}

}  // namespace
}  // namespace gibo::text
