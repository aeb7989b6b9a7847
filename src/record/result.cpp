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

}  // namespace gibo
