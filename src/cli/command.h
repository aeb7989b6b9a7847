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

struct Command {
  const char* name;
  const char* summary;
  // args: everything after the command name. Returns an ExitCode.
  int (*run)(const std::vector<std::string>& args);
};

const std::vector<Command>& commands();

int run_perft(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_validate(const std::vector<std::string>& args);
int run_convert(const std::vector<std::string>& args);
int run_show(const std::vector<std::string>& args);
int run_stats(const std::vector<std::string>& args);
int run_import(const std::vector<std::string>& args);
int run_export(const std::vector<std::string>& args);
int run_rescore(const std::vector<std::string>& args);
int run_explore(const std::vector<std::string>& args);
int run_search(const std::vector<std::string>& args);
int run_analyze(const std::vector<std::string>& args);
int run_serve(const std::vector<std::string>& args);

}  // namespace gibo::cli
