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
  return engine_verdict_name(engine_judgement(w, s, margin).kind);
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
  EXPECT_EQ(engine_judgement(Winner::Unknown, cp(0), 300).note, "no stored winner or draw to compare");
}

}  // namespace
}  // namespace gibo::analysis
