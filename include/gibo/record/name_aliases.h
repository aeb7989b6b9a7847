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
#include "gibo/record/event_format.h"

namespace gibo {

// The key two spellings share: the value's folded_form (normal_form.h: NFKC, so the
// compatibility ideographs, full-width forms and odd spaces fold; Unicode case folding),
// white space left out ("Hangame", "ＨＡＮＧＡＭＥ", "han game" -> "hangame"; "六단" with
// U+F9D1 -> "六단" with U+516D).
std::string name_key(std::string_view value);

// The value tidied for display: its normal_form (NFKC: full-width forms narrowed, the
// compatibility ideographs unified), runs of blanks one space, none at the ends.
std::string tidy_name(std::string_view value);

class NameAliases {
 public:
  // The table built into the program (src/record/aliases.tsv).
  static const NameAliases& builtin();

  // Adds the lines of an alias table (KIND TAB SPELLING TAB NAME; `#` comments and blank
  // lines skipped; a later line wins). KIND is `site`, `event`, `*` (both), `online` (a
  // site, and its NAME an online service whose players are nicknames), `player` (the
  // identity SPELLING, `NAME` or `NAME@SITE`, is the identity NAME; NAME `?`: no one) or
  // `format` (the event SPELLING was played in the format NAME: event_format.h's names).
  // A site's or an event's NAME `?` says the value says nothing (unknown); `!` followed by
  // a note says the value is no site or event but something else (`!a cancelled-game
  // marker`): unknown too, and reported as such with the note.
  // An Error naming `origin` and the line when one has not three fields, an unknown KIND or
  // an unknown format.
  std::optional<Error> add(std::string_view tsv, const std::string& origin);

  struct Counted {
    std::string key;      // "" for unknown
    std::string display;  // the alias's name, else the value with its blanks tidied
    std::string not_entity;  // the value is no site or event: the table's note ("" otherwise)
  };
  // How a site (`site` true) or event value is counted.
  Counted count_as(bool site, std::string_view value) const;
  // The sites' (`site` true) or events' table: a spelling's name_key -> the name it
  // counts as, already tidied ("?": unknown).
  const std::unordered_map<std::string, std::string>& table(bool site) const { return site ? sites_ : events_; }

  // Is the site counted under `site_key` (Counted::key) an online service?
  bool online(const std::string& site_key) const { return online_.count(site_key) > 0; }

  // The format a `format` line states for the event counted under `event_key`; nullopt
  // when no line does.
  std::optional<EventFormat> format(const std::string& event_key) const {
    const auto it = formats_.find(event_key);
    return it == formats_.end() ? std::nullopt : std::optional<EventFormat>(it->second);
  }

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
  std::unordered_map<std::string, EventFormat> formats_;        // event key -> its stated format
};

}  // namespace gibo
