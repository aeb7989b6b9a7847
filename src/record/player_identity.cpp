// Player identities; see player_identity.h for the rules.
#include "gibo/record/player_identity.h"

#include "gibo/core/enum_names.h"
#include "gibo/core/utf8.h"

namespace gibo {
namespace {

bool is_hanja(char32_t cp) {
  return (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0xF900 && cp <= 0xFAFF);
}

// The name without a trailing parenthesised hanja name: 이상두(李翔斗) -> 이상두. A name
// that is only the parentheses keeps them.
std::string_view base_name(std::string_view name) {
  if (name.size() < 2 || name.back() != ')') return name;
  const std::size_t open = name.rfind('(');
  if (open == std::string_view::npos || open == 0) return name;
  const std::string_view inside = name.substr(open + 1, name.size() - open - 2);
  if (inside.empty()) return name;
  for (std::size_t i = 0; i < inside.size();)
    if (!is_hanja(utf8::next(inside, i))) return name;
  std::string_view before = name.substr(0, open);
  while (!before.empty() && before.back() == ' ') before.remove_suffix(1);
  return before.empty() ? name : before;
}

// NAME@SITE split at the last '@' (site empty when there is none or a part is empty).
struct Written {
  std::string_view name, site;
};
Written split_written(std::string_view written) {
  const std::size_t at = written.rfind('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == written.size()) return {written, {}};
  return {written.substr(0, at), written.substr(at + 1)};
}

// The name part of an identity written as NAME or NAME@SITE, as the name rule reads a tag:
// its rank left out (`조용희 六단` is 조용희), then a parenthesised hanja name.
std::string written_name(std::string_view name) {
  const std::string plain = split_player(name).name;
  return tidy_name(base_name(plain.empty() ? tidy_name(name) : plain));
}

// The display form of an identity written as NAME or NAME@SITE (the site as counted).
std::string identity_display(std::string_view written, const NameAliases& aliases) {
  const Written w = split_written(written);
  const std::string name = written_name(w.name);
  if (w.site.empty()) return name;
  const NameAliases::Counted site = aliases.count_as(true, w.site);
  return site.key.empty() ? name : name + "@" + site.display;
}

}  // namespace

std::string_view identity_rule_name(IdentityRule rule) {
  static constexpr auto kNames = std::to_array<Named<IdentityRule>>({
      {IdentityRule::Name, "name"}, {IdentityRule::NameAtSite, "name-at-site"}, {IdentityRule::Alias, "alias"},
      {IdentityRule::NameWithoutSite, "name-without-site"}});
  return name_of(kNames, rule);
}

std::string identity_key(std::string_view written, const NameAliases& aliases) {
  const Written w = split_written(written);
  std::string key = name_key(written_name(w.name));
  if (w.site.empty() || key.empty()) return key;
  const std::string site = aliases.count_as(true, w.site).key;
  return site.empty() ? key : key + "@" + site;
}

PlayerIdentity identify_player(std::string_view tag_value, std::string_view site_value, const NameAliases& aliases) {
  return identify_player(tag_value, aliases.count_as(true, site_value), aliases);
}

PlayerIdentity identify_player(std::string_view tag_value, const NameAliases::Counted& site, const NameAliases& aliases) {
  PlayerIdentity id;
  id.recorded = split_player(tag_value);
  if (id.recorded.name.empty()) return id;
  const std::string_view base = base_name(id.recorded.name);
  const Rank& rank = id.recorded.rank_value;
  const bool pro_style = rank.title == RankTitle::Pro || rank.hanja;
  const bool scoped = !site.key.empty() && aliases.online(site.key) && !pro_style;
  const std::string plain_key = name_key(base);
  id.key = scoped ? plain_key + "@" + site.key : plain_key;
  id.display = scoped ? std::string(base) + "@" + site.display : std::string(base);
  id.rule = scoped ? IdentityRule::NameAtSite : IdentityRule::Name;
  id.name_key = plain_key;
  if (scoped) id.site_key = site.key;
  // An alias line for the identity, or (a nickname) for the name wherever it plays.
  const std::string* alias = aliases.player_alias(id.key);
  if (!alias && scoped) alias = aliases.player_alias(plain_key);
  if (alias) {
    id.rule = IdentityRule::Alias;
    if (*alias == "?") {
      id.key.clear();
      id.display.clear();
    } else {
      id.key = identity_key(*alias, aliases);
      id.display = identity_display(*alias, aliases);
    }
    id.name_key = id.key;  // an alias is never merged by rule (identity_merge.h)
    id.site_key.clear();
  }
  return id;
}

}  // namespace gibo
