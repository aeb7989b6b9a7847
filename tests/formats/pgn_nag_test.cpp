// PGN numeric annotation glyphs: $N after a move is the ply's, written back after the move
// before its comments, carried by the JSON form in both ply layouts.
#include <gtest/gtest.h>

#include "gibo/formats/json.h"
#include "gibo/formats/pgn.h"

namespace gibo {
namespace {

const char* kAnnotated =
    "[Variant \"Janggi\"]\n[Result \"*\"]\n\n"
    "1. Hc3 {[%eval 0.30]} 1... Hc8 $4 {[%eval 5.00] blunder; best Pab7} 2. Hg3 $6 $2\n{[%eval #2]} *\n";

std::vector<Game> read_json_text(const std::string& text) {
  std::vector<Game> games;
  TextFileInfo info;
  read_json(text, {}, info, [&](Game&& g) { games.push_back(std::move(g)); });
  return games;
}

TEST(PgnNags, AfterAMoveTheyAreThePlysAndReadBackAsWritten) {
  TextFileInfo info;
  const std::vector<Game> games = read_pgn(kAnnotated, {}, &info);
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  ASSERT_EQ(g.plies.size(), 3u);
  EXPECT_TRUE(g.plies[0].nags.empty());
  EXPECT_EQ(g.plies[1].nags, (std::vector<int>{4}));
  EXPECT_EQ(g.plies[2].nags, (std::vector<int>{6, 2}));
  EXPECT_EQ(g.plies[1].comments, (std::vector<std::string>{"[%eval 5.00] blunder; best Pab7"}));
  for (const Diagnostic& d : g.diagnostics) EXPECT_NE(d.code, "skipped") << d.message;
  // Written back: the glyphs after the move, its comments after them.
  const std::string again = write_pgn(games);
  EXPECT_NE(again.find("1... Hc8 $4 {[%eval 5.00] blunder; best Pab7} 2. Hg3 $6 $2"), std::string::npos) << again;
  const std::vector<Game> back = read_pgn(again, {});
  ASSERT_EQ(back.size(), 1u);
  ASSERT_EQ(back[0].plies.size(), g.plies.size());
  for (std::size_t k = 0; k < g.plies.size(); ++k) {
    EXPECT_EQ(back[0].plies[k].move, g.plies[k].move);
    EXPECT_EQ(back[0].plies[k].nags, g.plies[k].nags);
    EXPECT_EQ(back[0].plies[k].comments, g.plies[k].comments);
  }
  const std::string twice = write_pgn(back);  // the movetext is the same again
  EXPECT_EQ(twice.substr(twice.find("\n\n")), again.substr(again.find("\n\n")));
}

TEST(PgnNags, BeforeTheFirstMoveOrOutOfRangeTheyAreSkippedWithANote) {
  const std::vector<Game> games = read_pgn("[Variant \"Janggi\"]\n\n$1 1. Hc3 $256 *\n", {});
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].plies.size(), 1u);
  EXPECT_TRUE(games[0].plies[0].nags.empty());
  int skipped = 0;
  for (const Diagnostic& d : games[0].diagnostics) skipped += d.code == "skipped";
  EXPECT_EQ(skipped, 2);
}

TEST(PgnNags, TheJsonFormKeepsThemInBothLayouts) {
  const std::vector<Game> games = read_pgn(kAnnotated, {});
  for (bool positions : {false, true}) {
    JsonWriteOptions o;
    o.positions = positions;
    const std::string text = write_jsonl(games, o);
    EXPECT_NE(text.find(positions ? "\"nags\":[6,2]" : "\"nags\":[[2,4],[3,6],[3,2]]"), std::string::npos) << text;
    const std::vector<Game> back = read_json_text(text);
    ASSERT_EQ(back.size(), 1u);
    ASSERT_EQ(back[0].plies.size(), 3u);
    for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(back[0].plies[k].nags, games[0].plies[k].nags) << positions << k;
  }
}

}  // namespace
}  // namespace gibo
