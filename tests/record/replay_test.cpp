// The record layer's replay (gibo/record/replay.h) on games built in memory, with no file
// format in between: each claim a ply makes (the piece, the side mark, the capture and
// its piece, the 장군 mark, the move's legality) checked against the board, each mismatch
// under its own code at its ply and place; annotation mismatches do not stop the replay,
// an illegal move does; a pass gets the general's square; the annotation policy.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gibo/core/rules.h"
#include "gibo/record/game.h"
#include "gibo/record/replay.h"

namespace gibo {
namespace {

// A ply from UCI squares ("e4", "e5"), stating `piece`, written at line 10 + n.
RecordedPly ply(const char* from, const char* to, PieceType piece) {
  RecordedPly p;
  p.move = Move(parse_square(from), parse_square(to));
  p.piece = piece;
  return p;
}

// Both sides' standard set-up (HEEH), Cho first; the plies placed on lines 10, 11, ...
Game game_of(std::vector<RecordedPly> plies) {
  Game g;
  for (std::size_t i = 0; i < plies.size(); ++i) {
    plies[i].line = 10 + static_cast<int>(i);
    plies[i].column = 3;
  }
  g.plies = std::move(plies);
  return g;
}

// Cho's centre soldier forward, Han's to meet it, Cho's takes it (marked as taken).
std::vector<RecordedPly> three_plies() {
  std::vector<RecordedPly> p = {ply("e4", "e5", PieceType::Soldier), ply("e7", "e6", PieceType::Soldier),
                                ply("e5", "e6", PieceType::Soldier)};
  p[2].capture_marker = true;
  p[2].captured = PieceType::Soldier;
  return p;
}

void replay_default(Game& g, ReplayOptions o = {}) {
  replay(g, game_legality_rules(g, default_profile()), o);
}

std::vector<std::string> codes(const Game& g) {
  std::vector<std::string> out;
  for (const Diagnostic& d : g.diagnostics) out.push_back(d.code);
  return out;
}

const Diagnostic* find_code(const Game& g, const std::string& code) {
  const auto it = std::find_if(g.diagnostics.begin(), g.diagnostics.end(), [&](const Diagnostic& d) { return d.code == code; });
  return it == g.diagnostics.end() ? nullptr : &*it;
}

TEST(Replay, AGameWhoseClaimsHoldReplaysWhole) {
  Game g = game_of(three_plies());
  replay_default(g);
  EXPECT_TRUE(g.replayed);
  EXPECT_TRUE(g.diagnostics.empty()) << ::testing::PrintToString(codes(g));
  EXPECT_EQ(g.valid_plies, 3);
  EXPECT_EQ(g.played_plies, 3);
  EXPECT_TRUE(g.annotated);
  EXPECT_FALSE(g.has_errors());
}

// Each false claim: its code, an error, at its ply and the ply's place; the replay goes on.
TEST(Replay, EachFalseClaimHasItsCodeAtItsPly) {
  struct Case {
    const char* code;
    int ply;  // 1-based
    void (*spoil)(std::vector<RecordedPly>&);
  };
  const Case cases[] = {
      {"wrong-piece", 1, [](std::vector<RecordedPly>& p) { p[0].piece = PieceType::Horse; }},
      {"wrong-capture", 3, [](std::vector<RecordedPly>& p) { p[2].captured = PieceType::Chariot; }},
      {"false-capture", 2, [](std::vector<RecordedPly>& p) { p[1].capture_marker = true; }},
      {"false-check", 1, [](std::vector<RecordedPly>& p) { p[0].check = true; }},
      {"wrong-side-mark", 2, [](std::vector<RecordedPly>& p) { p[1].side_mark = Side::Cho; }},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.code);
    std::vector<RecordedPly> plies = three_plies();
    c.spoil(plies);
    Game g = game_of(plies);
    replay_default(g);
    const Diagnostic* d = find_code(g, c.code);
    ASSERT_NE(d, nullptr) << ::testing::PrintToString(codes(g));
    EXPECT_EQ(d->severity, Severity::Error);
    EXPECT_EQ(d->ply, c.ply);
    EXPECT_EQ(d->line, 10 + c.ply - 1);
    EXPECT_EQ(d->column, 3);
    EXPECT_EQ(g.played_plies, 3);            // a false claim does not stop the replay
    EXPECT_EQ(g.valid_plies, c.ply - 1);     // the valid prefix ends before it
    EXPECT_TRUE(g.has_errors());
  }
}

// A move the piece cannot make (bad-movement; one it could make but the rules forbid has
// its own codes: self-check, capture-general, facing-created, illegal-move).
TEST(Replay, AnIllegalMoveStopsTheReplay) {
  std::vector<RecordedPly> plies = three_plies();
  plies[1] = ply("e7", "e5", PieceType::Soldier);  // two squares at once
  Game g = game_of(plies);
  replay_default(g);
  const Diagnostic* d = find_code(g, "bad-movement");
  ASSERT_NE(d, nullptr) << ::testing::PrintToString(codes(g));
  EXPECT_EQ(d->ply, 2);
  EXPECT_EQ(d->line, 11);
  EXPECT_EQ(g.played_plies, 1);
  EXPECT_EQ(g.valid_plies, 1);
}

TEST(Replay, APassIsTheGeneralStayingOnItsSquare) {
  std::vector<RecordedPly> plies = three_plies();
  RecordedPly pass;
  pass.pass = true;
  plies.insert(plies.begin() + 1, pass);  // Han passes; Cho moves its soldier on
  plies[2] = ply("e5", "e6", PieceType::Soldier);
  plies[3] = ply("e7", "e6", PieceType::Soldier);  // Han's soldier takes it
  plies[3].capture_marker = true;
  plies[3].captured = PieceType::Soldier;
  Game g = game_of(plies);
  replay_default(g);
  EXPECT_TRUE(g.diagnostics.empty()) << ::testing::PrintToString(codes(g));
  EXPECT_EQ(g.played_plies, 4);
  EXPECT_EQ(g.plies[1].move, Move::pass(parse_square("e9")));  // Han's general, on its palace's centre
}

// A capture without its mark: a warning in a game that marks others; an error with
// --strict; a game that marks nothing is unannotated (one note), still valid.
TEST(Replay, AMissingMarkFollowsTheAnnotationPolicy) {
  std::vector<RecordedPly> plies = three_plies();  // ply 3: a capture, marked
  plies.push_back(ply("c7", "d7", PieceType::Soldier));
  plies.push_back(ply("e6", "e7", PieceType::Soldier));
  plies.push_back(ply("d7", "e7", PieceType::Soldier));  // ply 6: a capture, not marked
  {
    Game g = game_of(plies);
    replay_default(g);
    const Diagnostic* d = find_code(g, "missing-capture");
    ASSERT_NE(d, nullptr) << ::testing::PrintToString(codes(g));
    EXPECT_EQ(d->severity, Severity::Warning);
    EXPECT_EQ(d->ply, 6);
    EXPECT_EQ(d->line, 15);
    EXPECT_FALSE(g.has_errors());
    EXPECT_TRUE(g.annotated);
  }
  {
    Game g = game_of(plies);
    ReplayOptions strict;
    strict.strict_annotations = true;
    replay_default(g, strict);
    const Diagnostic* d = find_code(g, "missing-capture");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->severity, Severity::Error);
    EXPECT_EQ(g.valid_plies, 5);
  }
  {
    plies[2].capture_marker = false;  // now nothing is marked
    plies[2].captured = PieceType::None;
    Game g = game_of(plies);
    replay_default(g);
    EXPECT_FALSE(g.annotated);
    EXPECT_EQ(find_code(g, "missing-capture"), nullptr) << ::testing::PrintToString(codes(g));
    const Diagnostic* d = find_code(g, "unannotated");
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->severity, Severity::Note);
    EXPECT_FALSE(g.has_errors());
    EXPECT_EQ(g.valid_plies, 6);
  }
}

// The profile the record names judges it; an unknown one is a warning and the fallback.
TEST(Replay, TheRecordsOwnProfileJudgesIt) {
  Game named = game_of(three_plies());
  named.saved_profile_id = "fs-janggi";
  EXPECT_EQ(game_profile(named, default_profile()).id, "fs-janggi");
  Game unknown = game_of(three_plies());
  unknown.saved_profile_id = "no-such-rules";
  EXPECT_TRUE(names_unknown_profile(unknown));
  const Profile& used = replay_under_profile(unknown, default_profile());
  EXPECT_EQ(used.id, default_profile().id);
  const Diagnostic* d = find_code(unknown, "unknown-profile");
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->severity, Severity::Warning);
  EXPECT_EQ(unknown.valid_plies, 3);
}

}  // namespace
}  // namespace gibo
