// What an export of training data says it wrote (gibo/report/training_data.h summary_text).
#include "gibo/report/i18n.h"
#include "gibo/report/training_data.h"

namespace gibo::training {

std::string summary_text(const training::Summary& s, bool split) {
  using i18n::number;
  std::string text = i18n::format("{1} games, {2} positions: {3} written", {number(s.games), number(s.positions),
                                                                            number(s.written)});
  if (split)
    text += ", " + i18n::format("{1} to validation ({2} games)", {number(s.validation), number(s.validation_games)});
  std::string left;
  using i18n::N_;
  for (const auto& [n, why] :
       {std::pair{s.early, N_("early")}, {s.in_check, N_("in check")}, {s.after_capture, N_("after a capture")},
        {s.repeated, N_("repeated")}, {s.unevaluated, N_("without an evaluation")},
        {s.no_result, N_("without a result or a move")}})
    if (n) left += (left.empty() ? "" : ", ") + number(n) + " " + i18n::translate(why);
  if (!left.empty()) text += "; " + i18n::format("left out: {1}", {left});
  if (s.unrepresentable)
    text += "; " + i18n::format("{1} after a move the engine's variant refuses", {number(s.unrepresentable)});
  return text + "; " + i18n::format("{1} games analysed", {number(s.analysed_games)});
}

}  // namespace gibo::training
