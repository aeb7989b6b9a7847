// The PGN reader and writer: one fixture per reader quirk (tests/data/fixtures/pgn, made by
// make_fixtures.py there), round trips gib -> pgn -> gib and pgn -> gib -> pgn over the
// whole corpus copy, and the 300 Fairy-Stockfish reference games (tests/data/notations.jsonl)
// written as PGN, read back, and written again.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <tuple>

#include "gibo/formats/fen.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/json_value.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_text.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"
#include "reference_games.h"
#include "../test_data.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;
using namespace gibo::testing;

void replay_all(std::vector<Game>& games) {
  for (Game& g : games) replay_under_profile(g, default_profile());
}

std::vector<Game> load_gib(const std::string& bytes, const std::string& name) {
  GibReadOptions o;
  o.file_name = name;
  auto games = read_gib(bytes, o);
  replay_all(games);
  return games;
}

std::vector<Game> load_pgn(const std::string& bytes, const std::string& name, TextFileInfo* info = nullptr,
                           PgnRanks ranks = PgnRanks::Auto) {
  PgnReadOptions o;
  o.file_name = name;
  o.ranks = ranks;
  auto games = read_pgn(bytes, o, info);
  replay_all(games);
  return games;
}

// (code, severity, line, column, ply) of every diagnostic of the games and the file.
using Found = std::vector<std::tuple<std::string, Severity, int, int, int>>;

Found diagnostics_of(const std::vector<Game>& games, const TextFileInfo& info) {
  Found out;
  for (const Diagnostic& d : info.diagnostics) out.emplace_back(d.code, d.severity, d.line, d.column, d.ply);
  for (const Game& g : games)
    for (const Diagnostic& d : g.diagnostics) out.emplace_back(d.code, d.severity, d.line, d.column, d.ply);
  return out;
}

struct Fixture {
  std::vector<Game> games;
  TextFileInfo info;
  Found found;
};

Fixture fixture(const std::string& name, PgnRanks ranks = PgnRanks::Auto) {
  Fixture f;
  f.games = load_pgn(slurp(fs::path(GIBO_TEST_DATA "/fixtures/pgn") / name), name, &f.info, ranks);
  f.found = diagnostics_of(f.games, f.info);
  return f;
}

std::vector<std::string> uci_moves(const Game& g) {
  std::vector<std::string> out;
  for (const RecordedPly& p : g.plies) out.push_back(uci(p.move));
  return out;
}

// ---------------------------------------------------------------------------
// Reference games

// A reference game as pychess would export it (roster, clock, Variant, FEN, SetUp) plus
// the [Ruleset] it was played under.
std::string reference_pgn(const ReferenceGame& g) {
  std::string out = "[Event \"reference game " + std::to_string(g.id) + "\"]\n[Site \"?\"]\n[Date \"2021.01.01\"]\n"
                    "[Round \"-\"]\n[White \"Fairy-Stockfish\"]\n[Black \"Fairy-Stockfish\"]\n[Result \"" +
                    g.result + "\"]\n[TimeControl \"300+3\"]\n[Variant \"Janggi\"]\n[FEN \"" + g.start_fen +
                    "\"]\n[SetUp \"1\"]\n[Ruleset \"" + std::string(profile_id_for_variant(g.variant)) + "\"]\n\n";
  for (std::size_t i = 0; i < g.san.size(); ++i) {
    if (i % 2 == 0) out += std::to_string(i / 2 + 1) + ". ";
    out += g.san[i] + (i % 16 == 15 ? "\n" : " ");
  }
  return out + g.result + "\n";
}

