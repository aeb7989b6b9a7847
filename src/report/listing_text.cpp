// What the text listings of games share (listing_text.h).
#include "listing_text.h"

#include <algorithm>

#include "text_width.h"

namespace gibo::explore {

std::string game_ref(const archive::GameListing& g) { return g.file + ":" + std::to_string(g.index + 1); }

std::string aligned(const std::vector<std::vector<std::string>>& rows, const std::vector<bool>& right) {
  std::vector<int> width(right.size(), 0);
  for (const auto& r : rows)
    for (std::size_t c = 0; c < r.size(); ++c) width[c] = std::max(width[c], display_width(r[c]));
  std::string out;
  for (const auto& r : rows) {
    std::string line;
    for (std::size_t c = 0; c < r.size(); ++c) {
      if (c) line += "  ";
      line += right[c] ? pad_left(r[c], width[c]) : c + 1 == r.size() ? r[c] : pad_right(r[c], width[c]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

}  // namespace gibo::explore
