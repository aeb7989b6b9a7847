// The engine options `gibo analyze` and `gibo rescore --engine` share (--engine, --depth,
// --nodes, --movetime, --option, --timeout), their checks, the start of the engine with
// its install hint, and the archive request an analysis is stored under.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gibo/analysis/uci_engine.h"
#include "gibo/archive/archive.h"
#include "options.h"

namespace gibo::cli {

struct EngineChoice {
  // As given.
  std::string command = "fairy-stockfish";
  std::vector<std::string> option_texts;
  std::int64_t depth = 0, nodes = 0, movetime = 0;
  int timeout_s = 60;
  // Resolved by resolve_engine_choice.
  analysis::EngineConfig config;
  analysis::Limit limit;
  int timeout_ms = 0;
  std::string engine_name;  // the engine's `id name` (start_engine)
};

// Adds the options to `opts`. With `optional_command` (rescore) --engine takes its CMD
// only as --engine=CMD and means "use an engine" on its own.
void add_engine_options(po::options_description& opts, EngineChoice& choice, bool optional_command);

// Checks the options and resolves config, limit and timeout (depth 10 by default). A
// usage error (printed for `command`) is returned as its exit status.
std::optional<int> resolve_engine_choice(const std::string& command, const po::variables_map& vm,
                                         EngineChoice& choice);

// Starts the engine once, so that one that is missing or does not speak UCI is one clear
// error (exit 2; a missing engine with the install hint), and records its name. The
// engine is stopped again (workers start their own).
std::optional<int> probe_engine(const std::string& command, EngineChoice& choice);

// The request an analysis of `variant` with this engine, options and limit is stored under.
archive::AnalysisRequest analysis_request(const EngineChoice& choice, const std::string& variant);

}  // namespace gibo::cli
