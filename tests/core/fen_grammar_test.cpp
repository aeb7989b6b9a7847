// The FEN rules (src/core/fen_grammar.h) one by one: positive and negative examples; the
// messages set_fen gives for each failure are tests/core/fen_test.cpp's.
#include <gtest/gtest.h>

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <tuple>

#include "../../src/core/fen_grammar.h"

namespace {

namespace x3 = boost::spirit::x3;
namespace fg = gibo::fen_grammar;

template <typename P>
long taken(std::string_view text, const P& p) {
  const char* first = text.data();
  if (!x3::parse(first, text.data() + text.size(), p)) return -1;
  return first - text.data();
}

TEST(FenGrammar, FieldsAreBlankSeparated) {
  boost::iterator_range<const char*> r;
  const std::string_view text = "4k4/9\tw";
  const char* first = text.data();
  ASSERT_TRUE(x3::parse(first, text.data() + text.size(), fg::field, r));
  EXPECT_EQ(std::string_view(r.begin(), r.size()), "4k4/9");
  EXPECT_EQ(taken(" w", fg::field), -1);
  EXPECT_EQ(taken(" \t w", fg::blanks), 3);
  EXPECT_EQ(taken("w\r", fg::field), 2);  // only space and tab separate
}

TEST(FenGrammar, RankText) {
  EXPECT_EQ(taken("rnba1abnr/4k4", fg::rank_text), 9);
  EXPECT_EQ(taken("/", fg::rank_text), 0);
  EXPECT_EQ(taken("1", fg::digit_1_9), 1);
  EXPECT_EQ(taken("0", fg::digit_1_9), -1);
}

TEST(FenGrammar, SideToMove) {
  gibo::Side s{};
  for (auto [text, side] : {std::pair{"w", gibo::Side::Cho}, std::pair{"W", gibo::Side::Cho},
                            std::pair{"b", gibo::Side::Han}, std::pair{"B", gibo::Side::Han}}) {
    ASSERT_TRUE(fg::parse_all(text, fg::side, s)) << text;
    EXPECT_EQ(s, side) << text;
  }
  for (const char* bad : {"r", "white", "-", "wb", ""}) EXPECT_FALSE(fg::parse_all(bad, fg::side)) << bad;
}

TEST(FenGrammar, Counters) {
  int n = 0;
  EXPECT_TRUE(fg::parse_all("-", fg::dash));
  EXPECT_FALSE(fg::parse_all("--", fg::dash));
  ASSERT_TRUE(fg::parse_all("007", fg::number, n));
  EXPECT_EQ(n, 7);
  ASSERT_TRUE(fg::parse_all("-3", fg::number, n));  // refused later as a negative clock
  EXPECT_EQ(n, -3);
  for (const char* bad : {"+3", "3x", "", "-", "99999999999", "1.5"}) EXPECT_FALSE(fg::parse_all(bad, fg::number)) << bad;
}

// piece-letter's letters are the ones piece_from_fen_letter knows, each the piece it says.
TEST(FenGrammar, PieceLetters) {
  const std::string_view letters = "KABENHRCPkabenhrcp";
  for (std::size_t k = 0; k < letters.size(); ++k) {
    int index = -1;
    ASSERT_TRUE(fg::parse_all(letters.substr(k, 1), fg::piece_letter, index));
    EXPECT_EQ(fg::act::kLetterPieces[index], gibo::piece_from_fen_letter(letters[k])) << letters[k];
  }
  for (int c = 0; c < 256; ++c)
    if (letters.find(static_cast<char>(c)) == std::string_view::npos) {
      EXPECT_EQ(gibo::piece_from_fen_letter(static_cast<char>(c)), gibo::Piece::None) << c;
      EXPECT_FALSE(fg::parse_all(std::string(1, static_cast<char>(c)), fg::piece_letter)) << c;
    }
}

// The counters rule over the fields after the side: up to two dashes, then up to two
// numbers; where it stops is the field set_fen names.
TEST(FenGrammar, CountersRule) {
  for (auto [text, stop, counted] : {std::tuple{"- - 3 7", 7L, 2}, std::tuple{"3 7", 3L, 2}, std::tuple{"-", 1L, 0},
                                     std::tuple{"- - - 1", 4L, 0}, std::tuple{"0 1 x", 4L, 2}, std::tuple{"x", 0L, 0}}) {
    fg::Found f;
    const std::string_view t = text;
    const char* first = t.data();
    x3::parse(first, t.data() + t.size(), x3::with<fg::fen_tag>(std::ref(f))[fg::counters]);
    EXPECT_EQ(first - t.data(), stop) << text;
    EXPECT_EQ(f.counted, counted) << text;
  }
}

// The board rule reads every rank of the placement onto the board, and stops at a rank
// that is not nine points wide or at a byte that is no point.
TEST(FenGrammar, BoardRule) {
  std::array<gibo::Piece, gibo::kSquares> board{};
  board.fill(gibo::Piece::None);
  auto read = [&](std::string_view text, fg::Found& f) {
    f.board = &board;
    const char* first = text.data();
    x3::parse(first, text.data() + text.size(), x3::with<fg::fen_tag>(std::ref(f))[fg::board]);
    return first - text.data();
  };
  fg::Found whole;
  const std::string_view start = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR";
  EXPECT_EQ(read(start, whole), static_cast<long>(start.size()));
  EXPECT_EQ(whole.rank_index, 9);
  EXPECT_EQ(board[gibo::make_square(4, 1)], gibo::make_piece(gibo::Side::Cho, gibo::PieceType::General));
  EXPECT_EQ(board[gibo::make_square(0, 9)], gibo::make_piece(gibo::Side::Han, gibo::PieceType::Chariot));
  fg::Found narrow, wide, letter;
  EXPECT_EQ(read("4k3/9", narrow), 3);  // the "/" after a rank of eight
  EXPECT_EQ(narrow.file, 8);
  EXPECT_EQ(read("55/9", wide), 1);  // the point that makes ten
  EXPECT_EQ(read("4x4/9", letter), 1);
}

}  // namespace
