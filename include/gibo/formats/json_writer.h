// A small streaming JSON writer (objects, arrays, strings, numbers, booleans) used by
// the JSON format and by the commands' machine-readable output. Strings are UTF-8;
// control characters are escaped, bytes that are not UTF-8 become \xNN, everything else
// passes through.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gibo::json {

// Appends `s` as a JSON string literal (with quotes) to `out`. Bytes of `s` that are not
// part of well-formed UTF-8 (a file name in another encoding) are written as the four
// characters \xNN, so every JSON output is valid UTF-8.
void append_string(std::string& out, std::string_view s);

class Writer {
 public:
  explicit Writer(std::string& out) : out_(out) {}
  Writer& begin_object();
  Writer& end_object();
  Writer& begin_array();
  Writer& end_array();
  Writer& key(std::string_view k);  // inside an object, before a value
  Writer& value(std::string_view s);
  Writer& value(const char* s) { return value(std::string_view(s)); }
  Writer& value(std::int64_t n);
  Writer& value(int n) { return value(static_cast<std::int64_t>(n)); }
  Writer& value(std::uint64_t n);
  Writer& value(double d);
  Writer& value(bool b);
  Writer& null();
  // key + value in one call
  template <typename T>
  Writer& field(std::string_view k, const T& v) {
    key(k);
    return value(v);
  }

 private:
  void separator();
  Writer& open(char bracket);   // '{' or '[': a container starts
  Writer& close(char bracket);  // '}' or ']': the innermost container ends
  // Per open container, innermost last: no element written yet. The first levels stand
  // in the writer itself (no allocation for a usual document), deeper ones in `deeper_`.
  static constexpr std::size_t kInlineDepth = 32;
  void push_first() {
    if (depth_ < kInlineDepth) first_[depth_] = true;
    else deeper_.push_back(true);
    ++depth_;
  }
  void pop_first() {
    --depth_;
    if (depth_ >= kInlineDepth) deeper_.pop_back();
  }
  bool first_back() const { return depth_ <= kInlineDepth ? first_[depth_ - 1] : deeper_.back(); }
  void set_first_back(bool v) {
    if (depth_ <= kInlineDepth) first_[depth_ - 1] = v;
    else deeper_.back() = v;
  }
  std::string& out_;
  bool first_[kInlineDepth] = {};
  std::vector<bool> deeper_;
  std::size_t depth_ = 0;
  bool after_key_ = false;
};

}  // namespace gibo::json
