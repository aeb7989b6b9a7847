// The sites and events of the report's games (stats_entities.h).
#include "stats_entities.h"

#include <unordered_map>
#include <unordered_set>

#include "gibo/record/player_name.h"

namespace gibo::stats {
namespace {

// How each game counts its `field` (the site when `site`): each distinct value read once (most
// repeat across thousands of games), then made no site or event with the note `why` when the
// alias table does not list it and `other` says it is something else.
template <typename Other>
std::vector<NameAliases::Counted> counted_values(const Dataset& data, const std::string GameFacts::*field, bool site,
                                                 const NameAliases& aliases, const char* why, Other other) {
  std::unordered_map<std::string, NameAliases::Counted> of;
  std::vector<NameAliases::Counted> out;
  out.reserve(data.games.size());
  for (const GameFacts& g : data.games) {
    const std::string& value = g.*field;
    auto [it, fresh] = of.try_emplace(value);
    if (fresh) {
      it->second = aliases.count_as(site, value);
      const bool tabled = aliases.table(site).count(name_key(value)) > 0;
      if (!it->second.key.empty() && !tabled && other(value, it->second)) it->second = {{}, it->second.display, why};
    }
    out.push_back(it->second);
  }
  return out;
}

}  // namespace

Entities::Entities(const Dataset& data, const NameAliases& aliases) {
  // The collection's player names and site keys, as keys.
  std::unordered_set<std::string> players, sites;
  for (const GameFacts& g : data.games)
    for (const std::string* name : {&g.cho_name, &g.han_name})
      if (!name->empty()) players.insert(name_key(*name));
  sites_ = counted_values(data, &GameFacts::site, true, aliases, "a player's name",
                          [&](const std::string& value, const NameAliases::Counted&) {
                            const std::string as_player = name_key(split_player(value).name);
                            return !as_player.empty() && players.count(as_player) > 0;
                          });
  for (const NameAliases::Counted& c : sites_)
    if (!c.key.empty()) sites.insert(c.key);
  for (const auto& [spelling, counted] : aliases.table(true))  // the table's sites, by the names they count as
    if (counted != "?" && counted.front() != '!') sites.insert(name_key(counted));
  events_ = counted_values(data, &GameFacts::event, false, aliases, "a site's name",
                           [&](const std::string&, const NameAliases::Counted& c) { return sites.count(c.key) > 0; });
}

}  // namespace gibo::stats
