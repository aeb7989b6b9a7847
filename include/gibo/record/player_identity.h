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
//                 another (`崔夏泳` as 최하영), or as no one (NAME `?`).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gibo/record/name_aliases.h"
#include "gibo/record/player_name.h"

namespace gibo {

enum class IdentityRule : std::uint8_t { Name, NameAtSite, Alias };
std::string_view identity_rule_name(IdentityRule rule);  // "name", "name-at-site", "alias"

struct PlayerIdentity {
  std::string key;      // what identities compare; "" when the tag names no one
  std::string display;  // "김동학", "타이슨권법@엠게임", or the alias line's NAME
  PlayerName recorded;  // the tag split into name and rank (the rank at the time of the game)
  IdentityRule rule = IdentityRule::Name;
  bool named() const { return !key.empty(); }
};

// The identity of the player tag `tag_value` in a game whose site tag is `site_value`.
PlayerIdentity identify_player(std::string_view tag_value, std::string_view site_value, const NameAliases& aliases);

// The key of an identity written as NAME or NAME@SITE (an alias line's SPELLING or NAME):
// NAME as the name rule reads it, SITE as the table counts sites.
std::string identity_key(std::string_view written, const NameAliases& aliases);

}  // namespace gibo
