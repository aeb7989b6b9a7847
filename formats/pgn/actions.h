// The semantic actions and the C++ tests of the PGN grammar (grammar.h), apart from its
// rules: what a rule hands the reader when it matches, and the tests of what the reader
// knows (the variation's depth, what stands before a position on its line).
//
// The rules that make games hand what they read to the reader, given by
// x3::with<reader_tag>(std::ref(reader)) (reader.cpp): each action passes the text its rule
// matched (a view into the text, so every diagnostic keeps its place), and the reader
// turns it into tags, moves, comments and diagnostics. Internal to formats/pgn.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "../../src/core/x3_bytes.h"

namespace gibo::pgn_grammar {

namespace x3 = boost::spirit::x3;

using x3_bytes::view_of;

// ---- games ---------------------------------------------------------------------------------
// Each part of a game the rules find goes to the reader as reader.read<Part::…>(text), the
// text its rule matched.
enum class Part {
  tag, bad_tag, comment, unclosed_comment, line_comment, variation, stray, nag, move_number, move, result, game
};
struct reader_tag;
namespace act {
template <typename Context>
auto& reader(const Context& ctx) {
  return x3_bytes::state_of<reader_tag>(ctx);
}
template <Part part>
inline constexpr auto read = [](auto& ctx) { reader(ctx).template read<part>(view_of(x3::_attr(ctx))); };

// Variations nest; the rule is applied with a depth count kept by the reader rather than by
// recursion, so deep nesting costs no stack.
inline constexpr auto open_variation = [](auto& ctx) { reader(ctx).depth = 1; };
inline constexpr auto deeper = [](auto& ctx) { ++reader(ctx).depth; };
inline constexpr auto shallower = [](auto& ctx) { --reader(ctx).depth; };

// The tests (x3_bytes::when): a variation is open; it is closed; only blanks stand before
// `at` on its line.
inline constexpr auto variation_open = [](const auto& ctx) { return reader(ctx).depth > 0; };
inline constexpr auto variation_closed = [](const auto& ctx) { return reader(ctx).depth == 0; };
inline constexpr auto at_line_start = [](const char* at, const auto& ctx) { return reader(ctx).at_line_start(at); };
}  // namespace act

// ---- [%emt] inside a comment ----------------------------------------------------------------------
// The seconds of "[%emt H:MM:SS]" (also M:SS or S): at most three fields, the later ones
// below 60, at most 100,000,000 seconds in all; given by x3::with<emt_tag>(std::ref(emt)).
struct Emt {
  long total = 0;
  int fields = 0;
  bool ok = true;
};
struct emt_tag;
namespace act {
inline constexpr auto emt_field = [](auto& ctx) {
  Emt& e = x3_bytes::state_of<emt_tag>(ctx);
  const unsigned long n = x3::_attr(ctx);
  if (++e.fields > 3 || (e.fields > 1 && n >= 60) || n > 100000000UL) e.ok = false;
  else if ((e.total = e.total * 60 + static_cast<long>(n)) > 100000000L) e.ok = false;
};
}  // namespace act

}  // namespace gibo::pgn_grammar
