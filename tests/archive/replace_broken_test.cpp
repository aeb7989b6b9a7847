// The valid copy is the one stored (issue 19 item 2): a broken copy of a game stored
// first is replaced by a valid copy that comes later, in one import or across imports,
// all or nothing with the batch, with copies, diagnostics, prefixes, verdicts and the
// position index kept consistent. Real .gib files into real SQLite files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "../cli/run_gibo.h"
#include "raw_sql.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/import.h"
#include "gibo/archive/position_index.h"
#include "gibo/formats/detect.h"
#include "gibo/record/replay.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

// One real game (107 plies) and a copy of it with a false 장군 mark at ply 20 (the
// same start and moves: the same game, stored once), from tests/data.
const std::string kValid = GIBO_TEST_DATA "/corpus/pobsiz_2010_kbs_chuseok.gib";
const std::string kFalseCheck = GIBO_TEST_DATA "/fixtures/gib/false_check.gib";
// Another broken copy: ply 3 names the wrong piece.
const std::string kWrongPiece = GIBO_TEST_DATA "/fixtures/gib/wrong_piece.gib";

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The valid game's first 30 plies (a valid game that is a strict prefix of it), written
// into `dir`.
std::string write_prefix(const fs::path& dir) {
  std::string text = read_bytes(kValid);
  text = text.substr(0, text.find("\n31. ")) + "\n";
  const std::string total = "\"107\"]";  // [총수 "107"] (the tag's name is CP949)
  text.replace(text.find(total), total.size(), "\"30\"]");
  const fs::path path = dir / "prefix30.gib";
  std::ofstream(path, std::ios::binary) << text;
  return path.string();
}

// The valid game as read and replayed.
Game read_valid() {
  std::vector<Game> games;
  ReadInfo info;
  ReadOptions options;
  options.file_name = kValid;
  const std::string bytes = read_bytes(kValid);
  read_games(bytes, options, info, [&](Game&& g) {
    replay_under_profile(g, default_profile());
    games.push_back(std::move(g));
  });
  EXPECT_EQ(games.size(), 1u);
  return games.empty() ? Game() : std::move(games[0]);
}

// The position the valid game reaches after `plies` plies (every copy and the prefix
// reach it).
Position position_after(int plies) {
  const Game g = read_valid();
  Position pos;
  EXPECT_FALSE(start_position(g, legality_rules(default_profile()), pos));
  for (int i = 0; i < plies; ++i) pos.do_move(g.plies[static_cast<std::size_t>(i)].move);
  return pos;
}

ImportSummary import(const std::string& db, const std::vector<std::string>& paths, std::vector<FileReport>* reports = nullptr,
                     int batch_games = 5000) {
  ImportOptions options;
  options.db_path = db;
  options.batch_games = batch_games;
  ImportCallbacks callbacks;
  callbacks.on_file = [&](const FileReport& r) {
    if (reports) reports->push_back(r);
  };
  ImportSummary summary;
  const std::optional<Error> e = import_files(paths, options, callbacks, summary);
  EXPECT_FALSE(e) << e->message;
  return summary;
}

std::int64_t count(const std::string& db, const std::string& where) { return raw_int(db, "SELECT count(*) FROM " + where); }

// The archive's own checks: SQLite's integrity check and no row naming a game that is gone.
void expect_consistent(const std::string& db) {
  auto a = Archive::open(db, OpenMode::ReadOnly);
  ASSERT_TRUE(a) << a.error().message;
  EXPECT_EQ(*(*a)->integrity_check(), "ok");
  for (const char* orphan : {"duplicates WHERE game_id NOT IN (SELECT id FROM games)",
                             "games WHERE copy_of IS NOT NULL AND copy_of NOT IN (SELECT id FROM games WHERE copy_of "
                             "IS NULL)",
                             "diagnostics WHERE game_id IS NOT NULL AND game_id NOT IN (SELECT id FROM games)",
                             "comments WHERE game_id NOT IN (SELECT id FROM games)",
                             "verdicts WHERE game_id NOT IN (SELECT id FROM games)",
                             "prefixes WHERE game_id NOT IN (SELECT id FROM games) OR longer_game_id NOT IN "
                             "(SELECT id FROM games)"})
    EXPECT_EQ(count(db, orphan), 0) << orphan;
}

