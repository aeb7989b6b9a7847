// Engine-assisted adjudication (src/adjudication/README.md "Engine verdicts"): where the rules cannot decide
// an ending (a resignation, a time loss, an agreed draw), does the engine's evaluation of
// the final position support the stored result, contradict it, or leave it unclear?
#pragma once

#include <optional>
#include <string_view>

#include "gibo/analysis/uci_engine.h"
#include "gibo/record/result.h"

namespace gibo::analysis {

enum class EngineVerdictKind { Supports, Contradicts, Unclear };
// "engine-supports", "engine-contradicts", "engine-unclear".
std::string_view engine_verdict_name(EngineVerdictKind k);
// The verdict a stored name stands for (the archive's engine_verdicts.verdict); nullopt for other text.
std::optional<EngineVerdictKind> engine_verdict_named(std::string_view name);

struct EngineJudgement {
  EngineVerdictKind kind = EngineVerdictKind::Unclear;
  std::string_view note;  // a fixed English phrase saying why
  // A win the board does not decide (on time, by forfeit, by disconnection): the engine's
  // reading is information, not a finding (kind Unclear; the note says who was ahead).
  bool information = false;
};

// Is a win by `method` one the board does not decide (time, forfeit, disconnection), so that
// the final position's evaluation says who was ahead, not whether the result is right?
bool decided_off_the_board(ResultMethod method);

// The judgement of a stored result `stored` (Winner Cho, Han or Draw; anything else is
// Unclear), won or drawn by `method`, by the final position's evaluation `eval` (Cho's view),
// with `margin_cp` > 0:
// * a win on time, by forfeit or by disconnection: Unclear, with `information` and a note
//   saying who was ahead (the winner, the loser, neither by the margin): losing on time while
//   ahead is normal, so the board cannot contradict such a win;
// * any other win (a resignation, a win with no method named): Supports when the stored
//   winner mates or is ahead by margin_cp or more, Contradicts when the other side mates or
//   is, Unclear otherwise;
// * a draw (agreed or not): Supports when |eval| < margin_cp, Contradicts on a mate or
//   |eval| >= 2 * margin_cp, Unclear in between.
EngineJudgement engine_judgement(Winner stored, ResultMethod method, const Score& eval, int margin_cp);

// A stored engine verdict read for the stored result it judged: a win off the board (above)
// is information, whatever an archive judged before this rule holds for it; nullopt when
// the stored verdict stands (any other result, or no evaluation).
std::optional<EngineJudgement> off_the_board_reading(Winner stored, ResultMethod method,
                                                     const std::optional<Score>& eval, int margin_cp);

}  // namespace gibo::analysis
