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
  add(archive::kConflictCho, "Cho's player");
  add(archive::kConflictHan, "Han's player");
  add(archive::kConflictDate, "the date");
  add(archive::kConflictWinner, "the winner");
  return out;
}

}  // namespace gibo
