// GameReader (the library's reading entry): a mapped path, a stream and a buffer give the
// same games, diagnostics and file information as read_games followed by
// replay_under_profile, in file order, for every corpus file and every format; unreadable
// paths are errors; a reader dropped halfway stops.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <vector>

#include "gibo/formats/game_reader.h"
#include "gibo/formats/game_writer.h"

namespace {

namespace fs = std::filesystem;

std::string file_bytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// read_games + replay_under_profile: what the reader is to give.
std::vector<gibo::Game> reference(const std::string& bytes, const std::string& name, gibo::ReadInfo& info) {
  gibo::ReadOptions o;
  o.file_name = name;
  o.profile = &gibo::default_profile();
  std::vector<gibo::Game> games;
  gibo::read_games(bytes, o, info, [&](gibo::Game&& g) {
    gibo::replay_under_profile(g, gibo::default_profile());
    games.push_back(std::move(g));
  });
  return games;
}

std::vector<gibo::Game> drain(gibo::GameReader& reader) {
  std::vector<gibo::Game> games;
  while (std::optional<gibo::Game> g = reader.next()) games.push_back(std::move(*g));
  return games;
}

void expect_same(const std::vector<gibo::Game>& a, const std::vector<gibo::Game>& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].tags, b[i].tags) << what << " game " << i;
    EXPECT_EQ(a[i].plies, b[i].plies) << what << " game " << i;
    EXPECT_EQ(a[i].valid_plies, b[i].valid_plies) << what << " game " << i;
    EXPECT_EQ(a[i].result_text, b[i].result_text) << what << " game " << i;
    ASSERT_EQ(a[i].diagnostics.size(), b[i].diagnostics.size()) << what << " game " << i;
    for (std::size_t k = 0; k < a[i].diagnostics.size(); ++k)
      EXPECT_EQ(gibo::format_diagnostic(a[i].diagnostics[k]), gibo::format_diagnostic(b[i].diagnostics[k]));
    EXPECT_TRUE(b[i].replayed);
  }
}

TEST(GameReader, PathStreamAndBufferGiveWhatReadGamesAndReplayGive) {
  int files = 0;
  long games = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(GIBO_TEST_DATA) / "corpus")) {
    if (entry.path().extension() != ".gib") continue;
    const std::string path = entry.path().string();
    const std::string bytes = file_bytes(entry.path());
    gibo::ReadInfo ref_info;
    const std::vector<gibo::Game> ref = reference(bytes, path, ref_info);

    auto reader = gibo::GameReader::open(path);
    ASSERT_TRUE(reader) << reader.error().message;
    const std::vector<gibo::Game> mapped = drain(*reader);
    expect_same(ref, mapped, path);
    EXPECT_EQ(reader->info().format, gibo::Format::Gib);
    EXPECT_EQ(reader->info().encoding, ref_info.encoding);
    EXPECT_EQ(reader->info().games, ref_info.games);
    EXPECT_EQ(reader->info().diagnostics.size(), ref_info.diagnostics.size());

    std::istringstream in(bytes);
    gibo::GameReaderOptions named;
    named.read.file_name = path;
    named.read_ahead = 1;  // the reading thread waits for every game
    auto streamed = gibo::GameReader::from_stream(in, named);
    ASSERT_TRUE(streamed);
    expect_same(ref, drain(*streamed), path + " (stream)");
    gibo::GameReader buffered = gibo::GameReader::from_bytes(bytes, named);
    expect_same(ref, drain(buffered), path + " (bytes)");
    EXPECT_FALSE(buffered.next());  // the end stays the end
    ++files;
    games += static_cast<long>(ref.size());
  }
  EXPECT_GE(files, 30);
  EXPECT_GT(games, 80);
}

TEST(GameReader, ReadsEveryFormatTheWritersWrite) {
  const std::string gib = file_bytes(fs::path(GIBO_SAMPLES) / "pobsiz_2010_kbs_chuseok.gib");
  gibo::GameReader source = gibo::GameReader::from_bytes(gib);
  std::vector<gibo::Game> games = drain(source);
  ASSERT_FALSE(games.empty());
  games.push_back(games.front());  // two games at least: JSON Lines is told from JSON by its count
  for (gibo::Format f : {gibo::Format::Pgn, gibo::Format::Json, gibo::Format::Jsonl, gibo::Format::Uci}) {
    std::ostringstream out;
    gibo::WriteOptions w;
    w.format = f;
    gibo::GameWriter writer(out, w);
    for (const gibo::Game& g : games) writer.write(g);
    writer.finish();
    gibo::GameReader reader = gibo::GameReader::from_bytes(out.str());
    const std::vector<gibo::Game> back = drain(reader);
    EXPECT_EQ(reader.info().format, f) << gibo::format_name(f);
    ASSERT_EQ(back.size(), games.size()) << gibo::format_name(f);
    for (std::size_t i = 0; i < games.size(); ++i) {
      ASSERT_EQ(back[i].plies.size(), games[i].plies.size()) << gibo::format_name(f);
      for (std::size_t k = 0; k < games[i].plies.size(); ++k)
        EXPECT_EQ(back[i].plies[k].move, games[i].plies[k].move) << gibo::format_name(f) << " ply " << k + 1;
    }
  }
}

TEST(GameReader, UnreadablePathsAreErrors) {
  auto missing = gibo::GameReader::open("/nonexistent/games.gib");
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().message, "/nonexistent/games.gib: no such file or directory");
  auto dir = gibo::GameReader::open(GIBO_TEST_DATA);
  ASSERT_FALSE(dir);
  EXPECT_NE(dir.error().message.find("is a directory"), std::string::npos);
}

TEST(GameReader, NoGameIsAFileDiagnostic) {
  gibo::GameReader empty = gibo::GameReader::from_bytes("");
  EXPECT_FALSE(empty.next());
  ASSERT_EQ(empty.info().diagnostics.size(), 1u);
  EXPECT_EQ(empty.info().diagnostics[0].code, "empty-file");
  gibo::GameReader junk = gibo::GameReader::from_bytes("hello world\n");
  EXPECT_FALSE(junk.next());
  ASSERT_EQ(junk.info().diagnostics.size(), 1u);
  EXPECT_EQ(junk.info().diagnostics[0].code, "unknown-format");
}

TEST(GameReader, DroppedHalfwayStops) {
  std::string many;
  const std::string gib = file_bytes(fs::path(GIBO_SAMPLES) / "pobsiz_2010_kbs_chuseok.gib");
  for (int i = 0; i < 50; ++i) many += gib + "\n";
  gibo::GameReaderOptions o;
  o.read_ahead = 2;
  {
    gibo::GameReader reader = gibo::GameReader::from_view(many, o);
    ASSERT_TRUE(reader.next());
  }  // joins the reading thread, which is blocked on a full queue
  SUCCEED();
}

TEST(GameReader, WithoutReplayGamesAreAsRead) {
  const std::string gib = file_bytes(fs::path(GIBO_SAMPLES) / "pobsiz_2010_kbs_chuseok.gib");
  gibo::GameReaderOptions o;
  o.replay = false;
  gibo::GameReader reader = gibo::GameReader::from_bytes(gib, o);
  std::optional<gibo::Game> g = reader.next();
  ASSERT_TRUE(g);
  EXPECT_FALSE(g->replayed);
  EXPECT_EQ(&reader.profile_of(*g), &gibo::game_profile(*g, gibo::default_profile()));
}

}  // namespace
