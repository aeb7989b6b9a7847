// What tests of every layer share about files: the test data's paths (tests/data, given
// as GIBO_TEST_DATA), the corpus's .gib files, reading a file whole, writing one, and the
// text helpers. A test file says `using namespace gibo::testing;`.
#pragma once

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gibo::testing {

inline const std::string kData = GIBO_TEST_DATA;
inline const std::string kCorpus = kData + "/corpus";
inline const std::string kFixtures = kData + "/fixtures/gib";
inline const std::string kKbs = kCorpus + "/pobsiz_2010_kbs_chuseok.gib";

// The bytes of the file `p` (empty when it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Writes `text` to `p` as it is (binary).
inline void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// The corpus's .gib files (tests/data/corpus), sorted.
inline std::vector<std::filesystem::path> corpus_files() {
  std::vector<std::filesystem::path> files;
  for (const auto& e : std::filesystem::directory_iterator(kCorpus))
    if (e.path().extension() == ".gib") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// How many times `needle` stands in `text` (overlapping ones too).
inline int count(const std::string& text, const std::string& needle) {
  int n = 0;
  for (std::size_t p = text.find(needle); p != std::string::npos; p = text.find(needle, p + 1)) ++n;
  return n;
}

// The bytes of JSON Lines without their games' "opening" members (derived from the board,
// about 170 bytes a game: formats/json/README.md "Opening"), as the JSON size tests count.
inline std::size_t size_without_openings(const std::string& jsonl) {
  std::size_t size = jsonl.size();
  for (std::size_t at = jsonl.find(",\"opening\":{"); at != std::string::npos; at = jsonl.find(",\"opening\":{", at + 1))
    size -= jsonl.find('}', at) + 1 - at;
  return size;
}

}  // namespace gibo::testing
