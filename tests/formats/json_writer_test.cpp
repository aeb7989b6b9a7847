// The JSON writer's string escaping and container bookkeeping, at every position of the
// eight-byte scan and below and beyond the containers it keeps without allocating.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gibo/core/utf8.h"
#include "gibo/formats/json_value.h"
#include "gibo/formats/json_writer.h"

namespace gibo {
namespace {

std::string json_literal(std::string_view s) {
  std::string out;
  json::append_string(out, s);
  return out;
}

// Reads a JSON string literal back.
std::string unquoted(const std::string& literal) {
  const auto v = json::parse(literal);
  EXPECT_TRUE(v) << literal << ": " << (v ? "" : v.error().message);
  if (!v || !v->is_string()) return "<not a string>";
  return v->as_string();
}

TEST(JsonWriter, EveryCharacterThatNeedsCareAtEveryOffset) {
  const std::vector<std::string> specials = {"\"", "\\", "\n", "\r", "\t", "\x01", "\x1f", "\x7f",
                                             "é", "한", "😀", " ", "/"};
  for (const std::string& special : specials)
    for (int before = 0; before <= 17; ++before)
      for (int after = 0; after <= 9; ++after) {
        std::string s(static_cast<std::size_t>(before), 'a');
        s += special;
        s.append(static_cast<std::size_t>(after), 'b');
        const std::string literal = json_literal(s);
        EXPECT_TRUE(utf8::valid(literal));
        EXPECT_EQ(unquoted(literal), s) << "special " << static_cast<int>(static_cast<unsigned char>(special[0]))
                                        << " after " << before << " bytes";
        // nothing but the special character is escaped: \" \\ \n \r \t, or \u00XX
        const unsigned char c = static_cast<unsigned char>(special[0]);
        const std::size_t extra = c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t' ? 1 : c < 0x20 ? 5 : 0;
        EXPECT_EQ(literal.size(), s.size() + 2 + extra) << literal;
      }
}

TEST(JsonWriter, BytesThatAreNotUtf8BecomeTextAtEveryOffset) {
  for (int before = 0; before <= 17; ++before) {
    const std::string pad(static_cast<std::size_t>(before), 'a');
    // a lone 0xFF, and a CP949 pair, among ASCII and a UTF-8 character
    std::string s = pad;
    s += "\xFF" "é" "\xC7\xD1";
    s += pad;
    const std::string literal = json_literal(s);
    EXPECT_TRUE(utf8::valid(literal)) << before;
    std::string expected = pad;
    expected += "\\xff" "é" "\\xc7\\xd1";
    expected += pad;
    EXPECT_EQ(unquoted(literal), expected);
  }
}

TEST(JsonWriter, DeepContainersBeyondTheInlineStack) {
  for (int depth : {1, 31, 32, 33, 70}) {
    std::string out;
    json::Writer w(out);
    for (int d = 0; d < depth; ++d) w.begin_array().value(d);
    for (int d = 0; d < depth; ++d) w.value("x").end_array();
    std::string expected;
    for (int d = 0; d < depth; ++d) {
      expected += '[';
      expected += std::to_string(d);
      expected += ',';
    }
    for (int d = 0; d < depth; ++d) {
      expected += "\"x\"]";
      if (d + 1 < depth) expected += ',';
    }
    EXPECT_EQ(out, expected) << depth;
  }
  std::string out;
  json::Writer(out).begin_object().field("a", -12).field("b", std::int64_t{-9223372036854775807 - 1})
      .field("c", std::uint64_t{18446744073709551615u}).key("d").begin_object().end_object().end_object();
  EXPECT_EQ(out, R"({"a":-12,"b":-9223372036854775808,"c":18446744073709551615,"d":{}})");
}

}  // namespace
}  // namespace gibo
