// The .gib reader and writer on the real corpus copy (tests/data/corpus) and on broken
// fixtures made from it (tests/data/fixtures/gib, see make_fixtures.py there).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <thread>
#include <tuple>

#include "gibo/formats/gib.h"
#include "gibo/record/replay.h"
#include "../test_data.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

// Reads and replays every game of a file under the default profile.
std::vector<Game> load(const fs::path& p, GibFileInfo* info = nullptr, text::Encoding enc = text::Encoding::Auto) {
  GibReadOptions o;
  o.file_name = p.filename().string();
  o.encoding = enc;
  auto games = read_gib(slurp(p), o, info);
  for (Game& g : games) replay_under_profile(g, default_profile());
  return games;
}

// Counts games the simple way: a line starting with '[' after a line that does not.
int count_tag_blocks(const std::string& bytes) {
  int blocks = 0;
  bool prev_tag = false;
  std::size_t start = 0;
  while (start <= bytes.size()) {
    std::size_t end = bytes.find('\n', start);
    if (end == std::string::npos) end = bytes.size();
    std::string line;
    for (std::size_t i = start; i < end; ++i) {
      const unsigned char c = static_cast<unsigned char>(bytes[i]);
      if (c != 0xFF && c != 0x1A && c != '\r') line += static_cast<char>(c);
    }
    const bool tag = !line.empty() && line[0] == '[';
    if (tag && !prev_tag) ++blocks;
    prev_tag = tag;
    start = end + 1;
  }
  return blocks;
}

std::vector<std::tuple<std::string, int, int, int>> errors_of(const std::vector<Game>& games,
                                                               const GibFileInfo& info) {
  std::vector<std::tuple<std::string, int, int, int>> out;
  for (const Diagnostic& d : info.diagnostics)
    if (d.severity == Severity::Error) out.emplace_back(d.code, d.line, d.column, d.ply);
  for (const Game& g : games)
    for (const Diagnostic& d : g.diagnostics)
      if (d.severity != Severity::Note) out.emplace_back(d.code, d.line, d.column, d.ply);
  return out;
}

using Expected = std::vector<std::tuple<std::string, int, int, int>>;

Expected fixture_errors(const std::string& name, std::vector<Game>* games_out = nullptr,
                        GibFileInfo* info_out = nullptr) {
  GibFileInfo info;
  auto games = load(fs::path(GIBO_TEST_DATA "/fixtures/gib") / name, &info);
  auto e = errors_of(games, info);
  if (games_out) *games_out = games;
  if (info_out) *info_out = info;
  return e;
}

// ---------------------------------------------------------------------------

TEST(GibCorpus, EveryGameReadsAndReplays) {
  int files = 0, games_total = 0, valid = 0;
  for (const fs::path& p : corpus_files()) {
    GibFileInfo info;
    auto games = load(p, &info);
    ++files;
    EXPECT_EQ(static_cast<int>(games.size()), count_tag_blocks(slurp(p))) << p;
    EXPECT_EQ(info.encoding, text::Encoding::Cp949) << p;
    for (const Diagnostic& d : info.diagnostics) EXPECT_NE(d.severity, Severity::Error) << format_diagnostic(d);
    for (const Game& g : games) {
      ++games_total;
      if (!g.has_errors()) ++valid;
      for (const Diagnostic& d : g.diagnostics)
        EXPECT_NE(d.severity, Severity::Error) << format_diagnostic(d);
      EXPECT_EQ(g.valid_plies, static_cast<int>(g.plies.size())) << p;
      EXPECT_FALSE(g.original_text.empty());
    }
  }
  EXPECT_EQ(files, 40);
  EXPECT_GE(valid * 1000, games_total * 999);
}

