// The set-up names the command line takes (perft, explore, search): the codes HEEH EHHE
// HEHE EHEH or the .gib names 마상상마 상마마상 마상마상 상마상마, absolute as seen from Cho.
#pragma once

#include <optional>
#include <string>
#include <utility>

#include "gibo/core/types.h"

namespace gibo::cli {

// One set-up name; nullopt for any other text.
std::optional<Setup> parse_setup_name(const std::string& s);

// "CHO,HAN" (each a set-up name); nullopt when it is not that.
std::optional<std::pair<Setup, Setup>> parse_setup_pair(const std::string& s);

// What a bad --setup is told: "--setup takes CHO,HAN, each one of ...".
extern const char* const kSetupPairHelp;

}  // namespace gibo::cli
