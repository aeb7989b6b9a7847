// Option helpers shared by the commands: parsing with help that lists positional arguments as arguments, usage errors (exit 2), --jobs, the encodings, --rules (options.h).
#include "options.h"

#include <algorithm>
#include <cctype>

#include "command.h"
#include "help_page.h"
#include "gibo/report/i18n.h"
#include "inputs.h"
#include "report/text_width.h"

namespace gibo::cli {

namespace {

// The names of the options that take the positional arguments, in order (one name per
// position; an unbounded last one once).
std::vector<std::string> positional_names(const po::positional_options_description& positional) {
  std::vector<std::string> names;
  const unsigned total = positional.max_total_count();
  for (unsigned i = 0; i < total && i < 16; ++i) {
    const std::string& name = positional.name_for_position(i);
    if (names.empty() || names.back() != name) names.push_back(name);
  }
  return names;
}

// How help names a positional argument: its value name (po::value()->value_name), else
// the option's name in capitals; "..." when it takes several.
std::string argument_name(const po::option_description& o, bool several) {
  std::string name = o.semantic()->name();
  if (name.empty() || name == "arg") {
    name.clear();
    for (char c : o.long_name()) name += c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  if (several && name.find("...") == std::string::npos && name.find(' ') == std::string::npos) name += "...";
  return name;
}

// The options as Boost.Program_options prints them ("  -j [ --jobs ] arg   worker
// threads"), each description in the run's language: in English Boost's own layout; in
// another language the same columns, wrapped at 80 display columns (hangul takes two).
void print_options(std::ostream& out, const po::options_description& options) {
  if (i18n::language() == "en") {
    out << options;
    return;
  }
  out << i18n::translate("options") << ":\n";
  std::vector<std::pair<std::string, std::string>> rows;
  int width = 0;
  for (const auto& o : options.options()) {
    std::string left = "  " + o->format_name();
    if (const std::string p = o->format_parameter(); !p.empty()) left += " " + p;
    width = std::max(width, display_width(left));
    rows.emplace_back(left, i18n::translate(o->description().c_str()));
  }
  width = std::min(width + 2, 32);
  for (const auto& [left, help] : rows) {
    out << left;
    int column = display_width(left);
    if (column >= width) {
      out << "\n";
      column = 0;
    }
    out << std::string(static_cast<std::size_t>(width - column), ' ');
    column = width;
    std::size_t at = 0;
    bool first = true;
    while (at <= help.size()) {
      std::size_t end = help.find(' ', at);
      if (end == std::string::npos) end = help.size();
      const std::string word = help.substr(at, end - at);
      const int w = display_width(word);
      if (!first && column + 1 + w > 80) {
        out << "\n" << std::string(static_cast<std::size_t>(width), ' ');
        column = width;
        first = true;
      }
      if (!first) {
        out << ' ';
        ++column;
      }
      out << word;
      column += w;
      first = false;
      at = end + 1;
    }
    out << "\n";
  }
}

// Help (README "Commands"): the usage line, the positional arguments as arguments (never
// as options), the options, the exit statuses; the words in the run's language (i18n.h).
void print_help(const std::string& synopsis, const po::options_description& visible,
                const po::positional_options_description& positional) {
  using i18n::translate;
  const std::vector<std::string> names = positional_names(positional);
  po::options_description options("options");
  std::vector<std::pair<std::string, std::string>> arguments;
  for (const auto& o : visible.options()) {
    const auto at = std::find(names.begin(), names.end(), o->long_name());
    if (at == names.end()) {
      options.add(o);
      continue;
    }
    const bool several = at + 1 == names.end() && positional.max_total_count() > names.size();
    arguments.emplace_back(argument_name(*o, several), translate(o->description().c_str()));
  }
  std::cout << translate("usage:") << " " << synopsis << "\n\n";
  if (!arguments.empty()) {
    std::cout << translate("arguments:") << "\n";
    for (const auto& [name, help] : arguments) {
      std::cout << "  " << name;
      if (name.size() < 20) std::cout << std::string(22 - name.size(), ' ');
      else std::cout << "\n" << std::string(24, ' ');
      std::cout << help << "\n";
    }
    std::cout << "\n";
  }
  print_options(std::cout, options);
  std::cout << "\n" << translate(kExitStatusHelp);
}

// A Boost.Program_options message about a positional argument, in the words of help:
// "the option '--depth' is required but missing" -> "DEPTH is required but missing";
// "the argument ('x') for option '--depth' is invalid" -> "... for DEPTH is invalid".
std::string argument_message(std::string message, const po::options_description& visible,
                             const po::positional_options_description& positional) {
  const std::vector<std::string> names = positional_names(positional);
  for (const std::string& name : names) {
    const po::option_description* o = visible.find_nothrow(name, false);
    if (!o) continue;
    const std::string shown = argument_name(*o, false);
    for (const std::string& form : {"the option '--" + name + "'", "option '--" + name + "'", "'--" + name + "'"}) {
      const std::size_t at = message.find(form);
      if (at != std::string::npos) {
        message.replace(at, form.size(), shown);
        break;
      }
    }
  }
  return message;
}

}  // namespace

std::optional<int> parse_command_line(const std::string& command, const std::string& synopsis,
                                      const std::vector<std::string>& args, po::options_description& visible,
                                      const po::positional_options_description& positional,
                                      po::variables_map& vm, const std::string& notes) {
  visible.add_options()("help", "show this help and the command's reference: examples, what it does")(
      ",h", "show the usage and the options only");
  // A positional argument is given as one, never as an option ("gibo perft 3", not
  // "gibo perft --depth 3"): help lists it under "arguments".
  for (const std::string& name : positional_names(positional))
    for (const std::string& a : args) {
      if (a == "--") break;
      if (a == "--" + name || a.rfind("--" + name + "=", 0) == 0) {
        const po::option_description* o = visible.find_nothrow(name, false);
        std::cerr << "gibo " << command << ": "
                  << i18n::format("unrecognised option '{1}': {2} is an argument, given without an option name",
                                  {a, o ? argument_name(*o, false) : name})
                  << "\n"
                  << i18n::translate("usage:") << " " << synopsis << "\n";
        return kExitUsage;
      }
    }
  try {
    po::store(po::command_line_parser(args).options(visible).positional(positional).run(), vm);
    // --help is answered before the required options are checked.
    if (vm.count("help") || vm.count("-h")) {
      print_help(synopsis, visible, positional);
      std::cout << notes;
      // The reference page is English whatever the run's language (src/cli/help/).
      const HelpPage* page = find_help_page(command);
      if (vm.count("help") && page) std::cout << "\n" << help_page_text(page->markdown);
      return kExitOk;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    std::cerr << "gibo " << command << ": " << i18n::message(argument_message(e.what(), visible, positional)) << "\n"
              << i18n::translate("usage:") << " " << synopsis << "\n";
    return kExitUsage;
  }
  return std::nullopt;
}

std::optional<int> parse_command_line_with_list(const std::string& command, const std::string& synopsis,
                                                const std::vector<std::string>& args, po::options_description& visible,
                                                const char* name, const char* value_name, const char* help,
                                                std::vector<std::string>& values, po::variables_map& vm,
                                                const std::string& notes) {
  visible.add_options()(name, po::value(&values)->value_name(value_name), help);
  po::positional_options_description positional;
  positional.add(name, -1);
  return parse_command_line(command, synopsis, args, visible, positional, vm, notes);
}

std::optional<int> parse_command_line_with_paths(const std::string& command, const std::string& synopsis,
                                                 const std::vector<std::string>& args,
                                                 po::options_description& visible, std::vector<std::string>& paths,
                                                 po::variables_map& vm, const std::string& notes) {
  return parse_command_line_with_list(command, synopsis, args, visible, "paths", "PATHS",
                                      "files, directories (searched recursively), or - for stdin", paths, vm, notes);
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
  std::cerr << "gibo " << command << ": " << i18n::message(message) << "\n";
  return kExitUsage;
}

int usage_error(const std::string& command, const std::string& message, const std::string& synopsis) {
  std::cerr << "gibo " << command << ": " << i18n::message(message) << "\n" << i18n::translate("usage:") << " " << synopsis
            << "\n";
  return kExitUsage;
}

int no_input_error(const std::string& command, const std::string& synopsis) {
  std::cerr << "gibo " << command << ": " << i18n::translate("no input") << "; " << i18n::translate("usage:") << " "
            << synopsis << "\n";
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
