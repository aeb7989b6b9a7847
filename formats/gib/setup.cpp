// Setup values (초차림 / 한차림 / 초포진 / 한포진) and [판] custom positions.
#include <array>

#include <boost/fusion/include/at_c.hpp>
#include <boost/fusion/include/deque.hpp>

#include "gibo/formats/gib.h"
#include "grammar.h"

namespace gibo {

namespace x3 = boost::spirit::x3;
using gib::grammar::kPanLetters;
using gib::grammar::PanLetter;
using gib::grammar::kSetupNames;

std::optional<Setup> parse_gib_setup(std::string_view value) {
  Setup s;
  const char* first = value.data();
  if (x3::parse(first, value.data() + value.size(), gib::grammar::setup_value, s)) return s;
  return std::nullopt;
}

std::string_view gib_setup_name(Setup s) { return kSetupNames[static_cast<int>(s)]; }

Expected<std::string> pan_to_fen(std::string_view pan) {
  // "<board> <side> 접장기"
  boost::fusion::deque<boost::iterator_range<const char*>, Side> parts;  // the board, the side to move
  const char* at = pan.data();
  if (!x3::parse(at, pan.data() + pan.size(), gib::grammar::pan, parts))
    return Error{"[판] value has no side to move ('초 접장기' or '한 접장기') after the board"};
  const boost::iterator_range<const char*>& board_range = boost::fusion::at_c<0>(parts);
  const Side first = boost::fusion::at_c<1>(parts);
  gib::PanBoard board;
  if (!gib::parse_pan_board(gib::grammar::view_of(board_range), board)) return Error{board.error};
  if (board.rank != kRanks - 1)
    return Error{"[판] board has " + std::to_string(board.rank + 1) + " ranks; expected 10"};
  std::array<std::array<char, kFiles>, kRanks> grid{};
  for (int r = 0; r < kRanks; ++r)
    for (int f = 0; f < kFiles; ++f) {
      const Piece p = board.grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)];
      grid[static_cast<std::size_t>(r)][static_cast<std::size_t>(f)] = p == Piece::None ? 0 : fen_letter(p);
    }
  std::string fen;
  for (int r = kRanks - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < kFiles; ++f) {
      if (!grid[r][f]) {
        ++empty;
        continue;
      }
      if (empty) fen += static_cast<char>('0' + empty), empty = 0;
      fen += grid[r][f];
    }
    if (empty) fen += static_cast<char>('0' + empty);
    if (r) fen += '/';
  }
  fen += first == Side::Cho ? " w - - 0 1" : " b - - 0 1";
  return fen;
}

std::string fen_to_pan(const Position& pos) {
  std::string out;
  for (int r = 0; r < kRanks; ++r) {
    if (r) out += '/';
    // trailing empty points are omitted, as real files do
    int last = kFiles - 1;
    while (last >= 0 && pos.piece_on(make_square(last, r)) == Piece::None) --last;
    int empty = 0;
    for (int f = 0; f <= last; ++f) {
      const Piece p = pos.piece_on(make_square(f, r));
      if (p == Piece::None) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty), empty = 0;
      for (const PanLetter& l : kPanLetters)
        if (l.piece == p) out += l.text;
    }
  }
  out += pos.side_to_move() == Side::Cho ? " 초 접장기" : " 한 접장기";
  return out;
}

}  // namespace gibo
