// The engine's verdict on a stored result from the final position's evaluation and a margin.
#include "gibo/analysis/engine_verdict.h"

#include <cstdlib>

#include "gibo/core/enum_names.h"

namespace gibo::analysis {

namespace {

constexpr auto kEngineVerdictNames = std::to_array<Named<EngineVerdictKind>>({
    {EngineVerdictKind::Supports, "engine-supports"}, {EngineVerdictKind::Contradicts, "engine-contradicts"},
    {EngineVerdictKind::Unclear, "engine-unclear"}});

}  // namespace

std::string_view engine_verdict_name(EngineVerdictKind k) { return name_of(kEngineVerdictNames, k); }

std::optional<EngineVerdictKind> engine_verdict_named(std::string_view name) {
  return value_named(kEngineVerdictNames, name);
}

bool decided_off_the_board(ResultMethod method) {
  return method == ResultMethod::Time || method == ResultMethod::Forfeit || method == ResultMethod::Disconnection;
}

EngineJudgement engine_judgement(Winner stored, ResultMethod method, const Score& eval, int margin_cp) {
  using K = EngineVerdictKind;
  if ((stored == Winner::Cho || stored == Winner::Han) && decided_off_the_board(method)) {
    const Side winner = stored == Winner::Cho ? Side::Cho : Side::Han;
    const int lead = eval.mate ? (eval.winner == winner ? margin_cp : -margin_cp) : winner == Side::Cho ? eval.cp : -eval.cp;
    if (lead >= margin_cp)
      return {K::Unclear, "won off the board (time, forfeit, disconnection): the winner was ahead (information)", true};
    if (lead <= -margin_cp)
      return {K::Unclear, "won off the board (time, forfeit, disconnection): the loser was ahead (information)", true};
    return {K::Unclear, "won off the board (time, forfeit, disconnection): neither side was ahead by the margin (information)",
            true};
  }
  if (stored == Winner::Draw) {
    if (eval.mate) return {K::Contradicts, "a side mates in the final position"};
    const int lead = std::abs(eval.cp);
    if (lead < margin_cp) return {K::Supports, "the final position is level within the margin"};
    if (lead >= 2 * margin_cp) return {K::Contradicts, "a side is ahead by twice the margin or more"};
    return {K::Unclear, "a side is ahead by the margin, but not by twice it"};
  }
  if (stored != Winner::Cho && stored != Winner::Han) return {K::Unclear, "no stored winner or draw to compare"};
  const Side winner = stored == Winner::Cho ? Side::Cho : Side::Han;
  if (eval.mate)
    return eval.winner == winner ? EngineJudgement{K::Supports, "the stored winner mates"}
                                 : EngineJudgement{K::Contradicts, "the other side mates"};
  const int lead = winner == Side::Cho ? eval.cp : -eval.cp;
  if (lead >= margin_cp) return {K::Supports, "the stored winner is ahead by the margin or more"};
  if (lead <= -margin_cp) return {K::Contradicts, "the other side is ahead by the margin or more"};
  return {K::Unclear, "neither side is ahead by the margin"};
}

std::optional<EngineJudgement> off_the_board_reading(Winner stored, ResultMethod method,
                                                     const std::optional<Score>& eval, int margin_cp) {
  if (!eval || (stored != Winner::Cho && stored != Winner::Han) || !decided_off_the_board(method)) return std::nullopt;
  return engine_judgement(stored, method, *eval, margin_cp);
}

}  // namespace gibo::analysis
