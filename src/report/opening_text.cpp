// An opening in the run's language (opening_text.h).
#include "gibo/report/opening_text.h"

#include "gibo/report/i18n.h"

namespace gibo::opening_text {
namespace {

bool korean() { return i18n::language() == "ko"; }

}  // namespace

std::string name(const Opening& o) { return opening_name(o, korean()); }

std::string side(const Opening& o, Side s) { return side_name(o, s, korean()); }

std::string setups(const Opening& o) { return setup_pair_text(o, korean()); }

std::string evidence(const Opening& o) {
  if (o.other_start) return "";
  std::string out;
  for (Side s : {Side::Cho, Side::Han}) {
    std::string found;
    for (const FormationFound& f : o.of(s)) {
      if (!found.empty()) found += ", ";
      found += i18n::format("{1} from ply {2}", {korean() ? f.rule->korean : f.rule->english, std::to_string(f.ply)});
    }
    if (found.empty()) found = i18n::translate("unknown");
    if (!out.empty()) out += "; ";
    out += i18n::format(s == Side::Cho ? i18n::N_("Cho: {1}") : i18n::N_("Han: {1}"), {found});
  }
  if (o.line)
    out.append("; ").append(i18n::format("line: {1} from ply {2}", {korean() ? o.line->rule->korean : o.line->rule->english,
                                                                  std::to_string(o.line->ply)}));
  return out;
}

std::string names(const PositionNames& n) {
  std::string out;
  for (Side s : {Side::Cho, Side::Han}) {
    const auto& found = n.formations[static_cast<std::size_t>(index(s))];
    if (found.empty()) continue;
    std::string list;
    for (const FormationRule* f : found) {
      if (!list.empty()) list += ", ";
      list += korean() ? f->korean : f->english;
    }
    if (!out.empty()) out += "; ";
    out += i18n::format(s == Side::Cho ? i18n::N_("Cho: {1}") : i18n::N_("Han: {1}"), {list});
  }
  if (n.line) {
    if (!out.empty()) out += "; ";
    out += i18n::format("line: {1}", {korean() ? n.line->korean : n.line->english});
  }
  return out;
}

}  // namespace gibo::opening_text
