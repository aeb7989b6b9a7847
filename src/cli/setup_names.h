// What a bad --setup is told (perft, explore, search): the set-up pair itself is read by
// explore::parse_setup_pair (gibo/report/explore.h), as the explorer's pages read it.
#pragma once

namespace gibo::cli {

// "--setup takes CHO,HAN, each one of ...".
extern const char* const kSetupPairHelp;

}  // namespace gibo::cli
