// Re-scoring one record (gibo/adjudication/rescore.h): the bikjang option, the verdict
// beside the stored result, a rejected record's Invalid verdict, and the verdict in words.
#include "gibo/adjudication/rescore.h"

#include <string>

#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"
#include "gibo/record/first_error.h"

namespace gibo {

BikjangOption adjudication_bikjang(const Profile& profile, const std::optional<bool>& saved,
                                   const std::optional<NormalizedResult>& stored, bool fallback) {
  if (saved) return {*saved, false};
  if (stored && stored->method == ResultMethod::Bikjang) return {true, profile.bikjang_mode_follows_option};
  return {fallback, false};
}

Rescore rescore(const Profile& profile, BikjangOption bikjang, const Position& start, std::span<const Move> moves,
                int record_plies, const std::optional<NormalizedResult>& stored) {
  Rescore r;
  r.profile = &profile;
  r.bikjang_option = bikjang.on;
  r.bikjang_inferred = bikjang.inferred;
  r.stored = stored;
  r.record_plies = record_plies;
  r.board = adjudicate(profile, bikjang.on, start, moves);
  r.verdict = judge(r.board, record_plies, stored);
  return r;
}

Rescore rescore_game(Game& game, const Profile& fallback, bool bikjang_fallback) {
  ReplayOptions replay_options;
  replay_options.bikjang_fallback = bikjang_fallback;
  const Profile& profile = replay_under_profile(game, fallback, replay_options);
  std::optional<NormalizedResult> stored;
  if (game.has_result) stored = normalize_result(game.result_text);
  const BikjangOption bikjang = adjudication_bikjang(profile, game.saved_bikjang_option, stored, bikjang_fallback);
  Position start;
  std::vector<Move> moves;
  if (!start_position(game, legality_rules(profile, bikjang.on), start)) {
    // every ply the board could play, annotation mismatches included
    moves.reserve(static_cast<std::size_t>(game.played_plies));
    for (int i = 0; i < game.played_plies; ++i) moves.push_back(game.plies[static_cast<std::size_t>(i)].move);
  }
  Rescore r = rescore(profile, bikjang, start, moves, static_cast<int>(game.plies.size()), stored);
  if (const Diagnostic* error = first_error(game.diagnostics)) reject(r, *error);
  return r;
}

void reject(Rescore& r, Diagnostic error) {
  r.verdict.kind = VerdictKind::Invalid;
  r.verdict.note = "the record is rejected; its ending is not judged";
  r.rejection = std::move(error);
}

namespace {

// "checkmate", "a double pass", ... as words in a sentence.
std::string reason_words(EndReason reason) {
  switch (reason) {
    case EndReason::Checkmate: return "checkmate";
    case EndReason::KingCapture: return "king capture";
    case EndReason::DoublePass: return "a double pass";
    case EndReason::Bikjang: return "bikjang";
    case EndReason::Repetition: return "repetition";
    case EndReason::PerpetualCheck: return "perpetual check";
    case EndReason::Stalemate: return "stalemate";
    case EndReason::PalaceOnly: return "generals alone in their palaces";
    case EndReason::MoveLimit: return "the move limit";
    case EndReason::NoCaptureLimit: return "the no-capture limit";
    case EndReason::InsufficientMaterial: return "insufficient material";
  }
  return std::string(reason_name(reason));
}

std::string outcome_words(Outcome o) {
  switch (o) {
    case Outcome::Cho: return "Cho winning";
    case Outcome::Han: return "Han winning";
    case Outcome::Draw: return "drawn";
    case Outcome::Indeterminate: return "the winner depending on an unknown rule";
    case Outcome::None: break;
  }
  return "no winner";
}

// "72", "73.5": half-points as points.
std::string points(int half) { return std::to_string(half / 2) + (half % 2 ? ".5" : ""); }

}  // namespace

std::string verdict_text(const Rescore& r, const std::string& stored_text) {
  std::string out = r.stored || !stored_text.empty() ? "stored result " + stored_text : "no stored result";
  out += "; under ";
  out += r.profile ? r.profile->id : "?";
  if (r.rejection) {
    const Diagnostic& d = *r.rejection;
    out += " the record is rejected";
    if (d.ply > 0) out += " at ply " + std::to_string(d.ply);
    out += " (error[" + d.code + "]: " + d.message + ")";
  } else if (r.board.ending) {
    const GameEnding& e = *r.board.ending;
    out += " the game ends by " + reason_words(e.reason) + " at ply " + std::to_string(e.ply) + ", " +
           outcome_words(e.winner) + " (Cho " + points(e.scores.cho) + ", Han " + points(e.scores.han) + ")";
    if (r.verdict.ended_before_last_ply)
      out += "; the record plays on to ply " + std::to_string(r.record_plies);
  } else {
    out += " the board shows no ending after " + std::to_string(r.board.plies) + " plies (Cho " +
           points(r.board.final_scores.cho) + ", Han " + points(r.board.final_scores.han) + ")";
  }
  out += ": ";
  out += verdict_name(r.verdict.kind);
  if (r.verdict.kind != VerdictKind::Agrees && r.verdict.kind != VerdictKind::Invalid) {
    out += " (";
    out += r.verdict.note;
    out += ")";
  }
  if (r.bikjang_inferred) out += "; bikjang option inferred from the stored result";
  return out;
}

std::string verdict_note(const Verdict& verdict, bool bikjang_inferred) {
  std::string note(verdict.note);
  if (bikjang_inferred) note += "; bikjang option inferred from the stored result";
  return note;
}

}  // namespace gibo
