// Site and event names as `gibo stats` counts them: spellings of one name (case, width,
// spacing, the table's aliases such as Hangame/한게임) are one entity, and values that
// say nothing (미상, ?, empty) are unknown, not a site (src/cli/help/stats.md). The same
// table says which sites are online services and merges player identities
// (player_identity.h).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "gibo/core/expected.h"

namespace gibo {

// The key two spellings share: full-width ASCII forms and the ideographic space folded
// to ASCII, ASCII letters in lower case, white space left out ("Hangame", "ＨＡＮＧＡＭＥ",
// "han game" -> "hangame").
std::string name_key(std::string_view value);

// The value tidied for display: full-width ASCII forms narrowed, runs of blanks one space,
// none at the ends.
std::string tidy_name(std::string_view value);

class NameAliases {
 public:
  // The table built into the program (src/record/aliases.tsv).
  static const NameAliases& builtin();

  // Adds the lines of an alias table (KIND TAB SPELLING TAB NAME; `#` comments and blank
  // lines skipped; a later line wins). KIND is `site`, `event`, `*` (both), `online` (a
  // site, and its NAME an online service whose players are nicknames) or `player` (the
  // identity SPELLING, `NAME` or `NAME@SITE`, is the identity NAME; NAME `?`: no one).
  // An Error naming `origin` and the line when one has not three fields or an unknown KIND.
  std::optional<Error> add(std::string_view tsv, const std::string& origin);

  struct Counted {
    std::string key;      // "" for unknown
    std::string display;  // the alias's name, else the value with its blanks tidied
  };
  // How a site (`site` true) or event value is counted.
  Counted count_as(bool site, std::string_view value) const;
  // The sites' (`site` true) or events' table: a spelling's name_key -> the name it
  // counts as, already tidied ("?": unknown).
  const std::unordered_map<std::string, std::string>& table(bool site) const { return site ? sites_ : events_; }

  // Is the site counted under `site_key` (Counted::key) an online service?
  bool online(const std::string& site_key) const { return online_.count(site_key) > 0; }

  // The identity a player identity key (player_identity.h) is counted as: the `player`
  // line's NAME ("?": no one), or nullptr when no line names it.
  const std::string* player_alias(const std::string& identity_key) const {
    const auto it = players_.find(identity_key);
    return it == players_.end() ? nullptr : &it->second;
  }

 private:
  std::unordered_map<std::string, std::string> sites_, events_;  // key -> name ("?": unknown)
  std::unordered_set<std::string> online_;                      // site keys
  std::unordered_map<std::string, std::string> players_;        // identity key -> identity ("?": no one)
};

}  // namespace gibo
