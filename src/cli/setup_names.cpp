// Reading the set-up names of the command line (setup_names.h).
#include "setup_names.h"

#include "gibo/formats/gib.h"

namespace gibo::cli {

const char* const kSetupPairHelp =
    "--setup takes CHO,HAN, each one of HEEH EHHE HEHE EHEH (마상상마 상마마상 마상마상 상마상마)";

std::optional<Setup> parse_setup_name(const std::string& s) {
  for (Setup setup : kAllSetups)
    if (s == setup_code(setup) || s == gib_setup_name(setup)) return setup;
  return std::nullopt;
}

std::optional<std::pair<Setup, Setup>> parse_setup_pair(const std::string& s) {
  const auto comma = s.find(',');
  if (comma == std::string::npos) return std::nullopt;
  const auto cho = parse_setup_name(s.substr(0, comma));
  const auto han = parse_setup_name(s.substr(comma + 1));
  if (!cho || !han) return std::nullopt;
  return std::make_pair(*cho, *han);
}

}  // namespace gibo::cli
