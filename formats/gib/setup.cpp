// Setup values (초차림 / 한차림 / 초포진 / 한포진) and [판] custom positions.
#include <array>

#include "gibo/formats/gib.h"

namespace gibo {
namespace {

constexpr std::array<std::string_view, 4> kSetupNames = {"마상상마", "상마마상", "마상마상", "상마상마"};

// Cho pieces are written in hangul, Han pieces in hanja (the [판] convention,
// formats/gib/README.md "Tags with a meaning").
struct PanLetter {
  std::string_view text;
  Piece piece;
};
constexpr PanLetter kPanLetters[] = {
    {"차", make_piece(Side::Cho, PieceType::Chariot)},  {"마", make_piece(Side::Cho, PieceType::Horse)},
    {"상", make_piece(Side::Cho, PieceType::Elephant)}, {"사", make_piece(Side::Cho, PieceType::Advisor)},
    {"장", make_piece(Side::Cho, PieceType::General)},  {"포", make_piece(Side::Cho, PieceType::Cannon)},
    {"졸", make_piece(Side::Cho, PieceType::Soldier)},  {"車", make_piece(Side::Han, PieceType::Chariot)},
    {"馬", make_piece(Side::Han, PieceType::Horse)},    {"象", make_piece(Side::Han, PieceType::Elephant)},
    {"士", make_piece(Side::Han, PieceType::Advisor)},  {"將", make_piece(Side::Han, PieceType::General)},
    {"包", make_piece(Side::Han, PieceType::Cannon)},   {"兵", make_piece(Side::Han, PieceType::Soldier)},
};

}  // namespace

std::optional<Setup> parse_gib_setup(std::string_view value) {
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  for (Setup s : kAllSetups)
    if (value == kSetupNames[static_cast<int>(s)]) return s;
  return std::nullopt;
}

std::string_view gib_setup_name(Setup s) { return kSetupNames[static_cast<int>(s)]; }

Expected<std::string> pan_to_fen(std::string_view pan) {
  // "<board> <side> 접장기"
  const auto space = pan.find(' ');
  const std::string_view board = pan.substr(0, space);
  std::string_view rest = space == std::string_view::npos ? std::string_view{} : pan.substr(space + 1);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  Side first = Side::Cho;
  if (rest.rfind("한", 0) == 0) first = Side::Han;
  else if (rest.rfind("초", 0) == 0) first = Side::Cho;
  else return Error{"[판] value has no side to move ('초 접장기' or '한 접장기') after the board"};

  std::array<std::array<char, kFiles>, kRanks> grid{};
  for (auto& r : grid) r.fill(0);
  int rank = 0, file = 0;
  for (std::size_t i = 0; i < board.size();) {
    const char c = board[i];
    if (c == '/') {
      if (++rank >= kRanks) return Error{"[판] board has more than 10 ranks"};
      file = 0;
      ++i;
      continue;
    }
    if (c >= '1' && c <= '9') {
      file += c - '0';
      ++i;
    } else {
      bool matched = false;
      for (const PanLetter& l : kPanLetters)
        if (board.substr(i, l.text.size()) == l.text) {
          if (file < kFiles) grid[rank][file] = fen_letter(l.piece);
          ++file;
          i += l.text.size();
          matched = true;
          break;
        }
      if (!matched) return Error{"[판] board has an unknown character at byte " + std::to_string(i)};
    }
    if (file > kFiles) return Error{"[판] rank " + std::to_string(rank + 1) + " is wider than 9 points"};
  }
  if (rank != kRanks - 1) return Error{"[판] board has " + std::to_string(rank + 1) + " ranks; expected 10"};
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