// The SAN tokens of a PGN game's movetext (tags, numbers, comments and result removed).
std::vector<std::string> movetext_sans(const std::string& pgn) {
  std::vector<std::string> out;
  std::istringstream in(pgn);
  std::string line, text;
  while (std::getline(in, line))
    if (line.empty() || line[0] != '[') text += line + "\n";
  std::string clean;
  int depth = 0;
  for (char c : text) {
    if (c == '{') ++depth;
    else if (c == '}') --depth;
    else if (!depth) clean += c;
  }
  for (const std::string& w : split_words(clean)) {
    if (w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*") continue;
    if (!w.empty() && w[0] >= '0' && w[0] <= '9') continue;  // move numbers
    out.push_back(w);
  }
  return out;
}

TEST(PgnReference, ThreeHundredGamesReadWriteAndRoundTrip) {
  const auto& games = reference_games();
  ASSERT_EQ(games.size(), 300u);
  int plies = 0;
  for (const ReferenceGame& ref : games) {
    const std::string what = "reference game " + std::to_string(ref.id);
    const std::string p0 = reference_pgn(ref);
    TextFileInfo info;
    auto read = load_pgn(p0, "ref.pgn", &info);
    ASSERT_EQ(read.size(), 1u) << what;
    const Game& g = read[0];
    EXPECT_FALSE(g.has_errors()) << what << ": " << (g.diagnostics.empty() ? "" : format_diagnostic(g.diagnostics[0]));
    // gibo reads Fairy-Stockfish's SAN back to the same moves ...
    EXPECT_EQ(uci_moves(g), ref.uci) << what;
    plies += static_cast<int>(g.plies.size());
    // ... reaches the same final position ...
    FenWriteOptions fo;
    EXPECT_EQ(write_fen({g}, fo), ref.final_fen + "\n") << what;
    // ... and writes the SAN exactly as Fairy-Stockfish does.
    const std::string p1 = write_pgn(read);
    EXPECT_EQ(movetext_sans(p1), ref.san) << what;
    EXPECT_EQ(*g.tag("Result"), ref.result);

    // pgn -> pgn is stable, and pgn -> gib -> pgn gives the same PGN back.
    auto again = load_pgn(p1, "ref.pgn");
    EXPECT_EQ(write_pgn(again), p1) << what;
    std::vector<Game> as_gib;
    for (const Game& x : again) as_gib.push_back(with_gib_tags(x));
    const std::string gib_text = write_gib(as_gib, GibWriteOptions{});
    auto from_gib = load_gib(gib_text, "ref.gib");
    ASSERT_EQ(from_gib.size(), 1u) << what;
    EXPECT_FALSE(from_gib[0].has_errors()) << what;
    EXPECT_EQ(*from_gib[0].tag("규칙"), "fs-janggi");
    EXPECT_EQ(write_pgn(from_gib), p1) << what << "\n" << gib_text;
  }
  EXPECT_GT(plies, 30000);
}

// ---------------------------------------------------------------------------
// Corpus round trips

TEST(PgnCorpus, GibToPgnToGibKeepsEverything) {
  int files = 0, games_total = 0;
  for (const fs::path& p : corpus_files()) {
    const std::string name = p.filename().string();
    const auto games = load_gib(slurp(p), name);
    const std::string pgn = write_pgn(games);
    TextFileInfo info;
    const auto read = load_pgn(pgn, name + ".pgn", &info);
    ASSERT_EQ(read.size(), games.size()) << name;
    EXPECT_TRUE(info.diagnostics.empty()) << name;
    std::vector<Game> back;
    for (std::size_t i = 0; i < read.size(); ++i) {
      EXPECT_FALSE(read[i].has_errors()) << name << " game " << i;
      back.push_back(with_gib_tags(read[i]));
    }
    // Every tag (names, values, order), the result text, comments, times and moves.
    for (std::size_t i = 0; i < games.size(); ++i) {
      EXPECT_EQ(back[i].tags, games[i].tags) << name << " game " << i;
      EXPECT_EQ(back[i].result_text, games[i].result_text) << name << " game " << i;
      EXPECT_EQ(back[i].header_comments, games[i].header_comments) << name;
      EXPECT_EQ(back[i].start.custom, games[i].start.custom) << name;
      ASSERT_EQ(back[i].plies.size(), games[i].plies.size()) << name << " game " << i;
      for (std::size_t k = 0; k < games[i].plies.size(); ++k) {
        EXPECT_EQ(back[i].plies[k].move, games[i].plies[k].move) << name << " game " << i << " ply " << k + 1;
        EXPECT_EQ(back[i].plies[k].pass, games[i].plies[k].pass) << name;
        EXPECT_EQ(back[i].plies[k].seconds, games[i].plies[k].seconds) << name;
        EXPECT_EQ(back[i].plies[k].comments, games[i].plies[k].comments) << name;
      }
    }
    // And the .gib written from it is byte-identical to the .gib written directly.
    EXPECT_EQ(write_gib(back, GibWriteOptions{}), write_gib(games, GibWriteOptions{})) << name;
    ++files;
    games_total += static_cast<int>(games.size());
  }
  EXPECT_EQ(files, 40);
  EXPECT_GE(games_total, 84);
}

TEST(PgnCorpus, PgnToGibToPgnKeepsEverything) {
  for (const fs::path& p : corpus_files()) {
    const std::string name = p.filename().string();
    const std::string p1 = write_pgn(load_gib(slurp(p), name));
    const auto read = load_pgn(p1, name + ".pgn");
    std::vector<Game> as_gib;
    for (const Game& g : read) as_gib.push_back(with_gib_tags(g));
    for (auto enc : {text::Encoding::Utf8, text::Encoding::Cp949}) {
      GibWriteOptions wo;
      wo.encoding = enc;
      const auto from_gib = load_gib(write_gib(as_gib, wo), name);
      EXPECT_EQ(write_pgn(from_gib), p1) << name;
    }
  }
}

// ---------------------------------------------------------------------------
// Fixtures: one per quirk, with the diagnostics expected (code, severity, line, col, ply).

TEST(PgnFixtures, PychessExport) {
  const Fixture f = fixture("pychess.pgn");
  EXPECT_EQ(f.found, Found{});
  ASSERT_EQ(f.games.size(), 1u);
  const Game& g = f.games[0];
  EXPECT_EQ(g.plies.size(), 43u);
  EXPECT_EQ(g.tags.size(), 14u);
  EXPECT_EQ(g.tags[7].name, "TimeControl");
  EXPECT_EQ(*g.tag("BlackElo"), "1500?");
  EXPECT_EQ(g.result_text, "0-1");
  EXPECT_EQ(g.saved_profile_id, "fs-janggi");
  EXPECT_FALSE(g.start.custom);
  EXPECT_EQ(g.start.cho, Setup::HEEH);
  EXPECT_EQ(g.start.han, Setup::HEHE);
  EXPECT_TRUE(g.plies[20].pass);  // Ke2
  EXPECT_EQ(g.plies[20].move, Move::pass(parse_square("e2")));
  EXPECT_EQ(g.plies[0].line, 16);
  EXPECT_EQ(g.plies[0].column, 4);
  EXPECT_EQ(g.source.line, 1);
  // The written PGN keeps the pychess tag order (the roster is already first), the opening
  // gibo names added after the start tags.
  std::string out = write_pgn(f.games);
  const std::string opening = "[SetUp \"1\"]\n[Opening \"미상 대 미상\"]\n[OpeningCode \"HEEH,HEHE:?:?\"]\n";
  ASSERT_TRUE(contains(out, opening)) << out.substr(0, out.find("\n\n"));
  out.replace(out.find(opening), opening.size(), "[SetUp \"1\"]\n");
  EXPECT_EQ(out.substr(0, out.find("\n\n")), slurp(GIBO_TEST_DATA "/fixtures/pgn/pychess.pgn").substr(0, out.find("\n\n")));
}

TEST(PgnFixtures, WinboardZeroBasedRanksDetectedOrForced) {
  const Fixture f = fixture("winboard.pgn");
  EXPECT_EQ(f.found, (Found{{"zero-based-ranks", Severity::Note, 14, 4, 0}}));
  ASSERT_EQ(f.games.size(), 1u);
  EXPECT_EQ(f.games[0].plies.size(), 43u);
  EXPECT_EQ(uci_moves(f.games[0]), reference_games()[0].uci);
  const Fixture forced = fixture("winboard.pgn", PgnRanks::ZeroBased);
  EXPECT_EQ(forced.found, Found{});
  EXPECT_EQ(uci_moves(forced.games[0]), reference_games()[0].uci);
  // Forced 1-based ranks: the first move already names no move.
  const Fixture wrong = fixture("winboard.pgn", PgnRanks::OneBased);
  ASSERT_FALSE(wrong.found.empty());
  EXPECT_EQ(std::get<1>(wrong.found[0]), Severity::Error);
  EXPECT_LT(wrong.games[0].plies.size(), 43u);
}

TEST(PgnFixtures, NAndBLetters) {
  const Fixture f = fixture("nb_letters.pgn");
  EXPECT_EQ(f.found, Found{});
  EXPECT_EQ(uci_moves(f.games[0]), reference_games()[1].uci);
  // Written back with H and E.
  EXPECT_EQ(movetext_sans(write_pgn(f.games)), reference_games()[1].san);
}

TEST(PgnFixtures, ByteOrderMarkAndCrlf) {
  const Fixture f = fixture("bom_crlf.pgn");
  EXPECT_EQ(f.found, Found{});
  EXPECT_TRUE(f.info.bom);
  ASSERT_EQ(f.games.size(), 1u);
  EXPECT_EQ(f.games[0].plies.size(), 13u);
  EXPECT_EQ(f.games[0].source.byte_offset, 3u);  // after the BOM
  EXPECT_EQ(*f.games[0].tag("Event"), "PyChess casual game");
}

TEST(PgnFixtures, CommentsEscapesGlyphsNagsAndTimes) {
  const Fixture f = fixture("comments.pgn");
  EXPECT_EQ(f.found, Found{});
  const Game& g = f.games[0];
  ASSERT_EQ(g.plies.size(), 13u);
  // The NAGs are their plies' ($1 after 1...Pa6!?, $14 after 3...Pih7).
  EXPECT_EQ(g.plies[1].nags, std::vector<int>{1});
  EXPECT_EQ(g.plies[5].nags, std::vector<int>{14});
  EXPECT_EQ(g.header_comments, std::vector<std::string>{"A header comment\nover two lines"});
  EXPECT_EQ(g.plies[0].seconds, 7);
  EXPECT_TRUE(g.plies[0].comments.empty());
  EXPECT_EQ(g.plies[1].comments, std::vector<std::string>{"first reply"});
  EXPECT_EQ(g.plies[2].comments, std::vector<std::string>{" rest-of-line comment"});
  EXPECT_EQ(g.plies[3].seconds, 65);
  EXPECT_EQ(g.plies[3].comments, std::vector<std::string>{"thinking"});
  EXPECT_EQ(g.plies[12].comments, std::vector<std::string>{"last move"});
  EXPECT_EQ(uci_moves(g), reference_games()[1].uci);
  // Comments and times survive a write and a read.
  const auto again = load_pgn(write_pgn(f.games), "again.pgn");
  EXPECT_EQ(again[0].header_comments, g.header_comments);
  for (std::size_t k = 0; k < g.plies.size(); ++k) {
    EXPECT_EQ(again[0].plies[k].comments, g.plies[k].comments);
    EXPECT_EQ(again[0].plies[k].seconds, g.plies[k].seconds);
    EXPECT_EQ(again[0].plies[k].nags, g.plies[k].nags);
  }
}

TEST(PgnFixtures, VariationsAreSkippedWithANote) {
  const Fixture f = fixture("variations.pgn");
  EXPECT_EQ(f.found, (Found{{"skipped", Severity::Note, 13, 9, 1}, {"skipped", Severity::Note, 13, 67, 3}}));
  EXPECT_EQ(uci_moves(f.games[0]), reference_games()[1].uci);
}

TEST(PgnFixtures, ResultOnlyInTheTagAndPasses) {
  const Fixture f = fixture("result_in_tag_only.pgn");
  EXPECT_EQ(f.found, Found{});
  const Game& g = f.games[0];
  EXPECT_EQ(g.result_text, "0-1");
  EXPECT_TRUE(g.has_result);
  ASSERT_EQ(g.plies.size(), 10u);
  EXPECT_TRUE(g.plies[8].pass);
  EXPECT_TRUE(g.plies[9].pass);
}

TEST(PgnFixtures, ManyGamesPerFile) {
  const Fixture f = fixture("many_games.pgn");
  EXPECT_EQ(f.found, Found{});
  ASSERT_EQ(f.games.size(), 4u);
  const int ids[] = {0, 1, 14, 20};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(uci_moves(f.games[i]), reference_games()[ids[i]].uci) << i;
    EXPECT_EQ(f.games[i].source.game_index, i);
  }
  EXPECT_EQ(f.games[1].source.line, 20);  // right after the first game's result, no blank line
  EXPECT_EQ(f.games[2].tag("Result"), nullptr);
  EXPECT_EQ(f.games[2].result_text, "0-1");  // from the movetext
  EXPECT_TRUE(f.games[3].plies[0].pass);     // Cho passes on its first move
}

