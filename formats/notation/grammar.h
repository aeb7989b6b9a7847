// The grammars of the three move notations (README.md: SAN, JANGGI, UCI) as Boost.Spirit X3
// rules over the bytes of one move text; README.md states each rule as it is written here
// (tests/formats/grammar_readme_test.cpp compares them). Rules only: what a text says about
// the move (piece, from-file, from-rank, to-square) comes out as attributes; matching it
// against the legal moves is the readers' (san.cpp, janggi_notation.cpp, uci.cpp).
// Internal to formats/notation.
#pragma once

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/optional.hpp>
#include <boost/spirit/home/x3.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>

#include "../../src/core/x3_bytes.h"
#include "gibo/core/types.h"

namespace gibo::notation_grammar {

// What the squares part of a SAN move says (after the piece letter): from-file and
// from-rank when given, the to-square's file and rank (indices from 0).
struct SanSquares {
  boost::optional<int> from_file, from_rank;
  int to_file = 0, to_rank = 0;
};

// A JANGGI-notation move: letter, from-square, to-square as (row digit, column digit)
// read into indices (file 0..8, rank 0..9); the text gives each square row first.
struct JanggiMove {
  PieceType piece = PieceType::None;
  int from_file = 0, from_rank = 0, to_file = 0, to_rank = 0;
};

// A UCI move: two squares (file, rank indices).
struct UciMove {
  int from_file = 0, from_rank = 0, to_file = 0, to_rank = 0;
};

}  // namespace gibo::notation_grammar

BOOST_FUSION_ADAPT_STRUCT(gibo::notation_grammar::SanSquares, from_file, from_rank, to_file, to_rank)
BOOST_FUSION_ADAPT_STRUCT(gibo::notation_grammar::JanggiMove, piece, from_rank, from_file, to_rank, to_file)
BOOST_FUSION_ADAPT_STRUCT(gibo::notation_grammar::UciMove, from_file, from_rank, to_file, to_rank)

namespace gibo::notation_grammar {

namespace x3 = boost::spirit::x3;

// ---- squares and letters (ByteTable and bytes: src/core/x3_bytes.h) -------------------------
using x3_bytes::ByteTable;
using x3_bytes::bytes;
using x3_bytes::Table;
using x3_bytes::table_of;
// The piece letters a reader takes (K A E B H N R C P; N and B are the FEN letters), as
// their piece types.
constexpr Table letter_table() {
  Table t = table_of("");
  const std::pair<char, PieceType> letters[] = {
      {'K', PieceType::General}, {'A', PieceType::Advisor}, {'E', PieceType::Elephant},
      {'B', PieceType::Elephant}, {'H', PieceType::Horse},  {'N', PieceType::Horse},
      {'R', PieceType::Chariot}, {'C', PieceType::Cannon},  {'P', PieceType::Soldier}};
  for (auto [c, type] : letters) t[static_cast<unsigned char>(c)] = static_cast<std::int8_t>(type);
  return t;
}
inline constexpr auto letter = ByteTable<PieceType>(letter_table());
// Files and ranks as indices from 0; a JANGGI row as a rank index (row r is rank 10 - r,
// "0" the tenth row, rank 1), a JANGGI column as a file index.
inline constexpr auto file = bytes<int>("abcdefghi");
inline constexpr auto rank0 = bytes<int>("0123456789");  // WinBoard / UCCI zero-based ranks
inline constexpr auto janggi_row = bytes<int>("0987654321");
inline constexpr auto janggi_column = bytes<int>("123456789");
// A one-based rank is read whole: "10" is never "1" then "0".
inline const auto rank = x3::rule<class rank_rule, int>{"rank"} =
    x3::lit('1') >> x3::lit('0') >> x3::attr(9) | bytes<int>("123456789");

// ---- shared pieces ----------------------------------------------------------------------
// Check, mate and move-quality glyphs, ignored by readers.
inline const auto mark = x3::char_("+#!?");
inline const auto end = x3::omit[*mark] >> x3::eoi;

// ---- SAN (README "SAN"): one-based ranks, and WinBoard's zero-based ones ------------------------
// A file is a from-file only when it does not begin the last square.
inline const auto san_squares = x3::rule<class san_squares_rule, SanSquares>{"san-squares"} =
    -(!(file >> rank >> end) >> file) >> -rank >> x3::omit[-x3::char_("x:-")] >> file >> rank;
inline const auto san_squares0 = x3::rule<class san_squares0_rule, SanSquares>{"san-squares0"} =
    -(!(file >> rank0 >> end) >> file) >> -rank0 >> x3::omit[-x3::char_("x:-")] >> file >> rank0;
inline const auto san_tail = san_squares >> end;
inline const auto san_tail0 = san_squares0 >> end;
inline const auto san_pass = (x3::no_case[x3::lit("pass")] | x3::lit("@@@@")) >> x3::eoi;
// Only marks (or nothing): an empty SAN move.
inline const auto only_marks = end;

// ---- JANGGI (README "JANGGI") ---------------------------------------------------------
inline const auto janggi_move = x3::rule<class janggi_move_rule, JanggiMove>{"janggi"} =
    letter >> janggi_row >> janggi_column >> x3::omit[x3::char_("-x")] >> janggi_row >> janggi_column;
inline const auto janggi = janggi_move >> end;
// One JANGGI square alone (parse_janggi_square), as (rank, file).
inline const auto janggi_square = janggi_row >> janggi_column >> x3::eoi;

// ---- UCI (README "UCI") -----------------------------------------------------------------
inline const auto uci_move = x3::rule<class uci_rule, UciMove>{"uci"} = file >> rank >> file >> rank;
inline const auto uci = uci_move >> x3::eoi;
inline const auto uci_move0 = x3::rule<class uci0_rule, UciMove>{"uci0"} = file >> rank0 >> file >> rank0;
inline const auto uci0 = uci_move0 >> x3::eoi;
inline const auto uci_pass = (x3::lit("pass") | x3::lit("@@@@")) >> x3::eoi;
inline const auto uci_null = x3::lit("0000") >> x3::eoi;

// ---- blanks ---------------------------------------------------------------------------------
// Readers take a move text with surrounding blanks (" \t\r\n") trimmed.
inline const auto blank = x3::char_(" \t\r\n");

using x3_bytes::parse_all;

}  // namespace gibo::notation_grammar
