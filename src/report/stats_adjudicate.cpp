// The report's use of the adjudicator: one game, one profile, one verdict (rescore's, as
// `gibo rescore` judges it), reduced to the names the tables print.
#include "gibo/adjudication/ending.h"
#include "gibo/adjudication/rescore.h"
#include "gibo/adjudication/verdict.h"
#include "stats_load.h"

namespace gibo::stats {

namespace {

// The names of `r`'s verdict; a rejected record's (reject) has no ending or scores.
VerdictFact verdict_fact(const Rescore& r) {
  VerdictFact f;
  f.profile = r.profile->id;
  f.verdict = std::string(verdict_name(r.verdict.kind));
  f.note = verdict_note(r.verdict, r.bikjang_inferred);
  if (r.rejection) return f;
  const Scores scores = r.verdict.ending ? r.verdict.ending->scores : r.board.final_scores;
  f.cho_score = scores.cho;
  f.han_score = scores.han;
  if (r.verdict.ending) {
    f.board_winner = std::string(outcome_name(r.verdict.ending->winner));
    f.board_reason = std::string(reason_name(r.verdict.ending->reason));
    f.board_ply = r.verdict.ending->ply;
  }
  return f;
}

}  // namespace

VerdictFact judge_game(const Profile& profile, const std::optional<bool>& saved_bikjang, const Position& start,
                       const std::vector<Move>& moves, int record_plies,
                       const std::optional<NormalizedResult>& stored) {
  const BikjangOption bikjang = adjudication_bikjang(profile, saved_bikjang, stored, false);
  return verdict_fact(rescore(profile, bikjang, start, moves, record_plies, stored));
}

VerdictFact rejected_verdict(const Profile& profile) {
  Rescore r;
  r.profile = &profile;
  reject(r, Diagnostic{});
  return verdict_fact(r);
}

}  // namespace gibo::stats