TEST(PgnFixtures, IllegalMoveKeepsTheValidPrefix) {
  const Fixture f = fixture("illegal_move.pgn");
  EXPECT_EQ(f.found, (Found{{"no-such-move", Severity::Error, 13, 27, 5}}));
  ASSERT_EQ(f.games.size(), 1u);
  EXPECT_EQ(f.games[0].plies.size(), 4u);
  EXPECT_EQ(f.games[0].valid_plies, 4);
  EXPECT_TRUE(f.games[0].has_errors());
  EXPECT_NE(f.games[0].original_text.find("Rb3"), std::string::npos);
}

TEST(PgnFixtures, AnnotationPolicy) {
  // Decision 12 for SAN's x and +/#: none at all although game 1 captures is
  // unannotated (a note, valid); one + missing in a game that marks the others is a
  // warning; a + without check or an x without capture is an error.
  const Fixture none = fixture("unannotated.pgn");
  EXPECT_EQ(none.found, (Found{{"unannotated", Severity::Note, 14, 8, 10}}));
  ASSERT_EQ(none.games.size(), 1u);
  EXPECT_FALSE(none.games[0].annotated);
  EXPECT_FALSE(none.games[0].has_errors());
  EXPECT_EQ(none.games[0].valid_plies, 13);

  const Fixture missing = fixture("missing_check.pgn");
  EXPECT_EQ(missing.found, (Found{{"missing-check", Severity::Warning, 16, 47, 32}}));
  EXPECT_TRUE(missing.games[0].annotated);
  EXPECT_FALSE(missing.games[0].has_errors());

  const Fixture wrong = fixture("false_marks.pgn");
  EXPECT_EQ(wrong.found, (Found{{"false-check", Severity::Error, 13, 9, 2}, {"false-capture", Severity::Error, 13, 17, 3}}));
  EXPECT_EQ(wrong.games[0].plies.size(), 13u);  // the claims are wrong, the moves are read
  EXPECT_EQ(wrong.games[0].valid_plies, 1);
}

