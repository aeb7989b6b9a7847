// gibo rules: list the rules profiles (src/core/README.md, "Profiles"), or show one profile's legality flags.
#include <algorithm>
#include <iostream>

#include "command.h"
#include "gibo/report/i18n.h"
#include "options.h"

namespace gibo::cli {

int run_rules(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo rules [list | show ID]";
  po::options_description opts("options");
  std::vector<std::string> words;
  opts.add_options()("words", po::value(&words)->value_name("list | show ID"),
                     "list the profiles (the default), or show one profile's flags");
  po::positional_options_description pos_opts;
  pos_opts.add("words", -1);
  po::variables_map vm;
  if (auto rc = parse_command_line("rules", synopsis, args, opts, pos_opts, vm)) return *rc;
  if (words.empty() || (words[0] == "list" && words.size() == 1)) {
    for (const Profile& p : all_profiles())
      std::cout << p.id << " v" << p.version << "  " << p.description << "\n";
    return kExitOk;
  }
  if (words[0] == "show" && words.size() == 2) {
    const Profile* p = profile_or_usage("rules", words[1]);
    if (!p) return kExitUsage;
    std::cout << p->id << " v" << p->version << "  " << p->description << "\n";
    std::size_t width = 0;
    const auto flags = profile_flags(*p);
    for (const ProfileFlag& f : flags) width = std::max(width, f.name.size());
    for (const ProfileFlag& f : flags)
      std::cout << "  " << f.name << std::string(width - f.name.size() + 2, ' ') << f.value
                << (f.known ? "" : "  (" + i18n::translate("UNKNOWN: assumed") + ")") << "\n";
    return kExitOk;
  }
  std::cerr << i18n::translate("usage:") << " " << synopsis << "\n";
  return kExitUsage;
}

}  // namespace gibo::cli
