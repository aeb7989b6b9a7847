// Player tags split into name and rank (record/player_name.h) on every distinct form of the
// corpus, and player identities (record/player_identity.h) under the built-in alias table
// and a user's lines.
#include <gtest/gtest.h>

#include "gibo/record/normal_form.h"
#include "gibo/record/player_identity.h"
#include "gibo/record/player_name.h"
#include "player_forms.h"

using namespace gibo;
using gibo::testing::kCorpusPlayerForms;
using gibo::testing::kOtherPlayerForms;

TEST(PlayerName, EveryCorpusForm) {
  for (const auto& f : kCorpusPlayerForms) {
    const PlayerName p = split_player(f.tag);
    EXPECT_EQ(p.name, f.name) << f.tag;
    EXPECT_EQ(p.rank, f.rank) << f.tag;
    EXPECT_EQ(p.rank, p.rank_value.label()) << f.tag;
  }
}

TEST(PlayerName, OtherFormsAndEdges) {
  for (const auto& f : kOtherPlayerForms) {
    const PlayerName p = split_player(f.tag);
    EXPECT_EQ(p.name, f.name) << f.tag;
    EXPECT_EQ(p.rank, f.rank) << f.tag;
  }
  EXPECT_EQ(player_name("김동학 四단"), "김동학");
  EXPECT_EQ(player_name("미상"), "");
}

TEST(PlayerName, RankParts) {
  const Rank hanja = split_player("김동학 四단").rank_value;
  EXPECT_EQ(hanja.unit, RankUnit::Dan);
  EXPECT_EQ(hanja.number, 4);
  EXPECT_TRUE(hanja.hanja);
  EXPECT_EQ(hanja.title, RankTitle::None);
  EXPECT_FALSE(split_player("김동학 4단").rank_value.hanja);
  EXPECT_TRUE(split_player("梁周浩 三段").rank_value.hanja);
  EXPECT_TRUE(split_player("김정수 初段").rank_value.hanja);
  EXPECT_EQ(split_player("유희석프로 4단").rank_value.title, RankTitle::Pro);
  EXPECT_EQ(split_player("손도끼 1단아마").rank_value.title, RankTitle::Amateur);
  EXPECT_TRUE(split_player("금강산").rank_value.empty());
  // One scale: 18급 -17 … 1급 0, 1단 1 … 9단 9; a title alone has no level.
  EXPECT_EQ(split_player("x 18급").rank_value.level(), -17);
  EXPECT_EQ(split_player("x 1급").rank_value.level(), 0);
  EXPECT_EQ(split_player("x 초단").rank_value.level(), 1);
  EXPECT_EQ(split_player("x 九段").rank_value.level(), 9);
  EXPECT_FALSE(split_player("x프로").rank_value.level().has_value());
  EXPECT_FALSE(split_player("x").rank_value.level().has_value());
}

namespace {
PlayerIdentity id(std::string_view tag, std::string_view site, const NameAliases& a = NameAliases::builtin()) {
  return identify_player(tag, site, a);
}
}  // namespace

TEST(PlayerIdentity, OneNameUnderItsSpellings) {
  // Rank, title and blanks aside, one person.
  for (const char* tag : {"김동학 四단", "김동학 五단", "김동학프로", "김동학(프로)", "김동학 프로 5단", "김 동학 9단"}) {
    const PlayerIdentity p = id(tag, "미상");
    EXPECT_EQ(p.key, id("김동학", "").key) << tag;
    EXPECT_EQ(p.rule, IdentityRule::Name) << tag;
  }
  EXPECT_EQ(id("김동학 四단", "미상").display, "김동학");
  EXPECT_EQ(id("ＫＩＲＡＤＯＳＡ(7단)", "").key, id("kiradosa 3단", "").key);
  // A hanja name beside the hangul one is left out of the identity.
  EXPECT_EQ(id("최하영(崔夏泳)", "미상").display, "최하영");
  EXPECT_EQ(id("최하영(崔夏泳)", "미상").key, id("최하영", "").key);
}

TEST(PlayerIdentity, NicknamesAreOnePerOnlineSite) {
  const PlayerIdentity mgame = id("타이슨권법 9단", "엠게임");
  EXPECT_EQ(mgame.display, "타이슨권법@엠게임");
  EXPECT_EQ(mgame.rule, IdentityRule::NameAtSite);
  EXPECT_EQ(mgame.key, id("타이슨권법 7단", "mgame").key);      // the site's spellings are one site
  EXPECT_NE(mgame.key, id("타이슨권법 9단", "한게임").key);      // another site, another account
  EXPECT_NE(mgame.key, id("타이슨권법 9단", "미상").key);        // no site said: the name alone
  EXPECT_EQ(id("사우루스", "한게임 청소년방").display, "사우루스@한게임");
  EXPECT_EQ(id("노파리 9단", "장기 for Kakao").display, "노파리@장기 for Kakao");
  EXPECT_EQ(id("파천신군 9단아마", "사이버장기").display, "파천신군@사이버장기");
  // Not online: KBS is a broadcaster.
  EXPECT_EQ(id("이일훈 9단", "KBS").display, "이일훈");
  // Pro-style names (the title 프로, a rank in hanja numerals) stay one person online.
  EXPECT_EQ(id("김동학프로", "한게임 대회방").key, id("김동학 四단", "미상").key);
  EXPECT_EQ(id("김기영三단", "한게임 장기 초고수방").display, "김기영");
  EXPECT_EQ(id("유희석프로 4단", "한게임").rule, IdentityRule::Name);
}

