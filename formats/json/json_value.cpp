// Strict recursive-descent JSON parser (RFC 8259): no comments, no trailing commas, no
// NaN; strings must be valid UTF-8 and escapes well-formed (surrogates paired).
#include "gibo/formats/json_value.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "escapes.h"
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

class Parser {
 public:
  Parser(std::string_view text, std::size_t pos, int max_depth) : s_(text), p_(pos), max_depth_(max_depth) {}

  // One value at p_ (white space first); `depth` counts the enclosing containers.
  std::optional<Value> value(int depth) {
    skip_ws();
    if (p_ >= s_.size()) return fail("unexpected end of input, expected a value");
    if (depth > max_depth_) return fail("nesting deeper than " + std::to_string(max_depth_) + " levels");
    switch (s_[p_]) {
      case '{': return object(depth);
      case '[': return array(depth);
      case '"': {
        std::string str;
        if (!string(str)) return std::nullopt;
        return Value::make_string(std::move(str));
      }
      case 't': return literal("true", Value::make_bool(true));
      case 'f': return literal("false", Value::make_bool(false));
      case 'n': return literal("null", Value());
      default: return number();
    }
  }

  std::size_t pos() const { return p_; }
  // The last failure (valid after a call returned nullopt).
  const ParseError& error() const { return error_; }

  // Skips JSON white space.
  void skip_ws() {
    while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\t' || s_[p_] == '\n' || s_[p_] == '\r')) ++p_;
  }

  // Records an error at p_ (with its line and column) and returns nullopt.
  std::optional<Value> fail(std::string message) {
    error_.offset = p_;
    error_.line = 1;
    error_.column = 1;
    for (std::size_t i = 0; i < p_ && i < s_.size(); ++i) {
      if (s_[i] == '\n') {
        ++error_.line;
        error_.column = 1;
      } else {
        ++error_.column;
      }
    }
    error_.message = std::move(message);
    return std::nullopt;
  }

 private:
  // true / false / null.
  std::optional<Value> literal(std::string_view word, Value v) {
    if (s_.substr(p_, word.size()) != word) return fail("invalid literal");
    p_ += word.size();
    return v;
  }

  // Consumes `c` when it is next; says whether it was.
  bool take(char c) {
    if (p_ >= s_.size() || s_[p_] != c) return false;
    ++p_;
    return true;
  }

  // Contract: s_[p_] == '{'.
  std::optional<Value> object(int depth) {
    ++p_;  // '{'
    std::vector<Value::Member> members;
    skip_ws();
    if (take('}')) return Value::make_object(std::move(members));
    for (;;) {
      skip_ws();
      if (p_ >= s_.size() || s_[p_] != '"') return fail("expected a string key");
      std::string key;
      if (!string(key)) return std::nullopt;
      skip_ws();
      if (!take(':')) return fail("expected ':' after a key");
      auto v = value(depth + 1);
      if (!v) return std::nullopt;
      members.emplace_back(std::move(key), std::move(*v));
      skip_ws();
      if (take(',')) continue;
      if (take('}')) return Value::make_object(std::move(members));
      return fail("expected ',' or '}' in an object");
    }
  }

  // Contract: s_[p_] == '['.
  std::optional<Value> array(int depth) {
    ++p_;  // '['
    std::vector<Value> items;
    skip_ws();
    if (take(']')) return Value::make_array(std::move(items));
    for (;;) {
      auto v = value(depth + 1);
      if (!v) return std::nullopt;
      items.push_back(std::move(*v));
      skip_ws();
      if (take(',')) continue;
      if (take(']')) return Value::make_array(std::move(items));
      return fail("expected ',' or ']' in an array");
    }
  }

  // 0..15, or -1 for a non-hex character.
  static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  // Four hex digits at p_ into `out`.
  bool hex4(unsigned& out) {
    if (p_ + 4 > s_.size()) return false;
    out = 0;
    for (int i = 0; i < 4; ++i) {
      const int d = hex_digit(s_[p_ + i]);
      if (d < 0) return false;
      out = out * 16 + static_cast<unsigned>(d);
    }
    p_ += 4;
    return true;
  }



  // Contract: s_[p_] == '"'. Reads the string into `out`.
  bool string(std::string& out) {
    ++p_;
    for (;;) {
      if (p_ >= s_.size()) {
        fail("unterminated string");
        return false;
      }
      const unsigned char c = static_cast<unsigned char>(s_[p_]);
      if (c == '"') break;
      if (c < 0x20) {
        fail("control character in a string");
        return false;
      }
      if (c != '\\') {
        const std::size_t run = p_;
        while (p_ < s_.size() && s_[p_] != '"' && s_[p_] != '\\' && static_cast<unsigned char>(s_[p_]) >= 0x20) ++p_;
        out.append(s_.substr(run, p_ - run));
        continue;
      }
      ++p_;
      if (p_ >= s_.size()) {
        fail("unterminated escape");
        return false;
      }
      const char e = s_[p_++];
      if (const char escaped = detail::escaped_character(e)) {
        out += escaped;
        continue;
      }
      switch (e) {
        case 'u': {
          unsigned cp = 0;
          if (!hex4(cp)) {
            fail("bad \\u escape");
            return false;
          }
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned low = 0;
            if (s_.substr(p_, 2) != "\\u" || (p_ += 2, !hex4(low)) || low < 0xDC00 || low > 0xDFFF) {
              fail("unpaired surrogate in a \\u escape");
              return false;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            fail("unpaired surrogate in a \\u escape");
            return false;
          }
          utf8::append(out, static_cast<char32_t>(cp));
          break;
        }
        default:
          --p_;
          fail("unknown escape");
          return false;
      }
    }
    ++p_;  // closing quote
    if (!utf8::valid(out)) {
      fail("string is not valid UTF-8");
      return false;
    }
    return true;
  }

  // A number at p_ (strict RFC 8259 syntax).
  std::optional<Value> number() {
    const std::size_t begin = p_;
    take('-');
    auto digits = [&] {
      const std::size_t d = p_;
      while (p_ < s_.size() && s_[p_] >= '0' && s_[p_] <= '9') ++p_;
      return p_ - d;
    };
    if (p_ >= s_.size() || s_[p_] < '0' || s_[p_] > '9') return fail("expected a value");
    if (s_[p_] == '0') ++p_;
    else digits();
    if (take('.') && digits() == 0) return fail("expected digits after '.'");
    if (p_ < s_.size() && (s_[p_] == 'e' || s_[p_] == 'E')) {
      ++p_;
      if (p_ < s_.size() && (s_[p_] == '+' || s_[p_] == '-')) ++p_;
      if (digits() == 0) return fail("expected digits in the exponent");
    }
    std::string lit(s_.substr(begin, p_ - begin));
    const double d = std::strtod(lit.c_str(), nullptr);
    return Value::make_number(d, std::move(lit));
  }

  std::string_view s_;
  std::size_t p_;
  int max_depth_;
  ParseError error_;
};

}  // namespace

Expected<Value, ParseError> parse_value(std::string_view text, std::size_t& pos, int max_depth) {
  Parser p(text, pos, max_depth);
  auto v = p.value(0);
  if (!v) return p.error();
  pos = p.pos();
  return std::move(*v);
}

Expected<Value, ParseError> parse(std::string_view text) {
  Parser p(text, 0, 256);
  auto v = p.value(0);
  if (!v) return p.error();
  p.skip_ws();
  if (p.pos() != text.size()) {
    p.fail("text after the JSON value");
    return p.error();
  }
  return std::move(*v);
}

}  // namespace gibo::json
