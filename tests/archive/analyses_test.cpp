// The archive's analysis tables (schema version 3): requests, a game's analysis stored and
// rebuilt, failed positions replaced by a later search, engine verdicts, the migration from
// version 2 and the read-only view of a version 2 archive.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "../cli/run_gibo.h"
#include "raw_sql.h"
#include "gibo/archive/archive.h"
#include "gibo/formats/gib.h"
#include "gibo/record/replay.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;  // raw_sql, raw_int, slurp, TempDir
using namespace gibo::analysis;  // GameAnalysis, PositionEval, Score

// An archive at `db` holding the first game of a corpus file.
std::unique_ptr<Archive> one_game(const std::string& db) {
  auto opened = Archive::open(db, OpenMode::ReadWrite);
  EXPECT_TRUE(opened) << opened.error().message;
  std::unique_ptr<Archive> a = std::move(*opened);
  GibReadOptions o;
  o.file_name = "x.gib";
  Game g = read_gib(slurp(fs::path(GIBO_TEST_DATA) / "corpus" / "pobsiz_kakao019_g078.gib"), o).at(0);
  replay_under_profile(g, default_profile());
  EXPECT_FALSE(a->begin());
  const auto source = a->insert_source({"x.gib", 10, "hash", "gib", "utf-8"});
  EXPECT_TRUE(a->insert_game(*source, prepare_game(std::move(g), default_profile())));
  EXPECT_FALSE(a->commit());
  return a;
}

AnalysisRequest request(int depth = 8) {
  AnalysisRequest r;
  std::tie(r.engine, r.engine_version) = split_engine_name("Fairy-Stockfish 11.1 LB 64");
  r.options = canonical_options({{"Threads", "1"}, {"Hash", "16"}});
  r.limit.value = depth;
  r.variant = "janggi";
  return r;
}

PositionEval position(Side to_move, const std::string& played, Score score, const std::string& best) {
  PositionEval p;
  p.ok = true;
  p.to_move = to_move;
  p.played = played;
  p.result.score = score;
  p.result.depth = 8;
  p.result.best_move = best;
  p.result.pv = {best, "a10a9"};
  return p;
}

Score cp(int v) {
  Score s;
  s.cp = v;
  return s;
}

// Three positions: Cho plays b1c3 (the best move, +30), Han plays b10c8 where a7b7 was
// best, and Cho is +600 after it: Han's blunder.
GameAnalysis three_positions() {
  GameAnalysis a;
  a.variant = "janggi";
  a.positions = {position(Side::Cho, "b1c3", cp(30), "b1c3"), position(Side::Han, "b10c8", cp(30), "a7b7"),
                 position(Side::Cho, "", cp(600), "i1i2")};
  analysis::judge_positions(a);
  return a;
}

