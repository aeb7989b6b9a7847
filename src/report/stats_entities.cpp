// The sites and events of the report's games (stats_entities.h).
#include "stats_entities.h"

#include <unordered_map>
#include <unordered_set>

#include "gibo/record/player_name.h"

namespace gibo::stats {

Entities::Entities(const Dataset& data, const NameAliases& aliases) {
  // The collection's player names and site keys, as keys.
  std::unordered_set<std::string> players, sites;
  for (const GameFacts& g : data.games)
    for (const std::string* name : {&g.cho_name, &g.han_name})
      if (!name->empty()) players.insert(name_key(*name));
  // The same value is read once: most values repeat across thousands of games.
  std::unordered_map<std::string, NameAliases::Counted> site_of, event_of;
  sites_.reserve(data.games.size());
  for (const GameFacts& g : data.games) {
    auto [it, fresh] = site_of.try_emplace(g.site);
    if (fresh) {
      it->second = aliases.count_as(true, g.site);
      const bool tabled = aliases.table(true).count(name_key(g.site)) > 0;
      const std::string as_player = name_key(split_player(g.site).name);
      if (!it->second.key.empty() && !tabled && !as_player.empty() && players.count(as_player))
        it->second = {{}, it->second.display, "a player's name"};
    }
    sites_.push_back(it->second);
    if (!it->second.key.empty()) sites.insert(it->second.key);
  }
  for (const auto& [spelling, counted] : aliases.table(true))  // the table's sites, by the names they count as
    if (counted != "?" && counted.front() != '!') sites.insert(name_key(counted));
  events_.reserve(data.games.size());
  for (const GameFacts& g : data.games) {
    auto [it, fresh] = event_of.try_emplace(g.event);
    if (fresh) {
      it->second = aliases.count_as(false, g.event);
      const bool tabled = aliases.table(false).count(name_key(g.event)) > 0;
      if (!it->second.key.empty() && !tabled && sites.count(it->second.key))
        it->second = {{}, it->second.display, "a site's name"};
    }
    events_.push_back(it->second);
  }
}

}  // namespace gibo::stats
