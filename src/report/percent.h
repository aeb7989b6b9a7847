// A share in percent as the reports and pages show it, with one decimal: "48.3%".
#pragma once

#include <string>

namespace gibo {

// `part` of `whole` in percent with one decimal ("0.0%" when whole is 0).
std::string percent_text(long part, long whole);

}  // namespace gibo
