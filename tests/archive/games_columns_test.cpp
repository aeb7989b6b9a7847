// Every column of the games table is written by the importer's one column list
// (src/archive/archive_games.cpp): a column added to the schema but not to the list would
// stay NULL in every row. Real files (the corpus, the .gib and PGN fixtures and a PGN
// record that saves the 빅장 option) into a real SQLite file and a real PostgreSQL archive.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../cli/run_gibo.h"
#include "raw_sql.h"
#include "gibo/archive/import.h"

namespace gibo::archive {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

// The game files below `dir` (not the scripts and notes beside them), sorted.
std::vector<std::string> game_files(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() && (ext == ".gib" || ext == ".pgn")) out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The names of the columns of `table`.
std::vector<std::string> columns_of(const std::string& db, const std::string& table) {
  std::vector<std::string> out;
  if (is_pg(db)) {
    for (const auto& row : pg_rows(db, "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                                       "current_schema() AND table_name = '" + table + "'"))
      out.push_back(row.at(0));
    return out;
  }
  sqlite3* h = nullptr;
  sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* s = nullptr;
  sqlite3_prepare_v2(h, ("SELECT name FROM pragma_table_info('" + table + "')").c_str(), -1, &s, nullptr);
  while (s && sqlite3_step(s) == SQLITE_ROW) out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)));
  sqlite3_finalize(s);
  sqlite3_close(h);
  return out;
}

class GamesColumns : public BackendTest {};
INSTANTIATE_TEST_SUITE_P(Backends, GamesColumns, ::testing::Values(Backend::SQLite, Backend::PostgreSQL), backend_name);

TEST_P(GamesColumns, EveryColumnIsWrittenByTheImporter) {

  std::vector<std::string> paths = game_files(GIBO_TEST_DATA "/corpus");
  for (const std::string& p : game_files(GIBO_TEST_DATA "/fixtures")) paths.push_back(p);
  // A PGN record that saves the 빅장 option (no fixture does), first: the fixture it
  // copies is then its duplicate.
  {
    std::ifstream in(GIBO_TEST_DATA "/fixtures/pgn/comments.pgn", std::ios::binary);
    const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    const fs::path bikjang = dir.path() / "bikjang.pgn";
    std::ofstream(bikjang, std::ios::binary) << "[Bikjang \"off\"]\n" << text;
    paths.insert(paths.begin(), bikjang.string());
  }
  const std::string db = fresh();
  ImportOptions options;
  options.db_path = db;
  ImportSummary summary;
  ASSERT_FALSE(import_files(paths, options, {}, summary));
  ASSERT_GT(summary.added, 100);

  const std::vector<std::string> columns = columns_of(db, "games");
  ASSERT_GT(columns.size(), 30u);
  for (const std::string& c : columns)
    EXPECT_GT(raw_int(db, "SELECT count(*) FROM games WHERE " + c + " IS NOT NULL"), 0)
        << "no imported game has a value in games." << c;
}

}  // namespace
}  // namespace gibo::archive
