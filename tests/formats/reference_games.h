// The 300 Fairy-Stockfish reference games (tests/data/notations.jsonl, one JSON object a
// line: id, variant, start FEN, UCI moves, SAN, JANGGI notation, final FEN, result), read
// once for the notation, PGN and move-list tests.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "gibo/formats/json_value.h"

namespace gibo::testing {

struct ReferenceGame {
  int id = -1;
  std::string variant, start_fen, final_fen, result;
  std::vector<std::string> uci, san, janggi;  // the moves, one word a ply
};

// The blank-separated words of `text`.
inline std::vector<std::string> split_words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// `words` with one blank between them.
inline std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

// The games of notations.jsonl, in its order (a line that is not JSON fails the test).
inline const std::vector<ReferenceGame>& reference_games() {
  static const std::vector<ReferenceGame> games = [] {
    std::vector<ReferenceGame> out;
    std::ifstream in(GIBO_TEST_DATA "/notations.jsonl");
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      auto v = json::parse(line);
      EXPECT_TRUE(v) << v.error().message;
      if (!v) continue;
      auto text = [&](const char* key) { return v->find(key) ? v->find(key)->as_string() : std::string(); };
      ReferenceGame g;
      g.id = v->find("id") ? static_cast<int>(v->find("id")->as_int().value_or(-1)) : -1;
      g.variant = text("variant");
      g.start_fen = text("start_fen");
      g.final_fen = text("final_fen");
      g.result = text("result");
      g.uci = split_words(text("uci"));
      g.san = split_words(text("san"));
      g.janggi = split_words(text("janggi"));
      out.push_back(std::move(g));
    }
    return out;
  }();
  return games;
}

}  // namespace gibo::testing
