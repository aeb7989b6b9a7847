// gibo export --to positions | fsf-plain (issue 44) on real games: every FEN and move is one
// the installed Fairy-Stockfish accepts under the record's variant (the move among its
// legal moves there), the evaluations are the stored analyses' turned to the side to move,
// the results the stored results from the side to move, the plain form is the JSON form's
// evaluated positions, and no game is on both sides of a split.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gibo/formats/json_value.h"
#include "run_gibo.h"
#include "sql_rows.h"

namespace gibo::testing {
namespace {

namespace fs = std::filesystem;

// The records of a JSON Lines text.
std::vector<json::Value> records(const std::string& text) {
  std::vector<json::Value> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    auto v = json::parse(line);
    EXPECT_TRUE(v) << line;
    if (v) out.push_back(std::move(*v));
  }
  return out;
}

// The legal moves Fairy-Stockfish gives in each (variant, FEN), one engine run for all.
std::vector<std::set<std::string>> engine_moves(const std::vector<std::pair<std::string, std::string>>& positions,
                                                const fs::path& dir) {
  const fs::path script = dir / "perft.in", out = dir / "perft.out";
  {
    std::ofstream s(script);
    s << "uci\n";
    std::string variant;
    for (const auto& [v, fen] : positions) {
      if (v != variant) s << "setoption name UCI_Variant value " << v << "\n";
      variant = v;
      s << "position fen " << fen << "\ngo perft 1\n";
    }
    s << "quit\n";
  }
  std::system(("/usr/games/fairy-stockfish < " + script.string() + " > " + out.string() + " 2>&1").c_str());
  std::vector<std::set<std::string>> moves;
  std::ifstream in(out);
  std::set<std::string> current;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("Nodes searched", 0) == 0) {
      moves.push_back(current);
      current.clear();
    } else if (const auto colon = line.find(": "); colon != std::string::npos && colon >= 4 && colon <= 6 &&
                                                    line.find(' ') == colon + 1) {
      current.insert(line.substr(0, colon));
    }
  }
  return moves;
}

class TrainingData : public RealGamesArchive {
 protected:
  void SetUp() override {
    RealGamesArchive::SetUp();
    if (IsSkipped() || HasFatalFailure()) return;
    const Result analysed = run_gibo({"analyze", "--db", db, "--where", "id <= 6", "--engine",
                                      "/usr/games/fairy-stockfish", "--depth", "3", "--jobs", "2"});
    ASSERT_EQ(analysed.status, 0) << analysed.err;
  }
};

