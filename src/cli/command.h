// The command registry of the `gibo` program: one source file per command.
#pragma once

#include <string>
#include <vector>

namespace gibo::cli {

// Documented exit statuses (README "Exit status"), the same for every command.
enum ExitCode : int {
  kExitOk = 0,        // success; every game valid
  kExitFindings = 1,  // some games rejected, a file holds no game, or some results disagree
  kExitUsage = 2,     // bad command line (option, argument, --where)
  kExitIo = 3,        // a file, the archive or standard output could not be read or written;
                      // also an unexpected internal error
};

// The exit statuses as every command's --help states them.
inline constexpr const char* kExitStatusHelp =
    "exit status (every command): 0 success; 1 findings (a game rejected, a file with no game, a\n"
    "result that disagrees); 2 usage error (bad option or argument); 3 a file, the archive or\n"
    "standard output could not be read or written, or an internal error.\n";

// What a command runs: given everything after its name, returns an ExitCode.
using CommandRun = int(const std::vector<std::string>& args);

struct Command {
  const char* name;
  const char* summary;
  CommandRun* run;
};

const std::vector<Command>& commands();

// The commands, one a cmd_NAME.cpp (in the order of the table in main.cpp).
CommandRun run_validate, run_show, run_convert, run_import, run_export, run_copy, run_rescore, run_stats, run_explore,
    run_search, run_analyze, run_serve, run_rules, run_perft;

}  // namespace gibo::cli
