// rescore_game: one game's computed ending under a profile and its verdict, and the verdict note (rescore.h).
#include "gibo/adjudication/rescore.h"

#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"

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
  return rescore(profile, bikjang, start, moves, static_cast<int>(game.plies.size()), stored);
}

std::string verdict_note(const Verdict& verdict, bool bikjang_inferred) {
  std::string note(verdict.note);
  if (bikjang_inferred) note += "; bikjang option inferred from the stored result";
  return note;
}

}  // namespace gibo
