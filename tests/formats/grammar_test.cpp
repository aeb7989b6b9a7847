// The text formats' X3 rules one by one (formats/pgn/grammar.h, formats/notation/grammar.h,
// formats/uci/grammar.h): for each rule, texts it must match whole (with what it yields) and
// texts it must refuse or stop short in.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "../../formats/notation/grammar.h"
#include "../../formats/pgn/grammar.h"
#include "../../formats/uci/grammar.h"

namespace {

namespace x3 = boost::spirit::x3;

// How many bytes of `text` the parser `p` takes (-1: it fails).
template <typename P>
long taken(std::string_view text, const P& p) {
  const char* first = text.data();
  if (!x3::parse(first, text.data() + text.size(), p)) return -1;
  return first - text.data();
}
// Does `p` match all of `text`?
template <typename P>
bool whole(std::string_view text, const P& p) {
  return taken(text, p) == static_cast<long>(text.size());
}

// ---- PGN ---------------------------------------------------------------------------------
namespace pg = gibo::pgn_grammar;

TEST(PgnGrammar, TagLine) {
  boost::fusion::deque<boost::iterator_range<const char*>, boost::iterator_range<const char*>> parts;
  const std::string line = "[ Event  \"KBS \\\"장기왕\\\" \\\\ \" ]";
  const char* first = line.data();
  ASSERT_TRUE(x3::parse(first, line.data() + line.size(), pg::tag_line, parts));
  EXPECT_EQ(first, line.data() + line.size());
  EXPECT_EQ(pg::view_of(boost::fusion::at_c<0>(parts)), "Event");
  EXPECT_EQ(pg::view_of(boost::fusion::at_c<1>(parts)), "KBS \\\"장기왕\\\" \\\\ ");  // escapes undone by the reader
  EXPECT_TRUE(whole("[Date \"2010.03.12\"]", pg::tag_line));
  EXPECT_TRUE(whole("[%clk \"1\"]", pg::tag_line));    // a name may hold '%' after the first column
  EXPECT_TRUE(whole("[A \"back\\slash\"]", pg::tag_line));  // a lone backslash is a plain character
  EXPECT_FALSE(whole("[\"value\"]", pg::tag_line));    // no name
  EXPECT_FALSE(whole("[Event value]", pg::tag_line));  // no quote
  EXPECT_FALSE(whole("[Event \"open]", pg::tag_line));
  EXPECT_FALSE(whole("[Event \"line\nbreak\"]", pg::tag_line));
  EXPECT_FALSE(whole("[Event \"x\" junk]", pg::tag_line));
}

TEST(PgnGrammar, TagStart) {
  EXPECT_EQ(taken("[Event \"x\"]", pg::tag_start), 2);
  EXPECT_EQ(taken("[  E", pg::tag_start), 4);
  EXPECT_EQ(taken("[ ]", pg::tag_start), -1);
  EXPECT_EQ(taken("[\"x\"]", pg::tag_start), -1);
  EXPECT_EQ(taken("[%emt 1]", pg::tag_start), -1);
  EXPECT_EQ(taken("[\n", pg::tag_start), -1);
  EXPECT_EQ(taken("x[", pg::tag_start), -1);
}

TEST(PgnGrammar, BraceCommentEndsAtItsBraceOrAFirstColumnTagLine) {
  EXPECT_TRUE(whole("{a comment\nover lines [not a tag]}", pg::brace_comment));
  EXPECT_TRUE(whole("{x\n  [Indented \"tag\"] stays in}", pg::brace_comment));
  EXPECT_TRUE(whole("{}", pg::brace_comment));
  // Never closed: the text stops at the line end before the tag line, or at the end.
  EXPECT_EQ(taken("{open\n[Event \"next\"]", pg::brace_comment), -1);
  EXPECT_EQ(taken("open\n[Event \"next\"]}", pg::comment_text), 4);
  EXPECT_EQ(taken("open to the end", pg::comment_text), 15);
  EXPECT_EQ(taken("a}b", pg::comment_text), 1);
}

TEST(PgnGrammar, LineCommentAndEscapeLine) {
  EXPECT_EQ(taken("; to the end\nHc3", pg::line_comment), 12);
  EXPECT_EQ(taken(";", pg::line_comment), 1);
  EXPECT_EQ(taken("x; y", pg::line_comment), -1);
  EXPECT_EQ(taken("% escape\n1. Hc3", pg::escape_line), 8);
  EXPECT_EQ(taken("x%", pg::escape_line), -1);
}

// The variation body from just after its "(": where the parse stops and the depth left.
// (The depth is the reader's; this one has nothing else.)
struct Depth {
  int depth = 1;
};
std::pair<long, int> variation(std::string_view text_after_open) {
  Depth reader;
  const char* first = text_after_open.data();
  x3::parse(first, text_after_open.data() + text_after_open.size(),
            x3::with<pg::reader_tag>(std::ref(reader))[pg::variation_body]);
  return {first - text_after_open.data(), reader.depth};
}

TEST(PgnGrammar, VariationNestsWithCommentsInside) {
  EXPECT_EQ(variation("Hc3 (Hg3 {a ) in a comment}) ; and )\n) Hc8"), std::make_pair(38L, 0));
  EXPECT_EQ(variation(") rest"), std::make_pair(1L, 0));
  const std::string deep = std::string(100000, '(') + std::string(100001, ')');
  EXPECT_EQ(variation(deep), std::make_pair(static_cast<long>(deep.size()), 0));  // no recursion
  // Never closed: stops at the line end before a tag line (indented or not), an unclosed
  // comment, or the end.
  EXPECT_EQ(variation("Hc3\n  [Event \"x\"]"), std::make_pair(3L, 1));
  EXPECT_EQ(variation("Hc3 {open"), std::make_pair(4L, 1));
  EXPECT_EQ(variation("Hc3 (Hg3)"), std::make_pair(9L, 1));
}

TEST(PgnGrammar, MovetextSymbols) {
  EXPECT_TRUE(whole("1-0", pg::result));
  EXPECT_TRUE(whole("0-1", pg::result));
  EXPECT_TRUE(whole("1/2-1/2", pg::result));
  EXPECT_TRUE(whole("*", pg::result));
  EXPECT_EQ(taken("1-0{c}", pg::result), 3);
  EXPECT_EQ(taken("1-00", pg::result), -1);  // a longer symbol is no result
  EXPECT_EQ(taken("*x", pg::result), -1);
  EXPECT_EQ(taken("1/2", pg::result), -1);
  EXPECT_EQ(taken("$12 Hc3", pg::nag), 3);
  EXPECT_TRUE(whole("$", pg::nag));
  EXPECT_TRUE(whole("$1234", pg::nag));  // no NAG number: a note, skipped
  EXPECT_TRUE(whole("255", pg::nag_number));
  EXPECT_TRUE(whole("007", pg::nag_number));
  EXPECT_EQ(taken("1234", pg::nag_number), -1);  // more than three digits
  EXPECT_EQ(taken("", pg::nag_number), -1);
  EXPECT_EQ(taken("$", pg::nag), 1);
  EXPECT_EQ(taken("Hc3{", pg::symbol), 3);
  EXPECT_EQ(taken("Rixe10+ ", pg::symbol), 7);
  EXPECT_EQ(taken("(", pg::symbol), -1);
  EXPECT_EQ(taken("12...Hc8", pg::move_number), 5);
  EXPECT_EQ(taken("1.", pg::move_number), 2);
  EXPECT_EQ(taken("12", pg::move_number), -1);
  EXPECT_EQ(taken(".5", pg::move_number), -1);
}

// The seconds of an [%emt] command, or -1.
long emt(std::string_view text) {
  pg::Emt e;
  const char* first = text.data();
  if (!x3::parse(first, text.data() + text.size(), x3::with<pg::emt_tag>(std::ref(e))[pg::emt]) || !e.ok) return -1;
  return e.total;
}

TEST(PgnGrammar, ElapsedMoveTime) {
  EXPECT_EQ(emt("[%emt 0:01:02]"), 62);
  EXPECT_EQ(emt("[%emt  1:05 ]"), 65);
  EXPECT_EQ(emt("[%emt7]"), 7);
  EXPECT_EQ(emt("[%emt 1:60]"), -1);  // a later field must be below 60
  EXPECT_EQ(emt("[%emt 1:2:3:4]"), -1);
  EXPECT_EQ(emt("[%emt 100000001]"), -1);
  EXPECT_EQ(emt("[%emt -5]"), -1);
  EXPECT_EQ(emt("[%emt 1 :2]"), -1);
  EXPECT_EQ(emt("[%emt ]"), -1);
  EXPECT_EQ(emt("[%clk 0:01]"), -1);
}

// ---- notations ------------------------------------------------------------------------------
namespace ng = gibo::notation_grammar;

TEST(NotationGrammar, SanSquares) {
  ng::SanSquares s;
  ASSERT_TRUE(ng::parse_all("c3", ng::san_tail, s));
  EXPECT_FALSE(s.from_file);
  EXPECT_FALSE(s.from_rank);
  EXPECT_EQ(s.to_file, 2);
  EXPECT_EQ(s.to_rank, 2);
  s = {};
  ASSERT_TRUE(ng::parse_all("a10", ng::san_tail, s));  // "10" read whole, and not a from-file
  EXPECT_FALSE(s.from_file);
  EXPECT_EQ(s.to_rank, 9);
  s = {};
  ASSERT_TRUE(ng::parse_all("b1-c3+", ng::san_tail, s));
  EXPECT_EQ(*s.from_file, 1);
  EXPECT_EQ(*s.from_rank, 0);
  s = {};
  ASSERT_TRUE(ng::parse_all("10xe9#", ng::san_tail, s));
  EXPECT_FALSE(s.from_file);
  EXPECT_EQ(*s.from_rank, 9);
  for (const char* good : {"ef7", "xc3", ":c3", "a10a9", "c3!?"}) EXPECT_TRUE(ng::parse_all(good, ng::san_tail)) << good;
  for (const char* bad : {"", "c", "c0", "j3", "c3x", "xxc3", "c+3", "b1c3d", "c11"})
    EXPECT_FALSE(ng::parse_all(bad, ng::san_tail)) << bad;
  // Zero-based ranks: one digit each, "0" allowed.
  ASSERT_TRUE(ng::parse_all("e0", ng::san_tail0, s));
  EXPECT_EQ(s.to_rank, 0);
  EXPECT_FALSE(ng::parse_all("a10", ng::san_tail0));
}

TEST(NotationGrammar, LettersPassAndMarks) {
  gibo::PieceType t{};
  EXPECT_TRUE(ng::parse_all("N", ng::letter, t));
  EXPECT_EQ(t, gibo::PieceType::Horse);
  EXPECT_TRUE(ng::parse_all("B", ng::letter, t));
  EXPECT_EQ(t, gibo::PieceType::Elephant);
  EXPECT_FALSE(ng::parse_all("Q", ng::letter));
  EXPECT_FALSE(ng::parse_all("k", ng::letter));
  EXPECT_TRUE(ng::parse_all("PaSs", ng::san_pass));
  EXPECT_TRUE(ng::parse_all("@@@@", ng::san_pass));
  EXPECT_FALSE(ng::parse_all("pass+", ng::san_pass));
  EXPECT_TRUE(ng::parse_all("+#!?", ng::only_marks));
  EXPECT_FALSE(ng::parse_all("+x", ng::only_marks));
}

TEST(NotationGrammar, Janggi) {
  ng::JanggiMove m;
  ASSERT_TRUE(ng::parse_all("H02-83", ng::janggi, m));
  EXPECT_EQ(m.piece, gibo::PieceType::Horse);
  EXPECT_EQ(m.from_file, 1);  // b1
  EXPECT_EQ(m.from_rank, 0);
  EXPECT_EQ(m.to_file, 2);  // c3
  EXPECT_EQ(m.to_rank, 2);
  ASSERT_TRUE(ng::parse_all("R19x11+", ng::janggi, m));
  EXPECT_EQ(m.from_rank, 9);  // row 1 is rank 10
  for (const char* bad : {"H02-8", "H02=83", "H00-83", "Q02-83", "h02-83", "H02-83x", "H023-83"})
    EXPECT_FALSE(ng::parse_all(bad, ng::janggi)) << bad;
}

TEST(NotationGrammar, Uci) {
  ng::UciMove m;
  ASSERT_TRUE(ng::parse_all("a10a9", ng::uci, m));
  EXPECT_EQ(m.from_rank, 9);
  EXPECT_EQ(m.to_rank, 8);
  ASSERT_TRUE(ng::parse_all("e1e1", ng::uci0, m));
  EXPECT_EQ(m.from_rank, 1);
  for (const char* bad : {"b1c", "b0c3", "b1c3+", "b1-c3", "j1a1", "B1C3"}) EXPECT_FALSE(ng::parse_all(bad, ng::uci)) << bad;
  EXPECT_FALSE(ng::parse_all("a10a9", ng::uci0));
  EXPECT_TRUE(ng::parse_all("pass", ng::uci_pass));
  EXPECT_FALSE(ng::parse_all("PASS", ng::uci_pass));  // UCI's pass word is lowercase
  EXPECT_TRUE(ng::parse_all("0000", ng::uci_null));
}

// ---- UCI lines ---------------------------------------------------------------------------------
namespace ug = gibo::uci_grammar;

ug::Line line(std::string_view text) {
  ug::Line l;
  const char* first = text.data();
  x3::parse(first, text.data() + text.size(), x3::with<ug::line_tag>(std::ref(l))[ug::line]);
  EXPECT_EQ(first, text.data() + text.size()) << text;  // a line always reads whole
  return l;
}

TEST(UciGrammar, Line) {
  ug::Line l = line("position fen 9/9 w  -\t- 0 1 moves b1c3 H02-83");
  EXPECT_EQ(l.fen_keyword, "fen");
  EXPECT_EQ(l.fen, "9/9 w - - 0 1");
  ASSERT_EQ(l.moves.size(), 2u);
  EXPECT_EQ(l.moves[1], "H02-83");
  l = line("  startpos b1c3");
  EXPECT_EQ(l.fen_keyword.data(), nullptr);
  EXPECT_EQ(l.moves.size(), 1u);
  l = line("b1c3 b10c8");
  EXPECT_EQ(l.moves.size(), 2u);
  l = line("position fen");
  EXPECT_EQ(l.fen_keyword, "fen");
  EXPECT_TRUE(l.fen.empty());
  // Keywords are whole words; a second keyword is just a move.
  l = line("positions startposx moves moves");
  ASSERT_EQ(l.moves.size(), 4u);
  EXPECT_EQ(l.moves[0], "positions");
  EXPECT_EQ(l.moves[3], "moves");
  l = line("position startpos moves moves");
  ASSERT_EQ(l.moves.size(), 1u);
  EXPECT_EQ(taken("  # comment", ug::comment), 3);
  EXPECT_EQ(taken("b1c3 #", ug::comment), -1);
}

}  // namespace
