// The grammar of a FEN file (README.md, "Reading", states its rule as written here) in
// Boost.Spirit X3: one position a line, blank lines and "#" comment lines skipped. A
// position itself is read by the FEN rules of the core (src/core/fen_grammar.h, through
// Position::set_fen). Internal to formats/fen.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "../../src/core/x3_bytes.h"

namespace gibo::fen_file_grammar {

namespace x3 = boost::spirit::x3;

using x3_bytes::blanks;
// A line holding no position: nothing but blanks, or a "#" comment after them.
inline const auto no_position = blanks >> (x3::eoi | x3::lit('#'));

}  // namespace gibo::fen_file_grammar
