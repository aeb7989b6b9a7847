// Re-scoring a record (rescore_game): a stored bikjang result implies the
// bikjang option when the record names none.
#include "gibo/adjudication/rescore.h"

#include "adjudication_test_util.h"
#include "gibo/formats/tag_map.h"

namespace gibo::test {
namespace {

// Cho's general takes Han's horse on e2 and faces Han's general e9 (a bikjang under
// janggi-gg with the option on: the king-capture exception, Cho 62 vs Han 55 half-points);
// Han's a10a9 does not break it. The record plays on: Cho's horse b1c3, then Han's chariot
// takes Cho's on a1, after which Han leads on points (Cho 18, Han 26 + 1.5).
Game bikjang_record(const char* result, std::optional<bool> saved_bikjang) {
  Game g;
  g.start.custom = true;
  g.start.fen = "r7r/4k4/9/9/9/9/9/9/3Kn4/RN6R w - - 0 1";
  for (Move m : uci_moves("d2e2 a10a9 b1c3 a9a1")) {
    RecordedPly p;
    p.move = m;
    g.plies.push_back(p);
  }
  g.result_text = result;
  g.has_result = true;
  g.saved_bikjang_option = saved_bikjang;
  return g;
}

TEST(Rescore, StoredBikjangResultImpliesTheBikjangOption) {
  Game g = bikjang_record("초 빅승", std::nullopt);
  const Rescore r = rescore_game(g, profile("janggi-gg"), false);
  EXPECT_TRUE(r.bikjang_option);
  EXPECT_TRUE(r.bikjang_inferred);
  EXPECT_TRUE(Ends(r.board.ending, Outcome::Cho, EndReason::Bikjang, 2));
  EXPECT_EQ(r.verdict.kind, VerdictKind::Agrees);
  EXPECT_TRUE(r.verdict.ended_before_last_ply);
  EXPECT_EQ(verdict_note(r.verdict, r.bikjang_inferred),
            std::string(r.verdict.note) + "; bikjang option inferred from the stored result");
  EXPECT_FALSE(g.has_errors());  // the replay (validation) is not affected
}

TEST(Rescore, AStatedOptionWinsOverTheInference) {
  // [빅장 "off"]: no bikjang on the board; the final scores favour Han: disagrees.
  Game g = bikjang_record("초 빅승", false);
  const Rescore r = rescore_game(g, profile("janggi-gg"), false);
  EXPECT_FALSE(r.bikjang_option);
  EXPECT_FALSE(r.bikjang_inferred);
  EXPECT_FALSE(r.board.ending.has_value());
  EXPECT_EQ(r.verdict.kind, VerdictKind::Disagrees);
  EXPECT_EQ(verdict_note(r.verdict, r.bikjang_inferred), std::string(r.verdict.note));
}

TEST(Rescore, OtherResultsAndOtherProfilesInferNothing) {
  Game plain = bikjang_record("초 승", std::nullopt);
  const Rescore r = rescore_game(plain, profile("janggi-gg"), false);
  EXPECT_FALSE(r.bikjang_option);
  EXPECT_FALSE(r.bikjang_inferred);
  // --bikjang on still applies to records that name none and store no bikjang result.
  Game fallback = bikjang_record("초 승", std::nullopt);
  EXPECT_TRUE(rescore_game(fallback, profile("janggi-gg"), true).bikjang_option);
  // A profile whose bikjang does not follow the option has no flag to infer.
  Game fs = bikjang_record("무승부(빅장)", std::nullopt);
  const Rescore f = rescore_game(fs, profile("fs-janggi"), false);
  EXPECT_FALSE(f.bikjang_inferred);
  EXPECT_EQ(adjudication_bikjang(profile("janggi-gg"), std::nullopt, normalize_result("무승부(빅장)"), false).on,
            true);
}

// A record with an illegal move at ply 3 (Cho's chariot a1 to a5, through its own soldier
// on a4): rejected, so the verdict is invalid with that error, never a verdict on what its
// valid prefix shows; and the verdicts in plain words.
TEST(Rescore, ARejectedRecordIsInvalidAndVerdictsReadPlainly) {
  Game g;
  for (Move m : uci_moves("b1c3 b10c8")) {
    RecordedPly p;
    p.move = m;
    g.plies.push_back(p);
  }
  RecordedPly bad;
  bad.move = uci_moves("a1a5")[0];
  g.plies.push_back(bad);
  g.result_text = "초 완승";
  g.has_result = true;
  const Rescore r = rescore_game(g, profile("janggi-gg"), false);
  ASSERT_TRUE(g.has_errors());
  EXPECT_EQ(r.verdict.kind, VerdictKind::Invalid);
  EXPECT_EQ(verdict_name(r.verdict.kind), "invalid");
  ASSERT_TRUE(r.rejection.has_value());
  EXPECT_EQ(r.rejection->ply, 3);
  const std::string text = verdict_text(r, "초 완승");
  EXPECT_EQ(text.rfind("stored result 초 완승; under janggi-gg the record is rejected at ply 3 (error[" +
                           r.rejection->code + "]: ",
                       0),
            0u)
      << text;
  EXPECT_EQ(text.substr(text.size() - 9), ": invalid");

  Game ok = bikjang_record("초 빅승", std::nullopt);
  const Rescore b = rescore_game(ok, profile("janggi-gg"), false);
  EXPECT_EQ(verdict_text(b, "초 빅승"),
            "stored result 초 빅승; under janggi-gg the game ends by bikjang at ply 2, Cho winning (Cho 31, Han "
            "27.5); the record plays on to ply 4: agrees; bikjang option inferred from the stored result");
}

}  // namespace
}  // namespace gibo::test
