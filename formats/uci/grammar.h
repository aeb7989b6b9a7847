// The grammar of a move-list line in Boost.Spirit X3 rules over the line's bytes
// (README.md states each rule as it is written here; tests/formats/grammar_readme_test.cpp
// compares them). The rules find the words and what each is; reader.cpp reads the FEN and
// the moves (formats/notation) and reports problems at the words' columns. A line whose
// first word begins with "#" is a comment. Internal to formats/uci.
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

using x3_bytes::blanks;
using x3_bytes::state_of;
using x3_bytes::view_of;
inline const auto non_blank = ~x3::char_(" \t");
inline const auto word = x3::raw[+non_blank];
// A keyword is a whole word: no non-blank follows it.
inline const auto word_end = !non_blank;

inline const auto on_fen = [](auto& ctx) { state_of<line_tag>(ctx).fen_keyword = view_of(x3::_attr(ctx)); };
inline const auto on_fen_word = [](auto& ctx) {
  Line& l = state_of<line_tag>(ctx);
  if (!l.fen.empty()) l.fen += ' ';
  l.fen += view_of(x3::_attr(ctx));
};
inline const auto on_move = [](auto& ctx) { state_of<line_tag>(ctx).moves.push_back(view_of(x3::_attr(ctx))); };

inline const auto moves_word = x3::lit("moves") >> word_end;
inline const auto fen_word = word - moves_word;
inline const auto start = x3::lit("startpos") >> word_end >> blanks |
                          x3::raw[x3::lit("fen") >> word_end][on_fen] >> blanks >> *(fen_word[on_fen_word] >> blanks);
inline const auto line = blanks >> -(x3::lit("position") >> word_end >> blanks) >> -start >> -(moves_word >> blanks) >>
                         *(word[on_move] >> blanks);
// A comment line: its first word begins with '#'.
inline const auto comment = blanks >> '#';

}  // namespace gibo::uci_grammar
