// The archive as training data (gibo/report/training_data.h).
#include "gibo/report/training_data.h"

#include <unordered_map>
#include <unordered_set>

#include "gibo/analysis/engine_rules.h"
#include "gibo/analysis/uci_engine.h"
#include "gibo/archive/stored_profile.h"
#include "gibo/formats/positions.h"
#include "gibo/formats/tag_map.h"
#include "gibo/record/opening.h"
#include "gibo/record/replay.h"
#include "gibo/report/opening_text.h"
#include "stats.h"
#include "stats_load.h"

namespace gibo::training {

namespace {

// The players of each game (by archive id) as the report counts them: identity and rating.
using Players = std::unordered_map<std::int64_t, std::pair<PositionPlayer, PositionPlayer>>;

// The identities and ratings of the whole archive's report (gibo stats' players).
Expected<Players> players_of(archive::Archive& archive, const Options& o) {
  stats::LoadOptions lo;
  lo.fallback = o.fallback;
  lo.boards = false;  // the players' facts only, as serve's players' report reads them
  stats::Dataset data;
  if (auto e = stats::load_archive(archive, "", lo, data)) return Error{e->message};
  stats::ReportOptions ro;
  if (o.rating_prior > 0) ro.rating_prior = o.rating_prior;
  const stats::Report report = stats::aggregate_people(data, ro);
  Players out;
  for (std::size_t i = 0; i < report.identities.size(); ++i) {
    const stats::Identity& who = report.identities[i];
    PositionPlayer p{who.name, std::nullopt};
    if (i < report.ratings.fit.players.size() &&
        report.ratings.fit.players[i].standing != ratings::Standing::NotConnected)
      p.rating = report.ratings.fit.players[i].rating;
    for (const stats::IdentityGame& g : who.games) (g.cho ? out[g.id].first : out[g.id].second) = p;
  }
  return out;
}

// The newest complete analysis of each selected game: request id by game id.
Expected<std::unordered_map<std::int64_t, std::int64_t>> analyses_of(archive::Archive& archive,
                                                                    const std::vector<std::int64_t>& ids) {
  const auto analysed = archive.analysed_games(ids);
  if (!analysed) return analysed.error();
  std::unordered_map<std::int64_t, std::int64_t> out;
  for (const archive::AnalysedGame& a : *analysed) out[a.game_id] = std::max(out[a.game_id], a.request_id);
  return out;
}

// A game's side of the split: a hash of its start and moves (FNV-1a), in 0..99.
int split_bucket(const std::string& start_fen, const std::vector<std::string>& moves) {
  std::uint64_t h = 1469598103934665603ULL;
  auto add = [&](std::string_view s) {
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
    h = (h ^ ' ') * 1099511628211ULL;
  };
  add(start_fen);
  for (const std::string& m : moves) add(m);
  return static_cast<int>(h % 100);
}

// An evaluation in Cho's view as the side to move's.
PositionScore side_score(const analysis::SearchResult& r, Side to_move, const std::string& engine) {
  PositionScore s;
  s.mate = r.score.mate;
  const bool own = to_move == Side::Cho;
  s.cp = own ? r.score.cp : -r.score.cp;
  s.mate_moves = r.score.winner == to_move ? r.score.mate_moves : -r.score.mate_moves;
  s.depth = r.depth;
  s.best = r.best_move;
  s.line = r.pv;
  s.engine = engine;
  return s;
}

// The game's result from `to_move`'s view: 1, 0, -1, or nullopt when not decided or drawn.
std::optional<int> result_for(const NormalizedResult& r, Side to_move) {
  if (r.winner == Winner::Draw) return 0;
  if (r.winner == Winner::Cho) return to_move == Side::Cho ? 1 : -1;
  if (r.winner == Winner::Han) return to_move == Side::Han ? 1 : -1;
  return std::nullopt;
}

// Writes one game's records.
class GameWriter {
 public:
  GameWriter(archive::Archive& archive, const Options& o, const OpeningBook& book, Summary& s)
      : archive_(archive), o_(o), book_(book), s_(s) {}

