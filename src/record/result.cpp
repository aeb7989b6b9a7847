// Names of winners and result methods, both ways (gibo/record/result.h).
#include "gibo/record/result.h"

namespace gibo {

std::string_view winner_name(Winner w) {
  switch (w) {
    case Winner::Cho: return "cho";
    case Winner::Han: return "han";
    case Winner::Draw: return "draw";
    case Winner::Void: return "void";
    case Winner::Unknown: return "unknown";
  }
  return "unknown";
}

std::string_view method_name(ResultMethod m) {
  switch (m) {
    case ResultMethod::Unspecified: return "unspecified";
    case ResultMethod::Outright: return "outright";
    case ResultMethod::Checkmate: return "checkmate";
    case ResultMethod::Resignation: return "resignation";
    case ResultMethod::Time: return "time";
    case ResultMethod::Points: return "points";
    case ResultMethod::Bikjang: return "bikjang";
    case ResultMethod::Forfeit: return "forfeit";
    case ResultMethod::Disconnection: return "disconnection";
    case ResultMethod::Agreement: return "agreement";
    case ResultMethod::Automatic: return "automatic";
    case ResultMethod::None: return "none";
  }
  return "none";
}

Winner winner_from_name(std::string_view name) {
  for (Winner w : {Winner::Cho, Winner::Han, Winner::Draw, Winner::Void, Winner::Unknown})
    if (winner_name(w) == name) return w;
  return Winner::Unknown;
}

ResultMethod method_from_name(std::string_view name) {
  for (int m = 0; m <= static_cast<int>(ResultMethod::None); ++m)
    if (method_name(static_cast<ResultMethod>(m)) == name) return static_cast<ResultMethod>(m);
  return ResultMethod::None;
}

}  // namespace gibo
