// How `gibo stats` counts each game's site and event: the one place every table that names a
// site or an event asks (overview, events, formations by site, play quality). The alias table
// (record/name_aliases.h) decides first; then two readings of the collection say that a value
// is no site or event although no line says so:
//   * a site value that is the name of a player of the collection (a tag shifted by one
//     line: `반야월신선 5단` as the site) is "a player's name";
//   * an event value that is the name of a site (`한게임` as the event) is "a site's name".
// Such values are counted as unknown and listed (Overview::not_entities). Internal to src/report.
#pragma once

#include <vector>

#include "gibo/record/name_aliases.h"
#include "stats_facts.h"

namespace gibo::stats {

class Entities {
 public:
  Entities(const Dataset& data, const NameAliases& aliases);
  // How game `game` (an index into the Dataset's games) counts its site and its event.
  const NameAliases::Counted& site(std::size_t game) const { return sites_[game]; }
  const NameAliases::Counted& event(std::size_t game) const { return events_[game]; }

 private:
  std::vector<NameAliases::Counted> sites_, events_;
};

}  // namespace gibo::stats
