// The collection's merges of identities (record/identity_merge.h): a name seen without a site
// and as one online site's nickname is that nickname when nothing allows another reading;
// every other case is listed for the user, never merged.
#include <gtest/gtest.h>

#include "gibo/record/identity_merge.h"

using namespace gibo;

namespace {

SeenIdentity plain(const char* name, bool at_known_site = false) { return {name, "", IdentityRule::Name, at_known_site}; }
SeenIdentity nickname(const char* name, const char* site) { return {name, site, IdentityRule::NameAtSite, false}; }

}  // namespace

TEST(IdentityMerge, ANameWithDigitsAddedAtOneSiteIsListed) {
  // rkdwhdwls and rkdwhdwls59 at 한게임 (the real archive): maybe one person, maybe two.
  const std::vector<SeenIdentity> seen = {nickname("rkdwhdwls", "한게임"), nickname("rkdwhdwls59", "한게임"),
                                          nickname("rkdwhdwls5", "엠게임"), plain("사마룡"), plain("사마룡04"),
                                          plain("땅거미11"), plain("땅거미12")};
  const MergePlan p = plan_merges(seen, {});
  ASSERT_EQ(p.open.size(), 2u);
  EXPECT_EQ(p.open[0].reason, OpenMergeReason::DigitsAdded);
  EXPECT_EQ(p.open[0].identities, (std::vector<std::size_t>{0, 1}));
  EXPECT_EQ(p.open[1].identities, (std::vector<std::size_t>{3, 4}));
  // Two that met in a game are two people: nothing to list.
  const std::vector<std::pair<std::size_t, std::size_t>> met = {{0, 1}, {3, 4}};
  EXPECT_TRUE(plan_merges(seen, met).open.empty());
}

TEST(IdentityMerge, ANameWithoutASiteIsItsOneSitesNickname) {
  // 타이슨#401 in files that name no site, and at 한게임 (the real archive: 615 and 94 games).
  const std::vector<SeenIdentity> seen = {plain("타이슨#401"), nickname("타이슨#401", "한게임"), plain("김동학")};
  const MergePlan p = plan_merges(seen, {});
  EXPECT_EQ(p.into, (std::vector<std::size_t>{1, 1, 2}));
  EXPECT_TRUE(p.open.empty());
}

TEST(IdentityMerge, EveryOtherReadingIsListedNotMerged) {
  const std::vector<SeenIdentity> seen = {
      plain("장기는취미야"), nickname("장기는취미야", "한게임"), nickname("장기는취미야", "장기forkakao"),  // several sites
      plain("김동학", true), nickname("김동학", "한게임"),                                              // plays at KBS too
      plain("rkdwhdwls"), nickname("rkdwhdwls", "한게임"),                                                // met each other
      nickname("귀마수비형", "한게임"), nickname("귀마수비형", "엠게임"),                                  // two sites, no plain name
      {"최하영", "", IdentityRule::Alias, false}, nickname("최하영", "한게임"),                          // an alias: never by rule
  };
  const std::vector<std::pair<std::size_t, std::size_t>> met = {{6, 5}};
  const MergePlan p = plan_merges(seen, met);
  for (std::size_t i = 0; i < seen.size(); ++i) EXPECT_EQ(p.into[i], i) << i;
  ASSERT_EQ(p.open.size(), 4u);
  EXPECT_EQ(p.open[0].reason, OpenMergeReason::SeveralSites);
  EXPECT_EQ(p.open[0].identities, (std::vector<std::size_t>{0, 1, 2}));
  EXPECT_EQ(p.open[1].reason, OpenMergeReason::KnownSite);
  EXPECT_EQ(p.open[2].reason, OpenMergeReason::MetEachOther);
  EXPECT_EQ(p.open[3].reason, OpenMergeReason::NicknameSeveralSites);
  EXPECT_EQ(p.open[3].identities, (std::vector<std::size_t>{7, 8}));
  EXPECT_EQ(open_merge_reason_name(OpenMergeReason::KnownSite), "known-site");
}
