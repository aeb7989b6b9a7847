// The UCI driver against the scripted engine: handshake, variant, score parsing and normalisation, every fault.
#include <gtest/gtest.h>

#include <signal.h>

#include <cerrno>
#include <fstream>

#include "engine_util.h"
#include "gibo/analysis/game_analysis.h"
#include "gibo/analysis/uci_engine.h"

namespace gibo::analysis {
namespace {

using test::FakeEngine;
using test::ScratchFile;

const std::string kStart = std::string(kStartFen);

TEST(ParseInfo, ReadsDepthScoreAndPv) {
  bool ok = false;
  const InfoLine i = parse_info("info depth 7 seldepth 9 multipv 1 score cp -42 nodes 3 pv b10c8 a1a2", ok);
  EXPECT_TRUE(ok);
  EXPECT_EQ(i.depth, 7);
  EXPECT_TRUE(i.has_score);
  EXPECT_FALSE(i.mate);
  EXPECT_EQ(i.value, -42);
  EXPECT_EQ(i.pv, (std::vector<std::string>{"b10c8", "a1a2"}));
  const InfoLine b = parse_info("info depth 7 score cp 12 lowerbound pv a1a2", ok);
  EXPECT_TRUE(ok);
  EXPECT_TRUE(b.bound);
  const InfoLine s = parse_info("info string score cp nonsense", ok);
  EXPECT_TRUE(ok);
  EXPECT_FALSE(s.has_score);
}

TEST(ParseInfo, FlagsMalformedLines) {
  bool ok = true;
  (void)parse_info("info depth 1 score cp", ok);
  EXPECT_FALSE(ok);
  (void)parse_info("info depth 1 score centipawns 5", ok);
  EXPECT_FALSE(ok);
  (void)parse_info("info depth 1 score cp 5 pv zz99", ok);
  EXPECT_FALSE(ok);
  (void)parse_info("info depth x", ok);
  EXPECT_FALSE(ok);
}

TEST(ToCho, TurnsScoresOfHanToMove) {
  EXPECT_EQ(to_cho(false, 35, Side::Cho).cp, 35);
  EXPECT_EQ(to_cho(false, 35, Side::Han).cp, -35);
  const Score m = to_cho(true, 3, Side::Han);  // Han to move mates in 3
  EXPECT_TRUE(m.mate);
  EXPECT_EQ(m.winner, Side::Han);
  EXPECT_EQ(m.mate_moves, 3);
  const Score mated = to_cho(true, -2, Side::Han);  // Han to move is mated in 2
  EXPECT_EQ(mated.winner, Side::Cho);
  EXPECT_EQ(to_cho(true, 0, Side::Cho).winner, Side::Han);  // mate 0: the side to move is mated
}

TEST(UciEngine, HandshakeNameAndVariants) {
  FakeEngine fake("normal");
  fake.config.options = {{"Hash", "32"}};
  auto e = UciEngine::start(fake.config);
  ASSERT_TRUE(e) << e.error().message;
  EXPECT_EQ((*e)->name(), "FakeUCI 1.0");
  EXPECT_EQ((*e)->variants(), (std::vector<std::string>{"chess", "janggi", "janggimodern"}));
  EXPECT_FALSE((*e)->set_variant("janggi"));
  const auto missing = (*e)->set_variant("janggicasual");
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->message.find("does not play variant janggicasual"), std::string::npos);
}

TEST(UciEngine, SearchScoresFromChosView) {
  FakeEngine fake("normal");
  auto e = UciEngine::start(fake.config);
  ASSERT_TRUE(e) << e.error().message;
  ASSERT_FALSE((*e)->set_variant("janggi"));
  Limit l;
  const auto cho = (*e)->search(kStart, {}, Side::Cho, l, 5000);
  ASSERT_TRUE(cho) << cho.error().message;
  EXPECT_EQ(cho->score.cp, 30);
  EXPECT_EQ(cho->best_move, "b1c3");
  EXPECT_EQ(cho->pv, (std::vector<std::string>{"b1c3", "b10c8"}));
  const auto han = (*e)->search(kStart, {"b1c3"}, Side::Han, l, 5000);
  ASSERT_TRUE(han);
  EXPECT_EQ(han->score.cp, 30);  // -30 for Han to move
  const auto mated = (*e)->search(kStart, {"b1c3", "b10c8", "h1g3"}, Side::Han, l, 5000);
  ASSERT_TRUE(mated);
  EXPECT_TRUE(mated->score.mate);
  EXPECT_EQ(mated->score.winner, Side::Cho);
  EXPECT_EQ(mated->score.mate_moves, 2);
}

TEST(UciEngine, NoVariantOptionIsAClearError) {
  FakeEngine fake("novariant");
  auto e = UciEngine::start(fake.config);
  ASSERT_TRUE(e);
  const auto err = (*e)->set_variant("janggi");
  ASSERT_TRUE(err);
  EXPECT_NE(err->message.find("has no UCI_Variant option"), std::string::npos);
}

TEST(UciEngine, HandshakeWithoutUciokTimesOut) {
  FakeEngine fake("nouciok");
  fake.config.handshake_timeout_ms = 300;
  auto e = UciEngine::start(fake.config);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("did not answer 'uci' with 'uciok'"), std::string::npos);
}

