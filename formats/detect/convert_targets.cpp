// Where a conversion's games go: one output, or one file per input in a directory (convert.h).
#include <filesystem>
#include <map>

#include "gibo/formats/convert.h"
#include "gibo/formats/protected_files.h"

namespace gibo {

Expected<ConvertTargets, ConvertPlanError> plan_convert_targets(const std::string& output,
                                                                const std::vector<std::string>& inputs, Format format) {
  namespace fs = std::filesystem;
  auto usage = [](std::string message) { return ConvertPlanError{Error{std::move(message)}, true}; };
  ProtectedFiles protect;
  for (const std::string& in : inputs) protect.add_input(in);
  std::error_code ec;
  ConvertTargets t;
  t.per_input = !output.empty() && (output.back() == '/' || fs::is_directory(output, ec));
  if (t.per_input) {
    std::map<fs::path, std::string> taken;
    for (const std::string& in : inputs) {
      fs::path name = in == "-" ? fs::path("stdin") : fs::path(in).filename();
      name.replace_extension(format_extension(format));
      const fs::path target = fs::path(output) / name;
      if (auto [it, fresh] = taken.emplace(fs::weakly_canonical(target, ec), in); !fresh)
        return usage("inputs " + it->second + " and " + in + " would both be written to " + target.string());
      t.files.push_back(target.string());
    }
  }
  for (const std::string& f : t.files)
    if (auto why = protect.conflict(f)) return usage(why->message);
  if (!t.per_input)
    if (auto why = protect.conflict(output)) return usage(why->message);
  if (t.per_input && !fs::exists(output, ec)) {
    fs::create_directories(output, ec);
    if (ec) return ConvertPlanError{Error{"cannot create " + output + ": " + ec.message()}};
  }
  return t;
}

}  // namespace gibo
