// Player tags (`초대국자` "김동학 四단"): the name, and the rank written in it. The archive
// stores names split this way (the rank as `cho_rank`/`han_rank`, the rank at the time of
// the game), and reports group players by identity (player_identity.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gibo {

// A rank as records write it after a name: a number and a unit (`9단`, `四단`, `三段`, `초단`,
// `18급`), a title (`프로`, `아마`), or both (`프로 5단`, `9단아마`).
enum class RankTitle : std::uint8_t { None, Pro, Amateur };
enum class RankUnit : std::uint8_t { None, Dan, Geup };
struct Rank {
  RankTitle title = RankTitle::None;
  RankUnit unit = RankUnit::None;
  int number = 0;      // 1..10 for 단, 1..30 for 급; 0 without a unit
  bool hanja = false;  // the number written in hanja (四단, 九段): the style of the pro records

  bool empty() const { return title == RankTitle::None && unit == RankUnit::None; }
  // The rank in one spelling: "9단", "18급", "프로", "프로 5단", "아마 3단"; "" when empty.
  // (초단 is "1단", 四단 and 四段 are "4단".)
  std::string label() const;
  // The rank on one scale, for comparing ranks: N단 is N, N급 is 1 - N (1급 0, 18급 -17);
  // nullopt without a number (a title alone, or no rank).
  std::optional<int> level() const;
  bool operator==(const Rank&) const = default;
};

// A player tag split into name and rank. The rank is read at the end of the value
// (grammar in player_name.cpp): `김동학 四단`, `입술을깨물죠9단`, `kiradosa(7단)`,
// `파천신군 9단아마`, `유희석프로 4단`, `김동학(프로)`, `하성호프로`, `홍길동 프로 5단`.
// A parenthesised hanja name stays in the name (`이상두(李翔斗)`).
struct PlayerName {
  std::string name;   // blanks tidied (one space, none at the ends); "" when the value names no one
                      // (empty, 미상, ?, -, or only a rank such as `아마 15급`)
  std::string rank;   // rank_value.label(): what the archive stores; "" for none
  Rank rank_value;
};
PlayerName split_player(std::string_view tag_value);

// The name a report groups a player by when it does not use identities: split_player's name.
std::string player_name(std::string_view tag_value);

}  // namespace gibo