TEST(UciEngine, MissingProgramIsAnError) {
  EngineConfig c;
  c.command = {"/nonexistent/engine"};
  auto e = UciEngine::start(c);
  ASSERT_FALSE(e);
  EXPECT_NE(e.error().message.find("not found"), std::string::npos);
}

TEST(UciEngine, GarbageIsReportedNotTrusted) {
  FakeEngine fake("garbage");
  auto e = UciEngine::start(fake.config);
  ASSERT_TRUE(e);
  ASSERT_FALSE((*e)->set_variant("janggi"));
  const auto r = (*e)->search(kStart, {}, Side::Cho, Limit{}, 5000);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->score.cp, 30);  // the malformed "score cp" lines did not count
  EXPECT_EQ(r->malformed.size(), 3u);
}

TEST(UciEngine, BestmoveWithoutScoreIsAProtocolError) {
  FakeEngine fake("noscore");
  auto e = UciEngine::start(fake.config);
  ASSERT_TRUE(e);
  const auto r = (*e)->search(kStart, {}, Side::Cho, Limit{}, 5000);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, SearchError::Kind::Protocol);
}

TEST(EngineSession, CrashIsRestartedAndRetriedOnce) {
  ScratchFile state("crashed");
  FakeEngine fake("crash-once", state.path());
  EngineSession s(fake.config);
  const auto r = s.search("janggi", kStart, {}, Side::Cho, Limit{}, 5000);
  ASSERT_TRUE(r) << r.error().message;
  EXPECT_EQ(r->score.cp, 30);
  EXPECT_EQ(s.restarts(), 1);
}

TEST(EngineSession, CrashTwiceFailsThePosition) {
  FakeEngine fake("crash");
  EngineSession s(fake.config);
  const auto r = s.search("janggi", kStart, {}, Side::Cho, Limit{}, 5000);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, SearchError::Kind::Crashed);
  EXPECT_EQ(s.restarts(), 2);
}

// No race with the clock: the engine never answers, so only the timeout can end the search,
// and the hung process (its id written before the handshake) is gone when it returns.
TEST(EngineSession, HungEngineIsStoppedAfterTheTimeout) {
  ScratchFile pid_file("hang_pid");
  FakeEngine fake("hang", pid_file.path());
  EngineSession s(fake.config);
  const auto r = s.search("janggi", kStart, {}, Side::Cho, Limit{}, 100);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().kind, SearchError::Kind::TimedOut);
  EXPECT_EQ(s.restarts(), 1);
  std::ifstream in(pid_file.path());
  pid_t hung = 0;
  ASSERT_TRUE(in >> hung) << "the engine wrote no process id";
  ASSERT_GT(hung, 0);
  errno = 0;
  EXPECT_NE(::kill(hung, 0), 0) << "the hung engine still runs";
  EXPECT_EQ(errno, ESRCH);
}

}  // namespace
}  // namespace gibo::analysis