TEST(PlayerIdentity, NoOne) {
  for (const char* tag : {"", "미상", "?", "-", "8단", "아마 15급"}) {
    EXPECT_FALSE(id(tag, "한게임").named()) << tag;
    EXPECT_EQ(id(tag, "한게임").display, "") << tag;
  }
  EXPECT_EQ(id("아마 15급", "").recorded.rank, "아마 15급");  // the rank is still read
}

TEST(PlayerIdentity, AliasLinesMerge) {
  // The built-in table: 崔夏泳 is 최하영 (one record writes 최하영(崔夏泳)).
  const PlayerIdentity hanja = id("崔夏泳", "미상");
  EXPECT_EQ(hanja.rule, IdentityRule::Alias);
  EXPECT_EQ(hanja.display, "최하영");
  EXPECT_EQ(hanja.key, id("최하영(崔夏泳)", "미상").key);
  // A user's lines: an account on two sites, a name everywhere, a guest account.
  NameAliases a = NameAliases::builtin();
  ASSERT_FALSE(a.add("player\t타이슨권법@mgame\t타이슨@한게임\n"
                     "player\t로하할배\t이로하\n"
                     "player\t손님\t?\n",
                     "mine.tsv"));
  const PlayerIdentity moved = id("타이슨권법 9단", "엠게임", a);
  EXPECT_EQ(moved.rule, IdentityRule::Alias);
  EXPECT_EQ(moved.display, "타이슨@한게임");
  EXPECT_EQ(moved.key, id("타이슨 3단", "한게임", a).key);
  EXPECT_EQ(id("타이슨권법 9단", "한게임", a).rule, IdentityRule::NameAtSite);  // only the 엠게임 account
  EXPECT_EQ(id("로하할배 9단", "장기 for Kakao", a).display, "이로하");          // a plain name: every site
  EXPECT_EQ(id("로하할배 9단", "", a).display, "이로하");
  EXPECT_FALSE(id("손님 3급", "", a).named());
  EXPECT_EQ(id("손님 3급", "", a).rule, IdentityRule::Alias);
}

TEST(PlayerIdentity, AliasTableErrors) {
  NameAliases a;
  EXPECT_TRUE(a.add("player\tx\n", "t.tsv"));
  EXPECT_TRUE(a.add("players\tx\ty\n", "t.tsv"));
  EXPECT_TRUE(a.add("player\t \ty\n", "t.tsv"));
  const auto e = a.add("# ok\nplayer\tx\ty\nfriend\tx\ty\n", "t.tsv");
  ASSERT_TRUE(e);
  EXPECT_NE(e->message.find("t.tsv:3"), std::string::npos) << e->message;
  EXPECT_NE(e->message.find("online, player or format"), std::string::npos) << e->message;
}

TEST(PlayerIdentity, OnlineSitesOfTheBuiltInTable) {
  const NameAliases& a = NameAliases::builtin();
  for (const char* site : {"한게임", "Hangame", "엠게임", "장기 for Kakao", "넷마블", "사이버장기", "피망"})
    EXPECT_TRUE(a.online(a.count_as(true, site).key)) << site;
  for (const char* site : {"KBS", "미상", "엔씨소프트", ""}) EXPECT_FALSE(a.online(a.count_as(true, site).key)) << site;
}

// Names are compared after NFKC (record/normal_form.h), in one place: the compatibility
// ideograph CP949 gives for 六 (U+F9D1, as in `김철 六단` of the real archive's 2015 KBS
// final, tests/data/identity/pobsiz_kbs2015_chuseok_final.gib) is read as the rank 6단, and
// an alias matches whichever of the two a user types.
TEST(NormalForm, CompatibilityHanjaAndFullWidthFormsFold) {
  const std::string compat = "김철 \uF9D1단", plain = "김철 六단";
  ASSERT_NE(compat, plain);
  const PlayerName p = split_player(compat);
  EXPECT_EQ(p.name, "김철");
  EXPECT_EQ(p.rank, "6단");
  EXPECT_TRUE(p.rank_value.hanja);
  EXPECT_EQ(split_player("조용희 \uF9D1단").rank, "6단");
  EXPECT_EQ(name_key(compat), name_key(plain));
  EXPECT_EQ(tidy_name(compat), plain);
  EXPECT_EQ(split_player("ｋｉｒａｄｏｓａ ９단").rank, "9단");  // full-width digits are a rank too
  EXPECT_EQ(name_key("ＨＡＮＧＡＭＥ"), "hangame");
  EXPECT_EQ(tidy_name("風\u3000林\u3000火\u3000山"), "風 林 火 山");  // the ideographic space is a blank
  EXPECT_EQ(tidy_name("백발마녀™"), "백발마녀TM");
  EXPECT_EQ(name_key("龍頭山장기"), name_key("\uF9C4頭山장기"));
}

