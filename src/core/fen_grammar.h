// The grammar of a janggi FEN (formats/fen/README.md) in Boost.Spirit X3 rules over its
// bytes; Position::set_fen (position.cpp) drives them and gives each failure its message.
// The FEN grammar sits in core because the position's boundary, set_fen, is core's.
//
//   fen        = blanks field { blanks field } blanks
//   field      = non-blank { non-blank }                 (blank = " " | "\t")
//   placement  = rank-text { "/" rank-text }             ten of them, from Han's back rank
//   rank-text  = { digit-1-9 | piece-letter }            nine points wide
//   piece-letter = "K" | "A" | "B" | "E" | "N" | "H" | "R" | "C" | "P"   (Cho; lowercase Han;
//                  E and H are WinBoard's synonyms of B and N)
//   side       = "w" | "W" | "b" | "B"                    (w: Cho to move, b: Han)
//   counters   = [ "-" [ "-" ] ] [ number [ number ] ]    castling and en passant, clocks
//   number     = [ "-" ] digit { digit }                  (a negative one is refused later)
//
// Internal to src/core.
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string_view>

#include "gibo/core/position.h"
#include "x3_bytes.h"

namespace gibo::fen_grammar {

namespace x3 = boost::spirit::x3;

using x3_bytes::blank;
using x3_bytes::blanks;
inline const auto field = x3::raw[+(~x3::char_(" \t"))];
inline const auto rank_text = x3::raw[*(~x3::char_('/'))];
inline const auto digit_1_9 = x3::char_('1', '9');

// A piece letter: any byte piece_from_fen_letter (position.h) knows; the rule checks it.
inline const auto piece_letter = x3::char_;
inline const auto side = (x3::omit[x3::char_("wW")] >> x3::attr(Side::Cho)) |
                         (x3::omit[x3::char_("bB")] >> x3::attr(Side::Han));
inline const auto dash = x3::lit('-');
// A move counter: what std::from_chars takes for an int (an optional '-', no '+').
inline const auto number = !x3::lit('+') >> x3::int_;

using x3_bytes::parse_all;

}  // namespace gibo::fen_grammar
