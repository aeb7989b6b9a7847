// The tags a game's facts are read from (event, site, date, players, stated plies, round), with
// the names each format gives them: `.gib` first, then PGN (formats/tags/README.md). The archive's
// players and facts view and the report read them through here, so a folder and the
// archive imported from it agree.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/record/game.h"

namespace gibo {

enum class FactTag { Event, Site, Date, Cho, Han, StatedPlies, Round };

// The tag names of a fact, in priority order: Event 대회명/GibEvent/Event, Site
// 대국장소/GibSite/Site, Date 대국일자/GibDate/Date, Cho 초대국자/GibWhite/White/Cho, Han
// 한대국자/GibBlack/Black/Han, StatedPlies 총수, Round 회전/GibRound/Round (a Gib<Name> tag
// is the value gibo's PGN writer put in the standard's form, kept as it was).
std::span<const std::string_view> fact_tag_names(FactTag fact);

// The value of the first tag named by the fact's highest-priority name that occurs (the
// first such tag in record order); nullptr when none occurs.
const std::string* fact_tag(const std::vector<Tag>& tags, FactTag fact);

}  // namespace gibo