  std::optional<Error> write(std::int64_t id, const Players& players,
                             const std::unordered_map<std::int64_t, std::int64_t>& analyses, std::ostream& train,
                             std::ostream* validation) {
    std::string profile_id;
    Expected<Game> game = archive_.load_game(id, &profile_id);
    if (!game) return game.error();
    const Profile& profile = archive::stored_profile(profile_id, *game, o_.fallback ? *o_.fallback : default_profile());
    const bool bikjang = game_bikjang_option(*game, false);
    auto boards = analysis::EngineBoards::start(*game, profile, bikjang);
    if (!boards) return std::nullopt;  // a start the engine cannot be given: no positions
    analysis::KnownPositions known;
    std::string engine;
    if (const auto it = analyses.find(id); it != analyses.end()) {
      auto stored = archive_.analysis_positions(it->second, id);
      if (!stored) return stored.error();
      known = std::move(*stored);
      engine = engine_of(it->second);
      ++s_.analysed_games;
    }
    const int n = std::min<int>(game->valid_plies, static_cast<int>(game->plies.size()));
    std::vector<std::string> moves;
    for (int k = 0; k < n; ++k) moves.push_back(uci(game->plies[static_cast<std::size_t>(k)].move));
    const bool to_validation =
        validation && split_bucket(boards->judged().fen(), moves) < o_.validation_percent;
    std::ostream& out = to_validation ? *validation : train;
    s_.validation_games += to_validation;
    TrainingPosition p;
    p.profile = profile.id;
    p.variant = boards->variant();
    p.game = game->source.file + ":" + std::to_string(game->source.game_index + 1);
    p.game_id = id;
    if (const auto who = players.find(id); who != players.end()) std::tie(p.cho, p.han) = who->second;
    const Opening opening = name_opening(*game, book_);
    if (!game->start.custom) p.opening = opening_code(opening) + " " + opening_text::name(opening);
    const NormalizedResult result = game->has_result ? normalize_result(game->result_text) : NormalizedResult{};
    p.method = result.method == ResultMethod::None ? "" : std::string(method_name(result.method));
    std::string text;
    bool captured = false;
    for (int k = 0; k <= n; ++k) {
      if (!boards->representable()) {
        s_.unrepresentable += n + 1 - k;
        break;
      }
      const Position& pos = boards->judged();
      ++s_.positions;
      p.fen = pos.fen();
      p.ply = k;
      p.to_move = pos.side_to_move();
      p.in_check = pos.in_check();
      p.move = k < n ? moves[static_cast<std::size_t>(k)] : "";
      p.result = result_for(result, p.to_move);
      const auto eval = known.find(k);
      p.score = eval == known.end() ? std::nullopt
                                    : std::optional<PositionScore>(side_score(eval->second, p.to_move, engine));
      if (keep(p, pos, captured)) {
        text.clear();
        if (o_.form == Form::Jsonl) write_position_jsonl(text, p);
        else write_position_plain(text, p);
        out << text;
        ++(to_validation ? s_.validation : s_.written);
      }
      if (k < n) {
        const Move m = game->plies[static_cast<std::size_t>(k)].move;
        captured = !m.is_pass() && pos.piece_on(m.to()) != Piece::None;
        boards->play(m);
      }
    }
    return std::nullopt;
  }

 private:
  // Does record `p` (of position `pos`, reached by a capture when `captured`) pass the
  // filters? Each position left out is counted under its first reason.
  bool keep(const TrainingPosition& p, const Position& pos, bool captured) {
    if (p.ply < o_.skip_plies) return ++s_.early, false;
    if (o_.skip_check && p.in_check) return ++s_.in_check, false;
    if (o_.skip_captures && captured) return ++s_.after_capture, false;
    if (!p.score && (o_.evaluated_only || o_.form == Form::Plain)) return ++s_.unevaluated, false;
    if (o_.form == Form::Plain && (!p.result || p.move.empty())) return ++s_.no_result, false;
    if (o_.distinct && !seen_.insert(pos.key() ^ (p.to_move == Side::Han ? 0x9E3779B97F4A7C15ULL : 0)).second)
      return ++s_.repeated, false;
    return true;
  }

  // The engine of a stored request, as its name and version ("Fairy-Stockfish 11.1 LB 64").
  std::string engine_of(std::int64_t request_id) {
    if (const auto it = engines_.find(request_id); it != engines_.end()) return it->second;
    std::string name;
    if (const auto r = archive_.stored_request(request_id); r && *r) name = (*r)->engine_text();
    return engines_[request_id] = name;
  }

  archive::Archive& archive_;
  const Options& o_;
  const OpeningBook& book_;
  Summary& s_;
  std::unordered_set<std::uint64_t> seen_;
  std::unordered_map<std::int64_t, std::string> engines_;
};

}  // namespace

std::optional<Error> export_positions(archive::Archive& archive, const Options& options, std::ostream& train,
                                      std::ostream* validation, Summary& summary, bool& usage) {
  usage = false;
  const auto ids = archive.select_games(options.where);
  if (!ids) {
    usage = true;
    return Error{"--where: " + ids.error().message};
  }
  summary.games = static_cast<long>(ids->size());
  const auto players = players_of(archive, options);
  if (!players) return players.error();
  const auto analyses = analyses_of(archive, *ids);
  if (!analyses) return analyses.error();
  const auto book = archive.opening_book();
  if (!book) return book.error();
  GameWriter writer(archive, options, **book, summary);
  for (std::int64_t id : *ids)
    if (auto e = writer.write(id, *players, *analyses, train, validation)) return e;
  return std::nullopt;
}

}  // namespace gibo::training
