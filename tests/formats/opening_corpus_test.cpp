// The opening namer on the real corpus (tests/data/corpus): every game from a set-up pair
// gets that pair in its name and code, every game from a position of its own gets `other`.
#include <gtest/gtest.h>

#include "../test_data.h"
#include "gibo/formats/game_reader.h"
#include "gibo/record/opening.h"

namespace {

using namespace gibo::testing;

TEST(OpeningCorpus, EveryGameGetsItsSetupPair) {
  const gibo::OpeningBook book;  // no formations or lines: the set-up layer alone
  long games = 0, other = 0;
  for (const auto& path : corpus_files()) {
    auto reader = gibo::GameReader::open(path.string());
    ASSERT_TRUE(reader) << path;
    while (std::optional<gibo::Game> g = reader->next()) {
      ++games;
      const gibo::Opening o = gibo::name_opening(*g, book);
      const std::string code = gibo::opening_code(o);
      if (g->start.custom) {
        ++other;
        EXPECT_TRUE(o.other_start) << path << ":" << g->source.game_index + 1;
        EXPECT_EQ(code, "other");
        continue;
      }
      EXPECT_FALSE(o.other_start);
      EXPECT_EQ(o.cho, g->start.cho);
      EXPECT_EQ(o.han, g->start.han);
      const std::string pair =
          std::string(gibo::setup_code(g->start.cho)) + "," + std::string(gibo::setup_code(g->start.han));
      EXPECT_EQ(code, pair + ":?:?") << path << ":" << g->source.game_index + 1;
      EXPECT_FALSE(gibo::setup_pair_text(o, true).empty());
    }
  }
  EXPECT_EQ(games, 84);
  EXPECT_GT(games - other, 70);
}

}  // namespace
