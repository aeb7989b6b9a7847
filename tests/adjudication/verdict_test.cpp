// Verdicts (src/adjudication/README.md, "Verdicts") on replayed games.
#include "gibo/adjudication/verdict.h"

#include "adjudication_test_util.h"

namespace gibo::test {
namespace {

NormalizedResult stored(Winner w, ResultMethod m, std::optional<int> margin = std::nullopt) {
  NormalizedResult r;
  r.winner = w;
  r.method = m;
  r.margin_half_points = margin;
  r.recognised = true;
  return r;
}

// The 62-ply test.py vector plus the accepting pass: Cho wins by bikjang at ply 63, 114 vs 15.
Adjudication vector63() {
  const std::string moves =
      "e2e3 e9f9 h3d3 e7f7 i1i3 h10i8 i3h3 c10e7 h3h8 i10i9 h8b8 i9g9 d3f3 f9e9 f3f10 e7c10 f10c10 b10c8 "
      "c10g10 g9f9 b8c8 a10b10 b3f3 f9h9 a1a2 h9f9 a2d2 b10b9 d2d10 e9d10 c8c10 d10d9 f3f9 i8g9 f9b9 a7a6 "
      "g10g7 f7f6 e4e5 c7d7 g1e4 i7i6 e4b6 d9d8 c10c8 d8d9 b9g9 d7d6 b6e8 i6h6 e5e6 f6e6 c1e4 a6b6 e4b6 "
      "d6d5 c4c5 d9d10 e3d3 h6i6 c5c6 d5c5 d3d3";
  return adjudicate(profile("fs-janggi"), false, Position(), uci_moves(moves));
}

TEST(Verdict, NoStoredResult) {
  const Verdict v = judge(vector63(), 63, std::nullopt);
  EXPECT_EQ(v.kind, VerdictKind::NoResult);
  ASSERT_TRUE(v.ending.has_value());  // the computed ending is still reported
  EXPECT_EQ(v.ending->ply, 63);
}

TEST(Verdict, BoardEndingAgreesWithTheStoredWinner) {
  EXPECT_EQ(judge(vector63(), 63, stored(Winner::Cho, ResultMethod::Unspecified)).kind, VerdictKind::Agrees);
  EXPECT_EQ(judge(vector63(), 63, stored(Winner::Cho, ResultMethod::Bikjang)).kind, VerdictKind::Agrees);
  // 114 − 15 = 99 half-points = 49.5 points.
  EXPECT_EQ(judge(vector63(), 63, stored(Winner::Cho, ResultMethod::Points, 99)).kind, VerdictKind::Agrees);
}

TEST(Verdict, BoardEndingDisagreesWithAnotherWinnerOrMargin) {
  const Verdict v = judge(vector63(), 63, stored(Winner::Han, ResultMethod::Points));
  EXPECT_EQ(v.kind, VerdictKind::Disagrees);
  ASSERT_TRUE(v.ending.has_value());
  EXPECT_EQ(v.ending->winner, Outcome::Cho);
  EXPECT_EQ(v.ending->reason, EndReason::Bikjang);
  EXPECT_EQ(v.ending->scores, (Scores{114, 15}));
  EXPECT_EQ(judge(vector63(), 63, stored(Winner::Cho, ResultMethod::Points, 100)).kind, VerdictKind::Disagrees);
  EXPECT_EQ(judge(vector63(), 63, stored(Winner::Draw, ResultMethod::Bikjang)).kind, VerdictKind::Disagrees);
}

TEST(Verdict, RecordThatPlaysOnIsAFindingNotADisagreement) {
  // Three more plies after the end: still agrees, flagged as continuing.
  const Verdict v = judge(vector63(), 66, stored(Winner::Cho, ResultMethod::Outright));
  EXPECT_EQ(v.kind, VerdictKind::Agrees);
  EXPECT_TRUE(v.ended_before_last_ply);
}

TEST(Verdict, OffBoardEndingsAreUnverifiableButTheBoardEndingIsReported) {
  for (ResultMethod m : {ResultMethod::Resignation, ResultMethod::Time, ResultMethod::Disconnection,
                         ResultMethod::Forfeit}) {
    const Verdict v = judge(vector63(), 70, stored(Winner::Han, m));
    EXPECT_EQ(v.kind, VerdictKind::Unverifiable) << method_name(m);
    EXPECT_TRUE(v.ending.has_value());
    EXPECT_TRUE(v.ended_before_last_ply);
  }
  EXPECT_EQ(judge(vector63(), 63, stored(Winner::Draw, ResultMethod::Agreement)).kind, VerdictKind::Unverifiable);
}

TEST(Verdict, OutrightWinWithoutABoardEndingIsUnverifiable) {
  // The loser resigned: nothing on the board says so, and nothing contradicts it.
  const Adjudication a = adjudicate(profile("janggi-gg"), false, Position(), uci_moves("b1c3 b10c8 a1a2"));
  EXPECT_FALSE(a.ending.has_value());
  EXPECT_EQ(judge(a, 3, stored(Winner::Cho, ResultMethod::Unspecified)).kind, VerdictKind::Unverifiable);
  EXPECT_EQ(judge(a, 3, stored(Winner::Han, ResultMethod::Outright)).kind, VerdictKind::Unverifiable);
}

TEST(Verdict, CheckmateClaimIsCheckedOnTheFinalPosition) {
  // Under kjf-site checkmate is no ending (the king must be taken), so the record that
  // stops at the mate has no board ending; the claim is checked on the final position.
  const Position start = start_from("3k5/8R/9/9/9/8p/9/9/4K4/R8 w - - 0 1");
  const Adjudication a = adjudicate(profile("kjf-site"), false, start, uci_moves("a1a10"));
  EXPECT_FALSE(a.ending.has_value());
  EXPECT_TRUE(a.final_checkmate);
  EXPECT_EQ(judge(a, 1, stored(Winner::Cho, ResultMethod::Checkmate)).kind, VerdictKind::Agrees);
  EXPECT_EQ(judge(a, 1, stored(Winner::Cho, ResultMethod::Outright)).kind, VerdictKind::Agrees);
  EXPECT_EQ(judge(a, 1, stored(Winner::Han, ResultMethod::Checkmate)).kind, VerdictKind::Disagrees);
  EXPECT_EQ(judge(a, 1, stored(Winner::Han, ResultMethod::Unspecified)).kind, VerdictKind::Disagrees);
  const Adjudication quiet = adjudicate(profile("kjf-site"), false, Position(), uci_moves("b1c3"));
  EXPECT_EQ(judge(quiet, 1, stored(Winner::Cho, ResultMethod::Checkmate)).kind, VerdictKind::Disagrees);
}

TEST(Verdict, PointsWithoutABoardEndingAreComparedWithTheFinalScore) {
  const Adjudication a = adjudicate(profile("janggi-gg"), false, Position(), uci_moves("b1c3 b10c8"));
  EXPECT_EQ(judge(a, 2, stored(Winner::Han, ResultMethod::Points, 3)).kind, VerdictKind::Agrees);
  EXPECT_EQ(judge(a, 2, stored(Winner::Han, ResultMethod::Points, 5)).kind, VerdictKind::Disagrees);
  EXPECT_EQ(judge(a, 2, stored(Winner::Cho, ResultMethod::Points)).kind, VerdictKind::Disagrees);
}

TEST(Verdict, IndeterminateEndingGivesAnIndeterminateVerdict) {
  const Adjudication a = adjudicate(profile("kja"), false, Position(), uci_moves("e2e2 e9e9"));
  ASSERT_TRUE(a.ending.has_value());
  EXPECT_EQ(a.ending->winner, Outcome::Indeterminate);
  EXPECT_EQ(judge(a, 2, stored(Winner::Han, ResultMethod::Points)).kind, VerdictKind::Indeterminate);
  // Resignation stays unverifiable whatever the board says.
  EXPECT_EQ(judge(a, 2, stored(Winner::Han, ResultMethod::Resignation)).kind, VerdictKind::Unverifiable);
}

TEST(Verdict, UnreadableOrVoidResultsAndShortReplays) {
  NormalizedResult unreadable;
  EXPECT_EQ(judge(vector63(), 63, unreadable).kind, VerdictKind::Unverifiable);
  EXPECT_EQ(judge(vector63(), 63, stored(Winner::Void, ResultMethod::None)).kind, VerdictKind::Unverifiable);
  // The record has 10 plies but only 2 replayed, with no ending among them.
  const Adjudication a = adjudicate(profile("janggi-gg"), false, Position(), uci_moves("b1c3 b10c8"));
  EXPECT_EQ(judge(a, 10, stored(Winner::Han, ResultMethod::Points)).kind, VerdictKind::Unverifiable);
}

TEST(Verdict, Names) {
  EXPECT_EQ(verdict_name(VerdictKind::Agrees), "agrees");
  EXPECT_EQ(verdict_name(VerdictKind::Disagrees), "disagrees");
  EXPECT_EQ(verdict_name(VerdictKind::Unverifiable), "unverifiable");
  EXPECT_EQ(verdict_name(VerdictKind::Indeterminate), "indeterminate");
  EXPECT_EQ(verdict_name(VerdictKind::NoResult), "no-result");
}

}  // namespace
}  // namespace gibo::test