// GibFile reads any game on its own, in any order and from several threads at once,
// exactly as read_gib reads it in order.
TEST(GibCorpus, GibFileReadsGamesInAnyOrderFromAnyThread) {
  std::string all;  // every corpus file in one, many games
  for (const fs::path& p : corpus_files()) all += slurp(p) + "\n";
  GibReadOptions o;
  o.file_name = "all.gib";
  GibFileInfo info;
  const std::vector<Game> in_order = read_gib(all, o, &info);
  const GibFile file(all, o);
  ASSERT_EQ(file.games(), static_cast<int>(in_order.size()));
  ASSERT_GT(file.games(), 80);
  EXPECT_EQ(file.info().diagnostics.size(), info.diagnostics.size());
  auto same = [](const Game& a, const Game& b) {
    return a.tags == b.tags && a.plies == b.plies && a.header_comments == b.header_comments && a.start == b.start &&
           a.original_text == b.original_text && a.source.line == b.source.line &&
           a.source.game_index == b.source.game_index && a.diagnostics.size() == b.diagnostics.size();
  };
  for (int k = file.games() - 1; k >= 0; --k) EXPECT_TRUE(same(file.game(k), in_order[static_cast<std::size_t>(k)])) << k;
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int k = t; k < file.games(); k += 4) mismatches[t] += !same(file.game(k), in_order[static_cast<std::size_t>(k)]);
    });
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(mismatches, std::vector<int>(4, 0));
}

TEST(GibCorpus, SourceLocationsPointAtTheGames) {
  for (const fs::path& p : corpus_files()) {
    const std::string bytes = slurp(p);
    for (const Game& g : load(p)) {
      ASSERT_LE(g.source.byte_offset + g.source.byte_length, bytes.size());
      // The game's first non-filler byte is the '[' of its first tag.
      std::size_t i = g.source.byte_offset;
      while (i < bytes.size() && (static_cast<unsigned char>(bytes[i]) == 0xFF || bytes[i] == 0x1A)) ++i;
      EXPECT_EQ(bytes[i], '[') << p << " game " << g.source.game_index;
    }
  }
}

TEST(GibCorpus, OldCoordinatesLetterSquaresAndCustomPositions) {
  // 구좌표 games (1-90 numbering) replay; so do letter squares and [판] starts with Han first.
  auto old = load(fs::path(GIBO_TEST_DATA "/corpus/pobsiz_leeilhoon_myeonsang.gib"));
  int old_games = 0;
  for (const Game& g : old)
    if (g.tag("기보형식")) {
      ++old_games;
      EXPECT_FALSE(g.has_errors());
    }
  EXPECT_GT(old_games, 0);
  auto letters = load(fs::path(GIBO_TEST_DATA "/corpus/pobsiz_kakao041_g093.gib"));
  ASSERT_EQ(letters.size(), 1u);
  EXPECT_FALSE(letters[0].has_errors());
  auto kakao = load(fs::path(GIBO_TEST_DATA "/corpus/pobsiz_kakao001_g000-001.gib"));
  ASSERT_EQ(kakao.size(), 2u);
  EXPECT_TRUE(kakao[0].start.custom);
  EXPECT_EQ(kakao[0].start.first_to_move, Side::Han);
  EXPECT_FALSE(kakao[0].has_errors());
}

// ---------------------------------------------------------------------------
// Fixtures: exact diagnostics (code, line, column, ply).

TEST(GibFixtures, FfInsideATagLine) {
  std::vector<Game> games;
  GibFileInfo info;
  EXPECT_EQ(fixture_errors("ff_in_tag_line.gib", &games, &info), Expected{});
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(*games[0].tag("대회명"), "2010 추석 특집 KBS장기왕전");
  ASSERT_EQ(info.filler_runs.size(), 1u);
  EXPECT_EQ(info.filler_runs[0].offset, 11u);  // '[' + 6 bytes of 대회명 + ' "20'
  EXPECT_EQ(info.filler_runs[0].length, 2u);
}

TEST(GibFixtures, SubstituteByteMidFile) {
  std::vector<Game> games;
  GibFileInfo info;
  EXPECT_EQ(fixture_errors("sub_mid_file.gib", &games, &info), Expected{});
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[1].plies.size(), 107u);
  ASSERT_EQ(info.filler_runs.size(), 2u);
  EXPECT_EQ(info.filler_runs[0].byte, 0x1A);
  EXPECT_EQ(info.filler_runs[1].byte, 0xFF);
}

