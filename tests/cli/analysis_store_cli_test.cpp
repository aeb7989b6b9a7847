// Analyses stored in the archive as a user runs them: gibo analyze --db stores, a repeat is a
// no-op, another limit is another analysis, a run killed with SIGKILL resumes and ends with
// the rows of an uninterrupted run; rescore --engine on the corpus archive with the real
// fairy-stockfish, and stats showing both.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <chrono>
#include <fstream>
#include <map>
#include <regex>
#include <thread>

#include "run_gibo.h"
#include "sql_rows.h"

extern char** environ;

namespace gibo::testing {
namespace {

namespace fs = std::filesystem;
const std::string kFake = std::string(GIBO_TEST_DATA) + "/../analysis/fake_uci.sh";

// Every row of `sql` on the archive `db`, columns joined by '|' (NULL as "NULL"), rows by
// '\n'; "(error) WHY" when the archive or the statement cannot be read (yet: a run may be
// creating it).
std::string rows(const fs::path& db, const std::string& sql) {
  const SqlResult r = run_sql(db.string(), sql);
  if (!r.error.empty()) return "(error) " + r.error;
  std::string out;
  for (const SqlRow& row : r.rows) {
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (c) out += '|';
      out += row[c] ? *row[c] : std::string("NULL");
    }
    out += '\n';
  }
  return out;
}

long count(const fs::path& db, const std::string& table) {
  const std::string r = rows(db, "SELECT count(*) FROM " + table);
  return r.empty() || r[0] == '(' ? -1 : std::stol(r);
}

// What an analysis run leaves in the archive, without the times it was made at.
std::string analyses(const fs::path& db) {
  return rows(db, "SELECT r.engine, r.engine_version, r.options, r.limit_kind, r.limit_value, r.variant, g.game_id, "
                  "g.error, g.failed_positions FROM analysis_games AS g JOIN analysis_requests AS r ON r.id = "
                  "g.request_id ORDER BY r.id, g.game_id") +
         rows(db, "SELECT * FROM analysis_positions ORDER BY request_id, game_id, ply");
}

// Six games of 1 to 3 plies in a UCI file, imported into an archive; the scripted engine's table.
struct Stored {
  TempDir dir;
  fs::path db, table, games;
  Stored() : db(dir.path() / "games.db"), table(dir.path() / "table"), games(dir.path() / "games.uci") {
    std::ofstream(table) << "0 cp 30 b1c3 b10c8\n1 cp -30 a7b7\n2 cp 500 i1i2\n3 mate -2 a10a9\n";
    std::ofstream(games) << "position startpos moves b1c3 b10c8 h1g3\nposition startpos moves b1c3\n"
                            "position startpos moves b1c3 b10c8\nposition startpos moves h1g3 b10c8 b1c3\n"
                            "position startpos moves h1g3\nposition startpos moves h1g3 h10g8\n";
  }
  std::string engine(const std::string& mode) const { return "bash " + kFake + " " + table.string() + " " + mode; }
  std::vector<std::string> analyze(const fs::path& archive, const std::string& mode, const std::string& depth = "10") const {
    return {"analyze", "--db", archive.string(), "--rules", "fs-janggi", "--engine", engine(mode), "--depth", depth};
  }
};

TEST(AnalysisStoreCli, StoresARepeatIsANoOpAnotherLimitIsBesideIt) {
  Stored s;
  ASSERT_EQ(run_gibo({"import", "--db", s.db.string(), s.games.string()}).status, 0);
  const Result first = run_gibo(s.analyze(s.db, "normal"));
  ASSERT_EQ(first.status, 0) << first.err;
  EXPECT_NE(first.out.find("summary: 6 games analysed, 0 failed, 0 with failed positions, 0 taken from the archive"),
            std::string::npos) << first.out;
  EXPECT_EQ(count(s.db, "analysis_requests"), 1);
  EXPECT_EQ(count(s.db, "analysis_games"), 6);
  EXPECT_EQ(count(s.db, "analysis_positions"), 4 + 2 + 3 + 4 + 2 + 3);  // plies + 1 per game
  EXPECT_EQ(rows(s.db, "SELECT engine, engine_version, limit_kind, limit_value, variant FROM analysis_requests"),
            "FakeUCI|1.0|depth|10|janggi\n");
  EXPECT_EQ(rows(s.db, "SELECT to_move, played, cp, mate, mate_winner, best, pv FROM analysis_positions "
                       "WHERE game_id = 1 ORDER BY ply"),
            "cho|b1c3|30|NULL|NULL|b1c3|b1c3 b10c8\nhan|b10c8|30|NULL|NULL|a7b7|a7b7\n"
            "cho|h1g3|500|NULL|NULL|i1i2|i1i2\nhan|NULL|NULL|2|cho|a10a9|a10a9\n");
  const std::string stored = analyses(s.db);

  // The same request again searches nothing (the crashing engine would fail every
  // position), says so, and shows the same analyses.
  const Result again = run_gibo(s.analyze(s.db, "crash"));
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("every selected game was already analysed in " + s.db.string() +
                           " under this request (FakeUCI 1.0, depth 10); nothing was searched"),
            std::string::npos) << again.err;
  EXPECT_NE(again.out.find("6 taken from the archive"), std::string::npos) << again.out;
  auto without_summary = [](const std::string& out) { return out.substr(0, out.find("summary:")); };
  EXPECT_EQ(without_summary(again.out), without_summary(first.out));
  EXPECT_EQ(analyses(s.db), stored);