TEST(PgnFixtures, BadToken) {
  const Fixture f = fixture("bad_token.pgn");
  EXPECT_EQ(f.found, (Found{{"bad-san", Severity::Error, 13, 16, 3}}));
  EXPECT_EQ(f.games[0].plies.size(), 2u);
}

TEST(PgnFixtures, UnterminatedCommentEndsAtTheNextGame) {
  const Fixture f = fixture("unterminated_comment.pgn");
  EXPECT_EQ(f.found, (Found{{"unterminated-comment", Severity::Error, 13, 20, 0}}));
  ASSERT_EQ(f.games.size(), 2u);
  EXPECT_EQ(f.games[0].plies.size(), 3u);
  EXPECT_EQ(f.games[1].plies.size(), 13u);
  EXPECT_FALSE(f.games[1].has_errors());
}

TEST(PgnFixtures, BadFenAndNotJanggi) {
  const Fixture f = fixture("bad_fen.pgn");
  EXPECT_EQ(f.found, (Found{{"bad-fen", Severity::Error, 9, 1, 0}, {"moves-not-read", Severity::Note, 12, 4, 0}}));
  EXPECT_TRUE(f.games[0].plies.empty());
  const Fixture chess = fixture("not_janggi.pgn");
  EXPECT_EQ(chess.found,
            (Found{{"not-janggi", Severity::Error, 8, 1, 0}, {"moves-not-read", Severity::Note, 10, 4, 0}}));
}