TEST(GibFixtures, CrlfAndUtf8WithBom) {
  GibFileInfo info;
  std::vector<Game> games;
  EXPECT_EQ(fixture_errors("crlf.gib", &games, &info), Expected{});
  EXPECT_GT(info.crlf, 0);
  EXPECT_EQ(info.lf, 0);
  EXPECT_EQ(fixture_errors("utf8_bom.gib", &games, &info), Expected{});
  EXPECT_TRUE(info.bom);
  EXPECT_EQ(info.encoding, text::Encoding::Utf8);
  EXPECT_EQ(games[0].plies.size(), 107u);
}

TEST(GibFixtures, UnterminatedComment) {
  std::vector<Game> games;
  EXPECT_EQ(fixture_errors("unterminated_comment.gib", &games),
            (Expected{{"unterminated-comment", 14, 1, 0}}));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].plies.size(), 107u);  // the moves after it are not swallowed
  ASSERT_EQ(games[0].plies[5].comments.size(), 1u);
}

TEST(GibFixtures, TruncatedMoveToken) {
  std::vector<Game> games;
  EXPECT_EQ(fixture_errors("truncated_move.gib", &games), (Expected{{"truncated-ply", 13, 24, 3}}));
  EXPECT_EQ(games[0].valid_plies, 2);
}

TEST(GibFixtures, WrongPieceNamed) {
  EXPECT_EQ(fixture_errors("wrong_piece.gib"), (Expected{{"wrong-piece", 13, 24, 3}}));
}

// The severity of the only diagnostic of a one-game fixture (replayed with `options`).
Severity only_severity(const std::string& name, const ReplayOptions& options = {}) {
  GibReadOptions o;
  o.file_name = name;
  auto games = read_gib(slurp(fs::path(GIBO_TEST_DATA "/fixtures/gib") / name), o);
  EXPECT_EQ(games.size(), 1u);
  if (games.empty()) return Severity::Note;
  replay_under_profile(games[0], default_profile(), options);
  EXPECT_EQ(games[0].diagnostics.size(), 1u) << name;
  return games[0].diagnostics.empty() ? Severity::Note : games[0].diagnostics.front().severity;
}

TEST(GibFixtures, WrongAndMissingCaptureSuffix) {
  // Decision 12: a wrong claim is an error, a missing one (in a game that marks the
  // others) a warning, or an error under --strict.
  EXPECT_EQ(fixture_errors("wrong_capture.gib"), (Expected{{"wrong-capture", 15, 49, 17}}));
  EXPECT_EQ(only_severity("wrong_capture.gib"), Severity::Error);
  std::vector<Game> games;
  EXPECT_EQ(fixture_errors("missing_capture.gib", &games), (Expected{{"missing-capture", 15, 49, 17}}));
  EXPECT_EQ(only_severity("missing_capture.gib"), Severity::Warning);
  EXPECT_FALSE(games[0].has_errors());
  EXPECT_TRUE(games[0].annotated);
  EXPECT_EQ(games[0].valid_plies, 107);
  ReplayOptions strict;
  strict.strict_annotations = true;
  EXPECT_EQ(only_severity("missing_capture.gib", strict), Severity::Error);
}

TEST(GibFixtures, MissingAndFalseCheck) {
  EXPECT_EQ(fixture_errors("missing_check.gib"), (Expected{{"missing-check", 16, 5, 19}}));
  EXPECT_EQ(only_severity("missing_check.gib"), Severity::Warning);
  EXPECT_EQ(fixture_errors("false_check.gib"), (Expected{{"false-check", 16, 18, 20}}));
  EXPECT_EQ(only_severity("false_check.gib"), Severity::Error);
}

