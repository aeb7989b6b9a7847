// Site and event names counted as entities: the key of a spelling and the alias table
// (name_aliases.h; the default table is src/record/aliases.tsv, built in by CMake).
#include "gibo/record/name_aliases.h"

#include "gibo/record/aliases_tsv.h"
#include "gibo/record/normal_form.h"
#include "gibo/record/text_lines.h"
#include "gibo/record/player_identity.h"

namespace gibo {
namespace {

// Blanks after NFKC (which makes the ideographic and no-break spaces U+0020).
bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

}  // namespace

std::string tidy_name(std::string_view value) {
  std::string out;
  bool gap = false;
  for (char c : normal_form(value)) {
    if (is_blank(c)) {
      gap = !out.empty();
      continue;
    }
    if (gap) out += ' ';
    gap = false;
    out += c;
  }
  return out;
}

std::string name_key(std::string_view value) {
  std::string out = folded_form(value);
  std::erase_if(out, is_blank);
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
    if (const auto fault = text_fault(line))
      return Error{origin + ":" + std::to_string(line_number) + ":" + std::to_string(fault->column) + ": " +
                   fault->message};
    if (b == std::string_view::npos || line.find('\t', b + 1) != std::string_view::npos)
      return Error{where + "an alias line is KIND<TAB>SPELLING<TAB>NAME"};
    const std::string_view kind = line.substr(0, a), spelling = line.substr(a + 1, b - a - 1),
                           name = line.substr(b + 1);
    if (kind != "site" && kind != "event" && kind != "*" && kind != "online" && kind != "player" && kind != "format")
      return Error{where + "KIND must be site, event, *, online, player or format, not '" + std::string(kind) + "'"};
    if (name_key(spelling).empty() || tidy_name(name).empty()) return Error{where + "SPELLING and NAME must not be blank"};
    if (kind == "player") {
      players_[identity_key(spelling, *this)] = tidy_name(name);
      continue;
    }
    if (kind == "format") {
      const auto f = event_format_named(tidy_name(name));
      if (!f) return Error{where + "a format is round-robin, knockout, league, match or casual, not '" + std::string(name) + "'"};
      const std::string event = count_as(false, spelling).key;  // as the event lines above count it
      if (event.empty()) return Error{where + "'" + std::string(spelling) + "' is counted as no event"};
      formats_[event] = *f;
      continue;
    }
    if (kind != "event") sites_[name_key(spelling)] = tidy_name(name);
    if (kind != "site" && kind != "online") events_[name_key(spelling)] = tidy_name(name);
    if (kind == "online") online_.insert(name_key(name));
  }
  return std::nullopt;
}

NameAliases::Counted NameAliases::count_as(bool site, std::string_view value) const {
  const std::string key = name_key(value);
  if (key.empty()) return {};
  const auto& table = site ? sites_ : events_;
  const auto it = table.find(key);
  if (it == table.end()) return {key, tidy_name(value), {}};
  if (it->second == "?") return {};
  if (it->second.front() == '!') {
    std::string note = tidy_name(std::string_view(it->second).substr(1));
    return {{}, tidy_name(value), note.empty() ? std::string(site ? "not a site" : "not an event") : note};
  }
  return {name_key(it->second), it->second, {}};
}

}  // namespace gibo
