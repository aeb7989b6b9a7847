// The grammars of the three move notations (README.md: SAN, JANGGI, UCI) as Boost.Spirit X3
// rules over the bytes of one move text:
//
//   san-squares = [from-file] [from-rank] ["x" | ":" | "-"] file rank { mark }
//                 (a file is a from-file only when it does not begin the last square)
//   file        = "a" .. "i"
//   rank        = "1" .. "9" | "10"          (rank0 = "0" .. "9" with zero-based ranks)
//   letter      = "K" | "A" | "E" | "B" | "H" | "N" | "R" | "C" | "P"
//   mark        = "+" | "#" | "!" | "?"
//   san-pass    = "pass" (any case) | "@@@@"
//
//   janggi        = letter janggi-square ("-" | "x") janggi-square { mark }
//   janggi-square = janggi-row janggi-column
//   janggi-row    = "1" .. "9" | "0"        (from Han's back rank; "0" is the tenth row)
//   janggi-column = "1" .. "9"
//
//   uci      = file rank file rank        (uci0: with rank0)
//   uci-pass = "pass" | "@@@@"            (and "0000" when the null move reads as a pass)
//
// Rules only: what a text says about the move (piece, from-file, from-rank, to-square) comes
// out as attributes; matching it against the legal moves is the readers' (san.cpp, janggi_notation.cpp, uci.cpp). Internal to
// formats/notation.
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

// ---- one-byte tables -------------------------------------------------------------------------
// (ByteTable and table_of: src/core/x3_bytes.h)
using x3_bytes::ByteTable;
using x3_bytes::Table;
using x3_bytes::table_of;
// The piece letters a reader takes (K A E B H N R C P; N and B are the FEN letters).
constexpr Table letter_table() {
  Table t = table_of("");
  const std::pair<char, PieceType> letters[] = {
      {'K', PieceType::General}, {'A', PieceType::Advisor}, {'E', PieceType::Elephant},
      {'B', PieceType::Elephant}, {'H', PieceType::Horse},  {'N', PieceType::Horse},
      {'R', PieceType::Chariot}, {'C', PieceType::Cannon},  {'P', PieceType::Soldier}};
  for (auto [c, type] : letters) t[static_cast<unsigned char>(c)] = static_cast<std::int8_t>(type);
  return t;
}
inline constexpr Table kFiles = table_of("abcdefghi");
inline constexpr Table kDigits = table_of("0123456789");
inline constexpr Table kLetters = letter_table();
inline constexpr Table kJanggiRows = table_of("0987654321");  // "0" rank 1 .. "1" rank 10, as rank indices
inline constexpr Table kJanggiColumns = table_of("123456789");

// One-based rank: "1" .. "9" or "10" (read whole: "10" is never "1" then "0"), as index 0..9.
struct OneBasedRank : x3::parser<OneBasedRank> {
  using attribute_type = int;
  static bool const has_attribute = true;
  template <typename It, typename Ctx, typename RCtx, typename Attr>
  bool parse(It& first, const It& last, const Ctx&, RCtx&, Attr& attr) const {
    if (first == last || *first < '1' || *first > '9') return false;
    if (*first == '1' && first + 1 != last && first[1] == '0') {
      x3::traits::move_to(9, attr);
      first += 2;
      return true;
    }
    x3::traits::move_to(*first - '1', attr);
    ++first;
    return true;
  }
};

// file = "a" .. "i"
inline constexpr ByteTable<int> file{kFiles};
// rank = "1" .. "9" | "10"
inline constexpr OneBasedRank rank{};
// rank0 = "0" .. "9"  (WinBoard / UCCI zero-based ranks)
inline constexpr ByteTable<int> rank0{kDigits};
// letter = "K" | "A" | "E" | "B" | "H" | "N" | "R" | "C" | "P"
inline constexpr ByteTable<PieceType> letter{kLetters};
// janggi-row = "1" .. "9" | "0"  (the row from Han's back rank; "0" is the tenth row), as a
// rank index: row r is rank 10 - r.
inline constexpr ByteTable<int> janggi_row{kJanggiRows};
// janggi-column = "1" .. "9", as a file index.
inline constexpr ByteTable<int> janggi_column{kJanggiColumns};

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
// san-squares with the marks after it, to the end of the text.
inline const auto san_tail = san_squares >> end;
inline const auto san_tail0 = san_squares0 >> end;
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

using x3_bytes::parse_all;

}  // namespace gibo::notation_grammar