TEST(GibFixtures, UnannotatedGameIsValidWithOneNote) {
  // No capture suffix and no 장군 anywhere, although the game has 22 captures and 10
  // checks: one note at the first ply that would carry a mark, the game valid.
  GibReadOptions o;
  o.file_name = "unannotated.gib";
  auto games = read_gib(slurp(fs::path(GIBO_TEST_DATA "/fixtures/gib/unannotated.gib")), o);
  ASSERT_EQ(games.size(), 1u);
  Game strict_copy = games[0];
  Game& g = games[0];
  replay_under_profile(g, default_profile());
  ASSERT_EQ(g.diagnostics.size(), 1u);
  const Diagnostic& d = g.diagnostics[0];
  EXPECT_EQ(std::make_tuple(d.code, d.severity, d.line, d.column, d.ply),
            std::make_tuple(std::string("unannotated"), Severity::Note, 15, 49, 17));
  EXPECT_NE(d.message.find("22 captures and 10 checks"), std::string::npos) << d.message;
  EXPECT_FALSE(g.annotated);
  EXPECT_FALSE(g.has_errors());
  EXPECT_EQ(g.valid_plies, 107);

  // --strict: every missing mark is an error, the valid prefix ends before the first.
  ReplayOptions strict;
  strict.strict_annotations = true;
  replay_under_profile(strict_copy, default_profile(), strict);
  // 22 missing captures (20 listed and one count of the other 2: record/game.h) and 10
  // missing checks.
  EXPECT_EQ(strict_copy.diagnostics.size(), 31u);
  EXPECT_EQ(std::count_if(strict_copy.diagnostics.begin(), strict_copy.diagnostics.end(),
                          [](const Diagnostic& e) {
                            return e.message == "(2 more missing-capture diagnostics in this game not listed)";
                          }),
            1);
  for (const Diagnostic& e : strict_copy.diagnostics) EXPECT_EQ(e.severity, Severity::Error) << e.code;
  EXPECT_EQ(strict_copy.diagnostics.front().code, "missing-capture");
  EXPECT_EQ(strict_copy.diagnostics.front().ply, 17);
  EXPECT_EQ(strict_copy.valid_plies, 16);
  EXPECT_FALSE(strict_copy.annotated);
  for (std::size_t i = 1; i < strict_copy.diagnostics.size(); ++i)
    EXPECT_LE(strict_copy.diagnostics[i - 1].ply, strict_copy.diagnostics[i].ply);  // in ply order

  // The writer computes every mark from the board: the .gib it writes reads back
  // annotated, and with the original's tokens.
  const std::string written = write_gib({g}, GibWriteOptions{});
  auto again = read_gib(written, GibReadOptions{});
  ASSERT_EQ(again.size(), 1u);
  replay_under_profile(again[0], default_profile());
  EXPECT_TRUE(again[0].annotated);
  EXPECT_TRUE(again[0].diagnostics.empty());
  const auto original = load(fs::path(GIBO_TEST_DATA "/corpus/pobsiz_2010_kbs_chuseok.gib"));
  EXPECT_EQ(written, write_gib(original, GibWriteOptions{}));
}

// ---------------------------------------------------------------------------
// 0x1A (the DOS end-of-file mark) ends the text.

TEST(GibEndOfFile, FillerAfterTheMarkIsRecordedNotReported) {
  // A file converted to UTF-8: the 0xFF after the mark became U+FFFD.
  std::vector<Game> games;
  GibFileInfo info;
  EXPECT_EQ(fixture_errors("eof_utf8_fffd.gib", &games, &info), Expected{});
  EXPECT_TRUE(info.diagnostics.empty());
  EXPECT_EQ(info.encoding, text::Encoding::Utf8);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].plies.size(), 107u);
  ASSERT_EQ(info.filler_runs.size(), 2u);
  EXPECT_EQ(info.filler_runs[0].byte, 0x1A);
  EXPECT_EQ(info.filler_runs[1].byte, 0xEF);
  EXPECT_EQ(info.filler_runs[1].length, 6u);
  EXPECT_EQ(info.filler_runs[1].offset + 6, slurp(fs::path(GIBO_TEST_DATA "/fixtures/gib/eof_utf8_fffd.gib")).size());
}

