// FEN files, UCI move lists (UCI and JANGGI notation), format detection and read_games,
// and the tag mapping between .gib and PGN, against the reference games
// (tests/data/notations.jsonl), the corpus copy and the fixtures.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "gibo/formats/detect.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/json.h"
#include "gibo/formats/json_value.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_map.h"
#include "gibo/formats/uci.h"
#include "gibo/record/replay.h"
#include "diagnostic_place.h"
#include "reference_games.h"
#include "../test_data.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<Game> read_any(const std::string& bytes, ReadInfo* info = nullptr, const Profile* profile = nullptr) {
  std::vector<Game> games;
  ReadInfo local;
  ReadOptions o;
  o.file_name = "input";
  o.profile = profile;
  read_games(bytes, o, info ? *info : local, [&](Game&& g) {
    replay_under_profile(g, profile ? *profile : default_profile());
    games.push_back(std::move(g));
  });
  return games;
}

// read_any of input that must be read as `format` (checked).
std::vector<Game> read_as(Format format, const std::string& bytes, const Profile* profile = nullptr) {
  ReadInfo info;
  std::vector<Game> games = read_any(bytes, &info, profile);
  EXPECT_EQ(info.format, format);
  return games;
}

const Profile& fs_janggi() { return *find_profile("fs-janggi"); }

// ---------------------------------------------------------------------------

TEST(UciMoveLists, ReferenceGamesReadAndWrittenInBothNotations) {
  const auto& refs = reference_games();
  ASSERT_EQ(refs.size(), 300u);
  std::string uci_file, janggi_file;
  for (const ReferenceGame& r : refs) {
    uci_file += "position fen " + r.start_fen + " moves " + joined(r.uci) + "\n";
    janggi_file += "position fen " + r.start_fen + " moves " + joined(r.janggi) + "\n";
  }
  const auto games = read_as(Format::Uci, uci_file, &fs_janggi());
  ASSERT_EQ(games.size(), 300u);
  for (const Game& g : games) EXPECT_FALSE(g.has_errors()) << format_diagnostic(g.diagnostics[0]);
  UciWriteOptions uo;
  uo.profile = &fs_janggi();
  EXPECT_EQ(write_uci_games(games, uo), uci_file);
  uo.notation = MoveNotation::Janggi;
  EXPECT_EQ(write_uci_games(games, uo), janggi_file);
  // JANGGI notation reads back to the same games.
  const auto from_janggi = read_any(janggi_file, nullptr, &fs_janggi());
  ASSERT_EQ(from_janggi.size(), 300u);
  for (std::size_t i = 0; i < 300; ++i) {
    ASSERT_EQ(from_janggi[i].plies.size(), games[i].plies.size()) << i;
    for (std::size_t k = 0; k < games[i].plies.size(); ++k) EXPECT_EQ(from_janggi[i].plies[k].move, games[i].plies[k].move);
  }
  // The final FEN of every game equals Fairy-Stockfish's.
  FenWriteOptions fo;
  fo.profile = &fs_janggi();
  const auto finals = lines_of(write_fen(games, fo));
  ASSERT_EQ(finals.size(), 300u);
  for (std::size_t i = 0; i < 300; ++i) EXPECT_EQ(finals[i], refs[i].final_fen) << i;
}

TEST(UciMoveLists, ShapesAndErrors) {
  const std::string text =
      "# a comment line\n"
      "position startpos moves b1c3 b10c8 e2e2\n"
      "b1c3 b10c8\n"
      "startpos\n"
      "position fen rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1 moves H02-83 P41x51\n"
      "position fen not/a/fen w - - 0 1 moves b1c3\n"
      "position startpos moves b1c3 b1c3 a1a2\n";
  const auto games = read_as(Format::Uci, text);
  ASSERT_EQ(games.size(), 6u);
  EXPECT_EQ(games[0].plies.size(), 3u);
  EXPECT_TRUE(games[0].plies[2].pass);
  EXPECT_EQ(games[0].source.line, 2);
  EXPECT_EQ(games[1].plies.size(), 2u);
  EXPECT_TRUE(games[2].plies.empty());
  EXPECT_FALSE(games[2].has_errors());
  EXPECT_EQ(games[3].plies.size(), 2u);  // P41x51: a7 to a6 is no capture, but the mark is not checked
  ASSERT_FALSE(games[4].diagnostics.empty());
  EXPECT_EQ(games[4].diagnostics[0].code, "bad-fen");
  ASSERT_EQ(games[5].plies.size(), 1u);
  EXPECT_EQ(first_diagnostic(games[5]), "no-such-move 7:30 ply 2");
}

