// Opening books as text (gibo/formats/openings.h): the built-in book reads without a
// problem and states the spec's formations; rows that break the grammar or the book are
// refused at their line and column, unreachable ones reported; a user's file adds rows.
#include <gtest/gtest.h>

#include "../test_data.h"
#include "gibo/core/rules.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/openings.h"
#include "gibo/record/replay.h"

namespace {

using namespace gibo;
using namespace gibo::testing;

constexpr std::uint8_t bit(Setup s) { return static_cast<std::uint8_t>(1u << static_cast<int>(s)); }

TEST(OpeningBookText, TheBuiltInBookReadsWithoutAProblem) {
  OpeningBook book;
  const auto problems = read_opening_book(builtin_opening_book_text(), "openings.tsv", book);
  for (const Diagnostic& d : problems) ADD_FAILURE() << format_diagnostic(d);
  EXPECT_EQ(builtin_opening_book().formations().size(), 6u);
  EXPECT_EQ(builtin_opening_book().lines().size(), 1u);
}

TEST(OpeningBookText, TheBuiltInFormationsAreTheSpecs) {
  const OpeningBook& b = builtin_opening_book();
  const auto points = [](const FormationRule& r, std::size_t i) {
    std::string out;
    for (Square s : r.pieces.at(i).points) {
      if (!out.empty()) out += '|';
      out += janggi_square_name(s);
    }
    return out;
  };
  const FormationRule* gl = b.formation("GL");
  ASSERT_TRUE(gl);
  EXPECT_EQ(gl->korean, "귀마(왼쪽)");
  EXPECT_EQ(gl->setups, bit(Setup::HEHE) | bit(Setup::EHEH));
  ASSERT_EQ(gl->pieces.size(), 1u);
  EXPECT_EQ(gl->pieces[0].type, PieceType::Horse);
  EXPECT_EQ(points(*gl, 0), "84");
  EXPECT_EQ(points(*b.formation("GR"), 0), "86");
  const FormationRule* wa = b.formation("WA");
  ASSERT_TRUE(wa);
  EXPECT_EQ(wa->setups, bit(Setup::HEEH));
  EXPECT_TRUE(wa->horses_guard_each_other);
  EXPECT_EQ(points(*wa, 0), "75");
  const FormationRule* yg = b.formation("YG");
  ASSERT_TRUE(yg);
  EXPECT_EQ(yg->setups, bit(Setup::EHHE));
  EXPECT_EQ(points(*yg, 0) + " " + points(*yg, 1), "84 86");
  EXPECT_EQ(b.formation("MP")->pieces.at(0).type, PieceType::Cannon);
  EXPECT_EQ(b.formation("MP")->setups, 0x0F);
  EXPECT_EQ(points(*b.formation("MP"), 0), "85");
  EXPECT_EQ(b.formation("MS")->pieces.at(0).type, PieceType::Elephant);
  for (const FormationRule& r : b.formations()) EXPECT_FALSE(r.source.empty()) << r.code;
  const LineRule* mj = b.line("YG-MJ");
  ASSERT_TRUE(mj);
  EXPECT_EQ(mj->depth, 11);
  EXPECT_EQ(mj->cho, Setup::HEEH);
  EXPECT_EQ(mj->han, Setup::EHHE);
}

// The diagnostics of reading `text` into a fresh book, formatted.
std::vector<std::string> problems(const std::string& text, OpeningBook* into = nullptr) {
  OpeningBook local;
  std::vector<std::string> out;
  for (const Diagnostic& d : read_opening_book(text, "my.tsv", into ? *into : local)) out.push_back(format_diagnostic(d));
  return out;
}

TEST(OpeningBookText, RowsOfEveryKindRead) {
  OpeningBook b;
  const auto p = problems(
      "# a comment\n"
      "\n"
      "   \t \n"
      "formation\tXA\t가\tx a\tsetup 마상상마|상마마상 and cannon on 85|84 and horses guard each other\tme\r\n"
      "formation\tXB\t나\tx b\t  advisor on 95  \tme\n"
      "line\tL-1\t다\tline one\t마상상마,HEEH: 02마83 Hc8  h1g3  \tme\n",
      &b);
  EXPECT_TRUE(p.empty()) << p.front();
  const FormationRule* xa = b.formation("XA");
  ASSERT_TRUE(xa);
  EXPECT_EQ(xa->setups, bit(Setup::HEEH) | bit(Setup::EHHE));
  ASSERT_EQ(xa->pieces.size(), 1u);
  EXPECT_EQ(xa->pieces[0].points.size(), 2u);
  EXPECT_TRUE(xa->horses_guard_each_other);
  EXPECT_EQ(xa->origin, "my.tsv:4");
  EXPECT_EQ(b.formation("XB")->setups, 0x0F);
  const LineRule* l = b.line("L-1");
  ASSERT_TRUE(l);
  EXPECT_EQ(l->depth, 3);
  EXPECT_EQ(l->english, "line one");
}

TEST(OpeningBookText, BadRowsAreRefusedAtTheirLineAndColumn) {
  const std::string code_rule = "CODE is a capital letter, then capitals, digits or '-', 16 characters at most";
  // Each bad row, and the first problem said about it.
  const std::pair<std::string, std::string> refused[] = {
      {"formation\tXA\t가\tx\tcannon on 85\n",
       "my.tsv:1:1: error[bad-opening-row]: a row is KIND<TAB>CODE<TAB>KOREAN<TAB>ENGLISH<TAB>DEFINITION<TAB>SOURCE: "
       "six fields, this line has 5"},
      {"formations\tXA\t가\tx\tcannon on 85\tme\n", "my.tsv:1:1: error[bad-opening-row]: KIND is formation or line"},
      {"line\txa\t가\tx\tHEEH,HEEH:\tme\n", "my.tsv:1:6: error[bad-opening-row]: " + code_rule},
      {"line\tABCDEFGHIJKLMNOPQ\t가\tx\tHEEH,HEEH:\tme\n", "my.tsv:1:6: error[bad-opening-row]: " + code_rule},
      {"line\tXA\t\tx\tHEEH,HEEH:\tme\n",
       "my.tsv:1:9: error[bad-opening-row]: KOREAN, ENGLISH, DEFINITION and SOURCE must not be empty"},
      // The column of the condition that does not read (after "cannon on 85 and ", in characters).
      {"formation\tXA\t가나\tx\tcannon on 85 and hors on 84\tme\n",
       "my.tsv:1:31: error[bad-opening-row]: expected a condition: setup ARRANGEMENT[|ARRANGEMENT…], PIECE on "
       "POINT[|POINT…] or horses guard each other, joined by 'and'"},
  };
  for (const auto& [row, problem] : refused) EXPECT_EQ(problems(row).at(0), problem) << row;
  EXPECT_TRUE(problems("line\tABCDEFGHIJKLMNOP\t가\tx\tHEEH,HEEH:\tme\n").empty());  // 16: kept
  EXPECT_EQ(problems("formation\tXA\t가\tx\tsetup 안상 and cannon on 85\tme\n").size(), 1u);  // names are not keys
  EXPECT_EQ(problems("formation\tXA\t가\tx\tcannon on 8\tme\n").size(), 1u);
  EXPECT_EQ(problems("formation\tXA\t가\tx\tsetup 마상상마\tme\n").at(0),
            "my.tsv:1:18: error[bad-opening-row]: a formation needs a condition on pieces (PIECE on POINT, horses guard "
            "each other)");
  EXPECT_EQ(problems("line\tL\t가\tx\tHEEH HEEH: b1c3\tme\n").at(0),
            "my.tsv:1:12: error[bad-opening-row]: expected the set-up pair and the moves: CHO,HAN: MOVE MOVE … "
            "(HEEH,EHHE: b1c3 c10d8)");
  const auto illegal = problems("line\tL\t가\tx\tHEEH,HEEH: b1c3 b1c3\tme\n");
  ASSERT_EQ(illegal.size(), 1u);
  EXPECT_EQ(illegal[0].substr(0, 42), "my.tsv:1:28: error[bad-opening-row]: ply 2");
  // A code taken, by the built-in book or an earlier row; a position another line names.
  OpeningBook b = builtin_opening_book();
  EXPECT_EQ(problems("formation\tGL\t가\tx\tcannon on 85\tme\n", &b).at(0),
            "my.tsv:1:11: error[bad-opening-row]: the code GL is already in the book");
  const auto same = problems("line\tL1\t가\tx\tHEEH,HEEH: b1c3 b10c8 h1g3\tme\n"
                             "line\tL2\t가\tx\tHEEH,HEEH: h1g3 b10c8 b1c3\tme\n");
  ASSERT_EQ(same.size(), 1u);
  EXPECT_EQ(same[0], "my.tsv:2:13: error[bad-opening-row]: the line L1 (my.tsv:1) names the same position");
}

TEST(OpeningBookText, UnreachableRowsAreReported) {
  OpeningBook b;
  const auto p = problems("formation\tXA\t가\tx\tadvisor on 75\tme\n"
                          "formation\tXB\t가\tx\thorse on 84 and horse on 86 and horse on 85\tme\n",
                          &b);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p[0], "my.tsv:1:18: warning[unreachable-opening-row]: no game can match XA: no advisor of a side can stand on "
                  "that point");
  EXPECT_EQ(p[1].substr(0, 52), "my.tsv:2:18: warning[unreachable-opening-row]: no ga");
  EXPECT_TRUE(b.formation("XA"));  // kept: harmless
  std::string deep = "line\tDEEP\t가\tx\tHEEH,HEEH:";
  for (int i = 0; i < kLineWindow / 4 + 1; ++i) deep += " a1a2 a10a9 a2a1 a9a10";
  const auto d = problems(deep + "\tme\n");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_TRUE(contains(d[0], "warning[unreachable-opening-row]: no game can match DEEP: its position comes after ply 44"))
      << d[0];
}

TEST(OpeningBookText, AUsersRowsComeAfterTheBuiltInBook) {
  OpeningBook book = builtin_opening_book();
  const auto p = problems("line\tMY-1\t내 수순\tmy line\tHEEH,HEEH: b1c3 b10c8\tme\n", &book);
  EXPECT_TRUE(p.empty());
  EXPECT_TRUE(book.line("MY-1"));
  EXPECT_TRUE(book.formation("GL"));
  EXPECT_EQ(book.lines().size(), builtin_opening_book().lines().size() + 1);
}

}  // namespace