TEST(PgnFixtures, ResultMismatchIsAWarning) {
  const Fixture f = fixture("result_mismatch.pgn");
  EXPECT_EQ(f.found, (Found{{"result-mismatch", Severity::Warning, 14, 31, 0}}));
  EXPECT_EQ(f.games[0].result_text, "1-0");  // the tag is the stored result
  EXPECT_FALSE(f.games[0].has_errors());
}

TEST(PgnFixtures, SavedRulesetAndBikjang) {
  const Fixture f = fixture("ruleset.pgn");
  EXPECT_EQ(f.found, Found{});
  EXPECT_EQ(f.games[0].saved_profile_id, "fs-janggi");
  EXPECT_EQ(f.games[0].saved_bikjang_option, true);
  // In .gib they become [규칙] and [빅장] (formats/tags/README.md).
  const Game g = with_gib_tags(f.games[0]);
  EXPECT_EQ(*g.tag("규칙"), "fs-janggi");
  EXPECT_EQ(*g.tag("빅장"), "on");
}

TEST(PgnFixtures, Cp949TagValues) {
  const Fixture f = fixture("cp949.pgn");
  EXPECT_EQ(f.found, Found{});
  EXPECT_EQ(f.info.encoding, text::Encoding::Cp949);
  EXPECT_EQ(*f.games[0].tag("White"), "김동학 四단");
  EXPECT_EQ(*f.games[0].tag("제한시간"), "5분 30초 3회");
  // Korean names become .gib names; the unknown tag keeps its name.
  const Game g = with_gib_tags(f.games[0]);
  EXPECT_EQ(*g.tag("초대국자"), "김동학 四단");
  EXPECT_EQ(*g.tag("대회명"), "친선대국");
  EXPECT_EQ(*g.tag("제한시간"), "5분 30초 3회");
  EXPECT_EQ(*g.tag("대국결과"), "한승");
}

