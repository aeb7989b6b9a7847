// Every row of the reference perft table (tests/data/perft.tsv, a byte-for-byte copy of
// Fairy-Stockfish's figures) up to depth 4; depth-5 rows run under the "Slow" name.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gibo/core/position.h"

namespace {

struct Row {
  std::string rules, fen, label;
  int depth;
  std::uint64_t nodes;
};

std::vector<Row> load_rows() {
  std::ifstream in(GIBO_TEST_DATA "/perft.tsv");
  std::vector<Row> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    Row r;
    std::string depth, nodes;
    std::getline(ls, r.rules, '\t');
    std::getline(ls, r.fen, '\t');
    std::getline(ls, depth, '\t');
    std::getline(ls, nodes, '\t');
    std::getline(ls, r.label, '\t');
    r.depth = std::stoi(depth);
    r.nodes = std::stoull(nodes);
    rows.push_back(r);
  }
  return rows;
}

std::uint64_t run(const Row& r) {
  const gibo::Profile* profile = gibo::find_profile(gibo::profile_id_for_variant(r.rules));
  EXPECT_NE(profile, nullptr) << r.rules;
  if (!profile) return 0;
  gibo::Position pos;
  pos.set_rules(gibo::legality_rules(*profile));
  auto err = pos.set_fen(r.fen);
  EXPECT_FALSE(err) << err->message;
  return pos.perft(r.depth);
}

TEST(PerftReference, TableIsPresentAndComplete) {
  const auto rows = load_rows();
  EXPECT_EQ(rows.size(), 129u);
}

TEST(PerftReference, AllRowsUpToDepth4) {
  int checked = 0;
  for (const Row& r : load_rows()) {
    if (r.depth > 4) continue;
    EXPECT_EQ(run(r), r.nodes) << r.rules << " " << r.fen << " depth " << r.depth << " (" << r.label << ")";
    ++checked;
  }
  EXPECT_GT(checked, 120);
}

TEST(PerftReferenceSlow, Depth5Rows) {
  int checked = 0;
  for (const Row& r : load_rows()) {
    if (r.depth != 5) continue;
    EXPECT_EQ(run(r), r.nodes) << r.rules << " " << r.fen << " depth 5";
    ++checked;
  }
  EXPECT_GE(checked, 1);
}

}  // namespace
