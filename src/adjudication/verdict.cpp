// Verdicts (src/adjudication/README.md, "Verdicts"). The order of the tests matters: nothing to compare (no result,
// an unreadable or void result, an ending the board cannot prove), then an uncertain
// computed ending, then the comparison itself.
#include "gibo/adjudication/verdict.h"

#include <cstdlib>

#include "gibo/core/enum_names.h"

namespace gibo {
namespace {

// The stored winner as an outcome. Contract: w is Cho, Han or Draw.
Outcome claimed_outcome(Winner w) {
  return w == Winner::Cho ? Outcome::Cho : w == Winner::Han ? Outcome::Han : Outcome::Draw;
}

// Methods no board position can prove or disprove.
bool off_board(ResultMethod m) {
  switch (m) {
    case ResultMethod::Resignation:
    case ResultMethod::Time:
    case ResultMethod::Disconnection:
    case ResultMethod::Agreement:
    case ResultMethod::Forfeit: return true;
    default: return false;
  }
}

// Methods that claim a decision by the scores.
bool score_method(ResultMethod m) {
  return m == ResultMethod::Points || m == ResultMethod::Bikjang || m == ResultMethod::Automatic;
}

Verdict make(Verdict v, VerdictKind kind, std::string_view note) {
  v.kind = kind;
  v.note = note;
  return v;
}

}  // namespace

namespace {

constexpr auto kVerdictNames = std::to_array<Named<VerdictKind>>({
    {VerdictKind::Agrees, "agrees"}, {VerdictKind::Disagrees, "disagrees"},
    {VerdictKind::Unverifiable, "unverifiable"}, {VerdictKind::Indeterminate, "indeterminate"},
    {VerdictKind::NoResult, "no-result"}, {VerdictKind::Invalid, "invalid"}});

}  // namespace

std::string_view verdict_name(VerdictKind v) { return name_of(kVerdictNames, v); }

std::optional<VerdictKind> verdict_named(std::string_view name) { return value_named(kVerdictNames, name); }

Verdict judge(const Adjudication& board, int record_plies, const std::optional<NormalizedResult>& stored) {
  Verdict v;
  v.ending = board.ending;
  v.ended_before_last_ply = board.ending && board.ending->ply < record_plies;

  if (!stored) return make(v, VerdictKind::NoResult, "no stored result");
  const NormalizedResult& r = *stored;
  if (!r.recognised || r.winner == Winner::Unknown) return make(v, VerdictKind::Unverifiable, "stored result not understood");
  if (r.winner == Winner::Void) return make(v, VerdictKind::Unverifiable, "stored result is a void game");
  if (off_board(r.method)) return make(v, VerdictKind::Unverifiable, "stored ending cannot be proved on the board");

  const Outcome claimed = claimed_outcome(r.winner);
  const auto margin_differs = [&](const Scores& s) {
    return r.method == ResultMethod::Points && r.margin_half_points && *r.margin_half_points != std::abs(s.difference());
  };

  if (board.ending) {
    const GameEnding& e = *board.ending;
    if (e.winner == Outcome::Indeterminate)
      return make(v, VerdictKind::Indeterminate, "the computed ending depends on an unknown rule");
    if (e.winner != claimed) return make(v, VerdictKind::Disagrees, "the board gives another result");
    if (e.by_score && margin_differs(e.scores))
      return make(v, VerdictKind::Disagrees, "the stored margin differs from the board's scores");
    return make(v, VerdictKind::Agrees,
                v.ended_before_last_ply ? "agrees; the record continues after the ending" : "the board ending agrees");
  }

  // No ending on the board: only what the final position shows can be checked.
  if (board.plies < record_plies) return make(v, VerdictKind::Unverifiable, "the record did not replay to its last ply");
  const Outcome mater = board.final_checkmate ? winner_outcome(~board.final_side_to_move) : Outcome::None;
  if (score_method(r.method)) {
    if (board.final_scores.leader() != claimed)
      return make(v, VerdictKind::Disagrees, "the final scores give another result");
    if (margin_differs(board.final_scores))
      return make(v, VerdictKind::Disagrees, "the stored margin differs from the final scores");
    return make(v, VerdictKind::Agrees, "the final scores agree");
  }
  if (r.method == ResultMethod::Checkmate) {
    if (mater == claimed) return make(v, VerdictKind::Agrees, "the final position is checkmate");
    return make(v, VerdictKind::Disagrees, "no such checkmate on the board");
  }
  // Outright, unspecified, or no method: a mate on the board decides; otherwise the loser
  // resigned (or agreed a draw), which the board cannot show.
  if (mater != Outcome::None)
    return make(v, mater == claimed ? VerdictKind::Agrees : VerdictKind::Disagrees,
                mater == claimed ? "the final position is checkmate" : "the final position mates the stored winner");
  return make(v, VerdictKind::Unverifiable, "no ending on the board; a resignation or agreement cannot be verified");
}

}  // namespace gibo
