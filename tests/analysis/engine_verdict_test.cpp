// The engine verdict on an unverifiable ending (analysis/engine_verdict.h): wins by the
// margin or a mate, draws around zero, results with no winner.
#include <gtest/gtest.h>

#include "gibo/analysis/engine_verdict.h"

namespace gibo::analysis {
namespace {

Score cp(int v) {
  Score s;
  s.cp = v;
  return s;
}

Score mate_for(Side side) {
  Score s;
  s.mate = true;
  s.mate_moves = 2;
  s.winner = side;
  return s;
}

std::string_view verdict(Winner w, const Score& s, int margin = 300) {
  return engine_verdict_name(engine_judgement(w, ResultMethod::Resignation, s, margin).kind);
}

TEST(EngineVerdict, AWinIsSupportedByTheMarginOrAMate) {
  EXPECT_EQ(verdict(Winner::Cho, cp(300)), "engine-supports");
  EXPECT_EQ(verdict(Winner::Cho, cp(299)), "engine-unclear");
  EXPECT_EQ(verdict(Winner::Cho, cp(-299)), "engine-unclear");
  EXPECT_EQ(verdict(Winner::Cho, cp(-300)), "engine-contradicts");
  EXPECT_EQ(verdict(Winner::Han, cp(-450)), "engine-supports");  // Cho's view: Han ahead
  EXPECT_EQ(verdict(Winner::Han, cp(450)), "engine-contradicts");
  EXPECT_EQ(verdict(Winner::Han, cp(450), 500), "engine-unclear");
  EXPECT_EQ(verdict(Winner::Cho, mate_for(Side::Cho)), "engine-supports");
  EXPECT_EQ(verdict(Winner::Cho, mate_for(Side::Han)), "engine-contradicts");
  EXPECT_EQ(verdict(Winner::Han, mate_for(Side::Han)), "engine-supports");
}

TEST(EngineVerdict, ADrawIsJudgedAroundZero) {
  EXPECT_EQ(verdict(Winner::Draw, cp(0)), "engine-supports");
  EXPECT_EQ(verdict(Winner::Draw, cp(-299)), "engine-supports");
  EXPECT_EQ(verdict(Winner::Draw, cp(300)), "engine-unclear");
  EXPECT_EQ(verdict(Winner::Draw, cp(-599)), "engine-unclear");
  EXPECT_EQ(verdict(Winner::Draw, cp(600)), "engine-contradicts");
  EXPECT_EQ(verdict(Winner::Draw, mate_for(Side::Cho)), "engine-contradicts");
}

TEST(EngineVerdict, NoWinnerIsUnclear) {
  EXPECT_EQ(verdict(Winner::Void, cp(900)), "engine-unclear");
  EXPECT_EQ(verdict(Winner::Unknown, mate_for(Side::Cho)), "engine-unclear");
  EXPECT_EQ(engine_judgement(Winner::Unknown, ResultMethod::None, cp(0), 300).note, "no stored winner or draw to compare");
}

// A win on time, by forfeit or by disconnection is not decided on the board: the engine says
// who was ahead, as information, and never contradicts it (losing on time while ahead is
// normal). A resignation and an agreed draw are judged by the position.
TEST(EngineVerdict, WinsOffTheBoardAreInformation) {
  for (ResultMethod m : {ResultMethod::Time, ResultMethod::Forfeit, ResultMethod::Disconnection}) {
    const EngineJudgement behind = engine_judgement(Winner::Cho, m, cp(-900), 300);
    EXPECT_EQ(behind.kind, EngineVerdictKind::Unclear);
    EXPECT_TRUE(behind.information);
    EXPECT_NE(std::string(behind.note).find("the loser was ahead"), std::string::npos) << behind.note;
    const EngineJudgement ahead = engine_judgement(Winner::Han, m, cp(-900), 300);
    EXPECT_EQ(ahead.kind, EngineVerdictKind::Unclear);
    EXPECT_NE(std::string(ahead.note).find("the winner was ahead"), std::string::npos) << ahead.note;
    EXPECT_NE(std::string(engine_judgement(Winner::Han, m, mate_for(Side::Cho), 300).note).find("the loser was ahead"),
              std::string::npos);
    EXPECT_NE(std::string(engine_judgement(Winner::Han, m, cp(100), 300).note).find("neither side"), std::string::npos);
  }
  EXPECT_EQ(engine_judgement(Winner::Cho, ResultMethod::Resignation, cp(-900), 300).kind, EngineVerdictKind::Contradicts);
  EXPECT_FALSE(engine_judgement(Winner::Cho, ResultMethod::Resignation, cp(-900), 300).information);
  EXPECT_EQ(engine_judgement(Winner::Draw, ResultMethod::Agreement, cp(900), 300).kind, EngineVerdictKind::Contradicts);
  EXPECT_TRUE(decided_off_the_board(ResultMethod::Time));
  EXPECT_FALSE(decided_off_the_board(ResultMethod::Points));
}

}  // namespace
}  // namespace gibo::analysis
