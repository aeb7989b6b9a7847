// The grammar of a move-list line (README.md) in Boost.Spirit X3 rules over the line's
// bytes. The rules find the words and what each is; reader.cpp reads the FEN and the moves
// (formats/notation) and reports problems at the words' columns.
//
//   line     = blanks [ "position" blanks ] [ start ] [ "moves" blanks ] { move blanks }
//   start    = "startpos" blanks | "fen" blanks { fen-word blanks }
//   fen-word = word - "moves"
//   move     = word                   UCI or JANGGI notation (formats/notation)
//   word     = non-blank { non-blank }    a keyword is a whole word
//   blanks   = { " " | "\t" }
//
// A line whose first word begins with "#" is a comment. Internal to formats/uci.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "../../src/core/x3_bytes.h"

namespace gibo::uci_grammar {

namespace x3 = boost::spirit::x3;

// Where the rules put what they find: views into the line.
struct Line {
  std::string_view fen_keyword;  // the word "fen" when the start is a FEN (data() null otherwise)
  std::string fen;               // the FEN words, one space between two
  std::vector<std::string_view> moves;
};
struct line_tag;

template <typename Context>
Line& line_of(const Context& ctx) {
  return x3::get<line_tag>(ctx).get();
}
inline std::string_view view(const boost::iterator_range<const char*>& r) { return x3_bytes::view_of(r); }

using x3_bytes::blanks;
inline const auto word = x3::raw[+(~x3::char_(" \t"))];
// A keyword: the whole word `k`.
inline auto keyword(const char* k) { return x3::lit(k) >> !(~x3::char_(" \t")); }

inline const auto on_fen = [](auto& ctx) { line_of(ctx).fen_keyword = view(x3::_attr(ctx)); };
inline const auto on_fen_word = [](auto& ctx) {
  Line& l = line_of(ctx);
  if (!l.fen.empty()) l.fen += ' ';
  l.fen += view(x3::_attr(ctx));
};
inline const auto on_move = [](auto& ctx) { line_of(ctx).moves.push_back(view(x3::_attr(ctx))); };

inline const auto fen_word = word - keyword("moves");
inline const auto start = (keyword("startpos") >> blanks) |
                          (x3::raw[keyword("fen")][on_fen] >> blanks >> *(fen_word[on_fen_word] >> blanks));
inline const auto line = blanks >> -(keyword("position") >> blanks) >> -start >> -(keyword("moves") >> blanks) >>
                         *(word[on_move] >> blanks);
// A comment line: its first word begins with '#'.
inline const auto comment = blanks >> '#';

}  // namespace gibo::uci_grammar
