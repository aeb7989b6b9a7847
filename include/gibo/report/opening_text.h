// A game's opening (gibo/record/opening.h) in the run's language, for the text and HTML
// outputs (show, validate, the viewer, the explorer, stats): the name, the set-up pair with
// its names (disputed ones marked), and the evidence — each formation's and the line's ply.
#pragma once

#include <string>

#include "gibo/record/opening.h"

namespace gibo::opening_text {

// opening_name in the run's language ("귀마(왼쪽)·면포 대 원앙마·면포").
std::string name(const Opening& o);
// side_name in the run's language ("귀마(왼쪽)·면포").
std::string side(const Opening& o, Side s);
// setup_pair_text in the run's language ("" for a custom start).
std::string setups(const Opening& o);
// What each side's formations and the line rest on: "Cho: corner horse (left) from ply 3,
// face cannon from ply 5; Han: unknown; line: … from ply 11" (translated).
std::string evidence(const Opening& o);

// The names a position carries or a move starts (explorer nodes): "Cho: 귀마(왼쪽), 면포; Han:
// 면포; line: 양귀마 면졸 주는 변화" (translated); "" when there are none.
std::string names(const PositionNames& n);

}  // namespace gibo::opening_text