TEST(NormalForm, HangulCompatibilityJamoStayAsTyped) {
  // NFKC would make them conjoining jamo, which compose with the vowel after them: the
  // nickname ㅁㅣ스터사탄 (real archive) would become 미스터사탄, another account's name.
  EXPECT_EQ(normal_form("ㅇㅇ"), "ㅇㅇ");
  EXPECT_EQ(tidy_name("ㅁㅣ스터사탄 9단"), "ㅁㅣ스터사탄 9단");
  EXPECT_NE(name_key("ㅁㅣ스터사탄"), name_key("미스터사탄"));
  EXPECT_EQ(split_player("ㅁㅣ스터사탄 9단").name, "ㅁㅣ스터사탄");
  EXPECT_EQ(folded_form("ABC ㅋㅋ"), "abc ㅋㅋ");
}

TEST(PlayerIdentity, AliasesMatchHoweverTheHanjaIsTyped) {
  // A tag with the compatibility 六 and one with the ordinary 六: one identity, the rank read.
  EXPECT_EQ(id("조용희 \uF9D1단", "KBS").key, id("조용희 六단", "KBS").key);
  EXPECT_EQ(id("조용희 \uF9D1단", "KBS").display, "조용희");
  // A rank in hanja is the pro records' style: one person at an online site too.
  EXPECT_EQ(id("조용희 \uF9D1단", "한게임").rule, IdentityRule::Name);
  NameAliases a = NameAliases::builtin();
  ASSERT_FALSE(a.add("player\t김철 六단\t김철(金哲)\n", "mine.tsv"));  // typed with the ordinary 六, and a rank
  EXPECT_EQ(id("김철 \uF9D1단", "", a).rule, IdentityRule::Alias);
  EXPECT_EQ(id("김철 \uF9D1단", "", a).display, "김철");  // the alias's hanja name is left out, as in a tag
  NameAliases b = NameAliases::builtin();
  ASSERT_FALSE(b.add("player\t김\uF9D1철\t김철\n", "mine.tsv"));  // typed with the compatibility form
  EXPECT_EQ(id("김六철 9단", "", b).rule, IdentityRule::Alias);
}

TEST(NameAliases, SitesAndEventsOfTheRealArchive) {
  const NameAliases& a = NameAliases::builtin();
  for (const char* site : {"한게임 초고수방", "한게임중계", "Hangame janggi", "한게임 고단방", "초고수방", "한게임 장기초고수방"})
    EXPECT_EQ(a.count_as(true, site).display, "한게임") << site;
  EXPECT_EQ(a.count_as(true, "KBS1").display, "KBS");
  EXPECT_EQ(a.count_as(false, "친선대국").display, "친선");
  EXPECT_EQ(a.count_as(false, "親善").display, "친선");
  for (const char* notes : {"대국취소", "ㅇㅇ"}) {
    const NameAliases::Counted c = a.count_as(true, notes);
    EXPECT_TRUE(c.key.empty()) << notes;
    EXPECT_FALSE(c.not_entity.empty()) << notes;  // reported as no site, with the table's note
  }
  EXPECT_EQ(a.count_as(true, "대국취소").not_entity, "a cancelled-game marker");
  EXPECT_EQ(a.count_as(true, "미상").not_entity, "");  // says nothing: unknown, not "no site"
  EXPECT_EQ(a.format(a.count_as(false, "친선대국").key), EventFormat::Casual);
  EXPECT_FALSE(a.format(a.count_as(false, "제 3회 KBS 장기왕전").key));
  NameAliases mine;
  EXPECT_TRUE(mine.add("format\t리그\tswiss-ish\n", "t.tsv"));
  EXPECT_TRUE(mine.add("*\t미상\t?\nformat\t미상\tcasual\n", "t.tsv"));  // counted as no event
  EXPECT_FALSE(mine.add("format\t리그\tleague\nsite\tx\t!\n", "t.tsv"));
  EXPECT_EQ(mine.format(name_key("리그")), EventFormat::League);
  EXPECT_EQ(mine.count_as(true, "x").not_entity, "not a site");
}
