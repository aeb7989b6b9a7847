// Who played a side: a player tag read as an identity, the person or account the reports
// count games and ratings under. The rules, in order:
//   name          the name with its rank removed (player_name.h) and a parenthesised hanja
//                 name left out (`이상두(李翔斗)` is 이상두), compared as name_key compares
//                 (case, width and blanks folded): `김동학 四단`, `김동학프로`, `김동학(프로)`
//                 are one identity, 김동학;
//   name-at-site  at a site the alias table marks online (한게임, 엠게임, 장기 for Kakao …) a
//                 name is that site's nickname: one identity per site, `타이슨권법@엠게임`;
//                 except a name with the title 프로 or a rank in hanja numerals (`조용희七단`),
//                 the style of the pro records, which stays one person across sites;
//   alias         a `player` line of the alias table (name_aliases.h) counts an identity as
//                 another (`崔夏泳` as 최하영), or as no one (NAME `?`); its SPELLING and NAME
//                 are read as tags are (`조용희 六단` is 조용희);
//   name-without-site  a collection's rule, not a tag's (identity_merge.h): a name seen only in
//                 games that name no site, and as a nickname of exactly one online site, is
//                 that nickname (타이슨#401 is 타이슨#401@한게임).
// Names are compared as name_key compares them: after NFKC (normal_form.h), so a rank in a
// compatibility ideograph (六 U+F9D1, as CP949 decodes it) is read as a rank.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gibo/record/name_aliases.h"
#include "gibo/record/player_name.h"

namespace gibo {

enum class IdentityRule : std::uint8_t { Name, NameAtSite, Alias, NameWithoutSite };
// "name", "name-at-site", "alias", "name-without-site"
std::string_view identity_rule_name(IdentityRule rule);

struct PlayerIdentity {
  std::string key;      // what identities compare; "" when the tag names no one
  std::string display;  // "김동학", "타이슨권법@엠게임", or the alias line's NAME
  PlayerName recorded;  // the tag split into name and rank (the rank at the time of the game)
  IdentityRule rule = IdentityRule::Name;
  std::string name_key;  // the key of the name part: `key` without "@SITE"
  std::string site_key;  // the site a nickname belongs to ("" for a plain name or an alias)
  bool named() const { return !key.empty(); }
};

// The identity of the player tag `tag_value` in a game whose site tag is `site_value`.
PlayerIdentity identify_player(std::string_view tag_value, std::string_view site_value, const NameAliases& aliases);
// The same in a game whose site is counted as `site` (the report's reading of its site tag).
PlayerIdentity identify_player(std::string_view tag_value, const NameAliases::Counted& site, const NameAliases& aliases);

// The key of an identity written as NAME or NAME@SITE (an alias line's SPELLING or NAME):
// NAME as the name rule reads a tag (its rank left out), SITE as the table counts sites.
std::string identity_key(std::string_view written, const NameAliases& aliases);

}  // namespace gibo
