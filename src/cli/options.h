// Helpers shared by the command files: option parsing with Boost.Program_options,
// `--rules` lookup, and the usage-error convention (message on stderr, exit 2).
#pragma once

#include <boost/program_options.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "gibo/core/rules.h"

namespace gibo::cli {

namespace po = boost::program_options;

// Parses `args` against `visible` (+ positionals). Prints help and returns kExitOk for
// --help; prints the error and returns kExitUsage on bad options; nullopt on success.
std::optional<int> parse_command_line(const std::string& command, const std::string& synopsis,
                                      const std::vector<std::string>& args, po::options_description& visible,
                                      const po::positional_options_description& positional,
                                      po::variables_map& vm);

// Looks up a profile id (also the reference table's Fairy-Stockfish variant names).
// On an unknown id prints the valid ones and returns nullptr.
const Profile* profile_or_usage(const std::string& command, const std::string& id);

}  // namespace gibo::cli
