// gibo core value types: sides, pieces, squares and moves.
//
// Coordinates follow FEN/UCI (src/core/README.md, "Coordinates"): files a..i from Cho's left, ranks 1..10
// from Cho's back rank. A square is one byte, index = (rank - 1) * 9 + file, so a1 = 0,
// i1 = 8, a10 = 81, i10 = 89. Nothing here knows about text encodings or files.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gibo {

enum class Side : std::uint8_t { Cho = 0, Han = 1 };

constexpr Side operator~(Side s) { return s == Side::Cho ? Side::Han : Side::Cho; }
constexpr int index(Side s) { return static_cast<int>(s); }

enum class PieceType : std::uint8_t {
  None = 0,
  General = 1,
  Advisor = 2,
  Elephant = 3,
  Horse = 4,
  Chariot = 5,
  Cannon = 6,
  Soldier = 7,
};
constexpr int kPieceTypeCount = 8;  // including None

// A piece is side * 8 + type; 0 is the empty point.
enum class Piece : std::uint8_t { None = 0 };
constexpr int kPieceCount = 16;

constexpr Piece make_piece(Side s, PieceType t) {
  return static_cast<Piece>(index(s) * 8 + static_cast<int>(t));
}
constexpr PieceType type_of(Piece p) { return static_cast<PieceType>(static_cast<int>(p) & 7); }
// Contract: p != Piece::None.
constexpr Side side_of(Piece p) { return (static_cast<int>(p) & 8) ? Side::Han : Side::Cho; }
constexpr bool is_piece(Piece p) { return p != Piece::None; }

// Raw material value of a piece type (src/core/README.md, "Material"): R13 C7 N5 B3 A3 P2, general 0.
constexpr int material_value(PieceType t) {
  constexpr int v[kPieceTypeCount] = {0, 0, 3, 3, 5, 13, 7, 2};
  return v[static_cast<int>(t)];
}

// ---------------------------------------------------------------------------
// Squares

using Square = std::uint8_t;
constexpr int kFiles = 9;
constexpr int kRanks = 10;
constexpr int kSquares = 90;
constexpr Square kNoSquare = 90;

// file 0..8 (a..i), rank 0..9 (rank 1..10).
constexpr Square make_square(int file, int rank) { return static_cast<Square>(rank * kFiles + file); }
constexpr int file_of(Square s) { return s % kFiles; }
constexpr int rank_of(Square s) { return s / kFiles; }
constexpr bool on_board(int file, int rank) {
  return file >= 0 && file < kFiles && rank >= 0 && rank < kRanks;
}

// Palace of `side`: files d..f, ranks 1..3 (Cho) or 8..10 (Han).
constexpr bool in_palace(Side side, Square s) {
  const int f = file_of(s), r = rank_of(s);
  if (f < 3 || f > 5) return false;
  return side == Side::Cho ? r <= 2 : r >= 7;
}
constexpr bool in_any_palace(Square s) { return in_palace(Side::Cho, s) || in_palace(Side::Han, s); }

// UCI-style square name: "a1" .. "i10".
std::string square_name(Square s);
// Parses "a1".."i10"; returns kNoSquare on anything else.
Square parse_square(std::string_view text);

// ---------------------------------------------------------------------------
// Moves

// A move is from | to << 7. A pass is the general "moving" to its own square
// (from == to), as in Fairy-Stockfish and UCI (`e2e2`). Move::none() is no move.
class Move {
 public:
  constexpr Move() : data_(kNone) {}
  constexpr Move(Square from, Square to) : data_(static_cast<std::uint16_t>(from | (to << 7))) {}
  static constexpr Move none() { return Move(); }
  static constexpr Move pass(Square general) { return Move(general, general); }

  constexpr Square from() const { return static_cast<Square>(data_ & 0x7f); }
  constexpr Square to() const { return static_cast<Square>((data_ >> 7) & 0x7f); }
  constexpr bool is_pass() const { return data_ != kNone && from() == to(); }
  constexpr bool is_none() const { return data_ == kNone; }
  constexpr std::uint16_t raw() const { return data_; }

  constexpr bool operator==(const Move&) const = default;

 private:
  static constexpr std::uint16_t kNone = 0xffff;
  std::uint16_t data_;
};

// "b1c3", pass "e2e2", none "0000".
std::string uci(Move m);

// ---------------------------------------------------------------------------
// Setups (차림): the horse/elephant arrangement on files b, c, g, h of a back rank,
// read left to right as seen from Cho for BOTH sides (src/core/README.md, "Setups").
enum class Setup : std::uint8_t {
  HEEH = 0,  // 마상상마
  EHHE = 1,  // 상마마상
  HEHE = 2,  // 마상마상
  EHEH = 3,  // 상마상마
};
constexpr std::array<Setup, 4> kAllSetups = {Setup::HEEH, Setup::EHHE, Setup::HEHE, Setup::EHEH};

// The piece type on the b, c, g, h files (index 0..3) for a setup.
constexpr PieceType setup_piece(Setup s, int slot) {
  // 'H' = horse, 'E' = elephant, per the enumerator names.
  constexpr char table[4][5] = {"HEEH", "EHHE", "HEHE", "EHEH"};
  return table[static_cast<int>(s)][slot] == 'H' ? PieceType::Horse : PieceType::Elephant;
}
// "HEEH" etc.
std::string_view setup_code(Setup s);
// The inverse of setup_code; nullopt for any other text.
std::optional<Setup> setup_from_code(std::string_view code);

}  // namespace gibo
