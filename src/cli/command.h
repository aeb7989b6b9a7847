// The command registry of the `gibo` program: one source file per command.
#pragma once

#include <string>
#include <vector>

namespace gibo::cli {

// Documented exit statuses (README "Exit status").
enum ExitCode : int {
  kExitOk = 0,        // success; every game valid
  kExitFindings = 1,  // some games rejected or some results disagree
  kExitUsage = 2,     // bad command line
  kExitIo = 3,        // a file could not be read or written
};

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

}  // namespace gibo::cli
