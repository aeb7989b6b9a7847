// Conflicts in words (copy_text.h).
#include "gibo/report/copy_text.h"

#include "gibo/archive/copies.h"
#include "gibo/report/i18n.h"

namespace gibo {

std::string conflicts_text(unsigned conflicts) {
  std::string out;
  auto add = [&](unsigned bit, const char* what) {
    if (!(conflicts & bit)) return;
    if (!out.empty()) out += ", ";
    out += i18n::translate(what);
  };
  add(archive::kConflictCho, i18n::N_("Cho's player"));
  add(archive::kConflictHan, i18n::N_("Han's player"));
  add(archive::kConflictDate, i18n::N_("the date"));
  add(archive::kConflictWinner, i18n::N_("the winner"));
  return out;
}

}  // namespace gibo
