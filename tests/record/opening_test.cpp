// The opening namer (gibo/record/opening.h) on hand-built games: every formation with its
// side and ply, 맞상/엇상, two move orders naming alike, a mirrored game naming mirrored,
// lines found by position (a transposition too, the deepest one winning), and the book's
// refusals.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "gibo/core/rules.h"
#include "gibo/record/opening.h"
#include "gibo/record/replay.h"

namespace {

using namespace gibo;

// Squares as Cho's .gib numbers name them ("84" = d3): the book's points.
Square gib(int n) {
  const int row = n / 10, column = n % 10;
  const int rank = row == 0 ? 0 : 10 - row;
  return make_square(column - 1, rank);
}

FormationRule formation(std::string code, std::uint8_t setups, std::vector<FormationRule::PieceOn> pieces,
                        bool guard = false) {
  FormationRule r;
  r.code = std::move(code);
  r.korean = r.code + "-ko";
  r.english = r.code + "-en";
  r.setups = setups;
  r.pieces = std::move(pieces);
  r.horses_guard_each_other = guard;
  return r;
}

// A UCI move ("b1c3", "g10f8").
Move uci_move(const std::string& m) {
  const std::size_t second = m.find_first_of("abcdefghi", 1);
  return Move(parse_square(m.substr(0, second)), parse_square(m.substr(second)));
}

constexpr std::uint8_t bit(Setup s) { return static_cast<std::uint8_t>(1u << static_cast<int>(s)); }

// The spec's formations (openings.md §4), as the shipped book states them.
OpeningBook spec_book() {
  OpeningBook b;
  const std::uint8_t asym = bit(Setup::HEHE) | bit(Setup::EHEH);
  for (FormationRule r : {
           formation("GL", asym, {{PieceType::Horse, {gib(84)}}}),
           formation("GR", asym, {{PieceType::Horse, {gib(86)}}}),
           formation("WA", bit(Setup::HEEH), {{PieceType::Horse, {gib(75)}}}, true),
           formation("YG", bit(Setup::EHHE), {{PieceType::Horse, {gib(84)}}, {PieceType::Horse, {gib(86)}}}),
           formation("MP", 0x0F, {{PieceType::Cannon, {gib(85)}}}),
           formation("MS", 0x0F, {{PieceType::Elephant, {gib(85)}}}),
       }) {
    const auto added = b.add_formation(r);
    EXPECT_FALSE(added.error) << r.code;
    EXPECT_FALSE(added.unreachable) << r.code;
  }
  return b;
}

// A game from the set-up pair through the UCI moves, replayed under the default rules.
Game game(Setup cho, Setup han, const std::string& moves) {
  Game g;
  g.start.cho = cho;
  g.start.han = han;
  std::istringstream in(moves);
  for (std::string m; in >> m;) {
    RecordedPly p;
    p.move = uci_move(m);
    p.pass = p.move.from() == p.move.to();
    g.plies.push_back(p);
  }
  replay(g, legality_rules(default_profile()));
  EXPECT_FALSE(g.has_errors()) << moves;
  return g;
}

// "CODE@PLY ..." of one side.
std::string found(const Opening& o, Side s) {
  std::string out;
  for (const FormationFound& f : o.of(s)) out += (out.empty() ? "" : " ") + f.rule->code + "@" + std::to_string(f.ply);
  return out;
}

TEST(OpeningNames, SetupNamesFollowDecision17) {
  EXPECT_EQ(setup_name(Setup::HEEH).korean, "안상");
  EXPECT_EQ(setup_name(Setup::EHHE).korean, "바깥상");
  EXPECT_EQ(setup_name(Setup::EHEH).korean, "왼상");  // 상마상마 from one's own seat
  EXPECT_EQ(setup_name(Setup::HEHE).korean, "오른상");
  EXPECT_TRUE(setup_name(Setup::EHEH).disputed);
  EXPECT_TRUE(setup_name(Setup::HEHE).disputed);
  EXPECT_FALSE(setup_name(Setup::HEEH).disputed);
  // Han reads its absolute arrangement reversed.
  EXPECT_EQ(own_view(Setup::HEHE, Side::Han), Setup::EHEH);
  EXPECT_EQ(own_view(Setup::HEHE, Side::Cho), Setup::HEHE);
  EXPECT_EQ(own_view(Setup::EHHE, Side::Han), Setup::EHHE);
}

TEST(OpeningNames, MatsangAndEotsang) {
  EXPECT_EQ(elephant_pair(Setup::EHEH, Setup::HEHE), ElephantPair::Matsang);
  EXPECT_EQ(elephant_pair(Setup::HEHE, Setup::EHEH), ElephantPair::Matsang);
  EXPECT_EQ(elephant_pair(Setup::EHEH, Setup::EHEH), ElephantPair::Eotsang);
  EXPECT_EQ(elephant_pair(Setup::HEHE, Setup::HEHE), ElephantPair::Eotsang);
  EXPECT_EQ(elephant_pair(Setup::HEEH, Setup::EHEH), ElephantPair::None);
  EXPECT_EQ(elephant_pair(Setup::EHHE, Setup::EHHE), ElephantPair::None);
  const OpeningBook b = spec_book();
  // 맞상: Cho's outer elephant (b1) and Han's (h10) reach d4 and f7, an elephant's move apart.
  const Opening m = name_opening(game(Setup::EHEH, Setup::HEHE, "b1d4 h10f7"), b);
  EXPECT_EQ(m.pair(), ElephantPair::Matsang);
  EXPECT_EQ(opening_name(m, true), "미상 대 미상 (맞상)");
  EXPECT_EQ(setup_pair_text(m, true), "상마상마 / 마상마상 (초 왼상*, 한 왼상*; 맞상) *이견 있는 이름");
  const Opening e = name_opening(game(Setup::EHEH, Setup::EHEH, ""), b);
  EXPECT_EQ(e.pair(), ElephantPair::Eotsang);
  EXPECT_EQ(opening_name(e, false), "unknown vs unknown; offset elephants");
  EXPECT_EQ(setup_pair_text(e, false), "상마상마 / 상마상마 (Cho 왼상*, Han 오른상*; 엇상) *disputed name");
  EXPECT_EQ(setup_pair_text(name_opening(game(Setup::HEEH, Setup::EHHE, ""), b), false),
            "마상상마 / 상마마상 (Cho 안상, Han 바깥상)");
}

TEST(OpeningNames, CornerHorseLeftAndRightBySeat) {
  const OpeningBook b = spec_book();
  // Cho 상마상마 (왼상): its inner horse c1 to d3, Cho's left 귀 (84), at ply 1. Han 마상마상
  // absolute is 상마상마 from its seat: its inner horse g10 to f8, Han's own left 귀.
  const Opening o = name_opening(game(Setup::EHEH, Setup::HEHE, "c1d3 g10f8"), b);
  EXPECT_EQ(found(o, Side::Cho), "GL@1");
  EXPECT_EQ(found(o, Side::Han), "GL@2");
  EXPECT_EQ(opening_code(o), "EHEH,HEHE:GL:GL");
  // Cho 마상마상 (오른상): g1 to f3, the right 귀 (86); Han 상마상마 absolute: c10 to d8, its right.
  const Opening r = name_opening(game(Setup::HEHE, Setup::EHEH, "i4h4 c10d8 g1f3"), b);
  EXPECT_EQ(found(r, Side::Cho), "GR@3");
  EXPECT_EQ(found(r, Side::Han), "GR@2");
  // A horse on a 귀 of a symmetric set-up is no 귀마.
  const Opening s = name_opening(game(Setup::EHHE, Setup::HEEH, "c1d3"), b);
  EXPECT_EQ(found(s, Side::Cho), "");
  EXPECT_EQ(opening_code(s), "EHHE,HEEH:?:?");
}

TEST(OpeningNames, BothCornerHorses) {
  const OpeningBook b = spec_book();
  const Opening o = name_opening(game(Setup::EHHE, Setup::EHHE, "c1d3 c10d8 g1f3 g10f8"), b);
  EXPECT_EQ(found(o, Side::Cho), "YG@3");
  EXPECT_EQ(found(o, Side::Han), "YG@4");
  // One horse on a 귀 of 바깥상 is not yet 양귀마.
  EXPECT_EQ(found(name_opening(game(Setup::EHHE, Setup::EHHE, "c1d3 c10d8"), b), Side::Cho), "");
}

TEST(OpeningNames, MandarinDuckHorsesByTwoMoveOrders) {
  const OpeningBook b = spec_book();
  // Cho 마상상마: b1c3, h1g3, the centre soldier aside (e4d4), then c3e4: the horses on e4 (75)
  // and g3 guard each other (legs f3 and f4 free).
  const Game first = game(Setup::HEEH, Setup::HEEH, "b1c3 a7a6 h1g3 i7i6 e4d4 a6a5 c3e4");
  const Game second = game(Setup::HEEH, Setup::HEEH, "e4d4 i7i6 h1g3 a7a6 b1c3 a6a5 c3e4");
  EXPECT_EQ(found(name_opening(first, b), Side::Cho), "WA@7");
  EXPECT_EQ(found(name_opening(second, b), Side::Cho), "WA@7");
  // A longer way round, one tempo lost and regained (the horse out and back): same name, later ply.
  const Game third = game(Setup::HEEH, Setup::HEEH, "b1c3 a7a6 c3b1 i7i6 b1c3 a6a5 h1g3 i6i5 e4d4 c7c6 c3e4");
  EXPECT_EQ(found(name_opening(third, b), Side::Cho), "WA@11");
  // The horse on e4 with the other not guarding it (h1 at home) is no 원앙마.
  EXPECT_EQ(found(name_opening(game(Setup::HEEH, Setup::HEEH, "b1c3 a7a6 e4d4 i7i6 c3e4"), b), Side::Cho), "");
  // The other side's piece on a leg (Han's chariot on f4) keeps them from guarding each
  // other; when it leaves, at Han's ply, they do.
  const Opening blocked = name_opening(game(Setup::HEEH, Setup::HEEH, "b1c3 i10i9 h1g3 i9f9 e4d4 f9f4 c3e4 f4f5"), b);
  EXPECT_EQ(found(blocked, Side::Cho), "WA@8");
  // Han's 원앙마 is the same shape seen from its seat: e7 (its 75) with c8 or g8.
  const Opening h = name_opening(game(Setup::HEEH, Setup::HEEH, "a4a5 b10c8 a5a6 h10g8 i4i5 e7d7 i5i6 c8e7"), b);
  EXPECT_EQ(found(h, Side::Han), "WA@8");
}

TEST(OpeningNames, FaceCannonAndFaceElephant) {
  const OpeningBook b = spec_book();
  // 마상마상 Cho: g1f3 (귀마 right), then the cannon h3 jumps f3 to e3 (85).
  const Opening p = name_opening(game(Setup::HEHE, Setup::HEHE, "g1f3 a7a6 h3e3"), b);
  EXPECT_EQ(found(p, Side::Cho), "GR@1 MP@3");
  EXPECT_EQ(opening_code(p), "HEHE,HEHE:GR+MP:?");
  EXPECT_EQ(opening_name(p, true), "GR-ko·MP-ko 대 미상 (엇상)");
  // 상마마상 Cho: the horse c1 leaves, then the elephant b1 goes to e3 (legs c1, d2).
  const Opening s = name_opening(game(Setup::EHHE, Setup::HEEH, "c1d3 a7a6 b1e3"), b);
  EXPECT_EQ(found(s, Side::Cho), "MS@3");
  // Han's 면 is e8 (35): its cannon h8 jumps g8 after h10g8.
  const Opening h = name_opening(game(Setup::HEEH, Setup::HEEH, "a4a5 h10g8 a5a6 h8e8"), b);
  EXPECT_EQ(found(h, Side::Han), "MP@4");
}

// The game with files a..i mirrored (a <-> i): the set-ups reverse, and so does every move.
Game mirrored(Setup cho, Setup han, const std::string& moves) {
  auto flip = [](Setup s) {
    return s == Setup::HEHE ? Setup::EHEH : s == Setup::EHEH ? Setup::HEHE : s;
  };
  std::istringstream in(moves);
  std::string out;
  for (std::string m; in >> m;) {
    for (char& c : m)
      if (c >= 'a' && c <= 'i') c = static_cast<char>('a' + ('i' - c));
    out += (out.empty() ? "" : " ") + m;
  }
  return game(flip(cho), flip(han), out);
}

TEST(OpeningNames, AMirroredGameGetsTheMirroredName) {
  const OpeningBook b = spec_book();
  const std::string moves = "c1d3 g10f8 b3e3 h8e8";
  const Opening o = name_opening(game(Setup::EHEH, Setup::HEHE, moves), b);
  const Opening m = name_opening(mirrored(Setup::EHEH, Setup::HEHE, moves), b);
  EXPECT_EQ(opening_code(o), "EHEH,HEHE:GL+MP:GL+MP");
  EXPECT_EQ(opening_code(m), "HEHE,EHEH:GR+MP:GR+MP");
  EXPECT_EQ(m.pair(), o.pair());
  // 원앙마 has no wing: its mirror is itself.
  const std::string wa = "b1c3 a7a6 h1g3 i7i6 e4d4 a6a5 c3e4";
  EXPECT_EQ(opening_code(name_opening(mirrored(Setup::HEEH, Setup::HEEH, wa), b)), "HEEH,HEEH:WA:?");
}

TEST(OpeningNames, OtherStartAndUnknown) {
  const OpeningBook b = spec_book();
  // A custom start that sets up a set-up pair's start is that pair's game (setup_pair_of).
  Game standard;
  standard.start.custom = true;
  standard.start.fen = std::string(kStartFen);
  replay(standard, legality_rules(default_profile()));
  EXPECT_FALSE(name_opening(standard, b).other_start);
  EXPECT_EQ(opening_code(name_opening(standard, b)), "HEEH,HEEH:?:?");
  // One without Cho's left chariot is a position of its own; so is the start with Han to move.
  Game g;
  g.start.custom = true;
  g.start.fen = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/1NBA1ABNR w - - 0 1";
  replay(g, legality_rules(default_profile()));
  Position han_first;
  ASSERT_FALSE(han_first.set_fen("rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 0 1"));
  EXPECT_FALSE(setup_pair_of(han_first));
  const Opening o = name_opening(g, b);
  EXPECT_TRUE(o.other_start);
  EXPECT_EQ(opening_code(o), "other");
  EXPECT_EQ(opening_name(o, false), "other start");
  EXPECT_EQ(setup_pair_text(o, false), "");
  const Opening u = name_opening(game(Setup::HEEH, Setup::EHHE, "a4a5 a7a6"), b);
  EXPECT_EQ(opening_code(u), "HEEH,EHHE:?:?");
  EXPECT_EQ(opening_name(u, false), "unknown vs unknown");
}

TEST(OpeningNames, FormationsAreLookedForInTheWindowOnly) {
  const OpeningBook b = spec_book();
  // 12 moves a side of chariot shuffles, then the 귀마 at ply 25: too late; at ply 23 it counts.
  std::string moves;
  for (int i = 0; i < kFormationWindow / 4 - 1; ++i) moves += "a1a2 a10a9 a2a1 a9a10 ";
  EXPECT_EQ(found(name_opening(game(Setup::EHEH, Setup::HEEH, moves + "a1a2 a10a9 c1d3"), b), Side::Cho), "GL@23");
  EXPECT_EQ(found(name_opening(game(Setup::EHEH, Setup::HEEH, moves + "a1a2 a10a9 a2a1 a9a10 c1d3"), b), Side::Cho),
            "");
}

TEST(OpeningNames, InvalidPliesAreNotRead) {
  const OpeningBook b = spec_book();
  Game g = game(Setup::EHEH, Setup::HEEH, "a4a5 a7a6 c1d3");
  g.valid_plies = 2;  // as if ply 3 were the first error
  EXPECT_EQ(found(name_opening(g, b), Side::Cho), "");
}

LineRule line(std::string code, Setup cho, Setup han, const std::string& moves) {
  LineRule l;
  l.code = std::move(code);
  l.korean = l.code + "-ko";
  l.english = l.code + "-en";
  l.cho = cho;
  l.han = han;
  std::istringstream in(moves);
  for (std::string m; in >> m;)
    l.moves.push_back(uci_move(m));
  return l;
}

TEST(OpeningLines, TheDeepestPositionReachedWinsByAnyMoveOrder) {
  OpeningBook b = spec_book();
  ASSERT_FALSE(b.add_line(line("L1", Setup::HEEH, Setup::EHHE, "b1c3 c10d8")).error);
  ASSERT_FALSE(b.add_line(line("L2", Setup::HEEH, Setup::EHHE, "b1c3 c10d8 h1g3 g10f8")).error);
  ASSERT_FALSE(b.add_line(line("X", Setup::HEHE, Setup::EHHE, "b1c3 c10d8")).error);  // another pair
  const Opening direct = name_opening(game(Setup::HEEH, Setup::EHHE, "b1c3 c10d8 h1g3 g10f8 a4a5"), b);
  ASSERT_TRUE(direct.line);
  EXPECT_EQ(direct.line->rule->code, "L2");
  EXPECT_EQ(direct.line->ply, 4);
  EXPECT_EQ(opening_code(direct), "HEEH,EHHE:?:YG:L2");
  // The other order reaches L2's position without passing through L1's.
  const Opening swapped = name_opening(game(Setup::HEEH, Setup::EHHE, "h1g3 g10f8 b1c3 c10d8"), b);
  ASSERT_TRUE(swapped.line);
  EXPECT_EQ(swapped.line->rule->code, "L2");
  const Opening shallow = name_opening(game(Setup::HEEH, Setup::EHHE, "b1c3 c10d8 a4a5"), b);
  ASSERT_TRUE(shallow.line);
  EXPECT_EQ(shallow.line->rule->code, "L1");
  EXPECT_EQ(opening_name(shallow, false), "unknown vs unknown: L1-en");
  EXPECT_FALSE(name_opening(game(Setup::HEEH, Setup::EHHE, "a4a5"), b).line);
  EXPECT_FALSE(name_opening(game(Setup::HEHE, Setup::HEEH, "b1c3 b10c8"), b).line);  // a pair with no line
}

TEST(OpeningBookRows, RefusedAndUnreachableRows) {
  OpeningBook b = spec_book();
  EXPECT_TRUE(b.add_formation(formation("GL", 0x0F, {{PieceType::Horse, {gib(84)}}})).error);  // code taken
  EXPECT_TRUE(b.add_formation(formation("NONE", 0x0F, {})).error);                             // no piece condition
  EXPECT_TRUE(b.add_formation(formation("NOSETUP", 0, {{PieceType::Horse, {gib(84)}}})).error);
  auto outside = b.add_formation(formation("ADV", 0x0F, {{PieceType::Advisor, {gib(75)}}}));
  EXPECT_FALSE(outside.error);
  ASSERT_TRUE(outside.unreachable);
  EXPECT_NE(outside.unreachable->find("advisor"), std::string::npos);
  EXPECT_TRUE(b.add_formation(formation("BACK", 0x0F, {{PieceType::Soldier, {gib(95)}}})).unreachable);
  EXPECT_TRUE(b.add_formation(formation("THREE", 0x0F,
                                        {{PieceType::Horse, {gib(84)}}, {PieceType::Horse, {gib(86)}},
                                         {PieceType::Horse, {gib(85)}}}))
                  .unreachable);
  EXPECT_TRUE(b.add_formation(formation("FAR", 0x0F, {{PieceType::Horse, {gib(84)}}, {PieceType::Horse, {gib(86)}}},
                                        true))
                  .unreachable);
  // At most kMaxFormations formations: fill the book to the limit; one more is refused.
  for (int i = 0; b.formations().size() < OpeningBook::kMaxFormations; ++i) {
    std::string code = std::to_string(i);  // not "F" + to_string(i): gcc 12's -Wrestrict misfires on it
    code.insert(code.begin(), 'F');
    ASSERT_FALSE(b.add_formation(formation(code, 0x0F, {{PieceType::Horse, {gib(84)}}})).error);
  }
  EXPECT_TRUE(b.add_formation(formation("ONE-MORE", 0x0F, {{PieceType::Horse, {gib(84)}}})).error);
  const auto illegal = b.add_line(line("BAD", Setup::HEEH, Setup::HEEH, "b1c3 b1c3"));
  ASSERT_TRUE(illegal.error);
  EXPECT_NE(illegal.error->message.find("ply 2"), std::string::npos);
  ASSERT_FALSE(b.add_line(line("ONE", Setup::HEEH, Setup::HEEH, "b1c3 b10c8 h1g3")).error);
  const auto same = b.add_line(line("TWO", Setup::HEEH, Setup::HEEH, "h1g3 b10c8 b1c3"));
  ASSERT_TRUE(same.error);
  EXPECT_NE(same.error->message.find("ONE"), std::string::npos);
  std::string deep;
  for (int i = 0; i < kLineWindow / 4; ++i) deep += "a1a2 a10a9 a2a1 a9a10 ";
  const auto too_deep = b.add_line(line("DEEP", Setup::HEEH, Setup::HEEH, deep + "b1c3"));
  EXPECT_FALSE(too_deep.error);
  EXPECT_TRUE(too_deep.unreachable);
}

}  // namespace
