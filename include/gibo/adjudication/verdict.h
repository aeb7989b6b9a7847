// The adjudicator's verdict (src/adjudication/README.md, "Verdicts"): does the stored
// historical result agree with what the board says under the profile? The stored result
// is never changed (same README, "Stored results are history").
#pragma once

#include <optional>
#include <string_view>

#include "gibo/adjudication/ending.h"
#include "gibo/record/result.h"

namespace gibo {

// Invalid: the record was rejected (an error in its moves or set-up), so its ending is not
// judged (rescore_game sets it; judge() never does).
enum class VerdictKind : std::uint8_t { Agrees, Disagrees, Unverifiable, Indeterminate, NoResult, Invalid };

// "agrees", "disagrees", "unverifiable", "indeterminate", "no-result", "invalid".
std::string_view verdict_name(VerdictKind v);
// The verdict a stored name stands for (the archive's verdicts.verdict); nullopt for other text.
std::optional<VerdictKind> verdict_named(std::string_view name);

struct Verdict {
  VerdictKind kind = VerdictKind::NoResult;
  std::optional<GameEnding> ending;    // the computed ending, reported with every verdict
  bool ended_before_last_ply = false;  // the record plays on after the computed ending
  std::string_view note;               // a fixed English phrase saying why
  bool operator==(const Verdict&) const = default;
};

// Compares the stored result with the board. `record_plies` is the number of plies the
// record holds (the board may have replayed fewer when a move was invalid); `stored` is
// nullopt when the record stores no result.
Verdict judge(const Adjudication& board, int record_plies, const std::optional<NormalizedResult>& stored);

}  // namespace gibo
