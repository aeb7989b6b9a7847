// The links of a served page, for the server tests that follow them.
#pragma once

#include <regex>
#include <string>
#include <vector>

namespace gibo::testing {

// Every href="..." of `page` in order, its &amp; undone.
inline std::vector<std::string> hrefs(const std::string& page) {
  std::vector<std::string> out;
  const std::regex href("href=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(page.begin(), page.end(), href); it != std::sregex_iterator(); ++it)
    out.push_back(std::regex_replace((*it)[1].str(), std::regex("&amp;"), "&"));
  return out;
}

}  // namespace gibo::testing
