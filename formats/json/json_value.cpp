// The JSON document model and its parser (gibo/formats/json_value.h): RapidJSON's SAX
// reader does the parsing (RFC 8259, strict: no comments, no trailing commas, no NaN;
// escapes well-formed, no raw control characters); this file is the adapter that builds a
// Value from its events, keeps each number's literal text, refuses a string that is not
// UTF-8 (an unpaired low surrogate among them: RapidJSON 1.1 decodes one) and nesting past
// the limit, and turns RapidJSON's error offset into a line and column.
#include "gibo/formats/json_value.h"

#include <rapidjson/error/en.h>
#include <rapidjson/memorystream.h>
#include <rapidjson/reader.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "gibo/core/utf8.h"

namespace gibo::json {

Value Value::make_bool(bool b) {
  Value v;
  v.kind_ = Kind::Bool;
  v.bool_ = b;
  return v;
}
Value Value::make_number(double d, std::string text) {
  Value v;
  v.kind_ = Kind::Number;
  v.number_ = d;
  v.text_ = std::move(text);
  return v;
}
Value Value::make_string(std::string s) {
  Value v;
  v.kind_ = Kind::String;
  v.text_ = std::move(s);
  return v;
}
Value Value::make_array(std::vector<Value> items) {
  Value v;
  v.kind_ = Kind::Array;
  v.items_ = std::move(items);
  return v;
}
Value Value::make_object(std::vector<Member> members) {
  Value v;
  v.kind_ = Kind::Object;
  v.members_ = std::move(members);
  return v;
}

std::optional<std::int64_t> Value::as_int() const {
  if (kind_ != Kind::Number) return std::nullopt;
  // Integers are read from the literal so that large values stay exact.
  if (text_.find_first_of(".eE") != std::string::npos) {
    if (std::trunc(number_) != number_ || std::fabs(number_) > 9.0e15) return std::nullopt;
    return static_cast<std::int64_t>(number_);
  }
  errno = 0;
  char* end = nullptr;
  const long long n = std::strtoll(text_.c_str(), &end, 10);
  if (errno == ERANGE || end != text_.c_str() + text_.size()) return std::nullopt;
  return static_cast<std::int64_t>(n);
}

const Value* Value::find(std::string_view key) const {
  if (kind_ != Kind::Object) return nullptr;
  for (const Member& m : members_)
    if (m.first == key) return &m.second;
  return nullptr;
}

const std::string& Value::empty_string() {
  static const std::string s;
  return s;
}
const std::vector<Value>& Value::empty_items() {
  static const std::vector<Value> v;
  return v;
}
const std::vector<Value::Member>& Value::empty_members() {
  static const std::vector<Member> v;
  return v;
}

namespace {

// Builds Values from RapidJSON's events: a stack of open containers, each with its items
// or members (and the key waiting for its value).
class Builder : public rapidjson::BaseReaderHandler<rapidjson::UTF8<>, Builder> {
 public:
  explicit Builder(int max_depth) : max_depth_(max_depth) {}

  bool Null() { return add(Value()); }
  bool Bool(bool b) { return add(Value::make_bool(b)); }
  bool RawNumber(const char* text, rapidjson::SizeType length, bool) {
    std::string literal(text, length);
    const double d = std::strtod(literal.c_str(), nullptr);
    return add(Value::make_number(d, std::move(literal)));
  }
  bool String(const char* text, rapidjson::SizeType length, bool) {
    const std::string_view s(text, length);
    if (!utf8::valid(s)) return refuse(not_utf8(s));
    return add(Value::make_string(std::string(s)));
  }
  bool StartObject() { return open(true); }
  bool Key(const char* text, rapidjson::SizeType length, bool) {
    const std::string_view s(text, length);
    if (!utf8::valid(s)) return refuse(not_utf8(s));
    open_.back().key.assign(s);
    return true;
  }
  bool EndObject(rapidjson::SizeType) { return close(); }
  bool StartArray() { return open(false); }
  bool EndArray(rapidjson::SizeType) { return close(); }

  // The value read (valid once the reader succeeded).
  Value& result() { return result_; }
  // Why the builder stopped the reader ("" when it did not).
  const std::string& refusal() const { return refusal_; }