// The tests that run against both backends: a fresh archive location each.
class AnalysesOn : public BackendTest {};
INSTANTIATE_TEST_SUITE_P(Backends, AnalysesOn, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

TEST(Analyses, EngineNamesAndOptionsInTheirCanonicalForm) {
  EXPECT_EQ(split_engine_name("Fairy-Stockfish 11.1 LB 64"), std::make_pair(std::string("Fairy-Stockfish"), std::string("11.1 LB 64")));
  EXPECT_EQ(split_engine_name("FakeUCI 1.0"), std::make_pair(std::string("FakeUCI"), std::string("1.0")));
  EXPECT_EQ(split_engine_name("Engine v2 beta"), std::make_pair(std::string("Engine"), std::string("v2 beta")));
  EXPECT_EQ(split_engine_name("Nameless"), std::make_pair(std::string("Nameless"), std::string()));
  EXPECT_EQ(canonical_options({{"threads", "1"}, {"Hash", "16"}, {"EvalFile", "a b.nnue"}}),
            "EvalFile=a b.nnue Hash=16 threads=1");
  EXPECT_EQ(request().engine_text(), "Fairy-Stockfish 11.1 LB 64");
}

TEST_P(AnalysesOn, RequestsStoredAnalysesAndTheirRebuild) {
  auto a = one_game(fresh());
  EXPECT_EQ(a->analysis_request(request(), false).value_or(-1), 0);
  const std::int64_t id = a->analysis_request(request(), true).value_or(0);
  ASSERT_GT(id, 0);
  EXPECT_EQ(a->analysis_request(request(), true).value_or(0), id);  // found, not made twice
  const std::int64_t deeper = a->analysis_request(request(12), true).value_or(0);
  EXPECT_NE(deeper, id);
  EXPECT_FALSE(a->analysis_game(id, 1).value()) << "not analysed yet";

  const GameAnalysis stored = three_positions();
  ASSERT_EQ(stored.sides[1].counts[3], 1);  // Han's blunder
  ASSERT_FALSE(a->store_analysis(id, 1, stored));
  const auto row = a->analysis_game(id, 1);
  ASSERT_TRUE(row && *row);
  EXPECT_EQ((*row)->failed_positions, 0);
  const auto back = a->load_analysis(id, 1);
  ASSERT_TRUE(back && *back) << (back ? "" : back.error().message);
  const GameAnalysis& b = **back;
  ASSERT_EQ(b.positions.size(), 3u);
  EXPECT_EQ(b.variant, "janggi");
  EXPECT_EQ(b.positions[1].result.best_move, "a7b7");
  EXPECT_EQ(b.positions[1].result.pv, (std::vector<std::string>{"a7b7", "a10a9"}));
  ASSERT_EQ(b.plies.size(), 2u);
  EXPECT_EQ(b.plies[1].loss_cp, stored.plies[1].loss_cp);
  EXPECT_EQ(b.plies[1].judgement, analysis::MoveClass::Blunder);
  EXPECT_EQ(b.sides[1].average_loss, stored.sides[1].average_loss);
  EXPECT_FALSE(a->load_analysis(deeper, 1).value()) << "another request holds nothing of it";

  const auto analysed = a->analysed_games({1, 2});
  ASSERT_TRUE(analysed);
  ASSERT_EQ(analysed->size(), 1u);
  EXPECT_EQ((*analysed)[0].request_id, id);
  EXPECT_EQ((*analysed)[0].sides[1].counts[3], 1);
}

// The --where fields of a game's play quality, as `a` judged them: "analysed = 1 AND ..."
// with each side's accuracy, loss and share of best moves (NULL without a judged move)
// and blunders.
std::string quality_fields(const GameAnalysis& a) {
  auto near = [](const std::string& field, double v) {
    char text[64];
    std::snprintf(text, sizeof text, "%.12f", v);
    return " AND abs(" + field + " - " + text + ") < 1e-9";
  };
  std::string e = "analysed = 1";
  for (int k = 0; k < 2; ++k) {
    const std::string side = k == 0 ? "cho" : "han";
    const SideSummary& s = a.sides[static_cast<std::size_t>(k)];
    if (s.moves > 0)
      e += near(side + "_accuracy", s.accuracy) + near(side + "_loss", s.average_loss) +
           near(side + "_best_percent", 100.0 * s.best_moves / s.moves);
    else
      e += " AND " + side + "_accuracy IS NULL AND " + side + "_loss IS NULL AND " + side + "_best_percent IS NULL";
    e += " AND " + side + "_blunders = " + std::to_string(s.counts[3]);
  }
  return e;
}

// The play-quality fields read each game's newest complete analysis, as the code judges
// its stored positions, on either backend; a reader of an archive whose quality rows are
// not current derives them itself.
TEST_P(AnalysesOn, PlayQualityFieldsReadTheNewestCompleteAnalysis) {
  const std::string db = fresh();
  auto a = one_game(db);
  auto selects_the_game = [&](Archive& archive, const std::string& where) {
    const auto r = archive.select_games(where);
    EXPECT_TRUE(r) << where << ": " << r.error().message;
    return r && *r == std::vector<std::int64_t>{1};
  };
  EXPECT_TRUE(selects_the_game(*a, "analysed = 0 AND cho_accuracy IS NULL AND han_blunders IS NULL"));
  const std::int64_t shallow = *a->analysis_request(request(8), true), deep = *a->analysis_request(request(12), true);
  const GameAnalysis first = three_positions();
  ASSERT_FALSE(a->store_analysis(shallow, 1, first));
  EXPECT_TRUE(selects_the_game(*a, quality_fields(first)));
  // A newer request the game failed under leaves them as they were.
  GameAnalysis failed;
  failed.error = "the engine could not start";
  ASSERT_FALSE(a->store_analysis(deep, 1, failed));
  EXPECT_TRUE(selects_the_game(*a, quality_fields(first)));
  // Done again, it gives the numbers: Han plays the best move, Cho is mated after it.
  GameAnalysis second = three_positions();
  second.positions[1].played = "a7b7";
  second.positions[2].result.score.mate = true;
  second.positions[2].result.score.mate_moves = 2;
  second.positions[2].result.score.winner = Side::Han;
  judge_positions(second);
  ASSERT_NE(quality_fields(second), quality_fields(first));
  ASSERT_FALSE(a->store_analysis(deep, 1, second));
  EXPECT_TRUE(selects_the_game(*a, quality_fields(second)));
  a.reset();
  raw_sql(db, "DELETE FROM analysis_quality; UPDATE meta SET value = 'other rules' WHERE key = 'derived_rules'");
  auto reader = Archive::open(db, OpenMode::ReadOnly);
  ASSERT_TRUE(reader) << reader.error().message;
  EXPECT_TRUE(selects_the_game(**reader, quality_fields(second)));
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM analysis_quality"), 0) << "a reader writes nothing";
}

TEST_P(AnalysesOn, AFailedPositionIsReplacedByALaterSearchAStoredOneNever) {
  auto a = one_game(fresh());
  const std::int64_t id = *a->analysis_request(request(), true);
  GameAnalysis first = three_positions();
  first.positions[1].ok = false;
  first.positions[1].error = "the engine ended during the search";
  first.failed_positions = 1;
  ASSERT_FALSE(a->store_analysis(id, 1, first));
  const auto known = a->analysis_positions(id, 1);
  ASSERT_TRUE(known);
  EXPECT_EQ(known->size(), 2u) << "a failed position is not a known one";
  EXPECT_EQ((*a->analysis_game(id, 1))->failed_positions, 1);

  GameAnalysis second = three_positions();
  second.positions[0].result.score = cp(-999);  // searched again: a stored position keeps its value
  ASSERT_FALSE(a->store_analysis(id, 1, second));
  const auto back = a->load_analysis(id, 1);
  ASSERT_TRUE(back && *back);
  EXPECT_TRUE((**back).positions[1].ok);
  EXPECT_EQ((**back).positions[0].result.score.cp, 30);
  EXPECT_EQ((*a->analysis_game(id, 1))->failed_positions, 0);
}

TEST_P(AnalysesOn, EngineVerdictsStoredReplacedAndRead) {
  auto a = one_game(fresh());
  const std::int64_t id = *a->analysis_request(request(), true);
  EngineVerdictRow v;
  v.game_id = 1;
  v.profile_id = "fs-janggi";
  v.profile_version = 1;
  v.request_id = id;
  v.verdict = "engine-unclear";
  v.ply = 80;
  v.score = cp(120);
  v.depth = 8;
  v.note = "neither side is ahead by the margin";
  ASSERT_FALSE(a->store_engine_verdicts({v}));
  v.verdict = "engine-supports";
  v.margin = 100;
  Score mate;
  mate.mate = true;
  mate.mate_moves = 3;
  mate.winner = Side::Han;
  v.score = mate;
  ASSERT_FALSE(a->store_engine_verdicts({v}));
  std::vector<EngineVerdictRow> read;
  ASSERT_FALSE(a->for_each_engine_verdict([&](const EngineVerdictRow& r) { read.push_back(r); }));
  ASSERT_EQ(read.size(), 1u) << "the same game and profile: replaced";
  EXPECT_EQ(read[0].verdict, "engine-supports");
  EXPECT_EQ(read[0].margin, 100);
  ASSERT_TRUE(read[0].score);
  EXPECT_EQ(*read[0].score, mate);
  EXPECT_EQ(read[0].engine, "Fairy-Stockfish 11.1 LB 64");
  // The verdicts of a game that a valid copy replaces go with it: tested by replace_game's
  // statements; here the stored position of rescore --engine alone marks nothing analysed.
  PositionEval final_position = position(Side::Cho, "", cp(5), "b1c3");
  ASSERT_FALSE(a->store_position(id, 1, final_position, 80));
  EXPECT_EQ(a->analysis_position(id, 1, 80).value()->score.cp, 5);
  EXPECT_FALSE(a->analysis_game(id, 1).value());
}

TEST(Analyses, Version2ArchivesReadWithoutThemAndMigrate) {
  TempDir dir;
  const std::string db = (dir.path() / "old.db").string();
  one_game(db).reset();
  downgrade_to_v8(db);
  raw_sql(db, "DROP TABLE game_openings; DELETE FROM meta WHERE key IN ('opening_names', 'opening_rows'); "
              "DROP TABLE game_facts; DROP TABLE analysis_quality; DELETE FROM meta WHERE key = 'derived_rules'; "
              "DROP TABLE analysis_queue; DROP TABLE analysis_workers; "
              "DROP TABLE engine_verdicts; DROP TABLE analysis_positions; DROP TABLE analysis_games; "
              "DROP TABLE analysis_requests; DROP INDEX games_by_key; CREATE INDEX games_by_hash ON games(hash); "
              "DELETE FROM schema_version WHERE version = 3; "
              "UPDATE schema_version SET version = 2; PRAGMA user_version = 2;");
  {
    auto opened = Archive::open(db, OpenMode::ReadOnly);
    ASSERT_TRUE(opened) << opened.error().message;
    EXPECT_EQ((*opened)->analysis_request(request(), true).value_or(-1), 0) << "read only: none, none made";
    EXPECT_TRUE((*opened)->analysed_games({1}).value().empty());
    int verdicts = 0;
    EXPECT_FALSE((*opened)->for_each_engine_verdict([&](const EngineVerdictRow&) { ++verdicts; }));
    EXPECT_EQ(verdicts, 0);
  }
  EXPECT_EQ(raw_int(db, "PRAGMA user_version"), 2);
  {
    auto opened = Archive::open(db, OpenMode::ReadWrite);
    ASSERT_TRUE(opened) << opened.error().message;
    const std::int64_t id = (*opened)->analysis_request(request(), true).value_or(0);
    EXPECT_GT(id, 0);
    EXPECT_FALSE((*opened)->store_analysis(id, 1, three_positions()));
    EXPECT_EQ((*opened)->integrity_check().value_or(""), "ok");
  }
  EXPECT_EQ(raw_int(db, "PRAGMA user_version"), kSchemaVersion);
  EXPECT_EQ(raw_int(db, "SELECT max(version) FROM schema_version"), kSchemaVersion);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM analysis_positions"), 3);
  EXPECT_EQ(raw_int(db, "SELECT count(*) FROM games"), 1) << "the games are kept";
}

}  // namespace
}  // namespace gibo::archive
