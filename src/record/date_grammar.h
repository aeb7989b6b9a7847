// The grammar of a date as records write it (`2010.03.12`, `2010-03-12`, `20100312`,
// `2010년 3월 12일`, `1937년`, `2020.01~2020.06`, `미상`) in Boost.Spirit X3 rules over the
// bytes of the tag value; src/record/README.md states each rule as it is written here
// (tests/formats/grammar_readme_test.cpp compares them), game_date.cpp gives the meaning
// (gibo/record/game_date.h). The separators are any non-digit bytes, so "년 " and "월 "
// (UTF-8 or CP949) separate as "." and "-" do. Internal to src/record.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "../core/x3_bytes.h"

namespace gibo::date_grammar {

namespace x3 = boost::spirit::x3;

// What the rules found: year 0 = none; month, day 0 = not given.
struct Found {
  unsigned year = 0, month = 0, day = 0;
};
struct found_tag;

inline const auto digit = x3::char_('0', '9');
inline const auto run = +digit;
inline const auto other = +(~x3::char_('0', '9'));
inline const auto no_digit_follows = !digit;


inline const auto set_year = [](auto& ctx) {
  const unsigned y = x3::_attr(ctx);
  if (y < 1000 || y > 2999) x3::_pass(ctx) = false;
  else x3_bytes::state_of<found_tag>(ctx).year = y;
};
inline const auto set_compact = [](auto& ctx) {
  const unsigned v = x3::_attr(ctx), y = v / 10000;
  if (y < 1000 || y > 2999) {
    x3::_pass(ctx) = false;
    return;
  }
  Found& f = x3_bytes::state_of<found_tag>(ctx);
  f.year = y;
  f.month = v / 100 % 100;
  f.day = v % 100;
  if (f.month < 1 || f.month > 12) f.month = 0, f.day = 0;
  if (f.day < 1 || f.day > 31) f.day = 0;
};
inline const auto set_month = [](auto& ctx) {
  const unsigned m = x3::_attr(ctx);
  if (m < 1 || m > 12) x3::_pass(ctx) = false;
  else x3_bytes::state_of<found_tag>(ctx).month = m;
};
inline const auto set_day = [](auto& ctx) {
  const unsigned d = x3::_attr(ctx);
  if (d < 1 || d > 31) x3::_pass(ctx) = false;
  else x3_bytes::state_of<found_tag>(ctx).day = d;
};
// The year part left the month open (a compact date with an impossible month).
inline const auto month_open = x3_bytes::when([](const auto& ctx) { return x3_bytes::state_of<found_tag>(ctx).month == 0; });

// Each number is checked (and kept) only once it is known to be a whole run of digits.
inline const auto year = (x3::uint_parser<unsigned, 10, 4, 4>{} >> no_digit_follows)[set_year];
inline const auto compact = (x3::uint_parser<unsigned, 10, 8, 8>{} >> no_digit_follows)[set_compact];
inline const auto year_part = year | compact;
inline const auto month = (x3::uint_parser<unsigned, 10, 1, 2>{} >> no_digit_follows)[set_month];
inline const auto day = (x3::uint_parser<unsigned, 10, 1, 2>{} >> no_digit_follows)[set_day];
inline const auto skip = (run - year_part) | other;
inline const auto date = *skip >> year_part >> -(month_open >> other >> month >> -(other >> day));

// Parses `text` with `p`, filling `out`; true when `p` matched (the rest of the text, if
// any, is not looked at).
template <typename Parser>
bool parse(std::string_view text, const Parser& p, Found& out) {
  const char* first = text.data();
  return x3::parse(first, text.data() + text.size(), x3::with<found_tag>(std::ref(out))[p]);
}

}  // namespace gibo::date_grammar
