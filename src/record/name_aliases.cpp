// Site and event names counted as entities: the key of a spelling and the alias table
// (name_aliases.h; the default table is src/record/aliases.tsv, built in by CMake).
#include "gibo/record/name_aliases.h"

#include "gibo/record/aliases_tsv.h"
#include "gibo/record/text_lines.h"

namespace gibo {
namespace {

// The next UTF-8 code point of `s` at `i` (advanced past it); a stray byte as itself.
char32_t next_code_point(std::string_view s, std::size_t& i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  const int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
  if (n == 1 || i + static_cast<std::size_t>(n) > s.size()) {
    ++i;
    return c;
  }
  char32_t cp = c & (0x7F >> n);
  for (int k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + static_cast<std::size_t>(k)]) & 0x3F);
  i += static_cast<std::size_t>(n);
  return cp;
}

void append_utf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

bool is_blank(char32_t cp) { return cp == ' ' || cp == '\t' || cp == '\r' || cp == '\n' || cp == 0x3000 || cp == 0xA0; }

// Full-width ASCII (U+FF01..U+FF5E) as ASCII; other code points as they are.
char32_t narrow(char32_t cp) { return cp >= 0xFF01 && cp <= 0xFF5E ? cp - 0xFF01 + 0x21 : cp; }

// The value with its blanks tidied for display: full-width forms narrowed, runs of
// blanks one space, none at the ends.
std::string tidy(std::string_view value) {
  std::string out;
  bool gap = false;
  for (std::size_t i = 0; i < value.size();) {
    const char32_t cp = narrow(next_code_point(value, i));
    if (is_blank(cp)) {
      gap = !out.empty();
      continue;
    }
    if (gap) out += ' ';
    gap = false;
    append_utf8(out, cp);
  }
  return out;
}

}  // namespace

std::string name_key(std::string_view value) {
  std::string out;
  for (std::size_t i = 0; i < value.size();) {
    char32_t cp = narrow(next_code_point(value, i));
    if (is_blank(cp)) continue;
    if (cp >= 'A' && cp <= 'Z') cp += 'a' - 'A';
    append_utf8(out, cp);
  }
  return out;
}

const NameAliases& NameAliases::builtin() {
  static const NameAliases table = [] {
    NameAliases t;
    const auto error = t.add(kDefaultAliases, "src/record/aliases.tsv");
    (void)error;  // the built-in table is checked by tests/report/stats_units_test.cpp
    return t;
  }();
  return table;
}

std::optional<Error> NameAliases::add(std::string_view tsv, const std::string& origin) {
  int line_number = 0;
  while (!tsv.empty()) {
    const std::string_view line = take_line(tsv);
    ++line_number;
    if (line.empty() || line.front() == '#') continue;
    const std::size_t a = line.find('\t'), b = a == std::string_view::npos ? a : line.find('\t', a + 1);
    const std::string where = origin + ":" + std::to_string(line_number) + ": ";
    if (b == std::string_view::npos || line.find('\t', b + 1) != std::string_view::npos)
      return Error{where + "an alias line is KIND<TAB>SPELLING<TAB>NAME"};
    const std::string_view kind = line.substr(0, a), spelling = line.substr(a + 1, b - a - 1),
                           name = line.substr(b + 1);
    if (kind != "site" && kind != "event" && kind != "*")
      return Error{where + "KIND must be site, event or *, not '" + std::string(kind) + "'"};
    if (name_key(spelling).empty() || tidy(name).empty()) return Error{where + "SPELLING and NAME must not be blank"};
    if (kind != "event") sites_[name_key(spelling)] = tidy(name);
    if (kind != "site") events_[name_key(spelling)] = tidy(name);
  }
  return std::nullopt;
}

NameAliases::Counted NameAliases::count_as(bool site, std::string_view value) const {
  const std::string key = name_key(value);
  if (key.empty()) return {};
  const auto& table = site ? sites_ : events_;
  const auto it = table.find(key);
  if (it == table.end()) return {key, tidy(value)};
  if (it->second == "?") return {};
  return {name_key(it->second), it->second};
}

}  // namespace gibo
