// The engine options of analyze and rescore --engine: parsing, checks, the engine's probe.
#include "engine_options.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>

#include "command.h"
#include "gibo/report/i18n.h"
#include "gibo/formats/detect.h"

namespace gibo::cli {
void add_engine_options(po::options_description& opts, EngineChoice& c, bool optional_command) {
  auto engine = po::value(&c.command);
  if (optional_command) engine->implicit_value("fairy-stockfish");
  opts.add_options()("engine", engine,
                     optional_command ? "judge the unverifiable endings with a UCI engine: --engine alone (fairy-stockfish), "
                                        "--engine PROGRAM or --engine=CMD (words split on spaces)"
                                      : "UCI engine command (words split on spaces); default fairy-stockfish")(
      "depth", po::value(&c.depth), "search each position to this depth (default 10)")(
      "nodes", po::value(&c.nodes), "search each position this many nodes")(
      "movetime", po::value(&c.movetime), "search each position this many milliseconds")(
      "option", po::value(&c.option_texts)->composing(), "engine option NAME=VALUE (setoption), repeatable")(
      "timeout", po::value(&c.timeout_s),
      "seconds a position may take beyond --movetime before the engine is stopped (default 60)");
}

namespace {

// Does `word` name a program rather than an input: an executable file (a path with a '/'),
// or a program found on PATH, that is no directory and not named as a game file is?
bool names_program(const std::string& word) {
  if (format_of_name(word) != Format::Unknown) return false;
  auto executable = [](const std::string& path) {
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
  };
  if (word.find('/') != std::string::npos) return executable(word);
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && executable(dir + "/" + word)) return true;
  return false;
}

}  // namespace

void reclaim_engine_word(const std::vector<std::string>& args, EngineChoice& c, std::vector<std::string>& paths) {
  std::size_t before = 0;  // paths given before the bare --engine
  for (std::size_t i = 0; i + 1 < args.size(); ++i) {
    if (args[i] == "--engine" && args[i + 1] == c.command && args[i + 1].rfind("-", 0) != 0) {
      if (names_program(c.command)) return;  // --engine PATH: the engine, as analyze reads it
      paths.insert(paths.begin() + static_cast<std::ptrdiff_t>(std::min(before, paths.size())), args[i + 1]);
      c.command = "fairy-stockfish";
      return;
    }
    if (before < paths.size() && args[i] == paths[before]) ++before;
  }
}

std::optional<int> resolve_engine_choice(const std::string& command, const po::variables_map& vm, EngineChoice& c) {
  c.limit = analysis::Limit{};
  c.limit.value = 10;
  const int given = (c.depth > 0) + (c.nodes > 0) + (c.movetime > 0);
  if (given > 1) return usage_error(command, "give one of --depth, --nodes, --movetime");
  if (vm.count("depth") && c.depth <= 0) return usage_error(command, "--depth must be positive");
  if (vm.count("nodes") && c.nodes <= 0) return usage_error(command, "--nodes must be positive");
  if (vm.count("movetime") && c.movetime <= 0) return usage_error(command, "--movetime must be positive");
  using K = analysis::Limit::Kind;
  if (c.depth > 0) c.limit.value = c.depth;
  if (c.nodes > 0) c.limit.kind = K::Nodes, c.limit.value = c.nodes;
  if (c.movetime > 0) c.limit.kind = K::Movetime, c.limit.value = c.movetime;
  if (c.timeout_s <= 0) return usage_error(command, "--timeout must be positive");
  c.timeout_ms = c.timeout_s * 1000 + (c.movetime > 0 ? static_cast<int>(c.movetime) : 0);
  c.config.command = analysis::split_words(c.command);
  if (c.config.command.empty()) return usage_error(command, "--engine is empty");
  c.config.options.clear();
  for (const std::string& o : c.option_texts) {
    const auto eq = o.find('=');
    if (eq == std::string::npos || eq == 0) return usage_error(command, "--option must be NAME=VALUE: '" + o + "'");
    c.config.options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
  }
  return std::nullopt;
}

std::optional<int> probe_engine(const std::string& command, EngineChoice& c) {
  if (analysis::find_executable(c.config.command.front()).empty()) {
    std::cerr << "gibo " << command << ": "
              << i18n::format("engine '{1}' not found on PATH; install Fairy-Stockfish (Debian: apt-get install "
                              "fairy-stockfish) or give --engine with an engine's command or path",
                              {c.config.command.front()})
              << "\n";
    return kExitUsage;
  }
  auto probe = analysis::UciEngine::start(c.config);
  if (!probe) {
    std::cerr << "gibo " << command << ": " << i18n::format("engine '{1}': {2}", {c.command, i18n::message(probe.error().message)})
              << "\n";
    return kExitUsage;
  }
  c.engine_name = (*probe)->name();
  (*probe)->quit();
  return std::nullopt;
}

}  // namespace gibo::cli