TEST(FenFiles, ReadPositionsWriteFinalOrEveryPosition) {
  const std::string text = "# positions\n" + std::string(kStartFen) +
                           "\n\n  rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w 0 1\n"
                           "3k5/9/9/9/9/9/9/9/4K4/9 b - - 3 40\nnot a fen\n";
  const auto games = read_as(Format::Fen, text);
  ASSERT_EQ(games.size(), 4u);
  EXPECT_FALSE(games[0].start.custom);  // the standard setups
  EXPECT_FALSE(games[1].start.custom);  // WinBoard letters and short fields, same position
  EXPECT_EQ(games[1].source.column, 3);
  EXPECT_TRUE(games[2].start.custom);
  EXPECT_EQ(games[2].start.first_to_move, Side::Han);
  ASSERT_FALSE(games[3].diagnostics.empty());
  EXPECT_EQ(games[3].diagnostics[0].code, "bad-fen");
  EXPECT_EQ(games[3].source.line, 6);
  const std::vector<Game> good(games.begin(), games.begin() + 3);
  EXPECT_EQ(write_fen(good, FenWriteOptions{}),
            std::string(kStartFen) + "\n" + std::string(kStartFen) + "\n3k5/9/9/9/9/9/9/9/4K4/9 b - - 3 40\n");

  // --each: the start and every position after it; the last equals the final FEN.
  GibReadOptions go;
  auto corpus = read_gib(slurp(GIBO_TEST_DATA "/corpus/pobsiz_2010_kbs_chuseok.gib"), go);
  FenWriteOptions each;
  each.each = true;
  const auto all = lines_of(write_fen({corpus[0]}, each));
  ASSERT_EQ(all.size(), corpus[0].plies.size() + 1);
  EXPECT_EQ(all.back() + "\n", write_fen({corpus[0]}, FenWriteOptions{}));
  EXPECT_EQ(all.front(), "rnba1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR w - - 0 1");
}

TEST(StartFen, SetupsAndCustomPositions) {
  auto s = start_from_fen("rbna1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR w - - 0 1");
  ASSERT_TRUE(s);
  EXPECT_FALSE(s->custom);
  EXPECT_EQ(s->cho, Setup::HEHE);
  EXPECT_EQ(s->han, Setup::EHEH);
  // Same placement but Han to move, or a later move number: custom.
  EXPECT_TRUE(start_from_fen("rbna1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR b - - 0 1")->custom);
  EXPECT_TRUE(start_from_fen("rbna1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ANBR w - - 0 7")->custom);
  const auto junk = start_from_fen("junk");
  ASSERT_FALSE(junk);
  EXPECT_FALSE(junk.error().message.empty());
}

// ---------------------------------------------------------------------------

TEST(Detect, EveryFormatFromItsContent) {
  const fs::path data = GIBO_TEST_DATA;
  for (const auto& e : fs::directory_iterator(data / "corpus")) {
    if (e.path().extension() == ".gib") {
      EXPECT_EQ(detect_format(slurp(e.path())), Format::Gib) << e.path();
    }
  }
  for (const auto& e : fs::directory_iterator(data / "fixtures/gib")) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() == ".gib" && name != "empty.gib" && name != "binary_garbage.gib") {
      EXPECT_EQ(detect_format(slurp(e.path())), Format::Gib) << e.path();
    }
  }
  for (const auto& e : fs::directory_iterator(data / "fixtures/pgn")) {
    if (e.path().extension() == ".pgn" && e.path().filename() != "empty.pgn") {
      EXPECT_EQ(detect_format(slurp(e.path())), Format::Pgn) << e.path();
    }
  }

  GibReadOptions go;
  const auto games = read_gib(slurp(data / "corpus/pobsiz_neojanggi_g000-002.gib"), go);
  EXPECT_EQ(detect_format(write_pgn(games)), Format::Pgn);
  EXPECT_EQ(detect_format(write_json(games)), Format::Json);
  EXPECT_EQ(detect_format(write_json({games[0]})), Format::Json);
  EXPECT_EQ(detect_format(write_jsonl(games)), Format::Jsonl);
  EXPECT_EQ(detect_format(write_jsonl({games[0]})), Format::Json);  // one object: a JSON document
  EXPECT_EQ(detect_format(write_fen(games, FenWriteOptions{})), Format::Fen);
  EXPECT_EQ(detect_format(write_uci_games(games)), Format::Uci);
  UciWriteOptions janggi;
  janggi.notation = MoveNotation::Janggi;
  EXPECT_EQ(detect_format(write_uci_games(games, janggi)), Format::Uci);
  EXPECT_EQ(detect_format("b1c3 b10c8\n"), Format::Uci);
  EXPECT_EQ(detect_format("H02-83 H12-33\n"), Format::Uci);
  EXPECT_EQ(detect_format("1. Hc3 Hc8 *\n"), Format::Pgn);
  EXPECT_EQ(detect_format("\xEF\xBB\xBF[Event \"x\"]\n\n1. Hc3 *\n"), Format::Pgn);
  EXPECT_EQ(detect_format("{opening comment}\n[Event \"x\"]\n\n1. Hc3 *\n"), Format::Pgn);
  EXPECT_EQ(detect_format("[대회명 \"x\"]\n[Event \"y\"]\n\n1. 02마83\n"), Format::Gib);
  EXPECT_EQ(detect_format("[대회명 \"x\"]\n"), Format::Gib);
  EXPECT_EQ(detect_format("[Event \"x\"]\n"), Format::Pgn);
  EXPECT_EQ(detect_format(""), Format::Unknown);
  EXPECT_EQ(detect_format("hello world\n"), Format::Unknown);
  EXPECT_EQ(format_from_name("jsonl"), Format::Jsonl);
  EXPECT_FALSE(format_from_name("xml"));
}

