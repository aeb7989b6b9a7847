// Square names, UCI move text and setup codes (gibo/core/types.h).
#include "gibo/core/types.h"

namespace gibo {

std::string square_name(Square s) {
  if (s >= kSquares) return "-";
  std::string out(1, static_cast<char>('a' + file_of(s)));
  out += std::to_string(rank_of(s) + 1);
  return out;
}

Square parse_square(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return kNoSquare;
  const int file = text[0] - 'a';
  if (file < 0 || file >= kFiles) return kNoSquare;
  int rank = 0;
  for (char c : text.substr(1)) {
    if (c < '0' || c > '9') return kNoSquare;
    rank = rank * 10 + (c - '0');
  }
  if (text.size() == 3 && text[1] == '0') return kNoSquare;  // "a01"
  if (rank < 1 || rank > kRanks) return kNoSquare;
  return make_square(file, rank - 1);
}

std::string uci(Move m) {
  if (m.is_none()) return "0000";
  return square_name(m.from()) + square_name(m.to());
}

std::string_view setup_code(Setup s) {
  constexpr std::string_view codes[4] = {"HEEH", "EHHE", "HEHE", "EHEH"};
  return codes[static_cast<int>(s)];
}

std::optional<Setup> setup_from_code(std::string_view code) {
  for (Setup s : kAllSetups)
    if (setup_code(s) == code) return s;
  return std::nullopt;
}

}  // namespace gibo
