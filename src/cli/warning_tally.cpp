// Diagnostics of an engine run, each cause once with its count.
#include "warning_tally.h"

#include "gibo/report/i18n.h"

namespace gibo::cli {

void WarningTally::add(const std::string& ref, const std::vector<analysis::AnalysisWarning>& game) {
  const long call = calls_++;
  for (const analysis::AnalysisWarning& w : game) {
    auto [it, added] = index_.try_emplace(w.cause, causes_.size());
    if (added) {
      Cause c;
      c.cause = w.cause;
      c.first = ref;
      if (w.ply >= 0) c.first.append("@").append(std::to_string(w.ply));
      if (!w.detail.empty()) c.first.append(": ").append(w.detail);
      causes_.push_back(std::move(c));
    }
    Cause& c = causes_[it->second];
    ++c.times;
    if (c.last_game != call) ++c.games, c.last_game = call;
  }
}

std::vector<std::string> WarningTally::lines(const std::string& label) const {
  std::vector<std::string> out;
  for (const Cause& c : causes_)
    out.push_back(label + ": " + c.cause + " (" +
                  i18n::format("{1} times in {2} games; first {3}",
                               {std::to_string(c.times), std::to_string(c.games), c.first}) +
                  ")");
  return out;
}

}  // namespace gibo::cli