TEST(ReadGames, DispatchesAndReportsUnknownFormats) {
  ReadInfo info;
  const auto games = read_any(slurp(GIBO_TEST_DATA "/corpus/pobsiz_kakao001_g000-001.gib"), &info);
  EXPECT_EQ(info.format, Format::Gib);
  EXPECT_EQ(info.encoding, text::Encoding::Cp949);
  EXPECT_EQ(games.size(), 2u);
  ReadInfo unknown;
  EXPECT_TRUE(read_any("hello world\n", &unknown).empty());
  ASSERT_EQ(unknown.diagnostics.size(), 1u);
  EXPECT_EQ(unknown.diagnostics[0].code, "unknown-format");
  ReadInfo empty;
  read_any(" \n", &empty);
  EXPECT_EQ(empty.diagnostics[0].code, "empty-file");
  // A forced format is not second-guessed.
  ReadOptions o;
  o.format = Format::Fen;
  ReadInfo forced;
  int n = 0;
  read_games("b1c3\n", o, forced, [&](Game&&) { ++n; });
  EXPECT_EQ(forced.format, Format::Fen);
  EXPECT_EQ(n, 1);
}

// ---------------------------------------------------------------------------

// A game as the .gib reader gives it: a setup is stated when its tag is there.
Game gib_game(std::vector<Tag> tags) {
  Game g;
  g.tags = std::move(tags);
  g.start.cho_setup_stated = g.start.han_setup_stated = false;
  for (const Tag& t : g.tags) {
    if (t.name == "대국결과") g.result_text = t.value, g.has_result = true;
    if (t.name == "초차림") g.start.cho_setup_stated = true;
    if (t.name == "한차림") g.start.han_setup_stated = true;
  }
  return g;
}

std::vector<Tag> through_pgn(const Game& g) {
  Game p = g;
  p.tags = pgn_tags(g);
  p.result_text = pgn_result_of(g);
  p.has_result = true;
  return gib_tags(p);
}

