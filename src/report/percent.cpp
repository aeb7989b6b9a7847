// A share in percent with one decimal (percent.h).
#include "percent.h"

#include <cstdio>

namespace gibo {

std::string percent_text(long part, long whole) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%.1f%%", whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return buffer;
}

}  // namespace gibo
