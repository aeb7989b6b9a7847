// The grammar of Janggi PGN (README.md, "What gibo reads") in Boost.Spirit X3 rules over
// the decoded text, written top down in the README's order: the file, its games and their
// movetext, then the tag lines, variations, comments and movetext symbols they are made
// of, then the characters, then [%emt] (read inside a comment). README.md states each rule
// as it is written here (tests/formats/grammar_readme_test.cpp compares them, and their
// order). Each rule is declared first (an x3::rule) and defined below as `name_def`
// (BOOST_SPIRIT_DEFINE at the end), so that a rule may use the parts defined after it.
//
// The actions and the tests written in C++ (what the reader is handed, the variation's
// depth, what stands before a position) are actions.h's. Variations nest; the rule is
// applied with a depth count kept by the reader rather than by recursion, so deep nesting
// costs no stack. Internal to formats/pgn.
#pragma once

#include <boost/fusion/include/deque.hpp>
#include <boost/range/iterator_range_core.hpp>
#include <boost/spirit/home/x3.hpp>
#include <functional>
#include <string_view>

#include "../../src/core/x3_bytes.h"
#include "actions.h"

namespace gibo::pgn_grammar {

namespace x3 = boost::spirit::x3;

using x3_bytes::blanks;
using Range = boost::iterator_range<const char*>;

// ---- the rules, declared --------------------------------------------------------------------
inline const x3::rule<class file_id> file = "file";
inline const x3::rule<class game_id> game = "game";
inline const x3::rule<class movetext_id> movetext = "movetext";
inline const x3::rule<class item_id> item = "item";
inline const x3::rule<class skip_id> skip = "skip";
inline const x3::rule<class tag_here_id> tag_here = "tag-here";
inline const x3::rule<class tag_id> tag = "tag";
inline const x3::rule<class line_start_id> line_start = "line-start";
inline const x3::rule<class tag_line_id, boost::fusion::deque<Range, Range>> tag_line = "tag-line";
inline const x3::rule<class tag_name_id, Range> tag_name = "tag-name";
inline const x3::rule<class tag_value_id, Range> tag_value = "tag-value";
inline const x3::rule<class variation_id> variation = "variation";
inline const x3::rule<class variation_body_id> variation_body = "variation-body";
inline const x3::rule<class variation_part_id> variation_part = "variation-part";
inline const x3::rule<class open_id> open = "open";
inline const x3::rule<class closed_id> closed = "closed";
inline const x3::rule<class comment_id> comment = "comment";
inline const x3::rule<class brace_comment_id> brace_comment = "brace-comment";
inline const x3::rule<class unclosed_comment_id> unclosed_comment = "unclosed-comment";
inline const x3::rule<class comment_text_id> comment_text = "comment-text";
inline const x3::rule<class line_comment_id> line_comment = "line-comment";
inline const x3::rule<class tag_start_id> tag_start = "tag-start";
inline const x3::rule<class nag_id> nag = "nag";
inline const x3::rule<class nag_number_id, int> nag_number = "nag-number";
inline const x3::rule<class result_id> result = "result";
inline const x3::rule<class symbol_id, Range> symbol = "symbol";
inline const x3::rule<class symbol_char_id> symbol_char = "symbol-char";
inline const x3::rule<class move_number_id> move_number = "move-number";
inline const x3::rule<class escape_line_id> escape_line = "escape-line";
inline const x3::rule<class spaces_id> spaces = "spaces";
inline const x3::rule<class space_id> space = "space";
inline const x3::rule<class digit_id> digit = "digit";
inline const x3::rule<class emt_id> emt = "emt";

// ---- the file and its games ---------------------------------------------------------------
inline const auto file_def = *(skip >> !x3::eoi >> game);
inline const auto game_def = x3::raw[*(skip >> tag_here >> tag) >> movetext][act::read<Part::game>];
inline const auto movetext_def = *(skip >> !tag_here >> !result >> item) >>
                                 -(skip >> x3::raw[result][act::read<Part::result>] >> *(spaces >> comment));
inline const auto item_def =
    comment | x3::raw[line_comment][act::read<Part::line_comment>] | x3::raw[variation][act::read<Part::variation>] |
    x3::raw[x3_bytes::one_of(")}")][act::read<Part::stray>] | x3::raw[nag][act::read<Part::nag>] |
    x3::raw[move_number][act::read<Part::move_number>] >> -symbol[act::read<Part::move>] |
    symbol[act::read<Part::move>];
inline const auto skip_def = *(space | &x3::lit('%') >> line_start >> escape_line);
inline const auto tag_here_def = &tag_start >> line_start;
inline const auto tag_def =
    x3::raw[tag_line][act::read<Part::tag>] | x3::raw['[' >> *(~x3::char_('\n'))][act::read<Part::bad_tag>];
// Only blanks before it on its line.
inline const auto line_start_def = x3_bytes::when(act::at_line_start);

// ---- tag lines ---------------------------------------------------------------------------
inline const auto tag_line_def = '[' >> blanks >> tag_name >> blanks >> '"' >> tag_value >> '"' >> blanks >> ']';
inline const auto tag_name_def = x3::raw[+(x3::char_ - space - '"' - ']')];
inline const auto tag_value_def = x3::raw[*(('\\' >> x3_bytes::one_of("\\\"nr")) | ~x3_bytes::one_of("\"\n"))];

// ---- variations (nested, read with a depth count) --------------------------------------------
// From an opening "(": the variation up to its closing ")" when it has one; else the parse
// stops where the text says it ends (a tag line, an unclosed "{", the end).
inline const auto variation_def =
    x3::lit('(')[act::open_variation] >> variation_body >> (closed | -('{' >> comment_text) >> -x3::lit('\n'));
inline const auto variation_body_def = *(open >> variation_part);
inline const auto variation_part_def = x3::omit[brace_comment] | x3::omit[line_comment] |
                                       x3::lit('(')[act::deeper] | x3::lit(')')[act::shallower] |
                                       ('\n' >> !(blanks >> tag_start)) | ~x3_bytes::one_of("(){;\n");
// Succeeds while a variation is open; when it is closed.
inline const auto open_def = x3_bytes::when(act::variation_open);
inline const auto closed_def = x3_bytes::when(act::variation_closed);

// ---- comments ------------------------------------------------------------------------------
inline const auto comment_def =
    x3::raw[brace_comment][act::read<Part::comment>] | x3::raw[unclosed_comment][act::read<Part::unclosed_comment>];
inline const auto brace_comment_def = '{' >> comment_text >> '}';
// A "{" never closed: its text ends before a tag line (after the line end) or at the end.
inline const auto unclosed_comment_def = '{' >> comment_text >> -x3::lit('\n');
inline const auto comment_text_def = x3::raw[*(~x3_bytes::one_of("}\n") | ('\n' >> !tag_start))];
inline const auto line_comment_def = ';' >> x3::raw[*(~x3::char_('\n'))];
inline const auto tag_start_def = '[' >> blanks >> x3::omit[x3::char_ - space - '"' - ']' - '%'];

// ---- movetext symbols --------------------------------------------------------------------------
inline const auto nag_def = '$' >> -nag_number >> *digit;
inline const auto nag_number_def = x3::uint_parser<int, 10, 1, 3>{} >> !digit;
inline const auto result_def = (x3::lit("1-0") | "0-1" | "1/2-1/2" | '*') >> !symbol_char;
inline const auto symbol_def = x3::raw[+symbol_char];
inline const auto symbol_char_def = ~x3_bytes::one_of(" \t\n\r\f\v{}();$");
inline const auto move_number_def = +digit >> +x3::lit('.');

// ---- characters ------------------------------------------------------------------------------
inline const auto escape_line_def = '%' >> *(~x3::char_('\n'));
inline const auto spaces_def = x3::omit[*space];
inline const auto space_def = x3_bytes::one_of(" \t\n\r\f\v");
inline const auto digit_def = x3::char_('0', '9');

// ---- [%emt] inside a comment ----------------------------------------------------------------------
inline const auto emt_def = x3::lit("[%emt") >> *x3::lit(' ') >> (x3::ulong_[act::emt_field] % ':') >> *x3::lit(' ') >> ']';

BOOST_SPIRIT_DEFINE(file, game, movetext, item, skip, tag_here, tag, line_start, tag_line, tag_name, tag_value)
BOOST_SPIRIT_DEFINE(variation, variation_body, variation_part, open, closed, comment, brace_comment,
                    unclosed_comment, comment_text, line_comment, tag_start)
BOOST_SPIRIT_DEFINE(nag, nag_number, result, symbol, symbol_char, move_number, escape_line, spaces, space, digit,
                    emt)

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
