// The table of player forms the record tests split (tests/record/player_forms.h) holds every
// distinct player tag of the corpus: read here through the formats layer (CP949 decoded).
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "../record/player_forms.h"
#include "../test_data.h"
#include "gibo/formats/game_reader.h"
#include "gibo/record/fact_tags.h"

using namespace gibo::testing;

TEST(PlayerFormsTable, HoldsEveryPlayerTagOfTheCorpus) {
  std::set<std::string> table, seen;
  for (const auto& f : kCorpusPlayerForms) table.insert(std::string(f.tag));
  for (const auto& path : corpus_files()) {
    auto reader = gibo::GameReader::open(path.string());
    ASSERT_TRUE(reader) << path;
    while (std::optional<gibo::Game> g = reader->next())
      for (gibo::FactTag fact : {gibo::FactTag::Cho, gibo::FactTag::Han})
        if (const std::string* v = gibo::fact_tag(g->tags, fact)) seen.insert(*v);
  }
  EXPECT_EQ(seen.size(), 105u);
  for (const std::string& v : seen) EXPECT_TRUE(table.count(v)) << "not in the table: '" << v << "'";
  for (const std::string& v : table) EXPECT_TRUE(seen.count(v)) << "not in the corpus: '" << v << "'";
}
