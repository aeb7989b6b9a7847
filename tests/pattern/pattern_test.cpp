// Each construct of the pattern language (src/pattern/README.md) against positions built
// by hand: the plies of a game where a pattern holds, its errors and its refusals, the
// mirror and the colour swap, sequences, streaks and sorting, and the material signature's
// answers against the replay's.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gibo/core/material.h"
#include "gibo/pattern/pattern.h"

namespace {

using namespace gibo;
using gibo::pattern::GameMatches;
using gibo::pattern::Pattern;

Pattern compiled(const std::string& text) {
  auto p = Pattern::parse(text);
  EXPECT_TRUE(p) << text << ": " << (p ? "" : p.error().message);
  if (!p) return *Pattern::parse("check");
  return *p;
}

std::vector<Move> moves_of(const std::vector<std::string>& uci) {
  std::vector<Move> out;
  for (const std::string& m : uci) {
    const std::size_t split = std::isdigit(static_cast<unsigned char>(m[2])) ? 3 : 2;
    out.emplace_back(parse_square(m.substr(0, split)), parse_square(m.substr(split)));
  }
  return out;
}

Position at(const std::string& fen) {
  Position pos;
  EXPECT_FALSE(pos.set_fen(fen)) << fen;
  return pos;
}

// The plies where `text` holds in the game of `moves` from `fen` (the start by default).
std::vector<int> plies(const std::string& text, const std::string& fen = std::string(kStartFen),
                       const std::vector<std::string>& moves = {}) {
  return compiled(text).match(at(fen), moves_of(moves)).plies;
}
bool holds(const std::string& text, const std::string& fen = std::string(kStartFen)) { return !plies(text, fen).empty(); }

std::string error_of(const std::string& text) {
  const auto p = Pattern::parse(text);
  EXPECT_FALSE(p) << text;
  return p ? "" : p.error().message;
}

// A game with a capture and a pass: c4c5 c7c6 c5c6 (takes Han's soldier), Han passes, a1a2.
const std::vector<std::string> kGame = {"c4c5", "c7c6", "c5c6", "e9e9", "a1a2"};

TEST(Pattern, CountsPiecesBySideAndKind) {
  EXPECT_TRUE(holds("R = 2"));
  EXPECT_TRUE(holds("r = 2"));
  EXPECT_TRUE(holds("차 = 4"));
  EXPECT_TRUE(holds("초차 = 2 and 한포 = 2 and cho 졸 = 5"));
  EXPECT_TRUE(holds("N = 2 and H = 2 and B = 2 and E = 2 and 궁 = 2 and 병 = 10"));
  EXPECT_TRUE(holds("any = 32 and empty = 58 and cho = 16 and han = 16"));
  EXPECT_TRUE(holds("R = 1..2"));
  EXPECT_FALSE(holds("R = 3..4"));
  EXPECT_TRUE(holds("R != 3..4"));
  EXPECT_FALSE(holds("R != 2"));
  EXPECT_TRUE(holds("2 <= R"));
  EXPECT_FALSE(holds("R > 2"));
}

TEST(Pattern, MaterialPointsAndBalance) {
  EXPECT_TRUE(holds("material cho = 72 and material han = 72"));
  EXPECT_TRUE(holds("points cho = 72 and points han = 73.5"));
  EXPECT_TRUE(holds("balance = 0 and points cho < points han"));
  EXPECT_EQ(plies("material han = 70 and balance = 2", std::string(kStartFen), kGame), (std::vector<int>{3, 4, 5}));
  EXPECT_EQ(plies("p = 4", std::string(kStartFen), kGame), (std::vector<int>{3, 4, 5}));
}

TEST(Pattern, SquaresRegionsAndSetAlgebra) {
  EXPECT_TRUE(holds("R & a1"));
  EXPECT_TRUE(holds("R & rank 1 = 2 and P & file a..c = 2 and r & a10..i10 = 2"));
  EXPECT_TRUE(holds("K & cho-palace and k & han-palace and any & palace = 6"));
  EXPECT_FALSE(holds("cho & han-half"));
  EXPECT_FALSE(holds("any & river"));
  EXPECT_TRUE(holds("cho & cho-half = 16 and han & han-half = 16"));
  EXPECT_TRUE(holds("~(R | C) & rank 1 = 7"));  // a1 and i1 are chariots; the rest of rank 1
  EXPECT_TRUE(holds("(R | r) & (a1 | a10) = 2"));
  EXPECT_TRUE(holds("empty & rank 2 = 8"));
}

TEST(Pattern, ChariotsInThePalaceAndTheirImages) {
  const std::string cho = "4k4/3R1R3/9/9/9/9/9/9/4K4/9 w - - 0 1";  // Cho chariots d9 and f9
  const std::string han = "9/4k4/9/9/9/9/9/9/3r1r3/4K4 b - - 0 1";  // its colour swap
  EXPECT_TRUE(holds("R & han-palace >= 2", cho));
  EXPECT_FALSE(holds("R & han-palace >= 2", han));
  EXPECT_TRUE(holds("swap (R & han-palace >= 2)", han));
  EXPECT_TRUE(holds("swap (R & han-palace >= 2)", cho));
  // The mirror: a chariot on the a-file finds one on the i-file.
  const std::string left = "4k4/9/9/9/9/9/9/9/4K4/R8 w - - 0 1", right = "4k4/9/9/9/9/9/9/9/4K4/8R w - - 0 1";
  EXPECT_TRUE(holds("R & file a", left));
  EXPECT_FALSE(holds("R & file a", right));
  EXPECT_TRUE(holds("mirror (R & file a)", right));
  EXPECT_TRUE(holds("swap mirror (r & i10)", left));
  EXPECT_FALSE(holds("swap (r & i10)", left));
  // The swap exchanges the sides of the quantities too.
  EXPECT_TRUE(holds("swap (material han = 13 and balance = -13 and to-move han)", left));
}

TEST(Pattern, CheckMateStalemateAndFacing) {
  const std::string mate = "R2k5/R8/9/9/9/9/9/9/4K4/9 b - - 0 1";  // Han's general d10 mated by two chariots
  EXPECT_TRUE(holds("check and mate", mate));
  EXPECT_TRUE(holds("장군 and 외통", mate));
  EXPECT_FALSE(holds("stalemate", mate));
  EXPECT_FALSE(holds("check"));
  EXPECT_FALSE(holds("mate"));
  // Not in check and no move (passing not allowed under these rules): stalemate.
  Position stale = at("3k5/R8/5N3/9/9/9/9/9/4K4/9 b - - 0 1");
  LegalityRules rules = stale.rules();
  rules.pass_allowed = false;
  stale.set_rules(rules);
  EXPECT_EQ(compiled("stalemate and not check").match(stale, {}).plies, std::vector<int>{0});
  EXPECT_TRUE(holds("bikjang", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1"));
  EXPECT_TRUE(holds("빅장", "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1"));
  EXPECT_FALSE(holds("bikjang"));  // soldiers and cannons stand between
}

TEST(Pattern, AttacksDefendsPinsScreens) {
  const std::string pin = "3kr4/9/9/9/9/9/4N4/9/4K4/9 w - - 0 1";
  EXPECT_TRUE(holds("r attacks N", pin));
  EXPECT_TRUE(holds("pinned(N) and N & pinned(cho) = 1", pin));
  EXPECT_FALSE(holds("N attacks r", pin));
  const std::string guards = "4k4/9/1P5c1/9/1p5p1/9/P8/1C5C1/4K4/R8 w - - 0 1";
  EXPECT_TRUE(holds("R defends P and C & b3 defends P & b8", guards));
  EXPECT_FALSE(holds("C attacks c", guards));  // a cannon never takes a cannon
  EXPECT_TRUE(holds("C & b3 attacks b7", guards));
  const std::string screens = "4k4/9/9/9/9/9/1p7/1C3p1c1/4K4/9 w - - 0 1";
  EXPECT_TRUE(holds("screen(C) = 2 and screen(C) & b4 and screen(C) & f3", screens));
  EXPECT_TRUE(holds("screen(c) = 1 and screen(c) & f3", screens));  // Han's cannon h3 looks west over f3
}

TEST(Pattern, MovesCapturesAndPasses) {
  const std::string start(kStartFen);
  EXPECT_EQ(plies("move P", start, kGame), (std::vector<int>{1, 3}));
  EXPECT_EQ(plies("move p", start, kGame), (std::vector<int>{2}));
  EXPECT_EQ(plies("move", start, kGame), (std::vector<int>{1, 2, 3, 5}));  // a pass is no move
  EXPECT_EQ(plies("capture p", start, kGame), (std::vector<int>{3}));
  EXPECT_EQ(plies("capture", start, kGame), (std::vector<int>{3}));
  EXPECT_EQ(plies("capture P", start, kGame), (std::vector<int>{}));
  EXPECT_EQ(plies("pass", start, kGame), (std::vector<int>{4}));
  EXPECT_EQ(plies("move R from a1 to a2", start, kGame), (std::vector<int>{5}));
  EXPECT_EQ(plies("move to c6", start, kGame), (std::vector<int>{2, 3}));
  EXPECT_EQ(plies("move from c5", start, kGame), (std::vector<int>{3}));
  EXPECT_EQ(plies("move to p", start, kGame), (std::vector<int>{3}));  // read before the move
  EXPECT_EQ(plies("to-move cho", start, kGame), (std::vector<int>{0, 2, 4}));
  EXPECT_EQ(plies("final", start, kGame), (std::vector<int>{5}));
  EXPECT_EQ(plies("ply = 3", start, kGame), (std::vector<int>{3}));
  // The colour swap of Cho's first move is Han's answer.
  EXPECT_EQ(plies("swap (move P from c4 to c5)", start, kGame), (std::vector<int>{1, 2}));
}

TEST(Pattern, Sequences) {
  const std::string start(kStartFen);
  EXPECT_EQ(plies("capture then within 2 pass", start, kGame), (std::vector<int>{3}));
  EXPECT_EQ(plies("capture then pass", start, kGame), (std::vector<int>{3}));
  EXPECT_EQ(plies("move P then move R", start, kGame), (std::vector<int>{1, 3}));
  EXPECT_EQ(plies("move P then within 1 move p", start, kGame), (std::vector<int>{1}));
  EXPECT_EQ(plies("move P then within 2 move R", start, kGame), (std::vector<int>{3}));
  EXPECT_EQ(plies("move P then move p then capture then pass", start, kGame), (std::vector<int>{1}));
  EXPECT_EQ(plies("move P then within 1 move p then within 1 pass", start, kGame), (std::vector<int>{}));
  EXPECT_EQ(plies("(move then final) and ply = 5", start, kGame), (std::vector<int>{}));  // nothing after the end
  EXPECT_EQ(plies("not (move P then capture)", start, kGame), (std::vector<int>{0, 2, 3, 4, 5}));
}

TEST(Pattern, StreaksAndSorting) {
  const std::string facing = "4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1";
  const std::vector<std::string> moves = {"e2e1", "e10e9", "e1d1", "e9d9"};  // facing at 0, 1, 2 and 4
  EXPECT_EQ(plies("bikjang", facing, moves), (std::vector<int>{0, 1, 2, 4}));
  EXPECT_EQ(plies("streak(bikjang) >= 3", facing, moves), (std::vector<int>{0}));
  EXPECT_EQ(plies("streak(bikjang) >= 2", facing, moves), (std::vector<int>{0, 1}));
  EXPECT_EQ(plies("streak(bikjang) = 0", facing, moves), (std::vector<int>{3}));
  const GameMatches longest = compiled("bikjang sort max streak(bikjang)").match(at(facing), moves_of(moves));
  ASSERT_TRUE(longest.value);
  EXPECT_EQ(*longest.value, 3);
  EXPECT_EQ(longest.ply(), 0);
  const GameMatches latest = compiled("bikjang sort max ply").match(at(facing), moves_of(moves));
  EXPECT_EQ(latest.ply(), 4);
  const GameMatches earliest = compiled("bikjang sort min ply").match(at(facing), moves_of(moves));
  EXPECT_EQ(earliest.ply(), 0);
  EXPECT_TRUE(compiled("bikjang sort min ply").sorted());
  EXPECT_FALSE(compiled("bikjang sort min ply").highest_first());
}

TEST(Pattern, MaterialSignatures) {
  const std::string sides = "3ak4/9/4h4/9/4e4/9/9/9/3AK4/R8 w - - 0 1";  // R + A against H, E + A
  EXPECT_TRUE(holds("R vs HE", sides));
  EXPECT_TRUE(holds("KR vs KHE", sides));
  EXPECT_TRUE(holds("RA vs HEA", sides));
  EXPECT_TRUE(holds("차사 vs 마상사", sides));
  EXPECT_FALSE(holds("R vs HEAA", sides));  // advisors named: exact for both sides
  EXPECT_FALSE(holds("R vs H", sides));
  EXPECT_FALSE(holds("RR vs HE", sides));
  EXPECT_TRUE(holds("RRCCHHEE vs RRCCHHEE"));
  EXPECT_TRUE(holds("RRCCHHEEAAPPPPP vs RRCCHHEEAAPPPPP"));
  EXPECT_FALSE(holds("RRCCHHEEAA vs RRCCHHEEA"));
}

TEST(Pattern, AnsweredFromTheSignatureAsByTheReplay) {
  const Position start;
  const std::vector<Move> moves = moves_of(kGame);
  const MaterialSignature s = material_signature(start, moves);
  for (const char* text : {"p = 4", "material han < 72 and to-move han", "final", "ply >= 2 and balance > 0",
                           "streak(p = 5) >= 2", "p = 5 then within 3 p = 4", "RRCCHHEE vs RRCCHHEE sort min ply"}) {
    const Pattern p = compiled(text);
    ASSERT_FALSE(p.reads_board()) << text;
    EXPECT_EQ(p.match(s).plies, p.match(start, moves).plies) << text;
    EXPECT_TRUE(p.may_match(s)) << text;
  }
  EXPECT_TRUE(compiled("R & a1").reads_board());
  // Skipped unreplayed: what the material never allows in the game.
  EXPECT_FALSE(compiled("p = 3").may_match(s));
  EXPECT_FALSE(compiled("R vs HE").may_match(s));
  EXPECT_FALSE(compiled("material han < 60 and check").may_match(s));
  EXPECT_FALSE(compiled("p = 4 and ply < 3").may_match(s));
  EXPECT_FALSE(compiled("final and p = 5").may_match(s));
  EXPECT_FALSE(compiled("p = 4 then p = 5").may_match(s));
  EXPECT_TRUE(compiled("p = 5 then p = 4").may_match(s));
  EXPECT_TRUE(compiled("check and p = 4").may_match(s));
}

TEST(Pattern, ErrorsNameTheColumnAndWhatWasExpected) {
  EXPECT_EQ(error_of("R >= "), "column 6: expected a value (a number, a quantity or a set of points), found the end of the pattern");
  EXPECT_EQ(error_of("check mate"), "column 7: expected and, or, then, sort or the end of the pattern, found \"mate\"");
  EXPECT_EQ(error_of("차 >= x"), "column 6: expected a value (a number, a quantity or a set of points), found \"x\"");
  EXPECT_EQ(error_of("(check"), "column 7: expected \")\", found the end of the pattern");
  EXPECT_EQ(error_of(""), "column 1: expected a condition, found the end of the pattern");
  EXPECT_EQ(error_of("ply"), "column 1: `ply` is a value, not a condition: compare it (`ply >= 1`)");
  EXPECT_EQ(error_of("check sort max check"),
            "column 16: expected a value (a number, a quantity or a set of points), found \"check\"");
  EXPECT_EQ(error_of("check then within 0 mate"),
            "column 7: a step `within 0` plies is no later step: give a distance of 1 or more");
  EXPECT_EQ(error_of("\xff"), "the pattern is not UTF-8 text");
}

TEST(Pattern, APatternThatCanNeverMatchIsRefused) {
  EXPECT_EQ(error_of("K >= 2"), "the pattern can never match: `K >= 2` (column 1) can never hold: `K` is from 0 to 1");
  EXPECT_EQ(error_of("k | K >= 3"),
            "the pattern can never match: `k | K >= 3` (column 1) can never hold: `k | K` is from 0 to 2");
  EXPECT_EQ(error_of("check and K & a1"), "the pattern can never match: `K & a1` (column 11) is always empty");
  EXPECT_EQ(error_of("A & e5"), "the pattern can never match: `A & e5` (column 1) is always empty");
  EXPECT_EQ(error_of("mirror (K >= 2)"), "the pattern can never match: `K >= 2` (column 9) can never hold: `K` is from 0 to 1");
  EXPECT_EQ(error_of("~board"), "the pattern can never match: `~board` (column 1) is always empty");
  EXPECT_EQ(error_of("ply < 0"), "the pattern can never match: `ply < 0` (column 1) can never hold: `ply` is from 0 to any");
  EXPECT_EQ(error_of("RRRRRRRRRRRRRRRRR vs K"), "the pattern can never match: `RRRRRRRRRRRRRRRRR vs K` (column 1) can never hold");
  // What may hold is taken: a general can be taken (king capture), an advisor in the palace.
  EXPECT_TRUE(Pattern::parse("K = 0"));
  EXPECT_TRUE(Pattern::parse("A & e2"));
  EXPECT_TRUE(Pattern::parse("K >= 2 or check"));
}

}  // namespace
