// A game's analysis: each position searched (with restart and retry), each move judged, each side summed up.
#include "gibo/analysis/game_analysis.h"

#include <algorithm>

#include "gibo/formats/fen.h"
#include "gibo/record/replay.h"

namespace gibo::analysis {

std::optional<Error> EngineSession::ensure_started() {
  if (engine_) return std::nullopt;
  auto e = UciEngine::start(config_);
  if (!e) return e.error();
  engine_ = std::move(*e);
  return std::nullopt;
}

Expected<SearchResult, SearchError> EngineSession::search(const std::string& variant, const std::string& fen,
                                                          const std::vector<std::string>& moves, Side to_move,
                                                          const Limit& limit, int timeout_ms,
                                                          const std::vector<std::string>& searchmoves) {
  for (int attempt = 0;; ++attempt) {
    if (auto e = ensure_started()) return SearchError{SearchError::Kind::Crashed, "engine restart failed: " + e->message};
    if (auto e = engine_->set_variant(variant)) {
      engine_.reset();  // its state is unknown: a fresh one for the next position
      ++restarts_;
      return SearchError{SearchError::Kind::Protocol, e->message};
    }
    auto r = engine_->search(fen, moves, to_move, limit, timeout_ms, searchmoves);
    if (r || r.error().kind == SearchError::Kind::Protocol) return r;
    engine_.reset();
    ++restarts_;
    if (r.error().kind == SearchError::Kind::TimedOut || attempt == 1) return r;
  }
}

void EngineSession::new_game() {
  if (!engine_) return;
  if (engine_->new_game()) {
    engine_.reset();
    ++restarts_;
  }
}

Move parse_uci_move(const std::string& text) {
  std::size_t split = 1;
  while (split < text.size() && text[split] >= '0' && text[split] <= '9') ++split;
  const Square from = parse_square(text.substr(0, split));
  const Square to = parse_square(text.substr(split));
  if (from == kNoSquare || to == kNoSquare) return Move::none();
  return Move(from, to);
}

std::string AnalysisWarning::text() const {
  std::string s = ply >= 0 ? "position after ply " + std::to_string(ply) + ": " + cause : cause;
  return detail.empty() ? s : s + " (" + detail + ")";
}

Expected<SearchResult, SearchError> judged_search(EngineSession& session, const EngineBoards& boards,
                                                  const std::string& fen, const std::vector<std::string>& moves,
                                                  const Limit& limit, int timeout_ms,
                                                  std::vector<AnalysisWarning>& notes) {
  using K = SearchError::Kind;
  const Side to_move = boards.judged().side_to_move();
  auto r = session.search(boards.variant(), fen, moves, to_move, limit, timeout_ms);
  if (!r || r->best_move.empty()) return r;
  if (!boards.variant_accepts(r->best_move)) {
    if (boards.refusal(r->best_move).empty())  // legal under the record's rules: the engine plays other rules
      return SearchError{K::Protocol, "the engine's best move " + r->best_move + " is not legal under " +
                                          boards.variant() + ": the engine does not play the variant it was given"};
    return SearchError{K::Protocol, "engine's best move " + r->best_move + " is not legal here"};
  }
  if (const std::string refused = boards.refusal(r->best_move); !refused.empty()) {
    const std::vector<std::string> allowed = boards.common_moves();
    if (allowed.empty() && boards.judged().in_check() && !boards.judged().has_legal_move(false)) {
      // Mated under the record's rules, though the variant sees a way out: the rules judge.
      notes.push_back({-1, "the engine's best move is refused (" + refused + "); the side to move is checkmated under " +
                               boards.profile().id,
                       r->best_move});
      SearchResult mated;
      mated.score = to_cho(true, 0, to_move);
      mated.malformed = std::move(r->malformed);
      return mated;
    }
    if (allowed.empty())
      return SearchError{K::Protocol, "no move here is legal under both " + boards.profile().id + " and " + boards.variant()};
    notes.push_back({-1, "the engine's best move is refused (" + refused + "); searched again among the moves " +
                             boards.profile().id + " allows",
                     r->best_move});
    auto again = session.search(boards.variant(), fen, moves, to_move, limit, timeout_ms, allowed);
    if (!again) return again;
    if (!again->best_move.empty() && !boards.refusal(again->best_move).empty())
      return SearchError{K::Protocol, "the engine's best move " + again->best_move + " is outside the moves it was given"};
    again->malformed.insert(again->malformed.begin(), r->malformed.begin(), r->malformed.end());
    r = std::move(again);
  }
  std::string cut_move, cut_reason;
  r->pv = boards.legal_prefix(r->pv, cut_move, cut_reason);
  if (!cut_move.empty()) notes.push_back({-1, "the engine's line is cut before a move the rules refuse: " + cut_reason, cut_move});
  return r;
}

GameAnalysis analyze_game(const Game& game, const Profile& profile, EngineSession& session, const Limit& limit,
                          int timeout_ms, const KnownPositions* known) {
  GameAnalysis out;
  if (names_unknown_profile(game))
    out.warnings.push_back({-1, "the record names rules profile '" + game.saved_profile_id.value_or("") +
                                    "', which gibo does not know: analysed under " + profile.id,
                            ""});
  const bool bikjang = game_bikjang_option(game, false);
  out.variant = engine_variant(profile, bikjang);
  const auto fen = start_fen(game);
  if (!fen) {
    out.error = "start position: " + fen.error().message;
    return out;
  }
  auto boards = EngineBoards::start(game, profile, bikjang);
  if (!boards) {
    out.error = "start position: " + boards.error().message;
    return out;
  }
  const int n = std::min<int>(game.valid_plies, static_cast<int>(game.plies.size()));
  const bool all_known = known && static_cast<int>(known->size()) == n + 1 && known->count(0) && known->count(n);
  if (!all_known) {
    // Each game from an empty hash: its evaluations are the same whichever games the
    // engine searched before (--jobs, a resumed run).
    session.new_game();
    if (auto e = session.ensure_started()) {
      out.error = "engine: " + e->message;
      return out;
    }
  }
  std::vector<std::string> moves;
  int unplayable = 0, first_unplayable = 0;  // positions the variant cannot be given: one warning for all
  for (int k = 0; k <= n; ++k) {
    PositionEval ev;
    ev.to_move = boards->judged().side_to_move();
    const auto stored = known ? known->find(k) : KnownPositions::const_iterator();
    std::vector<AnalysisWarning> notes;
    if (known && stored != known->end()) {
      ev.result = stored->second;
      ev.stored = true;
      if (!ev.result.best_move.empty() && !boards->refusal(ev.result.best_move).empty())
        ev.error = "engine's best move " + ev.result.best_move + " is not legal here";
    } else if (!boards->representable()) {
      ev.error = boards->unrepresentable_reason();
      if (unplayable == 0) first_unplayable = k;
      ++unplayable;
    } else {
      auto r = judged_search(session, *boards, *fen, moves, limit, timeout_ms, notes);
      if (!r) ev.error = r.error().message;
      else ev.result = std::move(*r);
    }
    for (const std::string& m : ev.result.malformed)
      out.warnings.push_back({k, "malformed engine output ignored", m.substr(0, 120)});
    for (AnalysisWarning& note : notes) {
      note.ply = k;
      out.warnings.push_back(std::move(note));
    }
    ev.ok = ev.error.empty();
    if (!ev.ok) ++out.failed_positions;
    if (!ev.ok && !(unplayable && first_unplayable <= k && ev.error == boards->unrepresentable_reason()))
      out.warnings.push_back({k, "the position failed: " + ev.error, ""});
    if (k < n) {
      const Move m = game.plies[static_cast<std::size_t>(k)].move;
      ev.played = uci(m);
      moves.push_back(ev.played);
      boards->play(m);
    }
    out.positions.push_back(std::move(ev));
  }
  if (unplayable)
    out.warnings.push_back({first_unplayable, "the positions from here on failed: " + boards->unrepresentable_reason(),
                            boards->refused_move() + "; " + std::to_string(unplayable) + " positions, after plies " +
                                std::to_string(first_unplayable) + " to " + std::to_string(n)});
  judge_positions(out);
  return out;
}

void judge_positions(GameAnalysis& out) {
  out.plies.clear();
  out.sides = {};
  const int n = static_cast<int>(out.positions.size()) - 1;
  for (int k = 0; k < n; ++k) {
    PlyAnalysis p;
    p.ply = k + 1;
    const PositionEval& b = out.positions[static_cast<std::size_t>(k)];
    const PositionEval& a = out.positions[static_cast<std::size_t>(k + 1)];
    p.mover = b.to_move;
    p.played = b.played;
    if (b.ok) p.before = b.result.score, p.best = b.result.best_move, p.pv = b.result.pv, p.depth = b.result.depth;
    if (a.ok) p.after = a.result.score;
    p.judged = a.ok && b.ok;
    if (p.judged) {
      const int sign = p.mover == Side::Cho ? 1 : -1;
      if (p.played != p.best) {
        p.loss_cp = std::max(0, sign * (p.before.clamped_cp(kCpCap) - p.after.clamped_cp(kCpCap)));
        p.drop = std::max(0.0, win_chance(p.before, p.mover) - win_chance(p.after, p.mover));
      }
      p.judgement = classify(p.drop);
      SideSummary& s = out.sides[static_cast<std::size_t>(index(p.mover))];
      ++s.moves;
      s.average_loss += p.loss_cp;
      s.accuracy += move_accuracy(p.drop);
      ++s.counts[static_cast<std::size_t>(p.judgement)];
      s.best_moves += p.played == p.best;
      if (p.drop > s.largest_swing) s.largest_swing = p.drop, s.largest_swing_ply = p.ply;
    }
    out.plies.push_back(std::move(p));
  }
  for (SideSummary& s : out.sides)
    if (s.moves) s.average_loss /= s.moves, s.accuracy /= s.moves;
}

}  // namespace gibo::analysis
