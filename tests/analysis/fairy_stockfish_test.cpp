// The driver with the real Fairy-Stockfish (CI installs the Debian package): mates found and scored for the
// right side, best moves legal under gibo's rules, evaluations in Cho's view whichever side is to move.
#include <gtest/gtest.h>

#include "engine_util.h"
#include "gibo/analysis/game_analysis.h"
#include "gibo/core/position.h"

namespace gibo::analysis {
namespace {

class FairyStockfish : public testing::Test {
 protected:
  void SetUp() override {
    // Not skipped: the test set-up installs fairy-stockfish, and a missing engine is a failure.
    ASSERT_FALSE(find_executable("fairy-stockfish").empty()) << "fairy-stockfish is not installed (apt-get install fairy-stockfish)";
    EngineConfig c;
    c.options = {{"Threads", "1"}, {"Hash", "16"}};
    auto e = UciEngine::start(c);
    ASSERT_TRUE(e) << e.error().message;
    engine = std::move(*e);
    ASSERT_FALSE(engine->set_variant("janggi"));
  }
  SearchResult search(const std::string& fen, int depth) {
    Position pos;
    EXPECT_FALSE(pos.set_fen(fen));
    Limit l;
    l.value = depth;
    auto r = engine->search(fen, {}, pos.side_to_move(), l, 60000);
    EXPECT_TRUE(r) << r.error().message;
    if (!r) return {};
    if (!r->best_move.empty()) {
      EXPECT_TRUE(pos.is_legal(parse_uci_move(r->best_move))) << r->best_move;
    }
    return *r;
  }
  std::unique_ptr<UciEngine> engine;
};

TEST_F(FairyStockfish, NamesItselfAndPlaysTheJanggiVariants) {
  EXPECT_NE(engine->name().find("Fairy-Stockfish"), std::string::npos);
  for (const char* v : {"janggi", "janggitraditional", "janggimodern", "janggicasual"}) {
    EXPECT_FALSE(engine->set_variant(v)) << v;
  }
}

TEST_F(FairyStockfish, EitherSideMatesInOne) {
  struct Case {
    const char* fen;  // the side to move mates with `mate`
    const char* mate;
    Side winner;
  };
  // Cho: the chariot a9 holds rank 9; the chariot i1 goes to i10. Han: the same picture
  // turned, Han's chariots a2 and i10, Han to move; i10i1 mates.
  for (const Case& c : {Case{"4k4/R8/9/9/9/9/9/9/9/3K4R w - - 0 1", "i1i10", Side::Cho},
                        Case{"3k4r/9/9/9/9/9/9/9/r8/4K4 b - - 0 1", "i10i1", Side::Han}}) {
    const SearchResult r = search(c.fen, 6);
    EXPECT_EQ(r.best_move, c.mate) << c.fen;
    EXPECT_TRUE(r.score.mate) << c.fen;
    EXPECT_EQ(r.score.winner, c.winner) << c.fen;
    EXPECT_EQ(r.score.mate_moves, 1) << c.fen;
  }
}

TEST_F(FairyStockfish, ChoViewWhicheverSideIsToMove) {
  // Han is without both chariots: Cho is far ahead with either side to move.
  const std::string board = "1nba1abn1/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR";
  const SearchResult cho = search(board + " w - - 0 1", 8);
  const SearchResult han = search(board + " b - - 0 1", 8);
  EXPECT_FALSE(cho.score.mate);
  EXPECT_FALSE(han.score.mate);
  EXPECT_GT(cho.score.cp, 500);
  EXPECT_GT(han.score.cp, 500);
}

TEST_F(FairyStockfish, EveryBestMoveOfASampleGameIsLegal) {
  const Game g = test::uci_game(
      "position startpos moves b1c3 b10c8 h1g3 h10g8 a1a2 a10a9 i1i2 i10i9 c4d4 g7f7\n");
  EngineConfig c;
  EngineSession s(c);
  Limit l;
  l.value = 6;
  const GameAnalysis a = analyze_game(g, *find_profile("fs-janggi"), s, l, 60000);
  ASSERT_EQ(a.error, "");
  EXPECT_EQ(a.failed_positions, 0);  // analyze_game checks each best move with the rules engine
  ASSERT_EQ(a.positions.size(), 11u);
  for (const PositionEval& p : a.positions) EXPECT_FALSE(p.result.best_move.empty());
  for (const PlyAnalysis& p : a.plies) EXPECT_TRUE(p.judged);
}

}  // namespace
}  // namespace gibo::analysis
