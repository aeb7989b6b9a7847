// Every written game reads back as the same game (issue 11): .gib and PGN tag values and
// comments holding quotes, backslashes, brackets, braces, line breaks and blank lines;
// games with no tags; tag names a tag line cannot hold; text CP949 cannot hold. Also the
// readers' bad-input caps (repeated diagnostics, quoted tokens) and the UCI reader on a
// very long line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "gibo/core/utf8.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/fen.h"
#include "gibo/formats/game_writer.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/json.h"
#include "gibo/formats/pgn.h"
#include "gibo/formats/tag_map.h"
#include "gibo/formats/tag_text.h"
#include "gibo/formats/uci.h"
#include "gibo/record/replay.h"
#include "../test_data.h"

namespace gibo {
namespace {

using namespace gibo::testing;

std::vector<Game> read_any(const std::string& bytes, Format format = Format::Unknown) {
  ReadOptions o;
  o.format = format;
  o.file_name = "x";
  ReadInfo info;
  std::vector<Game> games;
  read_games(bytes, o, info, [&](Game&& g) {
    replay(g, legality_rules(game_profile(g, default_profile()), game_bikjang_option(g, false)));
    games.push_back(std::move(g));
  });
  return games;
}

std::vector<Move> moves_of(const Game& g) {
  std::vector<Move> out;
  for (const RecordedPly& p : g.plies) out.push_back(p.move);
  return out;
}

// The values that broke the writers: quotes, backslashes, the end of a tag line, braces,
// line breaks of every kind, blank lines, and text that reads as a tag line or a ply.
const std::vector<std::string> kNasty = {
    "The \"Big\" Open",
    "C:\\games\\",
    "ends with a backslash \\",
    "a\"] [b \"c",
    "line one\nline two",
    "crlf\r\nand a lone\rcarriage return",
    "blank\n\nline",
    "\n[대국결과 \"한승\"]\n",
    "close } and \\} and {open",
    "1. 79졸78 2. 32졸42",
    "\\n is not a line break here",
    "  [indented \"tag\"]",
};

// The KBS game with every nasty value as a tag and as comments.
Game nasty_game() {
  GibReadOptions o;
  o.file_name = "kbs.gib";
  Game g = read_gib(slurp(kKbs), o).at(0);
  for (std::size_t i = 0; i < kNasty.size(); ++i) {
    g.tags.push_back({"메모" + std::to_string(i), kNasty[i]});
    g.header_comments.push_back(kNasty[i]);
    g.plies.at(i * 3).comments.push_back(kNasty[i]);
  }
  return g;
}

TEST(GibWriter, NastyTagValuesAndCommentsReadBack) {
  const Game g = nasty_game();
  for (text::Encoding enc : {text::Encoding::Utf8, text::Encoding::Cp949}) {
    GibWriteOptions wo;
    wo.encoding = enc;
    const std::string written = write_gib({g}, wo);
    const auto back = read_any(written);
    ASSERT_EQ(back.size(), 1u) << written;
    EXPECT_EQ(back[0].tags, g.tags);
    EXPECT_EQ(back[0].header_comments, g.header_comments);
    ASSERT_EQ(back[0].plies.size(), g.plies.size());
    for (std::size_t i = 0; i < g.plies.size(); ++i) EXPECT_EQ(back[0].plies[i].comments, g.plies[i].comments) << i;
    EXPECT_EQ(moves_of(back[0]), moves_of(read_any(slurp(kKbs))[0]));
    EXPECT_FALSE(back[0].has_errors());
    EXPECT_EQ(write_gib(back, wo), written);  // and writing again gives the same bytes
  }
}

TEST(GibReader, ValuesWrittenWithoutEscapesReadLeniently) {
  const std::string text =
      "[Event \"The \"Big\" Open\"]\n[Dir \"C:\\\"]\n[Plain \"a \\q b\"]\n[초차림 \"마상상마\"]\n[한차림 \"마상상마\"]\n\n"
      "1. 79졸78\n";
  const auto games = read_any(text);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].tags.size(), 5u);
  EXPECT_EQ(games[0].tags[0].value, "The \"Big\" Open");
  EXPECT_EQ(games[0].tags[1].value, "C:\\");
  EXPECT_EQ(games[0].tags[2].value, "a \\q b");  // not an escape: kept
}