TEST(PgnFixtures, HanFirstCustomPosition) {
  const Fixture f = fixture("han_first.pgn");
  EXPECT_EQ(f.found, Found{});
  ASSERT_EQ(f.games.size(), 2u);
  EXPECT_TRUE(f.games[0].start.custom);
  EXPECT_EQ(f.games[0].start.first_to_move, Side::Han);
  EXPECT_EQ(*f.games[0].tag("GibResult"), "한 완승");
  // Back to .gib: the [판] and every tag of the original.
  GibReadOptions o;
  const auto original = load_gib(slurp(GIBO_TEST_DATA "/corpus/pobsiz_kakao001_g000-001.gib"), "k.gib");
  for (std::size_t i = 0; i < 2; ++i) EXPECT_EQ(with_gib_tags(f.games[i]).tags, original[i].tags);
}

TEST(PgnFixtures, EmptyFile) {
  const Fixture f = fixture("empty.pgn");
  EXPECT_EQ(f.found, (Found{{"empty-file", Severity::Error, 0, 0, 0}}));
  EXPECT_TRUE(f.games.empty());
}

// ---------------------------------------------------------------------------
// Robustness

TEST(PgnReader, EndOfFileMarkEndsTheText) {
  // The text readers share the .gib rule: 0x1A ends the text; filler after it (here what
  // 0xFF became in a conversion to UTF-8) is recorded, anything else reported once.
  const std::string pgn = slurp(fs::path(GIBO_TEST_DATA "/fixtures/pgn/pychess.pgn"));
  TextFileInfo info;
  auto games = load_pgn(pgn + "\x1a\xc3\xbf\xc3\xbf", "filler.pgn", &info);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_FALSE(games[0].has_errors());
  EXPECT_TRUE(info.diagnostics.empty());
  EXPECT_EQ(info.encoding, text::Encoding::Utf8);
  ASSERT_EQ(info.filler_runs.size(), 2u);
  EXPECT_EQ(info.filler_runs[0].offset, pgn.size());
  EXPECT_EQ(info.filler_runs[1].byte, 0xC3);
  EXPECT_EQ(info.filler_runs[1].length, 4u);

  // A second game after the mark is not read (only .gib resumes at a tag line).
  const int lines = static_cast<int>(std::count(pgn.begin(), pgn.end(), '\n'));
  TextFileInfo info2;
  games = load_pgn(pgn + "\n\x1a" + pgn, "trailer.pgn", &info2);
  EXPECT_EQ(games.size(), 1u);
  ASSERT_EQ(info2.diagnostics.size(), 1u);
  const Diagnostic& d = info2.diagnostics[0];
  EXPECT_EQ(std::make_tuple(d.code, d.severity, d.line, d.column),
            std::make_tuple(std::string("text-after-eof"), Severity::Warning, lines + 2, 1));
  EXPECT_NE(d.message.find(std::to_string(pgn.size()) + " bytes"), std::string::npos) << d.message;
}

