// What a copy of a game says otherwise than the game (archive/copies.h), in the run's
// language, as the import's report, the stats report and the game viewer name it.
#pragma once

#include <string>

namespace gibo {

// "Cho's player, the date" for the Conflict bits `conflicts` ("" for none).
std::string conflicts_text(unsigned conflicts);

}  // namespace gibo
