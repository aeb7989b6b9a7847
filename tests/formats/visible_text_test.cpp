// Control characters made visible (gibo/formats/visible_text.h): each kind escaped, every
// other byte kept, and the same result however the text arrives in pieces.
#include <gtest/gtest.h>

#include <string>

#include "gibo/formats/visible_text.h"

namespace gibo::text {
namespace {

TEST(VisibleText, EscapesWhatActsOnATerminal) {
  EXPECT_EQ(visible("a\x1b[2Jb"), "a\\e[2Jb");
  EXPECT_EQ(visible("bell\x07 cr\r nul" + std::string(1, '\0')), "bell\\x07 cr\\x0d nul\\x00");
  EXPECT_EQ(visible("del\x7f"), "del\\u007f");
  EXPECT_EQ(visible("c1\xc2\x9b" "31m"), "c1\\u009b31m");
  EXPECT_EQ(visible("kim\xe2\x80\xae" "evil"), "kim\\u202eevil");
  EXPECT_EQ(visible("\xe2\x80\x8e\xe2\x80\x8f\xe2\x81\xa6\xe2\x81\xa9\xd8\x9c"), "\\u200e\\u200f\\u2066\\u2069\\u061c");
}

TEST(VisibleText, KeepsEverythingElse) {
  const std::string plain = "한게임 초고수방\t六단 — ok\n\xe2\x80\x94 \xc2\xa0 \xff\xfe";
  EXPECT_EQ(visible(plain), plain);
  EXPECT_EQ(visible("\xe2\x80\xa9"), "\xe2\x80\xa9");  // U+2029: not a bidi control
}

TEST(VisibleText, PiecesGiveTheSameAsTheWhole) {
  const std::string text = "x\xe2\x80\xae y\xc2\x85z\x1b w한\xd8\x9c";
  for (std::size_t cut = 0; cut <= text.size(); ++cut)
    for (std::size_t cut2 = cut; cut2 <= text.size(); ++cut2) {
      VisibleFilter f;
      std::string out = f.feed(text.substr(0, cut));
      out += f.feed(text.substr(cut, cut2 - cut));
      out += f.feed(text.substr(cut2));
      out += f.finish();
      EXPECT_EQ(out, visible(text)) << cut << " " << cut2;
    }
  VisibleFilter unfinished;
  EXPECT_EQ(unfinished.feed("a\xe2\x80"), "a");
  EXPECT_EQ(unfinished.finish(), "\xe2\x80");
}

}  // namespace
}  // namespace gibo::text
