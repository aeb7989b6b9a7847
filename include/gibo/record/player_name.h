// Player tags (`초대국자` "김동학 四단"): the name, and the rank when the last blank-separated
// word is one. The archive stores names split this way, and reports group players by it.
#pragma once

#include <string>
#include <string_view>

namespace gibo {

// A player tag split into name and rank: the rank is the last blank-separated word when
// it is ASCII digits or hanja numerals (一..十), or 초, followed by 단 or 급 (`8단`, `四단`,
// `초단`, `15급`). Anything else is all name (`최완규(프로)`). A value that is only a rank
// keeps it as the name, so a name is never empty unless the value is.
struct PlayerName {
  std::string name;
  std::string rank;  // empty when none
};
PlayerName split_player(std::string_view tag_value);

// The name a report groups a player by: split_player's name, with "미상", "?" and "-"
// read as no name ("").
std::string player_name(std::string_view tag_value);

}  // namespace gibo