TEST(GibWriter, AGameWithoutTagsReadsBack) {
  TextReadOptions o;
  TextFileInfo info;
  std::vector<Game> games;
  read_uci_games("position startpos moves b1c3 b10c8 h1g3\nmoves a1a2\n", o, info,
                 [&](Game&& g) { games.push_back(std::move(g)); });
  ASSERT_EQ(games.size(), 2u);
  ASSERT_TRUE(games[0].tags.empty());
  const std::string written = write_gib(games, GibWriteOptions{});
  const auto back = read_any(written);
  ASSERT_EQ(back.size(), 2u) << written;
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(back[i].start, games[i].start);
    EXPECT_EQ(moves_of(back[i]), moves_of(games[i]));
    EXPECT_FALSE(back[i].has_errors());
  }
  // A custom start (a FEN) is stated with [판].
  std::vector<Game> custom;
  read_uci_games("position fen 4k4/9/9/9/9/9/9/9/4K4/9 w - - 0 1 moves e2e1\n", o, info,
                 [&](Game&& g) { custom.push_back(std::move(g)); });
  ASSERT_EQ(custom.size(), 1u);
  const auto back2 = read_any(write_gib(custom, GibWriteOptions{}));
  ASSERT_EQ(back2.size(), 1u);
  EXPECT_TRUE(back2[0].start.custom);
  EXPECT_EQ(moves_of(back2[0]), moves_of(custom[0]));
}

TEST(PgnWriter, NastyTagValuesReadBackAndCommentsKeepTheGameWhole) {
  const Game g = nasty_game();
  const std::string written = write_pgn({g, g});
  const auto back = read_any(written, Format::Pgn);
  ASSERT_EQ(back.size(), 2u) << written;
  for (const std::string& v : kNasty) {
    bool found = false;
    for (const Tag& t : back[0].tags) found |= t.value == v;
    EXPECT_TRUE(found) << v;
  }
  EXPECT_EQ(back[0].plies.size(), g.plies.size());
  EXPECT_FALSE(back[0].has_errors());
  // Comments without '}' come back exactly (line breaks included).
  EXPECT_EQ(back[0].header_comments.at(4), kNasty[4]);
  EXPECT_EQ(back[0].header_comments.at(6), kNasty[6]);
}

TEST(PgnWriter, TagNamesATagLineCannotHoldAreRenamedAndCounted) {
  Game g;
  g.tags = {{"With space", "1"}, {"quo\"te", "2"}, {"", "3"}, {"%x", "4"}, {"Fine", "5"}};
  std::string out;
  WriteLoss loss;
  write_pgn_game(out, g, PgnWriteOptions{}, &loss);
  EXPECT_EQ(loss.renamed_tags, 4);
  const auto back = read_any(out, Format::Pgn);
  ASSERT_EQ(back.size(), 1u) << out;
  EXPECT_NE(back[0].tag("With_space"), nullptr);
  EXPECT_NE(back[0].tag("quo_te"), nullptr);
  EXPECT_NE(back[0].tag("_x"), nullptr);
  EXPECT_EQ(*back[0].tag("Fine"), "5");
  std::string gib;
  WriteLoss gib_loss;
  write_gib_game(gib, g, GibWriteOptions{}, &gib_loss);
  EXPECT_EQ(gib_loss.renamed_tags, 4);
  EXPECT_EQ(read_any(gib).size(), 1u) << gib;
}

TEST(TagText, EscapesRoundTrip) {
  for (const std::string& v : kNasty) EXPECT_EQ(unescape_tag_value(escape_tag_value(v)), v) << v;
  EXPECT_EQ(escape_tag_value("a\"b\\c\nd\re"), "a\\\"b\\\\c\\nd\\re");
  EXPECT_EQ(unescape_tag_value("C:\\x\\"), "C:\\x\\");
}

TEST(GameWriter, CountsTextCp949CannotHold) {
  Game g;
  g.tags = {{"대회명", "스마일 😀 대회 🎉"}, {"초차림", "마상상마"}, {"한차림", "마상상마"}};
  std::ostringstream out;
  WriteOptions o;
  o.format = Format::Gib;
  o.gib_encoding = text::Encoding::Cp949;
  GameWriter w(out, o);
  const WriteLoss loss = w.write(g);
  EXPECT_EQ(loss.unencodable, 2);
  EXPECT_NE(out.str().find("? \xB4\xEB\xC8\xB8 ?"), std::string::npos);  // "? 대회 ?" in CP949
  o.gib_encoding = text::Encoding::Utf8;
  std::ostringstream utf8;
  GameWriter w8(utf8, o);
  EXPECT_EQ(w8.write(g).unencodable, 0);
}

