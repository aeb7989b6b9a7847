// The tags a game's facts are read from; see fact_tags.h.
#include "gibo/record/fact_tags.h"

#include <array>

namespace gibo {

std::span<const std::string_view> fact_tag_names(FactTag fact) {
  // The .gib name first; then the original PGN kept when it wrote a value in the
  // standard's form (GibDate "2010-09-22" beside Date "2010.09.22": formats/tags/README.md);
  // then the PGN name.
  static constexpr std::array<std::string_view, 3> kEvent{"대회명", "GibEvent", "Event"},
      kSite{"대국장소", "GibSite", "Site"}, kDate{"대국일자", "GibDate", "Date"}, kRound{"회전", "GibRound", "Round"};
  static constexpr std::array<std::string_view, 4> kCho{"초대국자", "GibWhite", "White", "Cho"},
      kHan{"한대국자", "GibBlack", "Black", "Han"};
  static constexpr std::array<std::string_view, 1> kStatedPlies{"총수"};
  switch (fact) {
    case FactTag::Event: return kEvent;
    case FactTag::Site: return kSite;
    case FactTag::Date: return kDate;
    case FactTag::Cho: return kCho;
    case FactTag::Han: return kHan;
    case FactTag::StatedPlies: return kStatedPlies;
    case FactTag::Round: return kRound;
  }
  return {};
}

const std::string* fact_tag(const std::vector<Tag>& tags, FactTag fact) {
  for (std::string_view name : fact_tag_names(fact))
    for (const Tag& t : tags)
      if (t.name == name) return &t.value;
  return nullptr;
}

}  // namespace gibo
