// gibo: one program, one subcommand per source file (see command.h).
#include <csignal>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <optional>
#include <iostream>

#include "command.h"
#include "help_page.h"
#include "outputs.h"
#include "gibo/report/i18n.h"
#include "gibo/version.h"

namespace gibo::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> list = {
      {"validate", "read game files and replay every move through the rules engine", run_validate},
      {"show", "show a record's position at a ply (text or SVG), its moves, or the game as an HTML viewer", run_show},
      {"convert", "convert game files between .gib, PGN, JSON, JSON Lines, FEN and UCI move lists", run_convert},
      {"import", "load game files into an archive, SQLite or PostgreSQL (every record kept, each game once, resumable)", run_import},
      {"export", "write an archive's games back to files", run_export},
      {"copy", "copy an archive into another, between SQLite and PostgreSQL (every table, resumable)", run_copy},
      {"rescore", "re-score each game's ending under a rules profile beside its stored result", run_rescore},
      {"stats", "report on a collection: results, set-ups, openings, players and ratings, events, verdicts, data quality", run_stats},
      {"explore", "the moves played from a position in an archive, with their results (opening explorer)", run_explore},
      {"search", "the archive's games that reach a position, or where a pattern holds", run_search},
      {"analyze", "evaluate every move of each game with a UCI engine (fairy-stockfish): losses, mistakes, accuracy", run_analyze},
      {"serve", "the archive as a local web application: explorer, games, game viewer, statistics", run_serve},
      {"rules", "list the rules profiles, or show one profile's flags and engine variant", run_rules},
      {"perft", "count leaf nodes of the move tree (rules-engine check and speed)", run_perft},
  };
  return list;
}

namespace {

void print_overview(std::ostream& out) {
  using i18n::translate;
  out << translate("gibo: Janggi (Korean chess) game records") << "\n\n"
      << translate("usage:") << " gibo [--lang en|ko] COMMAND [OPTIONS]\n"
      << "       gibo help [COMMAND]\n\n"
      << translate("commands:") << "\n";
  for (const Command& c : commands()) {
    out << "  " << c.name;
    for (std::size_t i = std::strlen(c.name); i < 12; ++i) out << ' ';
    out << translate(c.summary) << "\n";
  }
  out << "\n" << translate("Run 'gibo COMMAND --help' for a command's options and reference (-h: the options only).") << "\n"
      << translate("Language: --lang ko or a Korean locale (LANG=ko_KR.UTF-8) for Korean.") << "\n\n"
      << translate(kExitStatusHelp);
}

// Where the message catalogues are: $GIBO_LOCALEDIR, else beside the program (the build
// tree's locale/), else the installed share/locale.
std::string locale_dir() {
  if (const char* dir = std::getenv("GIBO_LOCALEDIR"); dir && *dir) return dir;
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "/usr/share/locale";
  const std::filesystem::path beside = self.parent_path() / "locale";
  if (std::filesystem::exists(beside / "ko" / "LC_MESSAGES" / "gibo.mo", ec)) return beside.string();
  return (self.parent_path().parent_path() / "share" / "locale").string();
}

const Command* find(const std::string& name) {
  for (const Command& c : commands())
    if (name == c.name) return &c;
  return nullptr;
}

// --lang LANG (or --lang=LANG) before the command chooses the language of the run (taken
// out of `args`); kExitUsage for another language than en and ko.
std::optional<int> choose_language(std::vector<std::string>& args) {
  std::string lang;
  if (!args.empty() && args.front().rfind("--lang=", 0) == 0) {
    lang = args.front().substr(7);
    args.erase(args.begin());
  } else if (args.size() >= 2 && args.front() == "--lang") {
    lang = args[1];
    args.erase(args.begin(), args.begin() + 2);
  }
  if (!lang.empty() && lang != "en" && lang != "ko") {
    std::cerr << "gibo: --lang takes en or ko\n";  // before the language is chosen: in English
    return kExitUsage;
  }
  i18n::set_language(i18n::requested_language(lang), locale_dir());
  return std::nullopt;
}

// gibo help [[--roff] COMMAND]: the overview, a command's reference, or (--roff) its page
// as help2man's include file, which the build gives help2man for the man page
// (cmake/man_pages.cmake).
int run_help(std::vector<std::string> args) {
  if (args.empty()) {
    print_overview(std::cout);
    return flush_standard_output("help") ? kExitOk : kExitIo;
  }
  const bool roff = args.front() == "--roff";
  if (roff) args.erase(args.begin());
  if (args.size() != 1) {
    std::cerr << "gibo help: " << i18n::translate("give one command name") << "\n";
    return kExitUsage;
  }
  const Command* c = find(args.front());
  if (!c) {
    std::cerr << "gibo: " << i18n::format("unknown command '{1}'", {args.front()}) << "\n";
    return kExitUsage;
  }
  if (roff) {
    const HelpPage* page = find_help_page(c->name);
    if (page) std::cout << help_page_roff(page->markdown);
    return flush_standard_output("help") ? kExitOk : kExitIo;
  }
  const int status = c->run({"--help"});
  return flush_standard_output("help") ? status : kExitIo;
}

// gibo --version: the number, and the git description of the tree it was built from when
// there is one.
int run_version() {
  const Version v = version();
  std::cout << "gibo " << v.number;
  if (!v.git.empty()) std::cout << " (git " << v.git << ")";
  std::cout << "\n";
  return flush_standard_output("--version") ? kExitOk : kExitIo;
}

// Runs the command `c`. Every command's standard output is checked once here: a write
// error there (a full disk, a closed pipe reader) is reported and turns the status into
// 3. An exception that escapes a command is a bug or a resource failure (out of memory),
// never a usage error: its message and status 3.
int run_command(const Command& c, const std::vector<std::string>& args) {
  int status = kExitIo;
  try {
    status = c.run(args);
  } catch (const std::exception& e) {
    std::cerr << "gibo " << c.name << ": internal error: " << e.what() << "\n";
    status = kExitIo;
  } catch (...) {
    std::cerr << "gibo " << c.name << ": internal error\n";
    status = kExitIo;
  }
  return flush_standard_output(c.name) ? status : kExitIo;
}

}  // namespace
}  // namespace gibo::cli

int main(int argc, char** argv) {
  using namespace gibo::cli;
  // A file size limit (ulimit -f) makes a write fail with EFBIG, reported like a full
  // disk, instead of killing the program with the temporary output left behind.
  std::signal(SIGXFSZ, SIG_IGN);
  checked_standard_output();
  visible_standard_error();
  std::vector<std::string> args(argv + 1, argv + argc);
  if (auto rc = choose_language(args)) return *rc;
  if (args.empty()) {
    print_overview(std::cerr);
    return kExitUsage;
  }
  const std::string name = args.front();
  args.erase(args.begin());
  if (name == "help" || name == "--help" || name == "-h") return run_help(std::move(args));
  if (name == "--version") return run_version();
  const Command* c = find(name);
  if (!c) {
    std::cerr << "gibo: unknown command '" << name << "'; run 'gibo help'\n";
    return kExitUsage;
  }
  return run_command(*c, args);
}
