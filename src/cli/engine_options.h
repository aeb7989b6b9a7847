// The engine options `gibo analyze` and `gibo rescore --engine` share (--engine, --depth,
// --nodes, --movetime, --option, --timeout), their checks, the start of the engine with
// its install hint.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gibo/analysis/engine_pool.h"
#include "options.h"

namespace gibo::cli {

// The options as given; resolved into the run's SearchSettings (config, limit, timeout,
// and the engine's name once probed).
struct EngineChoice : analysis::SearchSettings {
  // As given.
  std::string command = "fairy-stockfish";
  std::vector<std::string> option_texts;
  std::int64_t depth = 0, nodes = 0, movetime = 0;
  int timeout_s = 60;
};

// Adds the options to `opts`. With `optional_command` (rescore) --engine takes its CMD
// only as --engine=CMD and means "use an engine" on its own.
void add_engine_options(po::options_description& opts, EngineChoice& choice, bool optional_command);

// With `optional_command`, Boost takes the word after a bare --engine as its value. A word
// that names a program (an executable file, or one on PATH, not named as a game file) is
// the engine, as `analyze --engine PROGRAM` reads it; any other word is one of the PATHS:
// put back into `paths` (at its place among them) and the command reset.
void reclaim_engine_word(const std::vector<std::string>& args, EngineChoice& choice, std::vector<std::string>& paths);

// Checks the options and resolves config, limit and timeout (depth 10 by default). A
// usage error (printed for `command`) is returned as its exit status.
std::optional<int> resolve_engine_choice(const std::string& command, const po::variables_map& vm,
                                         EngineChoice& choice);

// Starts the engine once, so that one that is missing or does not speak UCI is one clear
// error (exit 2; a missing engine with the install hint), and records its name. The
// engine is stopped again (workers start their own).
std::optional<int> probe_engine(const std::string& command, EngineChoice& choice);

}  // namespace gibo::cli
