// The distinct FENs of the reference perft table (tests/data/perft.tsv): start setups and
// published positions, for tests that walk from many positions.
#pragma once

#include <fstream>
#include <set>
#include <sstream>
#include <string>

namespace gibo::testing {

inline std::set<std::string> reference_fens() {
  std::ifstream in(GIBO_TEST_DATA "/perft.tsv");
  std::set<std::string> fens;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string rules, fen;
    std::getline(ls, rules, '\t');
    std::getline(ls, fen, '\t');
    fens.insert(fen);
  }
  return fens;
}

}  // namespace gibo::testing
