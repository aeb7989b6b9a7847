// The specifications and the code say the same thing (issue 23): every line of a grammar
// block (```ebnf) in a format's README is a comment line of the header holding its X3
// rules, blanks aside.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// `line` with its blank runs made one space and no blanks at either end.
std::string squeezed(const std::string& line) {
  std::string out;
  for (char c : line) {
    if (c == ' ' || c == '\t') {
      if (!out.empty() && out.back() != ' ') out += ' ';
    } else {
      out += c;
    }
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The lines of the ```ebnf blocks of `readme`.
std::vector<std::string> grammar_lines(const std::string& readme) {
  std::vector<std::string> out;
  std::istringstream in(readme);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    const std::string s = squeezed(line);
    if (s.rfind("```", 0) == 0) {
      inside = !inside && s == "```ebnf";
      continue;
    }
    if (inside && !s.empty()) out.push_back(s);
  }
  return out;
}

// The comment lines of `header`, squeezed, without their "//".
std::vector<std::string> comment_lines(const std::string& header) {
  std::vector<std::string> out;
  std::istringstream in(header);
  for (std::string line; std::getline(in, line);) {
    const std::size_t at = line.find("//");
    if (at != std::string::npos) out.push_back(squeezed(line.substr(at + 2)));
  }
  return out;
}

void expect_quoted(const std::string& readme, const std::string& header, std::size_t at_least) {
  const std::string root = std::string(GIBO_TEST_DATA) + "/../../";
  const std::vector<std::string> quoted = grammar_lines(read(root + readme));
  const std::vector<std::string> comments = comment_lines(read(root + header));
  EXPECT_GE(quoted.size(), at_least) << readme;
  for (const std::string& line : quoted)
    EXPECT_NE(std::find(comments.begin(), comments.end(), line), comments.end())
        << readme << " quotes a rule " << header << " does not state: " << line;
}

TEST(GrammarReadmes, QuoteTheRules) {
  expect_quoted("formats/pgn/README.md", "formats/pgn/grammar.h", 18);
  expect_quoted("formats/fen/README.md", "src/core/fen_grammar.h", 9);
  expect_quoted("formats/uci/README.md", "formats/uci/grammar.h", 6);
  expect_quoted("formats/notation/README.md", "formats/notation/grammar.h", 10);
  expect_quoted("src/record/README.md", "src/record/date_grammar.h", 8);
  expect_quoted("formats/openings/README.md", "formats/openings/grammar.h", 20);
}

// The check itself: a rule the header does not state is found.
TEST(GrammarReadmes, AMisquotedRuleIsFound) {
  const std::vector<std::string> quoted = grammar_lines("text\n```ebnf\nrank = \"1\" .. \"9\"\n```\n```\nnot = this\n```\n");
  ASSERT_EQ(quoted.size(), 1u);
  const std::vector<std::string> comments = comment_lines("//   rank   =  \"1\" .. \"9\" | \"10\"\n");
  EXPECT_EQ(std::find(comments.begin(), comments.end(), quoted[0]), comments.end());
}

}  // namespace