// The broken copy `path` is kept as the copy of the one stored game, which is the valid
// copy from kValid.
void expect_valid_kept(const std::string& db, const std::string& broken_path, const std::string& code, int ply) {
  EXPECT_EQ(count(db, "games WHERE copy_of IS NULL"), 1);
  EXPECT_EQ(count(db, "games AS g JOIN sources AS s ON s.id = g.source_id WHERE g.status = 'valid' AND "
                      "g.copy_of IS NULL AND s.path = '" +
                          kValid + "'"),
            1);
  EXPECT_EQ(count(db, "games AS g JOIN sources AS s ON s.id = g.source_id WHERE g.status = 'invalid' AND "
                      "g.copy_of = (SELECT id FROM games WHERE copy_of IS NULL) AND g.error_code = '" +
                          code + "' AND g.error_ply = " + std::to_string(ply) + " AND s.path = '" + broken_path + "'"),
            1);
  // The broken copy's findings stay with its record; the valid game has none.
  EXPECT_GT(count(db, "diagnostics AS d JOIN games AS g ON g.id = d.game_id JOIN sources AS s ON s.id = d.source_id "
                      "WHERE d.code = '" +
                          code + "' AND g.copy_of IS NOT NULL AND d.game_index = 0 AND s.path = '" + broken_path + "'"),
            0);
  EXPECT_EQ(count(db, "diagnostics AS d JOIN games AS g ON g.id = d.game_id WHERE g.copy_of IS NULL AND d.severity = "
                      "'error'"),
            0);
  expect_consistent(db);
}

