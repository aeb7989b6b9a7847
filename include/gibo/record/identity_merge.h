// Identities a collection of games merges, beyond what one tag tells (player_identity.h).
// A name written without a site (a file that names none) may be a nickname of an online
// site, written elsewhere with it: 타이슨#401 in 615 games, 타이슨#401 at 한게임 in 94. The
// rule `name-without-site` merges the two only where the records allow no other reading:
//   * the name (rule `name`) has no game at a known site, so it is no one's name at a
//     broadcaster or a club, nor a pro's (whose names stay one person everywhere);
//   * it is the nickname of exactly one online site (`NAME@SITE`, rule `name-at-site`);
//   * the two never met in a game.
// Where a name fails one of them while a nickname shares it, nothing is merged: the
// candidates are listed, with the reason, for the user to decide with a `player` line of
// the alias table (name_aliases.h: `player<TAB>NAME<TAB>NAME@SITE` merges, and a line
// `player<TAB>NAME<TAB>NAME` keeps the name apart, since an alias is never merged by rule).
// So are the nicknames one name has at several online sites, with or without a plain name,
// and two names at one site (or both without one) of which one is the other with digits
// added at its end (rkdwhdwls and rkdwhdwls59 at 한게임) that never met: perhaps one person's
// second account, perhaps two people.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gibo/record/player_identity.h"

namespace gibo {

// One identity of a collection, as the merge rule sees it.
struct SeenIdentity {
  std::string name_key;    // the key of its name part (player_identity.h's key without "@SITE")
  std::string site_key;    // the online site of a nickname; "" for a plain name
  IdentityRule rule = IdentityRule::Name;  // the rule of its games (Alias if any game's is)
  bool at_known_site = false;  // a plain name: some game of it names a site (not unknown)
};

// Why a possible merge is left to the user.
enum class OpenMergeReason : std::uint8_t {
  SeveralSites,       // the plain name is a nickname at several online sites
  KnownSite,          // the plain name also plays at a known site (or in a pro's style)
  MetEachOther,       // the plain name and the nickname met in a game
  NicknameSeveralSites,  // one nickname at several online sites, no plain name
  DigitsAdded,        // one name is the other with digits added at its end, at the same site; never met
};
// "several-sites", "known-site", "met-each-other", "nickname-several-sites", "digits-added"
std::string_view open_merge_reason_name(OpenMergeReason reason);

struct OpenMerge {
  OpenMergeReason reason = OpenMergeReason::SeveralSites;
  std::vector<std::size_t> identities;  // indices: the plain name first (when there is one)
};

struct MergePlan {
  std::vector<std::size_t> into;  // per identity: the identity it is counted as (itself when kept)
  std::vector<OpenMerge> open;    // by the first identity's index
};

// The merges of `seen`; `met` lists the pairs of identities (indices) that met in a game.
MergePlan plan_merges(std::span<const SeenIdentity> seen, std::span<const std::pair<std::size_t, std::size_t>> met);

}  // namespace gibo