  // Another depth is another analysis, beside the first.
  const Result deeper = run_gibo(s.analyze(s.db, "normal", "3"));
  EXPECT_EQ(deeper.status, 0) << deeper.err;
  EXPECT_EQ(count(s.db, "analysis_requests"), 2);
  EXPECT_EQ(count(s.db, "analysis_games"), 12);
  EXPECT_EQ(rows(s.db, "SELECT count(*) FROM analysis_games WHERE request_id = 1"), "6\n");

  // stats shows the players' analyses from the archive (UCI games name no players: none)
  // and runs over the new tables.
  const Result stats = run_gibo({"stats", "--db", s.db.string(), "--format", "json"});
  EXPECT_EQ(stats.status, 0) << stats.err;
}

TEST(AnalysisStoreCli, FailedPositionsAreStoredAndRetriedByTheNextRun) {
  Stored s;
  ASSERT_EQ(run_gibo({"import", "--db", s.db.string(), s.games.string()}).status, 0);
  const Result crashed = run_gibo(s.analyze(s.db, "crash"));
  EXPECT_EQ(crashed.status, 1);
  EXPECT_EQ(count(s.db, "analysis_games WHERE failed_positions > 0"), 6);
  EXPECT_EQ(count(s.db, "analysis_positions WHERE error IS NOT NULL"), 18);
  const Result retried = run_gibo(s.analyze(s.db, "normal"));
  EXPECT_EQ(retried.status, 0) << retried.err;
  EXPECT_EQ(count(s.db, "analysis_games WHERE failed_positions > 0"), 0);
  EXPECT_EQ(count(s.db, "analysis_positions WHERE error IS NOT NULL"), 0);
  EXPECT_EQ(count(s.db, "analysis_positions"), 18);
}

// Starts gibo with `args` in the background; its pid.
pid_t spawn_gibo(const std::vector<std::string>& args, const fs::path& out) {
  std::string cmd = "exec ";
  cmd.append(shell_quote(GIBO_BINARY));
  for (const std::string& a : args) cmd.append(" ").append(shell_quote(a));
  cmd.append(" > ").append(shell_quote(out.string())).append(" 2>&1 < /dev/null");
  const char* argv[] = {"/bin/sh", "-c", cmd.c_str(), nullptr};
  pid_t pid = -1;
  posix_spawn(&pid, "/bin/sh", nullptr, nullptr, const_cast<char**>(argv), environ);
  return pid;
}

