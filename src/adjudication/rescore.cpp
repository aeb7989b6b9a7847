#include "gibo/adjudication/rescore.h"

#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"

namespace gibo {

Rescore rescore(const Profile& profile, bool bikjang_option, const Position& start, std::span<const Move> moves,
                int record_plies, const std::optional<NormalizedResult>& stored) {
  Rescore r;
  r.profile = &profile;
  r.bikjang_option = bikjang_option;
  r.stored = stored;
  r.record_plies = record_plies;
  r.board = adjudicate(profile, bikjang_option, start, moves);
  r.verdict = judge(r.board, record_plies, stored);
  return r;
}

Rescore rescore_game(Game& game, const Profile& fallback, bool bikjang_fallback) {
  const Profile& profile = game_profile(game, fallback);
  const bool option = resolve_bikjang(game.saved_bikjang_option, bikjang_fallback);
  const LegalityRules rules = legality_rules(profile, option);
  replay(game, rules);
  Position start;
  std::vector<Move> moves;
  if (!start_position(game, rules, start)) {
    // every ply the board could play, annotation mismatches included
    moves.reserve(static_cast<std::size_t>(game.played_plies));
    for (int i = 0; i < game.played_plies; ++i) moves.push_back(game.plies[static_cast<std::size_t>(i)].move);
  }
  std::optional<NormalizedResult> stored;
  if (game.has_result) stored = normalize_result(game.result_text);
  return rescore(profile, option, start, moves, static_cast<int>(game.plies.size()), stored);
}

}  // namespace gibo
