// Option helpers shared by the commands: usage errors (exit 2), --jobs, the encodings, --rules (options.h).
#include "options.h"

#include "command.h"
#include "inputs.h"

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

std::optional<int> parse_command_line_with_paths(const std::string& command, const std::string& synopsis,
                                                 const std::vector<std::string>& args,
                                                 po::options_description& visible, std::vector<std::string>& paths,
                                                 const char* help, po::variables_map& vm) {
  visible.add_options()("paths", po::value(&paths), help);
  po::positional_options_description positional;
  positional.add("paths", -1);
  return parse_command_line(command, synopsis, args, visible, positional, vm);
}

std::optional<int> parse_command_line_with_argument(const std::string& command, const std::string& synopsis,
                                                    const std::vector<std::string>& args,
                                                    po::options_description& visible, const char* positional,
                                                    po::variables_map& vm) {
  po::positional_options_description one;
  one.add(positional, 1);
  return parse_command_line(command, synopsis, args, visible, one, vm);
}

int usage_error(const std::string& command, const std::string& message) {
  std::cerr << "gibo " << command << ": " << message << "\n";
  return kExitUsage;
}

int usage_error(const std::string& command, const std::string& message, const std::string& synopsis) {
  std::cerr << "gibo " << command << ": " << message << "\nusage: " << synopsis << "\n";
  return kExitUsage;
}

int no_input_error(const std::string& command, const std::string& synopsis) {
  std::cerr << "gibo " << command << ": no input; usage: " << synopsis << "\n";
  return kExitUsage;
}

std::optional<std::string> jobs_error(int jobs) {
  if (jobs >= 1 && jobs <= 256) return std::nullopt;
  return "--jobs must be between 1 and 256";
}

Expected<text::Encoding> input_encoding_option(const std::string& option, const std::string& name) {
  if (const auto e = input_encoding(name)) return *e;
  std::string message = option;
  message += " must be auto, utf-8 or cp949";
  return Error{message};
}

Expected<text::Encoding> gib_encoding_option(const std::string& option, const std::string& name) {
  if (name == "utf-8" || name == "utf8") return text::Encoding::Utf8;
  if (name == "cp949" || name == "euc-kr") return text::Encoding::Cp949;
  std::string message = option;
  message += " must be utf-8 or cp949";
  return Error{message};
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
