#include "options.h"

#include "command.h"

namespace gibo::cli {

std::optional<int> parse_command_line(const std::string& command, const std::string& synopsis,
                                      const std::vector<std::string>& args, po::options_description& visible,
                                      const po::positional_options_description& positional,
                                      po::variables_map& vm) {
  visible.add_options()("help,h", "show this help");
  try {
    po::store(po::command_line_parser(args).options(visible).positional(positional).run(), vm);
    // --help is answered before the required options are checked.
    if (vm.count("help")) {
      std::cout << "usage: " << synopsis << "\n\n" << visible << "\n" << kExitStatusHelp;
      return kExitOk;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "gibo " << command << ": " << e.what() << "\nusage: " << synopsis << "\n";
    return kExitUsage;
  }
  return std::nullopt;
}

const Profile* profile_or_usage(const std::string& command, const std::string& id) {
  const Profile* p = find_profile(profile_id_for_variant(id));
  if (p) return p;
  std::cerr << "gibo " << command << ": unknown rules profile '" << id << "'; valid profiles:";
  for (const Profile& q : all_profiles()) std::cerr << " " << q.id;
  std::cerr << "\n";
  return nullptr;
}

}  // namespace gibo::cli