TEST(GibEndOfFile, TextAfterTheMarkIsNotReadAndReportedOnce) {
  std::vector<Game> games;
  GibFileInfo info;
  EXPECT_EQ(fixture_errors("eof_trailer_text.gib", &games, &info), Expected{});  // no error
  ASSERT_EQ(info.diagnostics.size(), 1u);
  const Diagnostic& d = info.diagnostics[0];
  EXPECT_EQ(std::make_tuple(d.code, d.severity, d.line, d.column, d.ply),
            std::make_tuple(std::string("text-after-eof"), Severity::Warning, 32, 1, 0));
  EXPECT_NE(d.message.find("21 bytes"), std::string::npos) << d.message;  // "1. 79졸78 2. 41병42\n" + 0xFF
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].plies.size(), 107u);  // the trailer's plies are not the game's

  // The mark inside a move line: the line ends there.
  EXPECT_EQ(fixture_errors("eof_in_move_line.gib", &games, &info), (Expected{{"ply-count-mismatch", 10, 1, 0}}));
  ASSERT_EQ(info.diagnostics.size(), 1u);
  EXPECT_EQ(std::make_tuple(info.diagnostics[0].code, info.diagnostics[0].line, info.diagnostics[0].column),
            std::make_tuple(std::string("text-after-eof"), 30, 52));
  EXPECT_EQ(games[0].plies.size(), 106u);
  EXPECT_FALSE(games[0].has_errors());
}

TEST(GibEndOfFile, CorpusMarksAreFillerAndAMidFileMarkBeforeAGameIsNoEnd) {
  // Six corpus files hold 0x1A: five at the end (with or without 0xFF after it), one
  // mid-file before the next game's tag line (FF FF 1A FF FF FF FF FF [대회명 …).
  int marks = 0;
  for (const fs::path& p : corpus_files()) {
    const std::string bytes = slurp(p);
    if (bytes.find('\x1a') == std::string::npos) continue;
    ++marks;
    GibFileInfo info;
    const auto games = load(p, &info);
    EXPECT_TRUE(info.diagnostics.empty()) << p;
    EXPECT_EQ(static_cast<int>(games.size()), count_tag_blocks(bytes)) << p;
    const bool has_sub_run = std::any_of(info.filler_runs.begin(), info.filler_runs.end(),
                                         [](const FillerRun& r) { return r.byte == 0x1A; });
    EXPECT_TRUE(has_sub_run) << p;
  }
  EXPECT_EQ(marks, 6);
  const auto champion = load(fs::path(GIBO_TEST_DATA "/corpus/pobsiz_champion4_g035-036.gib"));
  EXPECT_EQ(champion.size(), 2u);
}

TEST(GibFixtures, SideMarkAndIllegalMove) {
  EXPECT_EQ(fixture_errors("wrong_side_mark.gib"), (Expected{{"wrong-side-mark", 13, 14, 2}}));
  std::vector<Game> games;
  EXPECT_EQ(fixture_errors("illegal_move.gib", &games), (Expected{{"bad-movement", 13, 4, 1}}));
  EXPECT_EQ(games[0].valid_plies, 0);
  EXPECT_EQ(games[0].plies.size(), 107u);  // the record is kept whole
}

TEST(GibFixtures, PlyCountMismatchIsAWarning) {
  std::vector<Game> games;
  EXPECT_EQ(fixture_errors("ply_count_mismatch.gib", &games), (Expected{{"ply-count-mismatch", 10, 1, 0}}));
  EXPECT_FALSE(games[0].has_errors());
}

TEST(GibFixtures, MissingSetupsAreInferredFromTheMoves) {
  std::vector<Game> games;
  EXPECT_EQ(fixture_errors("missing_setup.gib", &games), (Expected{{"missing-setup", 1, 1, 0}}));
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].has_errors());
  EXPECT_EQ(games[0].start.cho, Setup::HEHE);
  EXPECT_EQ(games[0].start.han, Setup::HEHE);
  EXPECT_EQ(games[0].diagnostics.back().code, "setup-inferred");
}

