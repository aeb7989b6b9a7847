// The grammar of Janggi PGN (README.md, "What gibo reads") in Boost.Spirit X3 rules over
// the decoded text. reader.cpp drives the rules at each point of a game and turns what they
// find (views and positions in the text) into tags, moves, comments and diagnostics.
//
//   file        = { game }
//   game        = { tag-line } movetext
//   movetext    = { move-number | symbol | comment | variation | nag | escape-line } [ result ]
//
//   space       = " " | "\t" | "\n" | "\r" | "\f" | "\v"
//   blank       = " " | "\t"
//   escape-line = "%" { any - "\n" }                     ("%" first on its line)
//   tag-line    = "[" blanks tag-name blanks '"' tag-value '"' blanks "]"   (at a line start)
//   tag-name    = ( any - space - '"' - "]" ) { any - space - '"' - "]" }
//   tag-value   = { "\" ( "\" | '"' | "n" | "r" ) | any - '"' - "\n" }
//   tag-start   = "[" blanks ( any - space - '"' - "]" - "%" )     what makes a line a tag line
//   comment     = "{" comment-text "}" | ";" { any - "\n" }
//   comment-text = { any - "}" - "\n" | "\n" - ( "\n" tag-start ) }
//                  a "[" in the first column ends a comment never closed
//   variation   = "(" { comment | variation | "\n" - ( "\n" blanks tag-start ) | any - "(" - ")" } ")"
//   nag         = "$" { digit }
//   result      = ( "1-0" | "0-1" | "1/2-1/2" | "*" ) followed by no symbol character
//   symbol      = symbol-char { symbol-char }     symbol-char = any - space - "{}();$"
//   move-number = digit { digit } "." { "." }     at the start of a symbol, taken off it
//   emt         = "[%emt" { " " } seconds { ":" seconds } { " " } "]"     inside a comment
//
// Variations nest; the rule is applied with a depth count rather than by recursion, so
// deep nesting costs no stack. Internal to formats/pgn.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <functional>
#include <string_view>

#include "../../src/core/x3_bytes.h"

namespace gibo::pgn_grammar {

namespace x3 = boost::spirit::x3;

inline std::string_view view(const boost::iterator_range<const char*>& r) { return x3_bytes::view_of(r); }

inline const auto space = x3::char_(" \t\n\r\f\v");
inline const auto blank = x3::char_(" \t");
using x3_bytes::blanks;
inline const auto spaces = x3::omit[*space];
inline const auto digit = x3::char_('0', '9');

inline const auto escape_line = '%' >> *(~x3::char_('\n'));

// ---- tag lines ---------------------------------------------------------------------------
inline const auto tag_name = x3::raw[+(~x3::char_(" \t\n\r\f\v\"]"))];
inline const auto tag_value = x3::raw[*(('\\' >> x3::char_("\\\"nr")) | ~x3::char_("\"\n"))];
inline const auto tag_start = '[' >> blanks >> x3::omit[~x3::char_(" \t\n\r\f\v\"]%")];
inline const auto tag_line = '[' >> blanks >> tag_name >> blanks >> '"' >> tag_value >> '"' >> blanks >> ']';

// ---- comments ------------------------------------------------------------------------------
inline const auto comment_text = x3::raw[*(~x3::char_("}\n") | ('\n' >> !tag_start))];
inline const auto brace_comment = '{' >> comment_text >> '}';
inline const auto line_comment = ';' >> x3::raw[*(~x3::char_('\n'))];

// ---- variations (nested, read with a depth count) --------------------------------------------
struct depth_tag;
template <typename Context>
int& depth(const Context& ctx) {
  return x3::get<depth_tag>(ctx).get();
}
// Succeeds while a variation is open.
inline const auto open = x3_bytes::when([](const auto& ctx) { return depth(ctx) > 0; });
inline const auto deeper = [](auto& ctx) { ++depth(ctx); };
inline const auto shallower = [](auto& ctx) { --depth(ctx); };
inline const auto variation_part = x3::omit[brace_comment] | x3::omit[line_comment] |
                                   x3::lit('(')[deeper] | x3::lit(')')[shallower] |
                                   ('\n' >> !(blanks >> tag_start)) | ~x3::char_("(){;\n");
// From an opening "(": the variation up to its closing ")" when it has one; else the parse
// stops where the text says it ends (a tag line, an unclosed "{", the end).
inline const auto variation_body = *(open >> variation_part);

// ---- movetext symbols --------------------------------------------------------------------------
inline const auto nag = x3::raw['$' >> *digit];
inline const auto symbol_char = ~x3::char_(" \t\n\r\f\v{}();$");
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
  Emt& e = x3::get<emt_tag>(ctx).get();
  const unsigned long n = x3::_attr(ctx);
  if (++e.fields > 3 || (e.fields > 1 && n >= 60) || n > 100000000UL) e.ok = false;
  else if ((e.total = e.total * 60 + static_cast<long>(n)) > 100000000L) e.ok = false;
};
inline const auto emt = x3::lit("[%emt") >> *x3::lit(' ') >> (x3::ulong_[emt_field] % ':') >> *x3::lit(' ') >> ']';

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
