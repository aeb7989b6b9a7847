// Engine-assisted adjudication (src/adjudication/README.md "Engine verdicts"): where the rules cannot decide
// an ending (a resignation, a time loss, an agreed draw), does the engine's evaluation of
// the final position support the stored result, contradict it, or leave it unclear?
#pragma once

#include <string_view>

#include "gibo/analysis/uci_engine.h"
#include "gibo/record/result.h"

namespace gibo::analysis {

enum class EngineVerdictKind { Supports, Contradicts, Unclear };
// "engine-supports", "engine-contradicts", "engine-unclear".
std::string_view engine_verdict_name(EngineVerdictKind k);

struct EngineJudgement {
  EngineVerdictKind kind = EngineVerdictKind::Unclear;
  std::string_view note;  // a fixed English phrase saying why
};

// The judgement of a stored result `stored` (Winner Cho, Han or Draw; anything else is
// Unclear) by the final position's evaluation `eval` (Cho's view), with `margin_cp` > 0:
// * a win: Supports when the stored winner mates or is ahead by margin_cp or more,
//   Contradicts when the other side mates or is, Unclear otherwise;
// * a draw: Supports when |eval| < margin_cp, Contradicts on a mate or |eval| >= 2 *
//   margin_cp, Unclear in between.
EngineJudgement engine_judgement(Winner stored, const Score& eval, int margin_cp);

}  // namespace gibo::analysis
