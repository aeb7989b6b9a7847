// The report's use of the adjudicator: one game, one profile, one verdict, reduced to
// the names the tables print.
#include "gibo/adjudication/ending.h"
#include "gibo/adjudication/rescore.h"
#include "gibo/adjudication/verdict.h"
#include "stats_load.h"

namespace gibo::stats {

VerdictFact judge_game(const Profile& profile, const std::optional<bool>& saved_bikjang, const Position& start,
                       const std::vector<Move>& moves, int record_plies,
                       const std::optional<NormalizedResult>& stored) {
  const BikjangOption bikjang = adjudication_bikjang(profile, saved_bikjang, stored, false);
  const Adjudication board = adjudicate(profile, bikjang.on, start, moves);
  const Verdict v = judge(board, record_plies, stored);
  VerdictFact f;
  f.profile = profile.id;
  f.verdict = std::string(verdict_name(v.kind));
  f.note = verdict_note(v, bikjang.inferred);
  const Scores scores = v.ending ? v.ending->scores : board.final_scores;
  f.cho_score = scores.cho;
  f.han_score = scores.han;
  if (v.ending) {
    f.board_winner = std::string(outcome_name(v.ending->winner));
    f.board_reason = std::string(reason_name(v.ending->reason));
    f.board_ply = v.ending->ply;
  }
  return f;
}

}  // namespace gibo::stats
