// Acceptance of gibo analyze against the engine itself: on games of the real corpus, every
// evaluation gibo prints (--format jsonl) equals the score Fairy-Stockfish gives the same
// position when the test drives it directly through a pipe with the same commands (one
// engine, Threads=1, UCI_Variant janggi, ucinewgame before each game, `position fen …
// moves …` and `go depth N` for each position), turned to Cho's view.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <regex>
#include <fstream>
#include <sstream>

#include "run_gibo.h"

namespace gibo::testing {
namespace {

const std::string kEngine = "/usr/games/fairy-stockfish";
const std::string kCorpus = std::string(GIBO_TEST_DATA) + "/corpus/";
constexpr int kDepth = 6;

// The engine as a child process spoken to through two pipes.
class DirectEngine {
 public:
  DirectEngine() {
    int in[2], out[2];
    if (::pipe(in) != 0 || ::pipe(out) != 0) return;
    std::cout << std::flush;
    pid_ = ::fork();
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::close(in[1]);
      ::close(out[0]);
      ::execl(kEngine.c_str(), kEngine.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    to_ = ::fdopen(in[1], "w");
    from_ = ::fdopen(out[0], "r");
  }
  ~DirectEngine() {
    if (to_) {
      send("quit");
      std::fclose(to_);
    }
    if (from_) std::fclose(from_);
    if (pid_ > 0) ::waitpid(pid_, nullptr, 0);
  }
  bool ok() const { return to_ && from_; }
  void send(const std::string& line) {
    std::fputs((line + "\n").c_str(), to_);
    std::fflush(to_);
  }
  // Reads lines until one starts with `word`; returns the lines read (that one included).
  std::vector<std::string> until(const std::string& word) {
    std::vector<std::string> lines;
    char buf[8192];
    while (std::fgets(buf, sizeof buf, from_)) {
      std::string line(buf);
      while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
      lines.push_back(line);
      if (line.rfind(word, 0) == 0) break;
    }
    return lines;
  }

 private:
  pid_t pid_ = -1;
  FILE* to_ = nullptr;
  FILE* from_ = nullptr;
};

// The final score of a search as gibo's JSON writes it from Cho's view: {"cp":N} or
// {"mate":N,"winner":"cho"|"han"} (N > 0 when Cho mates), from the last exact score of the
// deepest depth; `cho_to_move` turns the engine's side-to-move view.
std::string cho_score(const std::vector<std::string>& lines, bool cho_to_move) {
  static const std::regex info(R"(^info depth (\d+) .*score (cp|mate) (-?\d+)( lowerbound| upperbound)?)");
  int depth = -1;
  std::string kind, value;
  for (const std::string& l : lines) {
    std::smatch m;
    if (!std::regex_search(l, m, info) || m[4].matched) continue;
    if (std::stoi(m[1]) >= depth) depth = std::stoi(m[1]), kind = m[2], value = m[3];
  }
  if (depth < 0) return "none";
  int v = std::stoi(value);
  if (!cho_to_move) v = -v;
  if (kind == "cp") return "{\"cp\":" + std::to_string(v) + "}";
  // A mate against the side to move (mate 0 or negative) is won by the other side.
  const bool cho_wins = cho_to_move ? std::stoi(value) > 0 : std::stoi(value) <= 0;
  const int moves = std::abs(std::stoi(value));
  return "{\"mate\":" + std::to_string(cho_wins ? moves : -moves) + ",\"winner\":\"" + (cho_wins ? "cho" : "han") + "\"}";
}

// The value of "key":{…} in a JSON line ("" if absent).
std::string object_field(const std::string& line, const std::string& key) {
  const std::size_t at = line.find("\"" + key + "\":{");
  if (at == std::string::npos) return "";
  const std::size_t open = at + key.size() + 3;
  return line.substr(open, line.find('}', open) - open + 1);
}

// gibo's evaluations of `files` analysed under `rules` ("": each record's own, janggi-gg
// for the corpus) against a direct run of the engine under `variant`; the positions compared.
int compare_with_direct_run(const std::vector<std::string>& files, const std::string& rules, const std::string& variant) {
  std::vector<std::string> args = {"analyze"};
  args.insert(args.end(), files.begin(), files.end());
  if (!rules.empty()) args.push_back("--rules"), args.push_back(rules);
  for (const char* a : {"--depth", "6", "--option", "Threads=1", "--format", "jsonl"}) args.push_back(a);
  const Result analysed = run_gibo(args);
  EXPECT_EQ(analysed.status, 0) << analysed.err;
  // gibo's evaluations: position k of each game (before ply k+1; the last after the last ply).
  std::vector<std::vector<std::string>> gibo_scores(files.size());
  std::vector<std::vector<bool>> cho_to_move(files.size());
  std::size_t game = 0;
  for (const std::string& l : analysed.out_lines()) {
    if (l.find("\"type\":\"game\"") != std::string::npos) {
      ++game;
      continue;
    }
    if (game >= files.size()) return ADD_FAILURE() << l, 0;
    EXPECT_NE(l.find("\"judged\":true"), std::string::npos) << l;
    const bool cho = l.find("\"side\":\"cho\"") != std::string::npos;
    if (gibo_scores[game].empty()) gibo_scores[game].push_back(object_field(l, "eval_before")), cho_to_move[game].push_back(cho);
    gibo_scores[game].push_back(object_field(l, "eval_after"));
    cho_to_move[game].push_back(!cho);
  }
  if (game != files.size()) return ADD_FAILURE() << "games: " << game, 0;

  DirectEngine engine;
  if (!engine.ok()) return ADD_FAILURE() << "no engine", 0;
  engine.send("uci");
  engine.until("uciok");
  engine.send("setoption name Threads value 1");
  engine.send("isready");
  engine.until("readyok");
  engine.send("setoption name UCI_Variant value " + variant);
  engine.send("isready");
  engine.until("readyok");
  int compared = 0;
  for (std::size_t g = 0; g < files.size(); ++g) {
    // The game as UCI: "position fen F moves M1 M2 …" (gibo convert --to uci).
    const Result uci = run_gibo({"convert", files[g], "--to", "uci", "--rules", "fs-janggi"});
    EXPECT_EQ(uci.status, 0) << uci.err;
    std::istringstream words(uci.out_lines().at(0));
    std::vector<std::string> w;
    for (std::string x; words >> x;) w.push_back(x);
    if (w.size() < 9 || w[8] != "moves") return ADD_FAILURE() << uci.out, 0;
    const std::string fen = w[2] + " " + w[3] + " " + w[4] + " " + w[5] + " " + w[6] + " " + w[7];
    const std::vector<std::string> moves(w.begin() + 9, w.end());
    if (gibo_scores[g].size() != moves.size() + 1) return ADD_FAILURE() << files[g], 0;
    engine.send("ucinewgame");
    engine.send("isready");
    engine.until("readyok");
    for (std::size_t k = 0; k <= moves.size(); ++k) {
      std::string position = "position fen " + fen;
      if (k) position += " moves";
      for (std::size_t i = 0; i < k; ++i) position += " " + moves[i];
      engine.send(position);
      engine.send("go depth " + std::to_string(kDepth));
      const std::string direct = cho_score(engine.until("bestmove"), cho_to_move[g][k]);
      EXPECT_EQ(gibo_scores[g][k], direct) << files[g] << " position " << k << " (" << variant << ")";
      ++compared;
    }
  }
  return compared;
}

#define REQUIRE_ENGINE() GIBO_REQUIRE_FAIRY_STOCKFISH()

TEST(AnalyzeAcceptance, EvaluationsEqualADirectRunOfFairyStockfishOnCorpusGames) {
  REQUIRE_ENGINE();
  const std::vector<std::string> files = {kCorpus + "pobsiz_amateur050_g092.gib", kCorpus + "pobsiz_kakao035_g089.gib"};
  EXPECT_GT(compare_with_direct_run(files, "fs-janggi", "janggi"), 100);
}

// Issue 30: every record under its own profile, the engine under the variant nearest to it.
TEST(AnalyzeAcceptance, EachProfileIsEvaluatedAsADirectRunUnderItsMappedVariant) {
  REQUIRE_ENGINE();
  const std::vector<std::string> files = {kCorpus + "pobsiz_amateur050_g092.gib"};
  EXPECT_GT(compare_with_direct_run(files, "", "janggimodern"), 30);        // janggi-gg, the records' own
  EXPECT_GT(compare_with_direct_run(files, "kjf-site", "janggi"), 30);
  EXPECT_GT(compare_with_direct_run(files, "no-facing", "janggimodern"), 30);
}

// A no-facing record where the engine's first choice (the horse takes a free chariot) makes
// the generals face: refused with a diagnostic naming it, never kept as the best move.
TEST(AnalyzeAcceptance, ANoFacingRecordRefusesTheEnginesMoveThatMakesTheGeneralsFace) {
  REQUIRE_ENGINE();
  const std::string file = ::testing::TempDir() + "gibo_no_facing_" + std::to_string(::getpid()) + ".uci";
  {
    std::ofstream out(file);
    out << "position fen 9/4k4/9/9/2r6/4N4/9/9/4K4/9 w - - 0 1 moves e2d2\n";
  }
  const Result r = run_gibo({"analyze", file, "--rules", "no-facing", "--depth", "4", "--option", "Threads=1",
                             "--format", "jsonl"});
  std::remove(file.c_str());
  EXPECT_EQ(r.status, 0) << r.err;
  // On standard error once, with its count and where first; in the game's JSON Lines object
  // with the move.
  EXPECT_NE(r.err.find("warning[engine]: the engine's best move is refused (it makes the generals face each other, "
                       "illegal under no-facing); searched again among the moves no-facing allows (1 times in 1 games; "
                       "first " + file + ":1@0: e5c6)"),
            std::string::npos) << r.err;
  const std::vector<std::string> lines = r.out_lines();
  ASSERT_FALSE(lines.empty());
  EXPECT_NE(lines.back().find("\"warnings\":[{\"ply\":0,\"cause\":\"the engine's best move is refused (it makes the "
                              "generals face each other, illegal under no-facing); searched again among the moves "
                              "no-facing allows\",\"detail\":\"e5c6\"}"),
            std::string::npos) << lines.back();
  EXPECT_NE(lines[0].find("\"best\":\"e2"), std::string::npos) << lines[0];  // a move of the general
  EXPECT_EQ(lines[0].find("\"best\":\"e5c6\""), std::string::npos) << lines[0];
}

}  // namespace
}  // namespace gibo::testing
