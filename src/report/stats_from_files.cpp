// The file loader of `gibo stats`: reads a game file (any format formats/detect.h knows), replays every game under its
// profile, and keeps the facts the report needs (tags, setups, the valid prefix, the
// opening plies named, the stored result, diagnostics, verdicts).
#include "gibo/formats/detect.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/replay.h"
#include "gibo/report/stats_load.h"

namespace gibo::stats {
namespace {

// The code and severity of each diagnostic.
std::vector<DiagnosticFact> diagnostic_facts(const std::vector<Diagnostic>& ds) {
  std::vector<DiagnosticFact> out;
  out.reserve(ds.size());
  for (const Diagnostic& d : ds) out.push_back({d.code, d.severity});
  return out;
}

}  // namespace

GameFacts game_facts(Game& g, const LoadOptions& options) {
  const Profile& fallback = options.fallback ? *options.fallback : default_profile();
  const Profile& own = replay_under_profile(g, fallback);
  const LegalityRules rules = game_legality_rules(g, fallback);

  GameFacts f;
  f.file = g.source.file;
  f.index = g.source.game_index;
  tag_facts(g.tags, f);

  f.custom_start = g.start.custom;
  if (!g.start.custom) {
    f.cho_setup = g.start.cho;
    f.han_setup = g.start.han;
  }
  f.plies = static_cast<int>(g.plies.size());
  f.valid_plies = g.valid_plies;
  f.valid = !g.has_errors();
  f.has_result = g.has_result;
  f.result_text = g.result_text;
  if (g.has_result) f.result = normalize_result(g.result_text);
  f.profile = own.id;
  f.diagnostics = diagnostic_facts(g.diagnostics);

  Position start;
  if (start_position(g, rules, start)) return f;  // an invalid custom start: no board facts
  f.start_fen = start.fen();
  Position pos = start;
  f.moves.reserve(static_cast<std::size_t>(g.valid_plies));
  for (int i = 0; i < g.valid_plies; ++i) {
    const Move m = g.plies[static_cast<std::size_t>(i)].move;
    if (i < options.opening_plies) f.opening.push_back(ply_name(pos.piece_on(m.from()), m));
    f.moves.push_back(m);
    pos.do_move(m);
  }

  // The adjudicator plays on past an illegal move when it is pseudo-legal (decision 7):
  // give it every ply whose squares are known.
  std::vector<Move> board_moves = f.moves;
  for (std::size_t i = f.moves.size(); i < g.plies.size() && !g.plies[i].move.is_none(); ++i)
    board_moves.push_back(g.plies[i].move);
  std::optional<NormalizedResult> stored;
  if (g.has_result) stored = f.result;
  std::vector<const Profile*> profiles;
  if (options.adjudication.own) profiles.push_back(&own);
  for (const Profile* p : options.adjudication.profiles) {
    bool seen = !p;
    for (const Profile* q : profiles) seen |= q->id == p->id;
    if (!seen) profiles.push_back(p);
  }
  for (const Profile* p : profiles)
    f.verdicts.push_back(judge_game(*p, g.saved_bikjang_option, start, board_moves, f.plies, stored));
  return f;
}

FileFacts file_facts(const std::string& path, std::string_view bytes, const LoadOptions& options) {
  FileFacts out;
  out.source.path = path;
  ReadOptions read_options;
  read_options.encoding = options.encoding;
  read_options.file_name = path;
  read_options.profile = options.fallback ? options.fallback : &default_profile();
  ReadInfo info;
  read_games(bytes, read_options, info, [&](Game&& g) { out.games.push_back(game_facts(g, options)); });
  out.source.encoding = std::string(text::encoding_name(info.encoding));
  out.source.bom = info.bom;
  out.source.filler_runs = static_cast<int>(info.filler_runs.size());
  out.source.games = static_cast<int>(out.games.size());
  out.source.diagnostics = diagnostic_facts(info.diagnostics);
  return out;
}

FileFacts unreadable_file(const std::string& path, const std::string& error) {
  FileFacts out;
  out.source.path = path;
  out.source.readable = false;
  out.source.io_error = error;
  return out;
}

}  // namespace gibo::stats
