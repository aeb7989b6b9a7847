// Tag lines outside the corpus's one form (formats/gib/README.md, "Tag-line variants"): a
// game whose tag values are bare, or in full-width brackets and quotes, reads as the same
// game written in the usual form, and a comment line that would read as such a tag line
// survives a write and a read.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "diagnostic_place.h"
#include "gibo/formats/gib.h"

namespace gibo {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  EXPECT_TRUE(in) << p;
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::vector<Game> read(const std::string& bytes, GibFileInfo* info = nullptr) {
  GibReadOptions o;
  o.file_name = "t.gib";
  return read_gib(bytes, o, info);
}

TEST(GibTagVariants, ReadAsTheUsualForm) {
  const std::vector<Game> base = read(slurp(fs::path(GIBO_TEST_DATA) / "corpus/pobsiz_2010_kbs_chuseok.gib"));
  ASSERT_EQ(base.size(), 1u);
  ASSERT_EQ(base[0].tags.size(), 11u);
  for (const char* name : {"tag_lines_bare.gib", "tag_lines_fullwidth.gib", "tag_lines_fullwidth_utf8.gib"}) {
    GibFileInfo info;
    const std::vector<Game> games = read(slurp(fs::path(GIBO_TEST_DATA) / "fixtures/gib" / name), &info);
    ASSERT_EQ(games.size(), 1u) << name;
    EXPECT_EQ(games[0].tags, base[0].tags) << name;
    EXPECT_EQ(games[0].result_text, "초 완승") << name;
    EXPECT_EQ(games[0].start.cho, base[0].start.cho) << name;
    EXPECT_EQ(games[0].start.han, base[0].start.han) << name;
    ASSERT_EQ(games[0].plies.size(), 107u) << name;
    for (std::size_t i = 0; i < games[0].plies.size(); ++i) {
      EXPECT_EQ(games[0].plies[i].move, base[0].plies[i].move) << name << " ply " << i + 1;
      EXPECT_EQ(games[0].plies[i].text, base[0].plies[i].text) << name << " ply " << i + 1;
    }
    EXPECT_EQ(games[0].diagnostics.size(), base[0].diagnostics.size()) << name;
    for (const Diagnostic& d : games[0].diagnostics) EXPECT_NE(d.code, "stray-text") << name;
  }
}

TEST(GibTagVariants, NotATagLine) {
  // An empty bare value, a bracket never closed and text after the closing bracket are no
  // tag lines: the text is outside any game, each of its lines a `stray-text` warning on
  // the file, and the file a `no-games` error.
  for (const char* text : {"[대국장소 ]\n\n1. 79졸78\n", "［대국장소 KBS\n\n1. 79졸78\n", "[대국장소 KBS] x\n\n1. 79졸78\n"}) {
    GibFileInfo info;
    const std::vector<Game> games = read(text, &info);
    EXPECT_TRUE(games.empty()) << text;
    ASSERT_EQ(info.diagnostics.size(), 3u) << text;
    for (int k : {0, 1}) {
      const Diagnostic& d = info.diagnostics[static_cast<std::size_t>(k)];
      EXPECT_EQ(d.code, "stray-text") << text;
      EXPECT_EQ(d.severity, Severity::Warning) << text;
      EXPECT_EQ(d.line, k == 0 ? 1 : 3) << text;  // the bracket line, then the move line
      EXPECT_EQ(d.game, -1) << text;
    }
    EXPECT_EQ(info.diagnostics[2].code, "no-games") << text;
    EXPECT_EQ(info.diagnostics[2].severity, Severity::Error) << text;
  }
  // The same lines after a true tag line are no second tag line: they are the first
  // game's body, where a bracket line reads as a move line (`bad-token` at its first column).
  GibFileInfo info;
  const std::vector<Game> games = read("[대회명 \"x\"]\n[대국장소 KBS] x\n", &info);
  ASSERT_EQ(games.size(), 1u);
  ASSERT_EQ(games[0].tags.size(), 1u);
  EXPECT_EQ(testing::first_diagnostic(games[0]), "bad-token 2:1 ply 1");
}

TEST(GibTagVariants, CommentLinesThatLookLikeTagsSurvive) {
  Game g = read("[대회명 \"x\"]\n\n1. 79졸78\n")[0];
  ASSERT_EQ(g.plies.size(), 1u);
  g.plies[0].comments = {"앞\n[참고 KBS]\n［참고 “KBS”］\n  ［a b］\n뒤［"};
  GibWriteOptions w;
  const std::string written = write_gib({g}, w);
  EXPECT_NE(written.find("\\［참고"), std::string::npos) << written;
  const std::vector<Game> again = read(written);
  ASSERT_EQ(again.size(), 1u) << written;
  ASSERT_EQ(again[0].plies.size(), 1u);
  EXPECT_EQ(again[0].plies[0].comments, g.plies[0].comments);
}

}  // namespace
}  // namespace gibo
