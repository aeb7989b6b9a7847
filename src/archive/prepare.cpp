// prepare_game: a read and replayed Game -> the stored form (archive.h). Runs on the
// importer's worker threads, so everything costly (hashes, encodings) happens here.
#include "gibo/archive/archive.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/fact_tags.h"
#include "storable_text.h"
#include "gibo/record/first_error.h"

namespace gibo::archive {

PreparedGame prepare_game(Game&& game, const Profile& profile, const NormalizedResult* result,
                          const OpeningBook* openings) {
  make_storable(game);
  PreparedGame p;
  p.game_index = game.source.game_index;
  p.byte_offset = game.source.byte_offset;
  p.byte_length = game.source.byte_length;
  p.line = game.source.line;

  p.start_key = start_key(game.start);
  if (game.start.custom) {
    p.start_fen = game.start.fen;
  } else {
    p.cho_setup = std::string(setup_code(game.start.cho));
    p.han_setup = std::string(setup_code(game.start.han));
  }
  p.plies = static_cast<int>(game.plies.size());
  p.valid_plies = game.valid_plies;
  encode_moves(game.plies, p.moves);
  encode_times(game.plies, p.times);
  p.statements = encode_statements(game.plies);
  p.hash = game_hash(p.start_key, p.moves);
  if (const auto m = stored_material(p.start_key, p.moves, p.valid_plies)) p.material = encode_material(*m);

  for (std::size_t k = 0; k < game.header_comments.size(); ++k)
    p.comments.push_back({0, static_cast<int>(k), std::move(game.header_comments[k])});
  for (std::size_t i = 0; i < game.plies.size(); ++i)
    for (std::size_t k = 0; k < game.plies[i].comments.size(); ++k)
      p.comments.push_back({static_cast<int>(i) + 1, static_cast<int>(k), std::move(game.plies[i].comments[k])});

  encode_tags(game.tags, p.tags_json);
  // Players: .gib names them 초대국자 / 한대국자; PGN White / Black (fact_tags.h).
  if (const std::string* v = fact_tag(game.tags, FactTag::Cho)) p.cho_player = split_player(*v);
  if (const std::string* v = fact_tag(game.tags, FactTag::Han)) p.han_player = split_player(*v);
  p.facts = tag_facts(game.tags);
  if (openings) p.opening = stored_opening(name_opening(game, *openings));

  p.has_result = game.has_result;
  p.result_text = std::move(game.result_text);
  // PGN result tokens (1-0, 0-1, 1/2-1/2, *) and the .gib grammar (formats/tag_map.h).
  if (result) p.result = *result;
  else if (p.has_result) p.result = normalize_result(p.result_text);
  p.claims = record_claims(game.tags, p.has_result ? p.result.winner : Winner::Unknown);
  p.saved_rules = std::move(game.saved_profile_id);
  p.saved_bikjang = game.saved_bikjang_option;

  p.profile_id = profile.id;
  p.profile_version = profile.version;
  p.valid = !game.has_errors();
  p.annotated = game.annotated;
  if (const Diagnostic* error = first_error(game.diagnostics)) p.error_code = error->code, p.error_ply = error->ply;
  if (!p.valid) {
    // The first erroneous ply and everything after it keep their texts: no replay can
    // rebuild them. The game's text is kept whole for inspection.
    const std::size_t from = std::min<std::size_t>(static_cast<std::size_t>(std::max(game.valid_plies, 0)),
                                                   game.plies.size());
    if (from < game.plies.size()) p.tail_tokens = encode_tail(game.plies, from);
    p.original_text = std::move(game.original_text);
  }
  p.diagnostics = std::move(game.diagnostics);
  return p;
}

}  // namespace gibo::archive