TEST(PgnReader, NeverThrowsOnJunk) {
  const std::string junk[] = {"[", "[Event", "[Event \"x", "{", "(", "1.", "1-0", "[A \"b\"]\n\n1. (((", "\xff\xfe\x00",
                              "[Event \"x\"]\n1. Hc3 {a} ; b\n% c\n$1 ) } 1/2-1/2 [FEN \"bad\"]"};
  for (const std::string& j : junk) {
    TextFileInfo info;
    EXPECT_NO_THROW(read_pgn(j, PgnReadOptions{}, &info)) << j;
  }
  // A deep nest of variations is skipped without recursion.
  std::string deep = "[Event \"x\"]\n\n1. Hc3 " + std::string(100000, '(') + "\n";
  TextFileInfo info;
  auto games = read_pgn(deep, PgnReadOptions{}, &info);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(games[0].plies.size(), 1u);
}

TEST(PgnReader, LongSingleLinesAreReadInLinearTime) {
  // 300,000 comments and 100,000 variations on one line (quadratic scanning would take
  // minutes here), then a game after it.
  std::string line = "[Event \"x\"]\n\n1. Hc3 ";
  for (int i = 0; i < 300000; ++i) line += "{c} ";
  for (int i = 0; i < 100000; ++i) line += "(1. Hg3 {v} Hg8) ";
  line += "Hc8 *\n[Event \"y\"]\n\n1. Hg3 *\n";
  TextFileInfo info;
  auto games = read_pgn(line, PgnReadOptions{}, &info);
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].plies.size(), 2u);
  EXPECT_EQ(games[0].plies[0].comments.size(), 300000u);
  EXPECT_EQ(games[0].plies[1].column, static_cast<int>(line.find("Hc8")) - 12);
  EXPECT_EQ(games[1].plies.size(), 1u);
}

TEST(PgnWriter, BrokenGameWritesItsPrefixAndSaysWhy) {
  auto games = load_gib(slurp(GIBO_TEST_DATA "/fixtures/gib/illegal_move.gib"), "illegal_move.gib");
  ASSERT_EQ(games.size(), 1u);
  const std::string pgn = write_pgn(games);
  EXPECT_NE(pgn.find("{gibo: 107 more plies in the record do not replay from ply 1: bad-movement"), std::string::npos)
      << pgn;
}

TEST(PgnWriter, EscapesTagValues) {
  EXPECT_EQ(escape_tag_value("a \"b\" \\c"), "a \\\"b\\\" \\\\c");
  Game g;
  g.tags = {{"Event", "say \"hi\" \\o/"}};
  const auto back = load_pgn(write_pgn({g}), "x.pgn");
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(*back[0].tag("Event"), "say \"hi\" \\o/");
}

}  // namespace
}  // namespace gibo