TEST(GameWriter, StreamsEveryFormatLikeTheWholeFileWriters) {
  GibReadOptions ro;
  const auto games = read_gib(slurp(GIBO_TEST_DATA "/corpus/pobsiz_neojanggi_g000-002.gib"), ro);
  ASSERT_GE(games.size(), 2u);
  auto stream = [&](Format f, bool each = false) {
    std::ostringstream out;
    WriteOptions o;
    o.format = f;
    o.each = each;
    GameWriter w(out, o);
    for (const Game& g : games) w.write(g);
    w.finish();
    return out.str();
  };
  std::vector<Game> mapped;
  for (const Game& g : games) mapped.push_back(with_gib_tags(g));
  EXPECT_EQ(stream(Format::Gib), write_gib(mapped, GibWriteOptions{}));
  EXPECT_EQ(stream(Format::Pgn), write_pgn(games));
  EXPECT_EQ(stream(Format::Json), write_json(games));
  EXPECT_EQ(stream(Format::Jsonl), write_jsonl(games));
  FenWriteOptions fo;
  fo.each = true;
  EXPECT_EQ(stream(Format::Fen, true), write_fen(games, fo));
  EXPECT_EQ(stream(Format::Uci), write_uci_games(games));
  std::ostringstream none;
  WriteOptions jo;
  jo.format = Format::Json;
  GameWriter empty(none, jo);
  empty.finish();
  EXPECT_EQ(none.str(), "[]\n");
}

// ---- bad-input caps ------------------------------------------------------------------------

TEST(DiagnosticCaps, RepeatedProblemsAreCountedNotListed) {
  // One line of 20,000 plies all numbered "1.": a ply-number warning each.
  std::string text = "[초차림 \"마상상마\"]\n[한차림 \"마상상마\"]\n\n";
  for (int i = 0; i < 10000; ++i) text += "1. 79졸78 1. 72졸73 1. 78졸79 1. 73졸72 ";
  text += "\n";
  const auto games = read_any(text);
  ASSERT_EQ(games.size(), 1u);
  const Game& g = games[0];
  EXPECT_EQ(g.plies.size(), 40000u);
  int listed = 0;
  const Diagnostic* more = nullptr;
  for (const Diagnostic& d : g.diagnostics) {
    if (d.code != "ply-number") continue;
    if (d.message.rfind("(", 0) == 0) more = &d;
    else ++listed;
  }
  EXPECT_EQ(listed, kMaxDiagnosticsPerCode);
  ASSERT_NE(more, nullptr);
  EXPECT_EQ(more->message, "(" + std::to_string(40000 - 1 - kMaxDiagnosticsPerCode) +
                               " more ply-number diagnostics in this game not listed)");
  EXPECT_LT(g.diagnostics.size(), 100u);
}

TEST(DiagnosticCaps, QuotedTokensAreClipped) {
  const std::string long_token(5000, 'x');
  const auto games = read_any("[초차림 \"마상상마\"]\n\n1. 79졸78 2. " + long_token + "\n");
  ASSERT_EQ(games.size(), 1u);
  bool found = false;
  for (const Diagnostic& d : games[0].diagnostics) {
    EXPECT_LE(d.token.size(), kMaxQuotedBytes + 3) << d.code;
    EXPECT_LE(d.message.size(), 300u) << d.code;
    found |= d.code == "bad-token";
  }
  EXPECT_TRUE(found);
  // Cut at a character boundary.
  std::string korean;
  for (int i = 0; i < 100; ++i) korean += "장";
  const std::string clipped = clip_quoted(korean);
  EXPECT_TRUE(utf8::valid(clipped));
  EXPECT_LE(clipped.size(), kMaxQuotedBytes + 3);
  EXPECT_EQ(clip_quoted("short"), "short");
  // A SAN token quoted in a message.
  const auto pgn = read_any("[Event \"x\"]\n\n1. " + long_token + " *\n", Format::Pgn);
  ASSERT_EQ(pgn.size(), 1u);
  for (const Diagnostic& d : pgn[0].diagnostics) EXPECT_LE(d.message.size(), 300u) << d.message.substr(0, 80);
}

TEST(UciReader, ALongLineKeepsItsColumns) {
  std::string line = "position startpos moves";
  const std::string cycle[4] = {"b1c3", "b10c8", "c3b1", "c8b10"};
  for (int i = 0; i < 20000; ++i) line += " " + cycle[i % 4];
  TextReadOptions o;
  TextFileInfo info;
  std::vector<Game> games;
  read_uci_games(line + "\n", o, info, [&](Game&& g) { games.push_back(std::move(g)); });
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].plies.size(), 20000u);
  const RecordedPly& last = games[0].plies.back();
  EXPECT_EQ(static_cast<std::size_t>(last.column), line.size() - last.text.size() + 1);
  EXPECT_EQ(games[0].plies[1].column, 30);
}

}  // namespace
}  // namespace gibo
