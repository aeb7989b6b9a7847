// The grammar of Janggi PGN (README.md, "What gibo reads") in Boost.Spirit X3 rules over
// the decoded text: the lexical rules, then tag lines, comments and movetext, then the
// games and the file (each rule after the rules it uses; the README states them top down). README.md states each rule as it is written here
// (tests/formats/grammar_readme_test.cpp compares them).
//
// The rules that make games hand what they read to the reader, given by
// x3::with<reader_tag>(std::ref(reader)) (reader.cpp): each action passes the text its rule
// matched (a view into the text, so every diagnostic keeps its place), and the reader
// turns it into tags, moves, comments and diagnostics. Variations nest; the rule is
// applied with a depth count kept by the reader rather than by recursion, so deep nesting
// costs no stack. Internal to formats/pgn.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <functional>
#include <string_view>

#include "../../src/core/x3_bytes.h"

namespace gibo::pgn_grammar {

namespace x3 = boost::spirit::x3;

using x3_bytes::view_of;

inline const auto space = x3_bytes::one_of(" \t\n\r\f\v");
inline const auto blank = x3_bytes::one_of(" \t");
using x3_bytes::blanks;
inline const auto spaces = x3::omit[*space];
inline const auto digit = x3::char_('0', '9');

inline const auto escape_line = '%' >> *(~x3::char_('\n'));

// ---- tag lines ---------------------------------------------------------------------------
inline const auto tag_name = x3::raw[+(x3::char_ - space - '"' - ']')];
inline const auto tag_value = x3::raw[*(('\\' >> x3_bytes::one_of("\\\"nr")) | ~x3_bytes::one_of("\"\n"))];
inline const auto tag_start = '[' >> blanks >> x3::omit[x3::char_ - space - '"' - ']' - '%'];
inline const auto tag_line = '[' >> blanks >> tag_name >> blanks >> '"' >> tag_value >> '"' >> blanks >> ']';

// ---- comments ------------------------------------------------------------------------------
inline const auto comment_text = x3::raw[*(~x3_bytes::one_of("}\n") | ('\n' >> !tag_start))];
inline const auto brace_comment = '{' >> comment_text >> '}';
inline const auto line_comment = ';' >> x3::raw[*(~x3::char_('\n'))];
// A "{" never closed: its text ends before a tag line (after the line end) or at the end.
inline const auto unclosed_comment = '{' >> comment_text >> -x3::lit('\n');

// ---- movetext symbols --------------------------------------------------------------------------
inline const auto nag_number = x3::uint_parser<int, 10, 1, 3>{} >> !digit;
inline const auto nag = '$' >> -nag_number >> *digit;
inline const auto symbol_char = ~x3_bytes::one_of(" \t\n\r\f\v{}();$");
inline const auto result = (x3::lit("1-0") | "0-1" | "1/2-1/2" | '*') >> !symbol_char;
inline const auto symbol = x3::raw[+symbol_char];
inline const auto move_number = +digit >> +x3::lit('.');

// ---- [%emt] inside a comment ----------------------------------------------------------------------
// The seconds of "[%emt H:MM:SS]" (also M:SS or S): at most three fields, the later ones
// below 60, at most 100,000,000 seconds in all.
struct Emt {
  long total = 0;
  int fields = 0;
  bool ok = true;
};
struct emt_tag;
inline const auto emt_field = [](auto& ctx) {
  Emt& e = x3_bytes::state_of<emt_tag>(ctx);
  const unsigned long n = x3::_attr(ctx);
  if (++e.fields > 3 || (e.fields > 1 && n >= 60) || n > 100000000UL) e.ok = false;
  else if ((e.total = e.total * 60 + static_cast<long>(n)) > 100000000L) e.ok = false;
};
inline const auto emt = x3::lit("[%emt") >> *x3::lit(' ') >> (x3::ulong_[emt_field] % ':') >> *x3::lit(' ') >> ']';

// ---- games: the actions ----------------------------------------------------------------------
// Each part of a game the rules find goes to the reader as reader.read<Part::…>(text), the
// text its rule matched; line_start and the variation's depth ask the reader what stands
// before.
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
inline constexpr auto open_variation = [](auto& ctx) { reader(ctx).depth = 1; };
inline constexpr auto deeper = [](auto& ctx) { ++reader(ctx).depth; };
inline constexpr auto shallower = [](auto& ctx) { --reader(ctx).depth; };
}  // namespace act

// ---- variations (nested, read with a depth count) --------------------------------------------
// Succeeds while a variation is open.
inline const auto open = x3_bytes::when([](const auto& ctx) { return act::reader(ctx).depth > 0; });
inline const auto closed = x3_bytes::when([](const auto& ctx) { return act::reader(ctx).depth == 0; });
inline const auto variation_part = x3::omit[brace_comment] | x3::omit[line_comment] |
                                   x3::lit('(')[act::deeper] | x3::lit(')')[act::shallower] |
                                   ('\n' >> !(blanks >> tag_start)) | ~x3_bytes::one_of("(){;\n");
// From an opening "(": the variation up to its closing ")" when it has one; else the parse
// stops where the text says it ends (a tag line, an unclosed "{", the end).
inline const auto variation_body = *(open >> variation_part);
inline const auto variation =
    x3::lit('(')[act::open_variation] >> variation_body >> (closed | -('{' >> comment_text) >> -x3::lit('\n'));

// ---- games ---------------------------------------------------------------------------------
// Only blanks before it on its line.
inline const auto line_start =
    x3_bytes::when([](const char* at, const auto& ctx) { return act::reader(ctx).at_line_start(at); });
inline const auto skip = *(space | &x3::lit('%') >> line_start >> escape_line);
inline const auto tag_here = &tag_start >> line_start;
inline const auto tag =
    x3::raw[tag_line][act::read<Part::tag>] | x3::raw['[' >> *(~x3::char_('\n'))][act::read<Part::bad_tag>];
inline const auto comment =
    x3::raw[brace_comment][act::read<Part::comment>] | x3::raw[unclosed_comment][act::read<Part::unclosed_comment>];
inline const auto item =
    comment | x3::raw[line_comment][act::read<Part::line_comment>] | x3::raw[variation][act::read<Part::variation>] |
    x3::raw[x3_bytes::one_of(")}")][act::read<Part::stray>] | x3::raw[nag][act::read<Part::nag>] |
    x3::raw[move_number][act::read<Part::move_number>] >> -symbol[act::read<Part::move>] |
    symbol[act::read<Part::move>];
inline const auto movetext = *(skip >> !tag_here >> !result >> item) >>
                             -(skip >> x3::raw[result][act::read<Part::result>] >> *(spaces >> comment));
inline const auto game = x3::raw[*(skip >> tag_here >> tag) >> movetext][act::read<Part::game>];
inline const auto file = *(skip >> !x3::eoi >> game);

// Parses with `p` at `first` (moved past what matched); true when it matched.
template <typename Parser>
bool parse(const char*& first, const char* last, const Parser& p) {
  return x3::parse(first, last, p);
}
template <typename Parser, typename Attr>
bool parse(const char*& first, const char* last, const Parser& p, Attr& attr) {
  return x3::parse(first, last, p, attr);
}

}  // namespace gibo::pgn_grammar
