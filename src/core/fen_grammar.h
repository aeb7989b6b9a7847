// The grammar of a janggi FEN (formats/fen/README.md states each rule as it is written
// here; tests/formats/grammar_readme_test.cpp compares them) in Boost.Spirit X3 rules over
// its bytes. Position::set_fen (position.cpp) applies them in turn — the fields, the ranks
// of the placement counted, the board rank by rank, the side, the counters — and gives each
// failure its message from what the rules' actions found. The FEN grammar sits in core
// because the position's boundary, set_fen, is core's. Internal to src/core.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include <array>
#include <string_view>

#include "gibo/core/position.h"
#include "x3_bytes.h"

namespace gibo::fen_grammar {

namespace x3 = boost::spirit::x3;

// ---- what the actions find (given by x3::with<fen_tag>(std::ref(found))) ----------------------
struct Found {
  std::array<std::string_view, 7> field{};      // the first seven fields (all a message can name)
  std::size_t fields = 0;
  std::array<std::string_view, kRanks> rank{};  // the first ten rank texts of the placement
  int ranks = 0;
  std::array<Piece, kSquares>* board = nullptr;  // the board the points go to
  int rank_index = 0, file = 0;                   // the rank being read (0: Han's back rank)
  int numbers[2] = {0, 1};                        // the counters: halfmove clock, fullmove number
  int counted = 0;                                // how many of them the text gives
};
struct fen_tag;
namespace act {
inline constexpr auto field = [](auto& ctx) {
  Found& f = x3_bytes::state_of<fen_tag>(ctx);
  if (f.fields < f.field.size()) f.field[f.fields] = x3_bytes::view_of(x3::_attr(ctx));
  ++f.fields;
};
inline constexpr auto rank_text = [](auto& ctx) {
  Found& f = x3_bytes::state_of<fen_tag>(ctx);
  if (f.ranks < kRanks) f.rank[static_cast<std::size_t>(f.ranks)] = x3_bytes::view_of(x3::_attr(ctx));
  ++f.ranks;
};
// The next rank: the one before it must be nine points wide.
inline constexpr auto next_rank = [](auto& ctx) {
  Found& f = x3_bytes::state_of<fen_tag>(ctx);
  if (f.file != kFiles) {
    x3::_pass(ctx) = false;
    return;
  }
  ++f.rank_index;
  f.file = 0;
};
// A rank's point stops the reading once the rank is more than nine wide.
inline constexpr auto empty_points = [](auto& ctx) {
  Found& f = x3_bytes::state_of<fen_tag>(ctx);
  f.file += x3::_attr(ctx) - '0';
  if (f.file > kFiles) x3::_pass(ctx) = false;
};
// The pieces of piece-letter's letters, in its order.
inline constexpr Piece kLetterPieces[] = {
    make_piece(Side::Cho, PieceType::General),  make_piece(Side::Cho, PieceType::Advisor),
    make_piece(Side::Cho, PieceType::Elephant), make_piece(Side::Cho, PieceType::Elephant),
    make_piece(Side::Cho, PieceType::Horse),    make_piece(Side::Cho, PieceType::Horse),
    make_piece(Side::Cho, PieceType::Chariot),  make_piece(Side::Cho, PieceType::Cannon),
    make_piece(Side::Cho, PieceType::Soldier),  make_piece(Side::Han, PieceType::General),
    make_piece(Side::Han, PieceType::Advisor),  make_piece(Side::Han, PieceType::Elephant),
    make_piece(Side::Han, PieceType::Elephant), make_piece(Side::Han, PieceType::Horse),
    make_piece(Side::Han, PieceType::Horse),    make_piece(Side::Han, PieceType::Chariot),
    make_piece(Side::Han, PieceType::Cannon),   make_piece(Side::Han, PieceType::Soldier)};
inline constexpr auto piece = [](auto& ctx) {
  Found& f = x3_bytes::state_of<fen_tag>(ctx);
  if (f.file < kFiles) (*f.board)[make_square(f.file, kRanks - 1 - f.rank_index)] = kLetterPieces[x3::_attr(ctx)];
  if (++f.file > kFiles) x3::_pass(ctx) = false;
};
inline constexpr auto number = [](auto& ctx) {
  Found& f = x3_bytes::state_of<fen_tag>(ctx);
  f.numbers[f.counted++] = x3::_attr(ctx);
};
}  // namespace act

// ---- the rules ----------------------------------------------------------------------------------
using x3_bytes::blank;
using x3_bytes::blanks;
inline const auto field = x3::raw[+(~x3::char_(" \t"))];
inline const auto fen = blanks >> *(field[act::field] >> blanks);
inline const auto field_end = &(blank | x3::eoi);

inline const auto rank_text = x3::raw[*(~x3::char_('/'))];
inline const auto placement = rank_text[act::rank_text] % '/';
inline const auto digit_1_9 = x3::char_('1', '9');
inline constexpr auto piece_letter = x3_bytes::bytes<int>("KABENHRCPkabenhrcp");  // as its index
inline const auto rank = *(digit_1_9[act::empty_points] | piece_letter[act::piece]);
inline const auto board = rank >> *(x3::lit('/')[act::next_rank] >> rank);

inline const auto side = (x3::omit[x3::char_("wW")] >> x3::attr(Side::Cho)) |
                         (x3::omit[x3::char_("bB")] >> x3::attr(Side::Han));

// A move counter: what std::from_chars takes for an int (an optional '-', no '+').
inline const auto number = !x3::lit('+') >> x3::int_ >> field_end >> blanks;
inline const auto dash = x3::lit('-') >> field_end >> blanks;
inline const auto counters = -(dash >> -dash) >> -(number[act::number] >> -number[act::number]);

using x3_bytes::parse_all;

}  // namespace gibo::fen_grammar
