// gibo rules: list the rules profiles (src/core/README.md, "Profiles"), or show one profile's legality flags.
#include <algorithm>
#include <iostream>

#include "command.h"
#include "gibo/report/i18n.h"
#include "options.h"

namespace gibo::cli {
namespace {

// The engine variant nearest to the profile and how they differ (one for each bikjang
// option of a profile whose bikjang follows the record's option).
void print_engine_mappings(const Profile& p) {
  auto print = [](const EngineMapping& m, const std::string& label) {
    std::cout << label << ": " << m.variant << " (" << i18n::format("as profile {1}", {m.profile_id}) << ")\n";
    if (m.differences.empty()) std::cout << "  " << i18n::translate("the variant plays this profile exactly") << "\n";
    for (const RuleDifference& d : m.differences) std::cout << "  " << topic_name(d.topic) << ": " << d.text << "\n";
  };
  if (!p.bikjang_mode_follows_option) return print(p.engine, i18n::translate("engine variant"));
  print(p.engine, i18n::translate("engine variant, bikjang option off"));
  print(p.engine_bikjang_on, i18n::translate("engine variant, bikjang option on"));
}

}  // namespace

int run_rules(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo rules [list | show ID]";
  po::options_description opts("options");
  std::vector<std::string> words;
  po::variables_map vm;
  if (auto rc = parse_command_line_with_list("rules", synopsis, args, opts, "words", "list | show ID",
                                             "list the profiles (the default), or show one profile's flags", words, vm))
    return *rc;
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
    print_engine_mappings(*p);
    return kExitOk;
  }
  std::cerr << i18n::translate("usage:") << " " << synopsis << "\n";
  return kExitUsage;
}

}  // namespace gibo::cli
