// What the text listings of games share (internal to src/report): a game's reference as
// `gibo show` takes it, and a table padded to its columns' display widths.
#pragma once

#include <string>
#include <vector>

#include "gibo/archive/archive.h"

namespace gibo::explore {

// "FILE:GAME" as `gibo show` takes it (GAME from 1).
std::string game_ref(const archive::GameListing& g);

// A table of rows of cells, padded to their columns' display widths; `right` marks the
// right-aligned columns; trailing blanks are cut.
std::string aligned(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right);

}  // namespace gibo::explore
