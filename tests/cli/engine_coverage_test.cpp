// The engine verdicts of `rescore --engine` on 150 real games (tests/data/corpus and
// corpus_sample), every record under its own profile (janggi-gg; no --rules), with the real
// Fairy-Stockfish at depth 6 on the final positions (issue 30: "≥ 90 % of the unverifiable
// endings get engine-supports or engine-contradicts"). Checked, from the archive read with
// SQLite directly:
// * which endings the engine judges: every unverifiable one whose stored result names a
//   winner or a draw, once; a void or unknown result (무효, 미상) none;
// * each verdict against the README's table, recomputed here from the stored evaluation, the
//   stored winner and the margin;
// * the counts the README gives (`tests/bench/README.md`: engine verdicts without --rules) for the
//   default margin (300) and for 200, 150 and 100, the last three from the stored
//   evaluations, with no new search.
#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <regex>

#include "run_gibo.h"
#include "sql_rows.h"

namespace {

using namespace gibo::testing;

struct Judged {
  std::string winner;       // the stored result's: cho, han, draw, void, unknown
  std::string method;       // the stored result's method: time, resignation, …
  std::string verdict;      // engine-… ("" without an engine verdict)
  bool evaluated = false;   // an evaluation is stored with the verdict
  bool mate = false;
  std::string mate_winner;  // cho or han
  long cp = 0;
};

// The unverifiable games of the archive (profile janggi-gg) with their engine verdicts.
std::map<long long, Judged> unverifiable_games(const std::string& db) {
  std::map<long long, Judged> out;
  const char* sql =
      "SELECT v.game_id, g.result_winner, e.verdict, e.cp, e.mate, e.mate_winner, "
      "       (SELECT count(*) FROM engine_verdicts AS x WHERE x.game_id = v.game_id), g.result_method "
      "FROM verdicts AS v JOIN games AS g ON g.id = v.game_id "
      "LEFT JOIN engine_verdicts AS e ON e.game_id = v.game_id AND e.profile_id = v.profile_id "
      "WHERE v.verdict = 'unverifiable' AND v.profile_id = 'janggi-gg'";
  for (const SqlRow& row : sql_rows(db, sql)) {
    Judged j;
    j.winner = row[1].value_or("");
    j.verdict = row[2].value_or("");
    j.mate = row[4].has_value();
    j.evaluated = j.mate || row[3].has_value();
    j.cp = std::stol(row[3].value_or("0"));
    j.mate_winner = row[5].value_or("");
    j.method = row[7].value_or("");
    const long long id = std::stoll(row[0].value_or("0"));
    EXPECT_LE(std::stol(row[6].value_or("0")), 1) << "game " << id;
    out[id] = j;
  }
  return out;
}

// The README's table: a win on time, by forfeit or by disconnection is not decided on the
// board, so it is never contradicted (unclear, the engine's reading as information); another
// win is supported when the stored winner mates or leads by the margin, contradicted when the
// other side does; a draw is supported when |eval| < margin, contradicted by a mate or |eval|
// >= twice the margin; unclear otherwise.
std::string expected_verdict(const Judged& j, long margin) {
  if (j.method == "time" || j.method == "forfeit" || j.method == "disconnection") return "engine-unclear";
  if (j.winner == "draw") {
    if (j.mate) return "engine-contradicts";
    const long lead = std::labs(j.cp);
    return lead < margin ? "engine-supports" : lead >= 2 * margin ? "engine-contradicts" : "engine-unclear";
  }
  if (j.mate) return j.mate_winner == j.winner ? "engine-supports" : "engine-contradicts";
  const long lead = j.winner == "cho" ? j.cp : -j.cp;
  return lead >= margin ? "engine-supports" : lead <= -margin ? "engine-contradicts" : "engine-unclear";
}

struct Counts {
  long judged = 0, supports = 0, contradicts = 0, unclear = 0;
  long information = 0;  // of the unclear: wins off the board, the engine's reading as information
};

// Checks the engine verdicts of the archive after a run with `margin`; their counts.
Counts check_verdicts(const std::string& db, long margin) {
  SCOPED_TRACE("margin " + std::to_string(margin));
  Counts c;
  for (const auto& [id, j] : unverifiable_games(db)) {
    const bool claims = j.winner == "cho" || j.winner == "han" || j.winner == "draw";
    if (!claims) {
      EXPECT_EQ(j.verdict, "") << "game " << id << " (stored winner " << j.winner << ") has an engine verdict";
      continue;
    }
    ++c.judged;
    EXPECT_NE(j.verdict, "") << "game " << id << " has no engine verdict";
    c.supports += j.verdict == "engine-supports";
    c.contradicts += j.verdict == "engine-contradicts";
    c.unclear += j.verdict == "engine-unclear";
    c.information += j.verdict == "engine-unclear" && (j.method == "time" || j.method == "forfeit" || j.method == "disconnection");
    if (j.evaluated) {
      EXPECT_EQ(j.verdict, expected_verdict(j, margin)) << "game " << id << " cp " << j.cp;
    }
  }
  return c;
}

class EngineCoverage : public RealGamesArchive {};

TEST_F(EngineCoverage, TheVerdictsOn150RealGamesAtDepth6) {
  const std::vector<std::string> rescore = {"rescore", "--db", db, "--engine", "--depth", "6", "--option", "Threads=1",
                                            "-j", "2", "--format", "jsonl"};
  const Result first = run_gibo(rescore);
  ASSERT_EQ(first.status, 1) << first.err;  // an engine-contradicts is a finding
  EXPECT_NE(first.out.find("\"unverifiable\":108"), std::string::npos) << first.out.substr(first.out.rfind('\n', first.out.size() - 2));

  const Counts c = check_verdicts(db, 300);
  EXPECT_EQ(c.judged, 101);  // 108 unverifiable, 7 of them void or unknown
  EXPECT_EQ(c.supports, 68);
  EXPECT_EQ(c.contradicts, 1);
  EXPECT_EQ(c.unclear, 32);
  EXPECT_EQ(c.information, 12);  // wins on time or by disconnection: the reading as information

  // Smaller margins judge the same stored evaluations: nothing is searched again.
  const std::map<long, Counts> documented = {
      {200, {101, 75, 1, 25, 12}}, {150, {101, 78, 2, 21, 12}}, {100, {101, 79, 3, 19, 12}}};
  for (const auto& [margin, want] : documented) {
    std::vector<std::string> args = rescore;
    args.insert(args.end(), {"--margin", std::to_string(margin)});
    const Result r = run_gibo(args);
    ASSERT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(r.out.find("\"reused\":false"), std::string::npos) << "margin " << margin << " searched again";
    const Counts got = check_verdicts(db, margin);
    EXPECT_EQ(got.judged, want.judged) << margin;
    EXPECT_EQ(got.supports, want.supports) << margin;
    EXPECT_EQ(got.contradicts, want.contradicts) << margin;
    EXPECT_EQ(got.unclear, want.unclear) << margin;
    EXPECT_EQ(got.information, want.information) << margin;
  }
}

}  // namespace