TEST(GibFixtures, TygemGoEmptyAndGarbage) {
  EXPECT_EQ(fixture_errors("tygem_go.gib"), (Expected{{"not-janggi", 1, 0, 0}}));
  EXPECT_EQ(fixture_errors("empty.gib"), (Expected{{"empty-file", 0, 0, 0}}));
  GibFileInfo info;
  std::vector<Game> games;
  auto e = fixture_errors("binary_garbage.gib", &games, &info);
  EXPECT_TRUE(games.empty());
  ASSERT_FALSE(e.empty());
  EXPECT_EQ(std::get<0>(e.back()), "no-games");
  // undecodable bytes are listed (capped at 20) plus one summary line
  EXPECT_EQ(std::count_if(e.begin(), e.end(), [](auto& t) { return std::get<0>(t) == "undecodable-bytes"; }), 21);
}

TEST(GibFixtures, TenMegabyteSingleLine) {
  // A header and one 10 MB move line of junk tokens, then the same with no header.
  std::string header = "[대회명 \"x\"]\n\n";
  std::string line;
  line.reserve(10 << 20);
  while (line.size() < (10u << 20)) line += "1. 79졸78 2. xx ";
  GibFileInfo info;
  auto games = read_gib(header + line + "\n", GibReadOptions{}, &info);
  ASSERT_EQ(games.size(), 1u);
  std::vector<std::string> errors;
  for (const Diagnostic& d : games[0].diagnostics)
    if (d.severity == Severity::Error) errors.push_back(d.code);
  EXPECT_EQ(errors, std::vector<std::string>{"bad-token"});
  EXPECT_EQ(games[0].plies.size(), 1u);
  GibFileInfo info2;
  auto none = read_gib(line, GibReadOptions{}, &info2);
  EXPECT_TRUE(none.empty());
  EXPECT_FALSE(info2.diagnostics.empty());
}

// ---------------------------------------------------------------------------

TEST(GibResult, NormalisedByGrammar) {
  struct Case {
    const char* text;
    Winner winner;
    ResultMethod method;
    std::optional<int> margin;
  };
  const Case cases[] = {
      {"한 완승", Winner::Han, ResultMethod::Outright, {}},
      {"초 기권승", Winner::Cho, ResultMethod::Resignation, {}},
      {"초승(기권) ", Winner::Cho, ResultMethod::Resignation, {}},
      {"漢의 기권승", Winner::Han, ResultMethod::Resignation, {}},
      {"한승(외통수)", Winner::Han, ResultMethod::Checkmate, {}},
      {"楚 장군승", Winner::Cho, ResultMethod::Checkmate, {}},
      {"초 접속 끊김 패", Winner::Han, ResultMethod::Disconnection, {}},
      {"한기권패", Winner::Cho, ResultMethod::Resignation, {}},
      {"한시간패", Winner::Cho, ResultMethod::Time, {}},
      {"한 2.5점 승", Winner::Han, ResultMethod::Points, 5},
      {"한 8.5 점수승", Winner::Han, ResultMethod::Points, 17},
      {"초승(13.5점)", Winner::Cho, ResultMethod::Points, 27},
      {"초 1.5점 승(정선)", Winner::Cho, ResultMethod::Points, 3},
      {"초 5회 끊김승", Winner::Cho, ResultMethod::Disconnection, {}},
      {"한 빅승", Winner::Han, ResultMethod::Bikjang, {}},
      {"초실격승", Winner::Cho, ResultMethod::Forfeit, {}},
      {"무승부(동의)", Winner::Draw, ResultMethod::Agreement, {}},
      {"무승부(빅장)", Winner::Draw, ResultMethod::Bikjang, {}},
      {"무승부'", Winner::Draw, ResultMethod::Unspecified, {}},
      {"무효 대국", Winner::Void, ResultMethod::None, {}},
      {"통신장애중단", Winner::Void, ResultMethod::None, {}},
      {"미상", Winner::Unknown, ResultMethod::None, {}},
      {"초 와늣", Winner::Cho, ResultMethod::Outright, {}},
      {"한 판정승", Winner::Han, ResultMethod::Points, {}},  // not in the corpus, read by the grammar
  };
  for (const Case& c : cases) {
    const NormalizedResult r = normalize_gib_result(c.text);
    EXPECT_TRUE(r.recognised) << c.text;
    EXPECT_EQ(r.winner, c.winner) << c.text;
    EXPECT_EQ(r.method, c.method) << c.text;
    EXPECT_EQ(r.margin_half_points, c.margin) << c.text;
  }
  EXPECT_FALSE(normalize_gib_result("아무말").recognised);
}

