// The pattern language's X3 rules one by one (src/pattern/grammar.h, src/pattern/README.md "Grammar"): for
// each rule, texts it must read whole (with what it builds, where that is the rule's job),
// texts it must refuse or stop short in, and texts where it must stop with an error.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "../../src/pattern/grammar.h"

namespace {

namespace x3 = boost::spirit::x3;
namespace pg = gibo::pattern_grammar;
using gibo::pattern::ast::Kind;
using gibo::pattern::ast::Node;

constexpr long kExpectation = -2;

// How many bytes of `text` the rule `p` reads (blanks skipped between tokens and after
// the last), -1 when it fails, kExpectation when it stops at an expectation point.
template <typename P>
long taken(std::string_view text, const P& p) {
  const char* first = text.data();
  try {
    if (!x3::phrase_parse(first, text.data() + text.size(), x3::with<pg::text_tag>(text.data())[p], pg::separator))
      return -1;
  } catch (const x3::expectation_failure<const char*>&) {
    return kExpectation;
  }
  return first - text.data();
}
template <typename P>
bool whole(std::string_view text, const P& p) {
  return taken(text, p) == static_cast<long>(text.size());
}
// The node rule `p` builds from all of `text`.
template <typename P>
Node node(std::string_view text, const P& p) {
  Node n;
  const char* first = text.data();
  EXPECT_TRUE(x3::phrase_parse(first, text.data() + text.size(), x3::with<pg::text_tag>(text.data())[p], pg::separator, n))
      << text;
  EXPECT_EQ(first, text.data() + text.size()) << text;
  return n;
}

TEST(PatternGrammar, WordsEndWhereNoWordByteFollows) {
  EXPECT_TRUE(whole("a", pg::word_byte));
  EXPECT_TRUE(whole("-", pg::word_byte));
  EXPECT_TRUE(whole("_", pg::word_byte));
  EXPECT_TRUE(whole("7", pg::word_byte));
  EXPECT_EQ(taken("차", pg::utf8_byte), 1);  // one byte of the three
  EXPECT_EQ(taken(".", pg::word_byte), -1);
  EXPECT_EQ(taken("(", pg::word_byte), -1);
  EXPECT_EQ(taken(").", pg::word_end), 0);
  EXPECT_EQ(taken("", pg::word_end), 0);
  EXPECT_EQ(taken("x", pg::word_end), -1);
  EXPECT_TRUE(whole("check", pg::word("check")));
  EXPECT_EQ(taken("checkmate", pg::word("check")), -1);  // no keyword inside a longer word
  EXPECT_EQ(taken("check)", pg::word("check")), 5);
  EXPECT_TRUE(whole(" \t\r\n", *pg::separator));
}

TEST(PatternGrammar, NumbersAndCounts) {
  EXPECT_TRUE(whole("0", pg::digit));
  EXPECT_TRUE(whole("12", pg::count));
  EXPECT_EQ(taken("12x", pg::count), -1);
  EXPECT_EQ(taken("2..4", pg::count), 1);  // a range's dots end it
  EXPECT_EQ(node("1.5", pg::number).number, 1.5);
  EXPECT_EQ(node("30", pg::number).number, 30);
  EXPECT_EQ(taken("1..2", pg::number), 1);  // "1." is no number: the range's dots follow
  EXPECT_EQ(taken("1.55", pg::number), -1);  // one decimal
  EXPECT_EQ(node("-13", pg::number).number, -13);
  EXPECT_EQ(taken("- 1", pg::number), -1);  // a word: no blank inside
}

TEST(PatternGrammar, SidesAndPieces) {
  EXPECT_TRUE(whole("cho", pg::side));
  EXPECT_TRUE(whole("한", pg::side));
  EXPECT_EQ(taken("chosen", pg::side), -1);
  EXPECT_TRUE(whole("차", pg::korean_kind));
  EXPECT_TRUE(whole("궁", pg::korean_kind));
  EXPECT_EQ(taken("차차", pg::korean_kind), -1);  // a word: no second letter
  EXPECT_TRUE(whole("R", pg::piece_letter));
  EXPECT_EQ(taken("x", pg::piece_letter), -1);
  using gibo::make_piece;
  using gibo::PieceType;
  using gibo::Side;
  const auto bit = [](Side s, PieceType t) { return static_cast<std::uint16_t>(1u << static_cast<int>(make_piece(s, t))); };
  EXPECT_EQ(node("R", pg::piece).pieces, bit(Side::Cho, PieceType::Chariot));
  EXPECT_EQ(node("n", pg::piece).pieces, bit(Side::Han, PieceType::Horse));
  EXPECT_EQ(node("차", pg::piece).pieces, bit(Side::Cho, PieceType::Chariot) | bit(Side::Han, PieceType::Chariot));
  EXPECT_EQ(node("초차", pg::piece).pieces, bit(Side::Cho, PieceType::Chariot));
  EXPECT_EQ(node("han 포", pg::piece).pieces, bit(Side::Han, PieceType::Cannon));
  EXPECT_EQ(node("cho", pg::piece).pieces, 0x00FE);
  EXPECT_EQ(node("any", pg::piece).pieces, 0xFEFE);
  EXPECT_EQ(node("empty", pg::piece).kind, Kind::Empty);
  EXPECT_EQ(taken("Rx", pg::piece), -1);
  EXPECT_EQ(taken("anything", pg::piece), -1);
}

TEST(PatternGrammar, SquaresFilesRanksRegions) {
  using gibo::parse_square;
  EXPECT_TRUE(whole("a", pg::file_letter));
  EXPECT_EQ(taken("j", pg::file_letter), -1);
  EXPECT_TRUE(whole("10", pg::rank_number));
  EXPECT_EQ(taken("10", pg::rank_name), 2);  // read whole: never "1" then "0"
  EXPECT_EQ(taken("11", pg::rank_name), -1);
  EXPECT_EQ(taken("0", pg::rank_number), -1);
  EXPECT_TRUE(whole("c", pg::file_name));
  EXPECT_TRUE(whole("e10", pg::square));
  EXPECT_EQ(taken("e11", pg::square), -1);
  EXPECT_EQ(taken("j1", pg::square), -1);
  EXPECT_EQ(node("e9", pg::squares).squares, gibo::SquareSet::of(parse_square("e9")));
  EXPECT_EQ(node("a1..c3", pg::squares).squares.size(), 9);
  EXPECT_EQ(node("file a..c", pg::squares).squares.size(), 30);
  EXPECT_EQ(node("rank 10", pg::squares).squares.size(), 9);
  EXPECT_EQ(node("rank 1..3", pg::squares).squares.size(), 27);
  EXPECT_EQ(taken("file", pg::squares), kExpectation);  // a file must follow
  EXPECT_EQ(taken("a1..", pg::squares), kExpectation);
  EXPECT_EQ(taken("han-palace", pg::region), 10);
  EXPECT_EQ(taken("palace", pg::region), 6);
  EXPECT_EQ(taken("palaces", pg::region), -1);
  EXPECT_TRUE(whole("river", pg::region));
  EXPECT_TRUE(whole("board", pg::region));
}

TEST(PatternGrammar, SetAlgebra) {
  EXPECT_TRUE(whole("R", pg::set_atom));
  EXPECT_TRUE(whole("(R | C)", pg::set_atom));
  EXPECT_TRUE(whole("pinned(any)", pg::set_atom));
  EXPECT_TRUE(whole("screen (C)", pg::set_atom));
  EXPECT_EQ(taken("pinned R", pg::set_atom), kExpectation);
  EXPECT_TRUE(whole("~R", pg::set_complement));
  EXPECT_TRUE(whole("~~R", pg::set_complement));
  EXPECT_TRUE(whole("R & han-palace", pg::set_intersection));
  EXPECT_EQ(taken("R &", pg::set_intersection), kExpectation);
  EXPECT_TRUE(whole("R | C & e9", pg::set_union));
  const Node u = node("R | C & e9", pg::set_union);  // & binds tighter
  ASSERT_EQ(u.kind, Kind::Union);
  EXPECT_EQ(u.kids.at(1).kind, Kind::Intersection);
  EXPECT_TRUE(whole("attacks", pg::set_verb));
  EXPECT_TRUE(whole("defends", pg::set_verb));
  const Node a = node("R | C attacks k", pg::set);
  ASSERT_EQ(a.kind, Kind::Attacks);
  EXPECT_EQ(a.kids.at(0).kind, Kind::Union);
  EXPECT_EQ(taken("R attacks", pg::set), kExpectation);
}

TEST(PatternGrammar, ValuesAndComparisons) {
  EXPECT_TRUE(whole("material cho", pg::quantity));
  EXPECT_TRUE(whole("points han", pg::quantity));
  EXPECT_TRUE(whole("balance", pg::quantity));
  EXPECT_TRUE(whole("ply", pg::quantity));
  EXPECT_TRUE(whole("streak(bikjang)", pg::quantity));
  EXPECT_EQ(taken("material", pg::quantity), kExpectation);
  EXPECT_EQ(taken("streak bikjang", pg::quantity), kExpectation);
  EXPECT_EQ(node("2", pg::value).kind, Kind::Number);
  EXPECT_EQ(node("ply", pg::value).kind, Kind::Ply);
  EXPECT_EQ(node("R", pg::value).kind, Kind::Pieces);
  for (const char* op : {"<", "<=", "=", "!=", ">=", ">"}) EXPECT_TRUE(whole(op, pg::relation_op)) << op;
  EXPECT_EQ(taken("=>", pg::relation_op), 1);
  EXPECT_TRUE(whole("2..4", pg::range));
  EXPECT_EQ(taken("2..", pg::range), kExpectation);
  EXPECT_TRUE(whole("= 2..4", pg::relation));
  EXPECT_TRUE(whole("!= 2..4", pg::relation));
  EXPECT_EQ(node("!= 2..4", pg::relation).relation, gibo::pattern::ast::Relation::NotEqual);
  EXPECT_TRUE(whole("=", pg::range_op));
  EXPECT_TRUE(whole("!=", pg::range_op));
  EXPECT_TRUE(whole("= 2", pg::relation));
  EXPECT_TRUE(whole(">= ply", pg::relation));
  EXPECT_EQ(taken(">=", pg::relation), kExpectation);
  const Node c = node("R & han-palace >= 2", pg::comparison);
  ASSERT_EQ(c.kind, Kind::Compare);
  EXPECT_EQ(c.relation, gibo::pattern::ast::Relation::GreaterEqual);
  EXPECT_EQ(c.kids.at(0).kind, Kind::Intersection);
  EXPECT_EQ(c.kids.at(1).number, 2);
  const Node r = node("R = 1..2", pg::comparison);
  ASSERT_EQ(r.kind, Kind::InRange);
  EXPECT_EQ(r.low, 1);
  EXPECT_EQ(r.high, 2);
  EXPECT_EQ(node("R & e9", pg::comparison).kind, Kind::Intersection);  // no relation: the set itself
}

TEST(PatternGrammar, Conditions) {
  for (const char* s : {"check", "장군", "mate", "외통", "stalemate", "bikjang", "빅장", "final", "pass", "to-move han"})
    EXPECT_TRUE(whole(s, pg::state)) << s;
  EXPECT_EQ(taken("to-move", pg::state), kExpectation);
  EXPECT_TRUE(whole("move", pg::move));
  EXPECT_TRUE(whole("move C", pg::move));
  EXPECT_TRUE(whole("move C from b3 to e2 | e9", pg::move));
  EXPECT_TRUE(whole("move to han-palace", pg::move));
  EXPECT_EQ(taken("move from", pg::move), kExpectation);
  EXPECT_TRUE(whole("capture", pg::capture));
  EXPECT_TRUE(whole("capture r | c", pg::capture));
  EXPECT_TRUE(whole("K", pg::army_letter));
  EXPECT_TRUE(whole("차", pg::army_letter));
  EXPECT_TRUE(whole("RRC", pg::army));
  EXPECT_TRUE(whole("차차포", pg::army));
  EXPECT_EQ(taken("RRc", pg::army), -1);  // lower case is no army letter
  const Node s = node("RRC vs RHE", pg::signature);
  ASSERT_EQ(s.kind, Kind::Signature);
  EXPECT_EQ(s.army[0][static_cast<int>(gibo::PieceType::Chariot)], 2);
  EXPECT_EQ(s.army[1][static_cast<int>(gibo::PieceType::Horse)], 1);
  EXPECT_EQ(taken("RRC vs", pg::signature), kExpectation);
  EXPECT_EQ(taken("R >= 2", pg::signature), -1);  // no "vs": another primary
  EXPECT_TRUE(whole("(check)", pg::group));
  EXPECT_EQ(taken("(check", pg::group), kExpectation);
  for (const char* s : {"R vs R", "check", "move", "capture", "R >= 2", "(R >= 2)", "(R | C) >= 2", "R & e9"})
    EXPECT_TRUE(whole(s, pg::primary)) << s;
  EXPECT_EQ(node("mirror swap check", pg::transformed).kids.at(0).kind, Kind::Swap);
  EXPECT_EQ(node("not not check", pg::negated).kids.at(0).kind, Kind::Not);
  const Node both = node("check and mate and final", pg::both);
  EXPECT_EQ(both.kind, Kind::And);
  EXPECT_EQ(both.kids.size(), 3u);
  const Node either = node("check and mate or final", pg::either);  // and binds tighter
  ASSERT_EQ(either.kind, Kind::Or);
  EXPECT_EQ(either.kids.at(0).kind, Kind::And);
  EXPECT_EQ(taken("check and", pg::both), kExpectation);
  EXPECT_EQ(taken("check or", pg::either), kExpectation);
  const Node step = node("then within 10 mate", pg::then_step);
  EXPECT_EQ(step.kind, Kind::ThenStep);
  EXPECT_EQ(step.number, 10);
  EXPECT_EQ(taken("then within mate", pg::then_step), kExpectation);
  const Node chain = node("move C then check then within 4 mate", pg::condition);
  ASSERT_EQ(chain.kind, Kind::Then);
  EXPECT_EQ(chain.kids.size(), 3u);
  EXPECT_EQ(chain.kids.at(2).number, 4);
}

TEST(PatternGrammar, ThePattern) {
  EXPECT_TRUE(whole("max", pg::sort_order));
  EXPECT_TRUE(whole("min", pg::sort_order));
  EXPECT_TRUE(whole("sort max streak(bikjang)", pg::sort));
  EXPECT_EQ(taken("sort ply", pg::sort), kExpectation);
  EXPECT_EQ(taken("", pg::end), 0);
  EXPECT_EQ(taken("x", pg::end), -1);
  EXPECT_TRUE(whole("check", pg::pattern));
  EXPECT_TRUE(whole("  check  sort min ply  ", pg::pattern));
  EXPECT_EQ(taken("check mate", pg::pattern), kExpectation);  // and, or, then, sort or the end
  EXPECT_EQ(taken("", pg::pattern), kExpectation);            // a condition
  // Spans: what each node was read from.
  const Node c = node("  R >= 2", pg::comparison);
  EXPECT_EQ(c.begin, 2u);
  EXPECT_EQ(c.end, 8u);
}

}  // namespace