// Each test on a fresh archive of each backend.
class ReplaceBroken : public FreshArchiveTest {};
INSTANTIATE_TEST_SUITE_P(Backends, ReplaceBroken, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

TEST_P(ReplaceBroken, InOneRunTheValidCopyIsStored) {
  std::vector<FileReport> reports;
  const ImportSummary s = import(db, {kFalseCheck, kValid}, &reports);
  EXPECT_EQ(s.games, 2);
  EXPECT_EQ(s.added, 1);
  EXPECT_EQ(s.replaced, 1);
  EXPECT_EQ(s.duplicates, 0);
  EXPECT_EQ(s.games_in_archive, 1);
  ASSERT_EQ(reports.size(), 2u);
  EXPECT_EQ(reports[0].added, 1);
  EXPECT_EQ(reports[1].replaced, 1);
  EXPECT_EQ(reports[1].added, 0);
  ASSERT_EQ(reports[1].replacements.size(), 1u);
  const ReplacedGame& r = reports[1].replacements[0];
  EXPECT_EQ(r.game_index, 0);
  EXPECT_EQ(r.path, kFalseCheck);
  EXPECT_EQ(r.broken_game_index, 0);
  EXPECT_EQ(r.error_code, "false-check");
  EXPECT_EQ(r.error_ply, 20);
  EXPECT_EQ(r.game_id, raw_int(db, "SELECT id FROM games WHERE copy_of IS NULL"));
  expect_valid_kept(db, kFalseCheck, "false-check", 20);
}

TEST_P(ReplaceBroken, ValidFirstKeepsTheValidCopy) {
  const ImportSummary s = import(db, {kValid, kFalseCheck});
  EXPECT_EQ(s.added, 1);
  EXPECT_EQ(s.duplicates, 1);
  EXPECT_EQ(s.replaced, 0);
  expect_valid_kept(db, kFalseCheck, "false-check", 20);
}

TEST_P(ReplaceBroken, AcrossRunsWithDuplicatesPrefixesVerdictsAndThePositionIndex) {
  const std::string prefix = write_prefix(dir.path());
  // Run 1: the prefix, a broken copy and a second broken copy (its duplicate).
  ImportSummary s = import(db, {prefix, kFalseCheck, kWrongPiece});
  EXPECT_EQ(s.added, 2);
  EXPECT_EQ(s.duplicates, 1);
  ASSERT_EQ(s.prefixes.size(), 1u);
  const std::int64_t broken = raw_int(db, "SELECT id FROM games WHERE status = 'invalid'");
  EXPECT_EQ(raw_int(db, "SELECT longer_game_id FROM prefixes"), broken);
  {
    auto a = Archive::open(db, OpenMode::ReadWrite);
    ASSERT_TRUE(a) << a.error().message;
    VerdictRow v;
    v.game_id = broken;
    v.profile_id = "janggi";
    v.verdict = "unverifiable";
    v.winner = "none";
    ASSERT_FALSE((*a)->store_verdicts({v}));
  }
  auto index = PositionIndex::open(db, OpenMode::ReadWrite);
  ASSERT_TRUE(index) << index.error().message;
  ASSERT_FALSE((*index)->update(1));
  const Position after10 = position_after(10);
  {
    auto hits = (*index)->find(after10);
    ASSERT_TRUE(hits);
    EXPECT_EQ(hits->size(), 2u);
  }

  // Run 2: the valid copy replaces the broken one.
  std::vector<FileReport> reports;
  s = import(db, {kValid}, &reports);
  EXPECT_EQ(s.games, 1);
  EXPECT_EQ(s.added, 0);
  EXPECT_EQ(s.replaced, 1);
  ASSERT_EQ(reports.size(), 1u);
  ASSERT_EQ(reports[0].replacements.size(), 1u);
  EXPECT_EQ(reports[0].replacements[0].path, kFalseCheck);
  const std::int64_t valid = raw_int(db, "SELECT id FROM games WHERE status = 'valid' AND plies = 107");
  EXPECT_EQ(reports[0].replacements[0].game_id, valid);
  EXPECT_EQ(count(db, "games WHERE copy_of IS NULL"), 2);
  // Both broken records are copies of the valid game now, and the prefix points at it.
  EXPECT_EQ(count(db, "games WHERE id = " + std::to_string(broken) + " AND copy_of = " + std::to_string(valid)), 1);
  EXPECT_EQ(count(db, "games WHERE status = 'invalid' AND copy_of = " + std::to_string(valid)), 2);
  EXPECT_EQ(raw_int(db, "SELECT longer_game_id FROM prefixes"), valid);
  EXPECT_EQ(count(db, "prefixes"), 1);
  // The verdict judged the broken record: it went with it.
  EXPECT_EQ(count(db, "verdicts"), 0);
  expect_consistent(db);

  // The position index never answers with the removed game, and indexes the valid one.
  {
    auto hits = (*index)->find(after10);
    ASSERT_TRUE(hits);
    for (const PositionHit& h : *hits) EXPECT_NE(h.game_id, broken);
  }
  ASSERT_FALSE((*index)->update(1));
  auto hits = (*index)->find(after10);
  ASSERT_TRUE(hits);
  ASSERT_EQ(hits->size(), 2u);
  EXPECT_NE((*hits)[0].game_id, broken);
  EXPECT_EQ((*hits)[1].game_id, valid);
  EXPECT_EQ(*(*index)->game_count(), 2);
  auto games = (*index)->games({valid});
  ASSERT_TRUE(games) << games.error().message;
  EXPECT_EQ((*games)[0].plies, 107);

  // A third run finds nothing new and reports no new prefix pair.
  s = import(db, {kValid, kFalseCheck, prefix});
  EXPECT_EQ(s.added + s.replaced + s.duplicates, 0);
  EXPECT_TRUE(s.prefixes.empty());
}

TEST_P(ReplaceBroken, AllOrNothingWithTheTransaction) {
  import(db, {kFalseCheck});
  auto a = Archive::open(db, OpenMode::ReadWrite);
  ASSERT_TRUE(a) << a.error().message;
  Archive& archive = **a;
  std::vector<PreparedGame> prepared;
  prepared.push_back(prepare_game(read_valid(), default_profile()));
  ASSERT_TRUE(prepared[0].valid);
  const auto same = archive.same_games(prepared[0]);
  ASSERT_TRUE(same);
  ASSERT_EQ(same->games.size(), 1u);
  const auto copy = &same->games[0];
  EXPECT_FALSE(copy->valid);
  ASSERT_FALSE(archive.begin());
  SourceInfo source;
  source.path = kValid;
  source.content_hash = "not-a-real-hash";
  source.format = "gib";
  source.encoding = "cp949";
  const auto source_id = archive.insert_source(source);
  ASSERT_TRUE(source_id);
  const auto replaced = archive.replace_game(*source_id, prepared[0], copy->id);
  ASSERT_TRUE(replaced) << replaced.error().message;
  EXPECT_EQ(replaced->old_id, copy->id);
  archive.rollback();
  // Rolled back: the broken game is still the stored one, with no copy.
  EXPECT_EQ(archive.game_count(), 1);
  const auto again = archive.same_games(prepared[0]);
  ASSERT_TRUE(again);
  ASSERT_EQ(again->games.size(), 1u);
  EXPECT_EQ(again->games[0].id, copy->id);
  EXPECT_FALSE(again->games[0].valid);
  auto copies = archive.copies();
  ASSERT_TRUE(copies);
  EXPECT_TRUE(copies->empty());
  // A valid stored game is never replaced.
  ASSERT_FALSE(archive.begin());
  const auto source_again = archive.insert_source(source);
  ASSERT_TRUE(source_again);
  const auto refused = archive.replace_game(*source_again, prepared[0], copy->id);
  ASSERT_TRUE(refused);  // the broken one is replaced ...
  const auto valid_again = archive.replace_game(*source_again, prepared[0], refused->new_id);
  EXPECT_FALSE(valid_again);  // ... but not the valid one it became
  archive.rollback();
}

}  // namespace
}  // namespace gibo::archive
