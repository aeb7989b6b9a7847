// The tracker itself: per-ply facts, replaying past the end, evaluation order, the
// precedence rule, and names.
#include "adjudication_test_util.h"

namespace gibo::test {
namespace {

TEST(Tracker, FactsAfterEachPly) {
  EndingTracker t = replay("fs-janggi", "", "e2e2");
  EXPECT_EQ(t.facts().ply, 1);
  EXPECT_EQ(t.facts().mover, Side::Cho);
  EXPECT_EQ(t.facts().consecutive_passes, 1);
  EXPECT_EQ(t.facts().plies_since_capture, 1);
  EXPECT_EQ(t.facts().scores, (Scores{144, 147}));
  ASSERT_TRUE(t.play(uci_move("b10c8")));
  EXPECT_EQ(t.facts().consecutive_passes, 0);

  // A capture resets the clock and lowers the material: Cho's soldier takes Han's on c6.
  EndingTracker c = replay("fs-janggi", "", "c4c5 c7c6 c5c6");
  EXPECT_TRUE(c.facts().capture);
  EXPECT_EQ(c.facts().plies_since_capture, 0);
  EXPECT_EQ(c.facts().material, (std::array<int, 2>{72, 70}));
}

TEST(Tracker, ConsecutiveChecksAndCheckState) {
  EndingTracker t = replay("fs-janggi", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "a1a10 e10e9 a10a9");
  EXPECT_TRUE(t.facts().in_check);
  EXPECT_EQ(t.facts().consecutive_checks[index(Side::Cho)], 2);
  EXPECT_EQ(t.facts().consecutive_checks[index(Side::Han)], 0);
}

TEST(Tracker, KeepsReplayingAfterTheFirstEnding) {
  EndingTracker t = replay("fs-janggi", "", repeat("b1c3 b10c8 c3b1 c8b10 ", 3));
  EXPECT_EQ(t.ply(), 12);
  EXPECT_TRUE(Ends(t.first_ending(), Outcome::Han, EndReason::Repetition, 8));
  EXPECT_TRUE(Ends(t.ending_now(), Outcome::Han, EndReason::Repetition, 12));
}

TEST(Tracker, RefusesAMoveThatIsNotPseudoLegal) {
  EndingTracker t = replay("fs-janggi", "", "");
  EXPECT_FALSE(t.play(uci_move("b1b5")));  // not a horse move
  EXPECT_FALSE(t.play(uci_move("b10c8")));  // not Cho's piece
  EXPECT_EQ(t.ply(), 0);
  const Adjudication a = adjudicate(profile("fs-janggi"), false, Position(), uci_moves("b1c3 b1c3 b10c8"));
  EXPECT_EQ(a.plies, 1);  // stops before the first move it cannot play
}

TEST(Tracker, EvaluationOrderFollowsThePrecedenceThenAddsDefinedEndings) {
  EndingTracker gg(profile("janggi-gg"), false, Position());
  // Bikjang is off with the option off.
  const std::vector<Ending> gg_order = {Ending::DoublePass, Ending::Repetition, Ending::Checkmate, Ending::Stalemate,
                                        Ending::PalaceOnly};
  EXPECT_EQ(gg.evaluation_order(), gg_order);
  EndingTracker gg_on(profile("janggi-gg"), true, Position());
  EXPECT_EQ(gg_on.evaluation_order().size(), 6u);
  // kjf-site: its stalemate result is unknown, so the ending is evaluated (after the list).
  EndingTracker kjf(profile("kjf-site"), false, Position());
  const std::vector<Ending> kjf_order = {Ending::DoublePass, Ending::KingCapture, Ending::Repetition, Ending::Bikjang,
                                         Ending::Stalemate};
  EXPECT_EQ(kjf.evaluation_order(), kjf_order);
  // pychess (its server's order): Fairy-Stockfish's endings, then the ply limit, then
  // insufficient material.
  EndingTracker py(profile("pychess"), false, Position());
  const std::vector<Ending> py_order = {Ending::DoublePass,     Ending::Bikjang,    Ending::Checkmate, Ending::NoCaptureLimit,
                                        Ending::Repetition,     Ending::MaxPlies,   Ending::InsufficientDraw};
  EXPECT_EQ(py.evaluation_order(), py_order);
}

TEST(Tracker, UnknownPrecedenceWithDisagreeingEndingsIsIndeterminate) {
  const GameEnding a{Outcome::Cho, EndReason::KingCapture, Ending::KingCapture, 5, {}, false, {}};
  const GameEnding b{Outcome::Han, EndReason::Bikjang, Ending::Bikjang, 5, {}, true, {}};
  const GameEnding c{Outcome::Cho, EndReason::Repetition, Ending::Repetition, 5, {}, false, {}};
  const GameEnding disagree[] = {a, b};
  const std::optional<GameEnding> s = select_ending(profile("kjf-site"), disagree);
  ASSERT_TRUE(s.has_value());
  EXPECT_EQ(s->winner, Outcome::Indeterminate);
  EXPECT_EQ(s->unknown_flag, "end_precedence");
  const GameEnding agree[] = {a, c};
  EXPECT_EQ(select_ending(profile("kjf-site"), agree), a);
  EXPECT_FALSE(select_ending(profile("kjf-site"), {}).has_value());
}

TEST(Tracker, BikjangVersusCheckmateFollowsItsFlag) {
  const GameEnding bik{Outcome::Cho, EndReason::Bikjang, Ending::Bikjang, 2, {52, 33}, true, {}};
  const GameEnding mate{Outcome::Han, EndReason::Checkmate, Ending::Checkmate, 2, {52, 33}, false, {}};
  const GameEnding listed[] = {bik, mate};
  EXPECT_EQ(select_ending(profile("janggi-gg"), listed), mate);  // CHECKMATE_FIRST
  EXPECT_EQ(select_ending(profile("fs-janggi"), listed), bik);   // BIKJANG_FIRST
  const std::optional<GameEnding> yq = select_ending(profile("yeeqia"), listed);  // unknown
  ASSERT_TRUE(yq.has_value());
  EXPECT_EQ(yq->winner, Outcome::Indeterminate);
}

TEST(Tracker, Names) {
  EXPECT_EQ(outcome_name(Outcome::Indeterminate), "indeterminate");
  EXPECT_EQ(outcome_name(Outcome::None), "none");
  const std::pair<EndReason, std::string_view> names[] = {
      {EndReason::Checkmate, "checkmate"},       {EndReason::KingCapture, "king-capture"},
      {EndReason::DoublePass, "double-pass"},    {EndReason::Bikjang, "bikjang"},
      {EndReason::Repetition, "repetition"},     {EndReason::PerpetualCheck, "perpetual-check"},
      {EndReason::Stalemate, "stalemate"},       {EndReason::PalaceOnly, "palace-only"},
      {EndReason::MoveLimit, "move-limit"},      {EndReason::NoCaptureLimit, "no-capture-limit"},
      {EndReason::InsufficientMaterial, "insufficient-material"},
  };
  for (const auto& [r, name] : names) EXPECT_EQ(reason_name(r), name);
}

}  // namespace
}  // namespace gibo::test