TEST_F(TrainingData, EveryFenAndMoveIsTheEnginesAndEveryScoreAndResultTheStoredOnes) {
  const Result r = run_gibo({"export", "--db", db, "--to", "positions", "--where", "id <= 12"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::vector<json::Value> all = records(r.out);
  ASSERT_GT(all.size(), 500u);
  // The engine's legal moves in each position with a move.
  std::vector<std::pair<std::string, std::string>> positions;
  for (const json::Value& p : all)
    if (p.find("move")->is_string()) positions.emplace_back(p.find("variant")->as_string(), p.find("fen")->as_string());
  const auto legal = engine_moves(positions, dir.path());
  ASSERT_EQ(legal.size(), positions.size()) << "the engine did not answer every position";
  std::size_t i = 0;
  for (const json::Value& p : all)
    if (p.find("move")->is_string()) {
      EXPECT_TRUE(legal[i].count(p.find("move")->as_string()))
          << p.find("game")->as_string() << " ply " << p.find("ply")->as_int().value_or(-1) << ": "
          << p.find("move")->as_string() << " in " << p.find("fen")->as_string();
      ++i;
    }
  // The stored evaluations (Cho's view) and results, by game and ply.
  std::map<std::pair<std::string, std::string>, SqlRow> stored;
  for (const SqlRow& row : sql_rows(db, "SELECT game_id, ply, cp, mate, mate_winner FROM analysis_positions"))
    stored[{*row[0], *row[1]}] = row;
  std::map<std::string, std::string> winner;
  for (const SqlRow& row : sql_rows(db, "SELECT id, CASE WHEN result_text IS NULL THEN 'none' ELSE result_winner END "
                                        "FROM games"))
    winner[*row[0]] = *row[1];
  long evaluated = 0;
  for (const json::Value& p : all) {
    const std::string id = std::to_string(*p.find("game_id")->as_int()), ply = std::to_string(*p.find("ply")->as_int());
    const bool cho = p.find("to_move")->as_string() == "cho";
    const auto it = stored.find({id, ply});
    const json::Value* eval = p.find("eval");
    ASSERT_EQ(it != stored.end(), !eval->is_null()) << id << " ply " << ply;
    if (it != stored.end()) {
      ++evaluated;
      if (it->second[2]) EXPECT_EQ(eval->find("cp")->as_int(), (cho ? 1 : -1) * std::stol(*it->second[2]));
      else EXPECT_EQ(eval->find("mate")->as_int(),
                     (*it->second[4] == (cho ? "cho" : "han") ? 1 : -1) * std::stol(*it->second[3]));
    }
    const std::string& w = winner[id];
    const json::Value* result = p.find("result");
    if (w == "cho" || w == "han") EXPECT_EQ(result->as_int(), w == (cho ? "cho" : "han") ? 1 : -1) << id;
    else if (w == "draw") EXPECT_EQ(result->as_int(), 0);
    else EXPECT_TRUE(result->is_null());
  }
  EXPECT_GT(evaluated, 100);
  // The plain form: the evaluated positions with a move and a result, the same scores.
  const Result plain = run_gibo({"export", "--db", db, "--to", "fsf-plain", "--where", "id <= 12"});
  ASSERT_EQ(plain.status, 0) << plain.err;
  long blocks = 0;
  for (std::size_t at = plain.out.find("\ne\n"); at != std::string::npos; at = plain.out.find("\ne\n", at + 1)) ++blocks;
  long expected = 0;
  for (const json::Value& p : all)
    expected += !p.find("eval")->is_null() && p.find("move")->is_string() && !p.find("result")->is_null();
  EXPECT_EQ(blocks, expected);
  EXPECT_EQ(plain.out.rfind("fen ", 0), 0u);
}

TEST_F(TrainingData, NoGameIsOnBothSidesOfASplitAndFiltersHold) {
  const fs::path train = dir.path() / "train.jsonl", valid = dir.path() / "valid.jsonl";
  const Result r = run_gibo({"export", "--db", db, "--to", "positions", "-o", train.string(), "--validation",
                             valid.string(), "--validation-percent", "30", "--skip-plies", "4", "--skip-check",
                             "--skip-captures", "--distinct"});
  ASSERT_EQ(r.status, 0) << r.err;
  std::set<std::string> train_games, valid_games, seen;
  long repeats = 0;
  for (const auto& [file, games] : {std::pair{train, &train_games}, std::pair{valid, &valid_games}})
    for (const json::Value& p : records(slurp(file))) {
      games->insert(p.find("game")->as_string());
      EXPECT_GE(*p.find("ply")->as_int(), 4);
      EXPECT_FALSE(p.find("check")->as_bool());
      repeats += !seen.insert(p.find("fen")->as_string()).second;
    }
  EXPECT_EQ(repeats, 0);
  EXPECT_GT(train_games.size(), 60u);
  EXPECT_GT(valid_games.size(), 20u);
  for (const std::string& g : valid_games) EXPECT_FALSE(train_games.count(g)) << g << " is on both sides";
  // The same split every time.
  const fs::path again = dir.path() / "again.jsonl";
  ASSERT_EQ(run_gibo({"export", "--db", db, "--to", "positions", "-o", (dir.path() / "t2").string(), "--validation",
                      again.string(), "--validation-percent", "30", "--skip-plies", "4", "--skip-check",
                      "--skip-captures", "--distinct"})
                .status,
            0);
  EXPECT_TRUE(slurp(again) == slurp(valid));
  // Options of the training forms only.
  EXPECT_EQ(run_gibo({"export", "--db", db, "--to", "jsonl", "--distinct"}).status, 2);
  EXPECT_EQ(run_gibo({"export", "--db", db, "--to", "positions", "--validation-percent", "5"}).status, 2);
}

}  // namespace
}  // namespace gibo::testing
