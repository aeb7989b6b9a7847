// A small JSON document model and a strict recursive-descent parser (RFC 8259), used by
// the JSON game reader. Objects keep their members in document order. Parsing never
// throws: it returns the value or an error with its line and column.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gibo/core/expected.h"

namespace gibo::json {

class Value {
 public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Member = std::pair<std::string, Value>;

  Value() = default;
  static Value make_bool(bool b);
  static Value make_number(double d, std::string text);
  static Value make_string(std::string s);
  static Value make_array(std::vector<Value> items);
  static Value make_object(std::vector<Member> members);

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::Null; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_number() const { return kind_ == Kind::Number; }
  bool is_string() const { return kind_ == Kind::String; }
  bool is_array() const { return kind_ == Kind::Array; }
  bool is_object() const { return kind_ == Kind::Object; }

  // Contract for the accessors: the kind matches (else a neutral value is returned:
  // false, 0, "", or an empty list).
  bool as_bool() const { return kind_ == Kind::Bool && bool_; }
  double as_double() const { return kind_ == Kind::Number ? number_ : 0.0; }
  // The number if it is an integer that fits; nullopt otherwise (or not a number).
  std::optional<std::int64_t> as_int() const;
  const std::string& as_string() const { return kind_ == Kind::String ? text_ : empty_string(); }
  const std::vector<Value>& items() const { return kind_ == Kind::Array ? items_ : empty_items(); }
  const std::vector<Member>& members() const { return kind_ == Kind::Object ? members_ : empty_members(); }

  // The first member named `key` of an object, or nullptr (also for non-objects).
  const Value* find(std::string_view key) const;

 private:
  static const std::string& empty_string();
  static const std::vector<Value>& empty_items();
  static const std::vector<Member>& empty_members();

  Kind kind_ = Kind::Null;
  bool bool_ = false;
  double number_ = 0.0;
  std::string text_;  // string value, or a number's literal text
  std::vector<Value> items_;
  std::vector<Member> members_;
};

// Why a text is not JSON: where (the reader reports the line and column and resumes after
// the offset) and what.
struct ParseError {
  std::size_t offset = 0;  // byte offset in the parsed text
  int line = 1, column = 1;  // 1-based; column in bytes
  std::string message;
};

// Parses one JSON value starting at `pos` (leading white space skipped) and advances
// `pos` just past it (white space after it is not consumed). Nesting deeper than
// `max_depth` is an error. Malformed input gives a ParseError and leaves `pos` unchanged.
Expected<Value, ParseError> parse_value(std::string_view text, std::size_t& pos, int max_depth = 256);

// Parses a whole document: exactly one value and nothing but white space after it.
Expected<Value, ParseError> parse(std::string_view text);

}  // namespace gibo::json
