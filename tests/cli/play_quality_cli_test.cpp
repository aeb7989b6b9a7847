// Play quality (issue 30 item 5): the stats report's per-player numbers, from the analyses
// stored by `gibo analyze --db` on 150 real games (tests/data/corpus and corpus_sample) with
// the real Fairy-Stockfish, checked against the same metrics computed here from the stored
// per-ply rows (analysis_positions) with the documented formulas (src/cli/help/analyze.md),
// read with SQLite directly. The searches are to depth 1 (about 16,500 positions): the
// numbers checked are the report's arithmetic on the stored rows, which the depth does not
// change, and a deeper search would make the test minutes long.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "run_gibo.h"
#include "sql_rows.h"

namespace {

using namespace gibo::testing;

struct Eval {
  bool ok = false, mate = false, cho_mates = false;
  int cp = 0;
  bool cho_to_move = true;
  std::string played, best;
};

// Winning chances of the mover (README's formula), a mate 100 or 0.
double win(const Eval& e, bool cho_moves) {
  if (e.mate) return e.cho_mates == cho_moves ? 100.0 : 0.0;
  const double cp = cho_moves ? e.cp : -e.cp;
  return 50.0 + 50.0 * (2.0 / (1.0 + std::exp(-0.00368208 * cp)) - 1.0);
}
int capped(const Eval& e) { return e.mate ? (e.cho_mates ? 1000 : -1000) : std::clamp(e.cp, -1000, 1000); }

struct Sums {
  long games = 0, moves = 0, best = 0, blunders = 0;
  double loss = 0, accuracy = 0;
};

// The stored rows: each game's newest analysis, its positions in ply order, and the
// game's players by identity as each game names them (Cho's, Han's: cho_id, han_id).
void read_stored_rows(const std::string& db, std::map<long long, std::vector<Eval>>& games,
                      std::map<long long, std::pair<std::string, std::string>>& names) {
  const char* sql =
      "SELECT p.game_id, p.ply, p.to_move, p.played, p.cp, p.mate, p.mate_winner, p.best, p.error, "
      "       (SELECT cho_id FROM game_facts WHERE game_id = g.id), (SELECT han_id FROM game_facts WHERE game_id = g.id) "
      "FROM analysis_positions p JOIN games g ON g.id = p.game_id "
      "WHERE p.request_id = (SELECT max(request_id) FROM analysis_games a WHERE a.game_id = p.game_id AND a.error IS NULL) "
      "ORDER BY p.game_id, p.ply";
  for (const SqlRow& row : sql_rows(db, sql)) {
    auto text = [&](int c) { return row[static_cast<std::size_t>(c)].value_or(""); };
    const long long id = std::stoll(text(0));
    Eval e;
    e.ok = !row[8].has_value();
    e.cho_to_move = text(2) == "cho";
    e.played = text(3);
    e.mate = row[5].has_value();
    e.cp = std::stoi(row[4].value_or("0"));
    e.cho_mates = text(6) == "cho";
    e.best = text(7);
    ASSERT_EQ(static_cast<int>(games[id].size()), std::stoi(text(1)));
    games[id].push_back(e);
    names[id] = {text(9), text(10)};
  }
}

// Each named player's sums over the stored rows of their games, by the README's formulas;
// `cho_above` counts the games where Cho's accuracy is above 75 %.
std::map<std::string, Sums> player_sums(const std::map<long long, std::vector<Eval>>& games,
                                        const std::map<long long, std::pair<std::string, std::string>>& names,
                                        long& cho_above) {
  std::map<std::string, Sums> players;
  for (const auto& [id, evals] : games) {
    Sums side[2];
    for (std::size_t k = 0; k + 1 < evals.size(); ++k) {
      const Eval &b = evals[k], &a = evals[k + 1];
      if (!b.ok || !a.ok) continue;
      const bool cho = b.cho_to_move;
      double loss = 0, drop = 0;
      if (b.played != b.best) {
        loss = std::max(0, (cho ? 1 : -1) * (capped(b) - capped(a)));
        drop = std::max(0.0, win(b, cho) - win(a, cho));
      }
      Sums& s = side[cho ? 0 : 1];
      ++s.moves;
      s.loss += loss;
      s.accuracy += std::clamp(103.1668 * std::exp(-0.04354 * drop) - 3.1669, 0.0, 100.0);
      s.best += b.played == b.best;
      s.blunders += drop >= 30.0;
    }
    if (side[0].moves && side[0].accuracy / static_cast<double>(side[0].moves) > 75.0) ++cho_above;
    const std::string* who[2] = {&names.at(id).first, &names.at(id).second};
    for (int s = 0; s < 2; ++s) {
      if (who[s]->empty()) continue;
      Sums& p = players[*who[s]];
      ++p.games;
      p.moves += side[s].moves, p.best += side[s].best, p.blunders += side[s].blunders;
      p.loss += side[s].loss, p.accuracy += side[s].accuracy;
    }
  }
  return players;
}

class PlayQualityOnRealGames : public RealGamesArchive {};

TEST_F(PlayQualityOnRealGames, PerPlayerNumbersEqualAComputationFromTheStoredRows) {
  const Result analysed = run_gibo({"analyze", "--db", db, "--depth", "1", "--option", "Threads=1", "-j", "2"});
  ASSERT_EQ(analysed.status, 0) << analysed.err;

  std::map<long long, std::vector<Eval>> games;
  std::map<long long, std::pair<std::string, std::string>> names;
  ASSERT_NO_FATAL_FAILURE(read_stored_rows(db, games, names));
  EXPECT_EQ(games.size(), 150u);  // every game (84 + 66) is analysed, all valid
  long cho_above = 0;  // games where Cho's accuracy is above 75 %
  const std::map<std::string, Sums> players = player_sums(games, names, cho_above);

  // The report's rows: player,games,moves,average_loss,accuracy,best_move_percent,blunders_per_100,...
  const Result csv = run_gibo({"stats", "--db", db, "--format", "csv"});
  ASSERT_EQ(csv.status, 0) << csv.err;
  int checked = 0;
  for (const std::string& line : csv.out_lines()) {
    if (line.rfind("player_analysis,", 0) != 0 || line.rfind("player_analysis,player,", 0) == 0) continue;
    std::vector<std::string> f;
    std::stringstream in(line);
    for (std::string x; std::getline(in, x, ',');) f.push_back(x);
    ASSERT_GE(f.size(), 8u) << line;
    const auto it = players.find(f[1]);
    ASSERT_NE(it, players.end()) << line;
    const Sums& p = it->second;
    EXPECT_EQ(std::stol(f[2]), p.games) << line;
    EXPECT_EQ(std::stol(f[3]), p.moves) << line;
    ASSERT_GT(p.moves, 0) << line;
    const double m = static_cast<double>(p.moves);
    EXPECT_NEAR(std::stod(f[4]), p.loss / m, 0.051) << line;
    EXPECT_NEAR(std::stod(f[5]), p.accuracy / m, 0.051) << line;
    EXPECT_NEAR(std::stod(f[6]), 100.0 * static_cast<double>(p.best) / m, 0.051) << line;
    EXPECT_NEAR(std::stod(f[7]), 100.0 * static_cast<double>(p.blunders) / m, 0.0051) << line;
    ++checked;
  }
  EXPECT_EQ(checked, static_cast<int>(players.size()));
  EXPECT_GE(checked, 150);

  // The --where fields read the same analyses: games whose Cho played above 75 % accuracy.
  const Result selected = run_gibo({"rescore", "--db", db, "--where", "analysed AND cho_accuracy > 75"});
  EXPECT_NE(selected.out.find("summary: " + std::to_string(cho_above) + " games,"), std::string::npos) << selected.out;
  EXPECT_GT(cho_above, 0);

  // Analyses of another depth for some games: the report says the numbers mix two requests.
  ASSERT_EQ(run_gibo({"analyze", "--db", db, "--depth", "2", "--option", "Threads=1", "--where", "id <= 2"}).status, 0);
  const Result mixed = run_gibo({"stats", "--db", db});
  EXPECT_NE(mixed.out.find("WARNING: the analyses come from 2 different requests"), std::string::npos) << mixed.out;
}

// A record naming a rules profile gibo does not know is analysed under the fallback, and
// says so.
TEST(PlayQualityCli, ARecordNamingAnUnknownProfileSaysSo) {
  GIBO_REQUIRE_FAIRY_STOCKFISH();
  TempDir dir;
  const std::string gib = (dir.path() / "unknown.gib").string();
  {
    std::ofstream out(gib);
    out << "[규칙 \"foo-rules\"]\n[대국결과 \"초 완승\"]\n\n1. 79졸78\n";
  }
  const Result r = run_gibo({"analyze", gib, "--depth", "2", "--option", "Threads=1"});
  EXPECT_NE(r.err.find("the record names rules profile 'foo-rules', which gibo does not know: analysed under janggi-gg"),
            std::string::npos) << r.err;
  EXPECT_NE(r.out.find("variant janggimodern"), std::string::npos) << r.out;
}

}  // namespace
