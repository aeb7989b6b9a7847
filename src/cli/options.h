// Helpers shared by the command files: option parsing with Boost.Program_options, the
// checks of options several commands take (`--rules`, `--jobs`, the encodings), and the
// usage-error convention (message on stderr, exit 2).
#pragma once

#include <boost/program_options.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/formats/encoding.h"

namespace gibo::cli {

namespace po = boost::program_options;

// Parses `args` against `visible` (+ positionals). Prints help (then the command's
// `notes`, what its help says after the options) and returns kExitOk for --help; prints the
// error and returns kExitUsage on bad options; nullopt on success.
std::optional<int> parse_command_line(const std::string& command, const std::string& synopsis,
                                      const std::vector<std::string>& args, po::options_description& visible,
                                      const po::positional_options_description& positional,
                                      po::variables_map& vm, const std::string& notes = {});

// parse_command_line for a command whose positional arguments are a list: the option
// `name` (shown as `value_name`, described by `help`) takes them all into `values`.
std::optional<int> parse_command_line_with_list(const std::string& command, const std::string& synopsis,
                                                const std::vector<std::string>& args, po::options_description& visible,
                                                const char* name, const char* value_name, const char* help,
                                                std::vector<std::string>& values, po::variables_map& vm,
                                                const std::string& notes = {});

// parse_command_line for a command whose positional arguments are PATHS (files,
// directories searched recursively, or - for standard input): they go to `paths`.
std::optional<int> parse_command_line_with_paths(const std::string& command, const std::string& synopsis,
                                                 const std::vector<std::string>& args,
                                                 po::options_description& visible, std::vector<std::string>& paths,
                                                 po::variables_map& vm, const std::string& notes = {});

// parse_command_line for a command with one positional argument: it fills the option
// `positional`.
std::optional<int> parse_command_line_with_argument(const std::string& command, const std::string& synopsis,
                                                    const std::vector<std::string>& args,
                                                    po::options_description& visible, const char* positional,
                                                    po::variables_map& vm);

// Prints "gibo COMMAND: MESSAGE" on stderr and returns kExitUsage.
int usage_error(const std::string& command, const std::string& message);

// The same followed by the usage line: "gibo COMMAND: MESSAGE", then "usage: SYNOPSIS".
int usage_error(const std::string& command, const std::string& message, const std::string& synopsis);

// A command given no PATHS: prints "gibo COMMAND: no input; usage: SYNOPSIS" and returns
// kExitUsage.
int no_input_error(const std::string& command, const std::string& synopsis);

// The usage error of `--jobs N` outside 1..256 ("--jobs must be between 1 and 256"),
// nullopt when N is in range.
std::optional<std::string> jobs_error(int jobs);

// The value of the input-encoding option `option` (input_encoding's names), or an Error
// "OPTION must be auto, utf-8 or cp949".
Expected<text::Encoding> input_encoding_option(const std::string& option, const std::string& name);

// The value of the option `option` naming the encoding of written .gib files:
// "utf-8"/"utf8" or "cp949"/"euc-kr"; otherwise an Error "OPTION must be utf-8 or cp949".
Expected<text::Encoding> gib_encoding_option(const std::string& option, const std::string& name);

// Looks up a profile id (also the reference table's Fairy-Stockfish variant names).
// On an unknown id prints the valid ones and returns nullptr.
const Profile* profile_or_usage(const std::string& command, const std::string& id);

}  // namespace gibo::cli