TEST(GibPan, ConvertsBottomUpWithSideToMove) {
  const std::string pan = "차마상사1사상마차/4장/1포5포/졸1졸1졸1졸1졸///兵1兵1兵1兵1兵/1包5包/4將/車馬象3馬象車 한 접장기";
  auto fen = pan_to_fen(pan);
  ASSERT_TRUE(fen);
  EXPECT_EQ(*fen, "rnb3nbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR b - - 0 1");
  Position pos;
  ASSERT_FALSE(pos.set_fen(*fen));
  EXPECT_EQ(fen_to_pan(pos), "차마상사1사상마차/4장/1포5포/졸1졸1졸1졸1졸///兵1兵1兵1兵1兵/1包5包/4將/車馬象3馬象車 한 접장기");
  const auto bad = pan_to_fen("차마상/// 접장기");
  ASSERT_FALSE(bad);
  EXPECT_FALSE(bad.error().message.empty());
}

// ---------------------------------------------------------------------------
// Round trip: read -> write -> read keeps moves, tags, result, comments and times.

void expect_same_games(const std::vector<Game>& a, const std::vector<Game>& b, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].tags, b[i].tags) << what << " game " << i;
    EXPECT_EQ(a[i].result_text, b[i].result_text) << what;
    EXPECT_EQ(a[i].header_comments, b[i].header_comments) << what;
    EXPECT_EQ(a[i].start, b[i].start) << what;
    ASSERT_EQ(a[i].plies.size(), b[i].plies.size()) << what << " game " << i;
    for (std::size_t k = 0; k < a[i].plies.size(); ++k) {
      const RecordedPly &x = a[i].plies[k], &y = b[i].plies[k];
      EXPECT_EQ(x.pass, y.pass) << what;
      EXPECT_EQ(x.move, y.move) << what << " game " << i << " ply " << k + 1;
      EXPECT_EQ(x.seconds, y.seconds) << what;
      EXPECT_EQ(x.comments, y.comments) << what;
    }
    EXPECT_EQ(a[i].has_errors(), b[i].has_errors()) << what;
  }
}

TEST(GibRoundTrip, WholeCorpusBothEncodingsBothScripts) {
  for (const fs::path& p : corpus_files()) {
    const auto games = load(p);
    for (auto enc : {text::Encoding::Utf8, text::Encoding::Cp949})
      for (bool hanja : {false, true}) {
        GibWriteOptions wo;
        wo.encoding = enc;
        wo.hanja = hanja;
        const std::string written = write_gib(games, wo);
        GibReadOptions ro;
        ro.file_name = p.filename().string();
        GibFileInfo info;
        auto again = read_gib(written, ro, &info);
        EXPECT_EQ(info.encoding, enc) << p;
        for (Game& g : again)
          replay_under_profile(g, default_profile());
        expect_same_games(games, again, p.filename().string() + (hanja ? " hanja " : " hangul ") +
                                            std::string(text::encoding_name(enc)));
        // A second write is byte-identical (the writer is canonical).
        EXPECT_EQ(write_gib(again, wo), written) << p;
      }
  }
}

}  // namespace
}  // namespace gibo