TEST(TagMap, RosterResultAndOrder) {
  const Game g = gib_game({{"대회명", "친선"}, {"회전", "미상"}, {"대국일자", "2010-09-22"}, {"대국장소", "한게임"},
                           {"초대국자", "가"}, {"한대국자", "나"}, {"초차림", "마상상마"}, {"한차림", "마상상마"},
                           {"제한시간", "5분"}, {"총수", "0"}, {"대국결과", "한 시간승"}});
  const std::vector<Tag> pgn = pgn_tags(g);
  // The Seven Tag Roster in the PGN standard's form (YYYY.MM.DD, "?" for unknown), the
  // values it changed kept verbatim beside it.
  const std::vector<Tag> want = {{"Event", "친선"},     {"Site", "한게임"},   {"Date", "2010.09.22"},
                                 {"Round", "?"},        {"White", "가"},      {"Black", "나"},
                                 {"Result", "0-1"},     {"GibDate", "2010-09-22"}, {"GibRound", "미상"},
                                 {"Variant", "Janggi"}, {"FEN", std::string(kStartFen)}, {"SetUp", "1"},
                                 {"GibResult", "한 시간승"}, {"제한시간", "5분"},   {"총수", "0"}};
  EXPECT_EQ(pgn, want);
  EXPECT_EQ(through_pgn(g), g.tags);

  // Missing roster tags become "?" and come back missing; a plain win needs no GibResult.
  const Game small = gib_game({{"초차림", "마상상마"}, {"한차림", "마상상마"}, {"대국결과", "초승"}});
  const auto small_pgn = pgn_tags(small);
  EXPECT_EQ(small_pgn[0], (Tag{"Event", "?"}));
  EXPECT_EQ(small_pgn[2], (Tag{"Date", "????.??.??"}));
  EXPECT_EQ(small_pgn[6], (Tag{"Result", "1-0"}));
  EXPECT_EQ(std::count_if(small_pgn.begin(), small_pgn.end(), [](const Tag& t) { return t.name == "GibResult"; }), 0);
  EXPECT_EQ(through_pgn(small), small.tags);

  // An unusual order, a "?" value and a setup with a trailing space: GibTagOrder restores them.
  const Game odd = gib_game({{"대국결과", "무승부"}, {"회전", "?"}, {"한차림", "상마마상"}, {"초차림", "마상상마 "},
                             {"대회명", "x"}});
  Game odd_start = odd;
  odd_start.start.han = Setup::EHHE;
  const auto odd_pgn = pgn_tags(odd_start);
  EXPECT_NE(std::find_if(odd_pgn.begin(), odd_pgn.end(), [](const Tag& t) { return t.name == "GibTagOrder"; }),
            odd_pgn.end());
  EXPECT_EQ(through_pgn(odd_start), odd_start.tags);

  // Rules tags are renamed both ways (formats/tags/README.md).
  const Game rules = gib_game({{"규칙", "kjf-site"}, {"빅장", "on"}});
  const auto rules_pgn = pgn_tags(rules);
  EXPECT_NE(std::find(rules_pgn.begin(), rules_pgn.end(), Tag{"Ruleset", "kjf-site"}), rules_pgn.end());
  EXPECT_NE(std::find(rules_pgn.begin(), rules_pgn.end(), Tag{"Bikjang", "on"}), rules_pgn.end());
  EXPECT_EQ(through_pgn(rules), rules.tags);
}

TEST(TagMap, PgnGamesGetGibTags) {
  Game p;
  p.tags = {{"Event", "casual"}, {"Site", "?"},       {"Date", "2021.01.01"}, {"Round", "-"},
            {"White", "a"},      {"Black", "b"},      {"Result", "1/2-1/2"},  {"TimeControl", "300+3"},
            {"Variant", "Janggi"}, {"FEN", "rbna1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"},
            {"SetUp", "1"}};
  p.start = *start_from_fen(p.tags[9].value);
  p.result_text = "1/2-1/2";
  p.has_result = true;
  const Game g = with_gib_tags(p);
  const std::vector<Tag> want = {{"대회명", "casual"}, {"회전", "-"}, {"대국일자", "2021.01.01"}, {"초대국자", "a"},
                                 {"한대국자", "b"},   {"초차림", "마상상마"}, {"한차림", "상마상마"},
                                 {"TimeControl", "300+3"}, {"Variant", "Janggi"}, {"FEN", p.tags[9].value},
                                 {"SetUp", "1"},    {"대국결과", "무승부"}};
  EXPECT_EQ(g.tags, want);
  EXPECT_EQ(g.result_text, "무승부");
  // And back: the PGN tags of the .gib game are the original ones.
  EXPECT_EQ(pgn_tags(g), p.tags);
}

TEST(TagMap, ResultsAcrossFormats) {
  EXPECT_EQ(normalize_result("1-0").winner, Winner::Cho);
  EXPECT_EQ(normalize_result("0-1").winner, Winner::Han);
  EXPECT_EQ(normalize_result("1/2-1/2").winner, Winner::Draw);
  EXPECT_TRUE(normalize_result("*").recognised);
  EXPECT_EQ(normalize_result("*").winner, Winner::Unknown);
  EXPECT_EQ(normalize_result("한 2.5점 승").margin_half_points, 5);
  EXPECT_EQ(pgn_result_token(normalize_result("초 기권승")), "1-0");
  EXPECT_EQ(pgn_result_token(normalize_result("무효 대국")), "*");
  EXPECT_EQ(gib_result_for_token("0-1"), "한승");
  EXPECT_EQ(gib_result_for_token("*"), "");
}

}  // namespace
}  // namespace gibo
