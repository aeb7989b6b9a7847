// Issue 19 item 7: the PGN writer states the Seven Tag Roster as the PGN standard has it
// (first, in order; Date YYYY.MM.DD with ?? for unknown parts; "?" for unknown values),
// keeps every value it changed, so .gib -> PGN -> .gib gives the same tags on the whole
// corpus copy; and a game whose plies do not all replay says so with a Termination tag.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "gibo/formats/gib.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"
#include "../test_data.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

std::vector<Game> load_gib(const fs::path& p) {
  GibReadOptions o;
  o.file_name = p.filename().string();
  std::vector<Game> games = read_gib(slurp(p), o);
  for (Game& g : games) replay_under_profile(g, default_profile());
  return games;
}

const std::string* tag_of(const std::vector<Tag>& tags, std::string_view name) {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

// A .gib game with only a date tag (and the setups).
Game dated(const std::string& date) {
  Game g;
  g.tags = {{"대국일자", date}, {"초차림", "마상상마"}, {"한차림", "마상상마"}};
  g.start.cho_setup_stated = g.start.han_setup_stated = true;
  return g;
}

TEST(PgnWriterTags, DatesInTheStandardForm) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"2010-03-12", "2010.03.12"}, {"2011.03.06", "2011.03.06"}, {"20110306", "2011.03.06"},
      {"1937년", "1937.??.??"},     {"2008년 12월 31일", "2008.12.31"}, {"2008-12", "2008.12.??"},
      {"미상", "????.??.??"},       {"", "????.??.??"},           {"추석", "????.??.??"},
      {"2010.??.??", "2010.??.??"}, {"????.??.??", "????.??.??"},
  };
  for (const auto& [written, standard] : cases) {
    const std::vector<Tag> tags = pgn_tags(dated(written));
    ASSERT_GE(tags.size(), 7u);
    EXPECT_EQ(tags[2], (Tag{"Date", standard})) << written;
    const std::string* kept = tag_of(tags, "GibDate");
    if (written == standard) {
      EXPECT_EQ(kept, nullptr) << written;
    } else {
      ASSERT_NE(kept, nullptr) << written;
      EXPECT_EQ(*kept, written);
    }
  }
}

TEST(PgnWriterTags, SevenTagRosterFirstInOrderOnTheWholeCorpusAndTheWayBackIsExact) {
  const char* roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
  int games = 0;
  for (const auto& entry : fs::directory_iterator(GIBO_TEST_DATA "/corpus")) {
    if (entry.path().extension() != ".gib") continue;
    for (const Game& g : load_gib(entry.path())) {
      ++games;
      const std::vector<Tag> tags = pgn_tags(g);
      ASSERT_GE(tags.size(), 7u);
      for (int i = 0; i < 7; ++i) EXPECT_EQ(tags[i].name, roster[i]) << entry.path();
      for (int i = 0; i < 7; ++i) EXPECT_NE(tags[i].value, "미상") << entry.path() << " " << roster[i];
      for (int i = 0; i < 7; ++i) EXPECT_FALSE(tags[i].value.empty()) << entry.path() << " " << roster[i];
      const std::string& date = tags[2].value;  // YYYY.MM.DD, digits or ?
      ASSERT_EQ(date.size(), 10u) << date;
      EXPECT_TRUE(date[4] == '.' && date[7] == '.') << date;
      // Read back from the written PGN, the .gib tags are the original ones.
      std::string pgn;
      write_pgn_game(pgn, g);
      const std::vector<Game> back = read_pgn(pgn, PgnReadOptions{});
      ASSERT_EQ(back.size(), 1u);
      EXPECT_EQ(with_gib_tags(back[0]).tags, with_gib_tags(g).tags) << entry.path();
      // Written again, the PGN is the same (the kept originals are not kept twice).
      std::string again;
      write_pgn_game(again, back[0]);
      EXPECT_EQ(again, pgn) << entry.path();
    }
  }
  EXPECT_GE(games, 84);
}

TEST(PgnWriter, AGameCutShortIsMarkedAndCounted) {
  const std::vector<Game> games = load_gib(GIBO_TEST_DATA "/fixtures/gib/illegal_move.gib");
  ASSERT_EQ(games.size(), 1u);
  std::string pgn;
  WriteLoss loss;
  write_pgn_game(pgn, games[0], PgnWriteOptions{}, &loss);
  EXPECT_EQ(loss.unwritten_plies, 107);
  EXPECT_NE(pgn.find("[Result \"1-0\"]\n[Termination \"unterminated\"]\n"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("{gibo: 107 more plies in the record do not replay from ply 1: bad-movement"), std::string::npos)
      << pgn;
  // A whole game gets no Termination tag and loses nothing.
  std::string whole;
  WriteLoss none;
  write_pgn_game(whole, load_gib(GIBO_TEST_DATA "/corpus/pobsiz_2010_kbs_chuseok.gib").at(0), PgnWriteOptions{}, &none);
  EXPECT_EQ(none.unwritten_plies, 0);
  EXPECT_EQ(whole.find("Termination"), std::string::npos);
}

}  // namespace
}  // namespace gibo
