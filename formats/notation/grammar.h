// The grammars of the three move notations (README.md: SAN, JANGGI, UCI) as Boost.Spirit X3
// rules over the bytes of one move text. Rules only: what a text says about the move
// (piece, from-file, from-rank, to-square) comes out as attributes; matching it against the
// legal moves is the readers' (san.cpp, janggi_notation.cpp, uci.cpp). Internal to
// formats/notation.
#pragma once

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/optional.hpp>
#include <boost/spirit/home/x3.hpp>

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

// ---- symbols (tables built once) ------------------------------------------------------
// file = "a" .. "i"
struct Files : x3::symbols<int> {
  Files() { add("a", 0)("b", 1)("c", 2)("d", 3)("e", 4)("f", 5)("g", 6)("h", 7)("i", 8); }
};
// rank = "1" .. "9" | "10"  (one-based; the longest match, so "10" is never "1" then "0")
struct Ranks : x3::symbols<int> {
  Ranks() { add("1", 0)("2", 1)("3", 2)("4", 3)("5", 4)("6", 5)("7", 6)("8", 7)("9", 8)("10", 9); }
};
// rank0 = "0" .. "9"  (WinBoard / UCCI zero-based ranks)
struct ZeroRanks : x3::symbols<int> {
  ZeroRanks() { add("0", 0)("1", 1)("2", 2)("3", 3)("4", 4)("5", 5)("6", 6)("7", 7)("8", 8)("9", 9); }
};
// letter = "K" | "A" | "E" | "B" | "H" | "N" | "R" | "C" | "P"
struct Letters : x3::symbols<PieceType> {
  Letters() {
    add("K", PieceType::General)("A", PieceType::Advisor)("E", PieceType::Elephant)("B", PieceType::Elephant)(
        "H", PieceType::Horse)("N", PieceType::Horse)("R", PieceType::Chariot)("C", PieceType::Cannon)(
        "P", PieceType::Soldier);
  }
};
// janggi-row = "1" .. "9" | "0"  (the row from Han's back rank; "0" is the tenth row) as a
// rank index: row r is rank 10 - r.
struct JanggiRows : x3::symbols<int> {
  JanggiRows() { add("1", 9)("2", 8)("3", 7)("4", 6)("5", 5)("6", 4)("7", 3)("8", 2)("9", 1)("0", 0); }
};
// janggi-column = "1" .. "9" as a file index.
struct JanggiColumns : x3::symbols<int> {
  JanggiColumns() { add("1", 0)("2", 1)("3", 2)("4", 3)("5", 4)("6", 5)("7", 6)("8", 7)("9", 8); }
};

inline const Files file;
inline const Ranks rank;
inline const ZeroRanks rank0;
inline const Letters letter;
inline const JanggiRows janggi_row;
inline const JanggiColumns janggi_column;

// ---- shared pieces ----------------------------------------------------------------------
// mark = "+" | "#" | "!" | "?"   (check, mate and move-quality glyphs, ignored by readers)
inline const auto mark = x3::char_("+#!?");
// end = { mark } end-of-text
inline const auto end = x3::omit[*mark] >> x3::eoi;

// ---- SAN (README "SAN") -----------------------------------------------------------------
// san-squares = [from-file] [from-rank] ["x" | ":" | "-"] file rank
// where a file is a from-file only when it does not begin the last square. Two rule sets:
// one-based ranks and WinBoard's zero-based ones.
template <typename Rank>
auto san_squares_of(const Rank& r) {
  return x3::rule<class san_squares_rule, SanSquares>{"san-squares"} =
             -(!(file >> r >> end) >> file) >> -r >> x3::omit[-x3::char_("x:-")] >> file >> r;
}
inline const auto san_squares = san_squares_of(rank);
inline const auto san_squares0 = san_squares_of(rank0);
// san-pass = "pass" (any case) | "@@@@"
inline const auto san_pass = (x3::no_case[x3::lit("pass")] | x3::lit("@@@@")) >> x3::eoi;
// Only marks (or nothing): an empty SAN move.
inline const auto only_marks = end;

// ---- JANGGI (README "JANGGI") ---------------------------------------------------------
// janggi-square = janggi-row janggi-column
// janggi = letter janggi-square ("-" | "x") janggi-square { mark }
inline const auto janggi_move = x3::rule<class janggi_move_rule, JanggiMove>{"janggi"} =
    letter >> janggi_row >> janggi_column >> x3::omit[x3::char_("-x")] >> janggi_row >> janggi_column;
inline const auto janggi = janggi_move >> end;
// One JANGGI square alone (parse_janggi_square), as (rank, file).
inline const auto janggi_square = janggi_row >> janggi_column >> x3::eoi;

// ---- UCI (README "UCI") -----------------------------------------------------------------
// uci = file rank file rank        (uci0: with rank0)
// uci-pass = "pass" | "@@@@"       (and "0000" when the null move reads as a pass)
template <typename Rank>
auto uci_of(const Rank& r) {
  return (x3::rule<class uci_rule, UciMove>{"uci"} = file >> r >> file >> r) >> x3::eoi;
}
inline const auto uci = uci_of(rank);
inline const auto uci0 = uci_of(rank0);
inline const auto uci_pass = (x3::lit("pass") | x3::lit("@@@@")) >> x3::eoi;
inline const auto uci_null = x3::lit("0000") >> x3::eoi;

// ---- blanks ---------------------------------------------------------------------------------
// Readers take a move text with surrounding blanks (" \t\r\n") trimmed.
inline const auto blank = x3::char_(" \t\r\n");

// Parses all of `text` with `p` into `attr`; true on a full match.
template <typename Parser, typename Attr>
bool parse_all(std::string_view text, const Parser& p, Attr& attr) {
  const char* first = text.data();
  return x3::parse(first, text.data() + text.size(), p, attr) && first == text.data() + text.size();
}
template <typename Parser>
bool parse_all(std::string_view text, const Parser& p) {
  const char* first = text.data();
  return x3::parse(first, text.data() + text.size(), p) && first == text.data() + text.size();
}

}  // namespace gibo::notation_grammar