TEST(AnalysisStoreCli, AKilledRunResumesToTheRowsOfAnUninterruptedOne) {
  Stored s;
  ASSERT_EQ(run_gibo({"import", "--db", s.db.string(), s.games.string()}).status, 0);
  const fs::path whole = s.dir.path() / "whole.db";
  fs::copy_file(s.db, whole);

  // Killed (SIGKILL) once two games are stored: those stay, nothing half-written.
  const pid_t pid = spawn_gibo(s.analyze(s.db, "slow"), s.dir.path() / "killed.out");
  ASSERT_GT(pid, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (count(s.db, "analysis_games") < 2 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  ASSERT_EQ(::kill(pid, SIGKILL), 0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the run ended before it was killed";
  const long done = count(s.db, "analysis_games");
  ASSERT_GE(done, 2);
  ASSERT_LT(done, 6);
  // Every stored game has all its positions (a game's rows are one transaction).
  EXPECT_EQ(rows(s.db, "SELECT count(*) FROM analysis_positions WHERE game_id NOT IN (SELECT game_id FROM analysis_games)"),
            "0\n");

  const Result resumed = run_gibo(s.analyze(s.db, "slow"));
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  EXPECT_NE(resumed.err.find(std::to_string(done) + " of 6 games were already analysed"), std::string::npos) << resumed.err;
  const Result uninterrupted = run_gibo(s.analyze(whole, "normal"));
  ASSERT_EQ(uninterrupted.status, 0) << uninterrupted.err;
  EXPECT_EQ(analyses(s.db), analyses(whole));
  EXPECT_EQ(count(s.db, "analysis_games"), 6);
  auto without_summary = [](const std::string& out) { return out.substr(0, out.find("summary:")); };
  EXPECT_EQ(without_summary(resumed.out), without_summary(uninterrupted.out));
}

// The number before `word` in a summary line ("59 unverifiable").
long summary_count(const std::string& out, const std::string& word) {
  std::smatch m;
  if (!std::regex_search(out, m, std::regex("summary:.*?([0-9]+) " + word + "\\b"))) return -1;
  return std::stol(m[1]);
}

TEST(AnalysisStoreCli, RescoreEngineOnTheCorpusArchiveAndStats) {
  TempDir dir;
  const fs::path db = dir.path() / "corpus.db";
  ASSERT_EQ(run_gibo({"import", "--db", db.string(), std::string(GIBO_TEST_DATA) + "/corpus"}).status, 0);
  const std::vector<std::string> rescore = {"rescore", "--db", db.string(), "--rules", "fs-janggi", "--engine",
                                            "--depth", "4", "--option", "Threads=1"};
  const Result r = run_gibo(rescore);
  ASSERT_TRUE(r.status == 0 || r.status == 1) << r.err;
  const long unverifiable = summary_count(r.out, "unverifiable");
  const long supports = summary_count(r.out, "engine-supports"), contradicts = summary_count(r.out, "engine-contradicts"),
             unclear = summary_count(r.out, "engine-unclear");
  ASSERT_GT(unverifiable, 0) << r.out;
  EXPECT_EQ(rows(db, "SELECT count(*) FROM verdicts WHERE verdict = 'unverifiable'"), std::to_string(unverifiable) + "\n");
  // The engine judges the unverifiable endings whose stored result names a winner or a draw:
  // a void or unknown result (the corpus has 무효, 무효 대국 and 미상) gets no engine verdict.
  const std::string claims = rows(db, "SELECT count(*) FROM verdicts AS v JOIN games AS g ON g.id = v.game_id "
                                      "WHERE v.verdict = 'unverifiable' AND g.result_winner IN ('cho', 'han', 'draw')");
  const long judged = std::stol(claims);
  EXPECT_LT(judged, unverifiable);
  EXPECT_EQ(supports + contradicts + unclear, judged) << r.out;
  EXPECT_GT(supports, 0);
  EXPECT_EQ(count(db, "engine_verdicts"), judged);
  EXPECT_EQ(rows(db, "SELECT count(*) FROM engine_verdicts AS e JOIN games AS g ON g.id = e.game_id "
                     "WHERE g.result_winner NOT IN ('cho', 'han', 'draw')"),
            "0\n");
  // Each evaluated verdict names its evaluation, depth and the engine's request.
  EXPECT_EQ(rows(db, "SELECT count(*) FROM engine_verdicts WHERE request_id IS NOT NULL AND depth = 0"), "0\n");
  EXPECT_EQ(rows(db, "SELECT DISTINCT r.engine, r.options, r.limit_value FROM engine_verdicts AS v "
                     "JOIN analysis_requests AS r ON r.id = v.request_id"),
            "Fairy-Stockfish|Threads=1|4\n");
  // The stored results are untouched: the games table is not written by rescore.
  EXPECT_NE(r.out.find("; engine-"), std::string::npos);

  // An engine verdict an earlier run left for a game that now gets none (as versions before
  // this one judged void results) goes when the games are judged again.
  sql_rows(db.string(),
           "INSERT INTO engine_verdicts (game_id, profile_id, profile_version, margin, verdict, note, computed_at) "
           "SELECT g.id, v.profile_id, v.profile_version, 300, 'engine-unclear', 'no stored winner or draw to compare', "
           "'2026-01-01T00:00:00Z' FROM games AS g JOIN verdicts AS v ON v.game_id = g.id WHERE g.result_winner = 'void'",
           true);
  ASSERT_GT(count(db, "engine_verdicts"), judged);
  ASSERT_NE(run_gibo(rescore).status, 2);
  EXPECT_EQ(count(db, "engine_verdicts"), judged);

  // Again, as JSON Lines: the evaluations come from the archive; a larger margin moves
  // games from supports/contradicts to unclear, the sum stays.
  std::vector<std::string> jsonl = rescore;
  jsonl.insert(jsonl.end(), {"--format", "jsonl", "--margin", "100000"});
  const Result j = run_gibo(jsonl);
  ASSERT_TRUE(j.status == 0 || j.status == 1) << j.err;
  long reused = 0, fresh = 0;
  for (const std::string& line : j.out_lines()) {
    reused += line.find("\"reused\":true") != std::string::npos;
    fresh += line.find("\"reused\":false") != std::string::npos && line.find("\"eval\":null") == std::string::npos;
  }
  EXPECT_GT(reused, 0);
  EXPECT_EQ(fresh, 0) << "every evaluated final position was stored by the first run";
  EXPECT_NE(j.out.find("\"engine_verdicts\":{"), std::string::npos) << j.out.substr(j.out.size() - 400);

  const Result csv = run_gibo({"rescore", "--db", db.string(), "--rules", "fs-janggi", "--engine", "--depth", "4",
                               "--option", "Threads=1", "--format", "csv"});
  EXPECT_NE(csv.out.find(",engine_verdict,engine_cp,engine_mate,engine_depth,engine,engine_note\n"), std::string::npos);

  // stats shows the engine verdicts of the last run (margin 300 again, by the CSV run); the
  // wins on time, by forfeit or disconnection (engine-unclear with the engine's reading) apart.
  const long information = std::stol(
      rows(db, "SELECT count(*) FROM engine_verdicts WHERE note LIKE 'won off the board (time, forfeit, disconnection)%'"));
  EXPECT_GT(information, 0);
  EXPECT_EQ(rows(db, "SELECT count(*) FROM engine_verdicts AS e JOIN games AS g ON g.id = e.game_id WHERE "
                     "g.result_method IN ('time', 'forfeit', 'disconnection') AND e.verdict = 'engine-contradicts'"),
            "0\n");
  const Result stats = run_gibo({"stats", "--db", db.string(), "--format", "csv"});
  EXPECT_EQ(stats.status, 0) << stats.err;
  EXPECT_NE(stats.out.find("engine_verdicts,fs-janggi," + std::to_string(judged) + "," + std::to_string(supports) +
                           "," + std::to_string(contradicts) + "," + std::to_string(unclear - information) + "," +
                           std::to_string(information) + "\n"),
            std::string::npos) << stats.out;
  const Result text = run_gibo({"stats", "--db", db.string()});
  EXPECT_NE(text.out.find("Engine verdicts on the endings the rules cannot decide"), std::string::npos);
}

TEST(AnalysisStoreCli, PlayersAnalysesInStats) {
  TempDir dir;
  const fs::path db = dir.path() / "one.db";
  ASSERT_EQ(run_gibo({"import", "--db", db.string(), std::string(GIBO_SAMPLES) + "/pobsiz_kakao001_g000-001.gib"}).status, 0);
  const Result a = run_gibo({"analyze", "--db", db.string(), "--rules", "fs-janggi", "--depth", "2", "--option",
                             "Threads=1", "--where", "game = 1"});
  ASSERT_EQ(a.status, 0) << a.err;
  const Result stats = run_gibo({"stats", "--db", db.string(), "--format", "csv"});
  ASSERT_EQ(stats.status, 0) << stats.err;
  long players = 0;
  for (const std::string& line : stats.out_lines()) players += line.rfind("player_analysis,", 0) == 0;
  EXPECT_EQ(players, 2) << stats.out;  // both players of the one analysed game
  EXPECT_NE(stats.out.find("table,player,games,moves,average_loss,accuracy,best_move_percent,blunders_per_100,inaccuracies,mistakes,blunders"),
            std::string::npos);
}

TEST(AnalysisStoreCli, RescoreEngineUsage) {
  TempDir dir;
  const std::string game = (dir.path() / "g.uci").string();
  std::ofstream(game) << "position startpos moves b1c3\n";
  EXPECT_EQ(run_gibo({"rescore", game, "--depth", "3"}).status, 2);
  EXPECT_EQ(run_gibo({"rescore", game, "--engine", "--margin", "0"}).status, 2);
  const Result missing = run_gibo({"rescore", game, "--engine=no-such-engine-gibo"});
  EXPECT_EQ(missing.status, 2);
  EXPECT_NE(missing.err.find("not found on PATH; install Fairy-Stockfish"), std::string::npos) << missing.err;
  // --engine alone does not take the next argument as its command.
  const Result plain = run_gibo({"rescore", "--engine", game, "--rules", "fs-janggi"});
  EXPECT_EQ(plain.status, 0) << plain.err;
  EXPECT_NE(plain.out.find("0 engine-supports, 0 engine-contradicts, 0 engine-unclear"), std::string::npos) << plain.out;
  // --engine PROGRAM, as analyze takes it: an executable file is the engine, not a path.
  const std::string db = (dir.path() / "games.db").string();
  ASSERT_EQ(run_gibo({"import", "--db", db, game}).status, 0);
  if (::access("/usr/games/fairy-stockfish", X_OK) == 0) {
    const Result program = run_gibo({"rescore", "--db", db, "--engine", "/usr/games/fairy-stockfish", "--depth", "2"});
    EXPECT_EQ(program.status, 0) << program.err;
    EXPECT_NE(program.out.find("engine-unclear"), std::string::npos) << program.out;
  }
  // A word that names no program stays one of the PATHS (here, beside --db: a usage error).
  const Result both = run_gibo({"rescore", "--db", db, "--engine", game});
  EXPECT_EQ(both.status, 2);
  EXPECT_NE(both.err.find("give PATHS or --db, not both"), std::string::npos) << both.err;
}

}  // namespace
}  // namespace gibo::testing