 private:
  struct Open {
    bool object = false;
    std::vector<Value> items;
    std::vector<Value::Member> members;
    std::string key;
  };

  // Why a string RapidJSON gave is not UTF-8: a surrogate a \u escape left unpaired (RapidJSON
  // 1.1 decodes a lone low one: bytes ED B0..BF), else bytes of the text itself.
  static std::string not_utf8(std::string_view s) {
    for (std::size_t i = 0; i + 1 < s.size(); ++i)
      if (static_cast<unsigned char>(s[i]) == 0xED && static_cast<unsigned char>(s[i + 1]) >= 0xA0)
        return "unpaired surrogate in a \\u escape";
    return "string is not valid UTF-8";
  }
  bool refuse(std::string why) {
    refusal_ = std::move(why);
    return false;
  }
  bool add(Value v) {
    if (open_.empty()) result_ = std::move(v);
    else if (open_.back().object) open_.back().members.emplace_back(std::move(open_.back().key), std::move(v));
    else open_.back().items.push_back(std::move(v));
    return true;
  }
  bool open(bool object) {
    if (static_cast<int>(open_.size()) >= max_depth_)
      return refuse("nesting deeper than " + std::to_string(max_depth_) + " levels");
    open_.emplace_back();
    open_.back().object = object;
    return true;
  }
  bool close() {
    Open done = std::move(open_.back());
    open_.pop_back();
    return add(done.object ? Value::make_object(std::move(done.members)) : Value::make_array(std::move(done.items)));
  }

  int max_depth_;
  std::vector<Open> open_;
  Value result_;
  std::string refusal_;
};

// RapidJSON's flags: numbers as their text, an explicit stack (no recursion however deep
// the text nests), and stop after one value. UTF-8 is checked by the Builder on each
// string and key as a whole (utf8::valid; outside strings RapidJSON takes no byte above
// ASCII), which is cheaper than RapidJSON's check a character at a time.
constexpr unsigned kFlags =
    rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseIterativeFlag | rapidjson::kParseStopWhenDoneFlag;

// The error at byte `offset` of `text`, with its line and column (1-based, in bytes).
ParseError error_at(std::string_view text, std::size_t offset, std::string message) {
  ParseError e;
  e.offset = std::min(offset, text.size());
  for (std::size_t i = 0; i < e.offset; ++i) {
    if (text[i] == '\n') {
      ++e.line;
      e.column = 1;
    } else {
      ++e.column;
    }
  }
  e.message = std::move(message);
  return e;
}

// RapidJSON's message in our words where ours said it otherwise.
std::string message_of(rapidjson::ParseErrorCode code) {
  switch (code) {
    case rapidjson::kParseErrorDocumentEmpty: return "unexpected end of input, expected a value";
    case rapidjson::kParseErrorStringInvalidEncoding: return "string is not valid UTF-8";
    case rapidjson::kParseErrorStringUnicodeSurrogateInvalid: return "unpaired surrogate in a \\u escape";
    default: {
      std::string m = rapidjson::GetParseError_En(code);
      if (!m.empty() && m.back() == '.') m.pop_back();
      if (!m.empty()) m[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(m[0])));
      return m;
    }
  }
}

}  // namespace

Expected<Value, ParseError> parse_value(std::string_view text, std::size_t& pos, int max_depth) {
  const std::string_view rest = text.substr(std::min(pos, text.size()));
  rapidjson::MemoryStream stream(rest.data(), rest.size());
  Builder builder(max_depth);
  rapidjson::Reader reader;
  const rapidjson::ParseResult ok = reader.Parse<kFlags>(stream, builder);
  if (!ok) {
    const bool ours = ok.Code() == rapidjson::kParseErrorTermination && !builder.refusal().empty();
    return error_at(text, pos + ok.Offset(), ours ? builder.refusal() : message_of(ok.Code()));
  }
  pos += stream.Tell();
  return std::move(builder.result());
}

Expected<Value, ParseError> parse(std::string_view text) {
  std::size_t pos = 0;
  auto v = parse_value(text, pos, 256);
  if (!v) return v;
  while (pos < text.size() && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\n' || text[pos] == '\r')) ++pos;
  if (pos != text.size()) return error_at(text, pos, "text after the JSON value");
  return v;
}

}  // namespace gibo::json
