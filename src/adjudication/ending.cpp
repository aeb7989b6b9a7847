// The ending detector: per-ply facts and the profile's endings in precedence order
// (src/adjudication/README.md, "Endings"). Flag names in `unknown_flag` are those of `gibo rules show`.
#include "gibo/adjudication/ending.h"

#include <algorithm>

#include "gibo/core/enum_names.h"
#include "repetition.h"

namespace gibo {
namespace {

// Endings the profile's flags define but its end_precedence leaves out are evaluated
// after the listed ones, in this order.
constexpr Ending kCanonicalOrder[] = {
    Ending::InsufficientDraw, Ending::DoublePass, Ending::Bikjang,   Ending::KingCapture, Ending::Checkmate,
    Ending::NoCaptureLimit,   Ending::Repetition, Ending::Stalemate, Ending::PalaceOnly,  Ending::MaxPlies,
};

// Does the profile (with the resolved bikjang mode) have ending `e` at all? An unknown
// flag counts when its trigger is observable, so the adjudicator can say Indeterminate.
bool defined(const Profile& p, BikjangMode mode, Ending e) {
  switch (e) {
    case Ending::DoublePass: return !p.double_pass_end.known || p.double_pass_end.value != EndResult::None;
    case Ending::Bikjang: return mode == BikjangMode::Active;
    case Ending::Repetition: return !p.repetition_rules.empty();
    case Ending::Checkmate: return !p.checkmate_ends_game.known || p.checkmate_ends_game.value;
    case Ending::KingCapture: return !p.legality.known || p.legality.value == Legality::KingCapture;
    case Ending::Stalemate: return !p.no_move_result.known || p.no_move_result.value != NoMoveResult::ForcedPass;
    case Ending::PalaceOnly:
      return p.palace_only_end.value == PalaceOnlyEnd::ScoreIfEitherSide ||
             (!p.palace_only_end.known && p.palace_only_end.value != PalaceOnlyEnd::DrawIfBothInsufficient);
    case Ending::InsufficientDraw: return p.palace_only_end.value == PalaceOnlyEnd::DrawIfBothInsufficient;
    case Ending::NoCaptureLimit: return p.no_capture_limit_plies.value.has_value();
    case Ending::MaxPlies: return p.max_plies.value.has_value();
  }
  return false;
}

// Has side `s` only its general and advisors (nothing that can leave the palace)?
bool only_palace_pieces(const Position& pos, Side s) {
  const Square* squares = pos.pieces(s);
  for (int i = 0; i < pos.piece_count(s); ++i) {
    const PieceType t = type_of(pos.piece_on(squares[i]));
    if (t != PieceType::General && t != PieceType::Advisor) return false;
  }
  return true;
}

}  // namespace

std::string_view outcome_name(Outcome o) {
  static constexpr auto kNames = std::to_array<Named<Outcome>>({
      {Outcome::Cho, "cho"}, {Outcome::Han, "han"}, {Outcome::Draw, "draw"}, {Outcome::None, "none"},
      {Outcome::Indeterminate, "indeterminate"}});
  return name_of(kNames, o);
}

std::string_view reason_name(EndReason r) {
  static constexpr auto kNames = std::to_array<Named<EndReason>>({
      {EndReason::Checkmate, "checkmate"}, {EndReason::KingCapture, "king-capture"},
      {EndReason::DoublePass, "double-pass"}, {EndReason::Bikjang, "bikjang"}, {EndReason::Repetition, "repetition"},
      {EndReason::PerpetualCheck, "perpetual-check"}, {EndReason::Stalemate, "stalemate"},
      {EndReason::PalaceOnly, "palace-only"}, {EndReason::MoveLimit, "move-limit"},
      {EndReason::NoCaptureLimit, "no-capture-limit"}, {EndReason::InsufficientMaterial, "insufficient-material"}});
  return name_of(kNames, r);
}

Scores scores_of(const Position& pos, int deom_half_points) {
  return {2 * pos.material(Side::Cho), 2 * pos.material(Side::Han) + deom_half_points};
}

// ---------------------------------------------------------------------------
// Tracker

EndingTracker::EndingTracker(const Profile& profile, bool bikjang_option, const Position& start)
    : profile_(profile), pos_(start) {
  const LegalityRules rules = legality_rules(profile_, bikjang_option);
  bikjang_mode_ = rules.bikjang_mode;
  pos_.set_rules(rules);

  for (Ending e : profile_.end_precedence)
    if (defined(profile_, bikjang_mode_, e) && std::find(order_.begin(), order_.end(), e) == order_.end())
      order_.push_back(e);
  for (Ending e : kCanonicalOrder)
    if (defined(profile_, bikjang_mode_, e) && std::find(order_.begin(), order_.end(), e) == order_.end())
      order_.push_back(e);

  records_.reserve(512);
  Record root;
  root.key = pos_.key();
  root.side_to_move = pos_.side_to_move();
  root.in_check = pos_.in_check();
  root.facing_counts = pos_.bikjang_valid();
  root.plies_since_capture = pos_.state().plies_since_capture;
  records_.push_back(root);

  refresh_facts(root);
  facts_.rule_count = std::min(static_cast<int>(profile_.repetition_rules.size()), PlyFacts::kMaxRules);
}

bool EndingTracker::play(Move m) {
  if (!pos_.is_pseudo_legal(m)) return false;
  pos_.do_move(m);
  record_ply();
  evaluate();
  return true;
}

// The facts of the position now on the board, whose record is `r`.
void EndingTracker::refresh_facts(const Record& r) {
  facts_.mover = ~r.side_to_move;
  facts_.consecutive_passes = pos_.state().consecutive_passes;
  facts_.facing = pos_.generals_facing();
  facts_.facing_counts = r.facing_counts;
  facts_.in_check = r.in_check;
  facts_.plies_since_capture = r.plies_since_capture;
  facts_.material = {pos_.material(Side::Cho), pos_.material(Side::Han)};
  facts_.scores = scores_of(pos_, profile_.deom_half_points);
}

// Appends the record of the ply just played and refreshes the facts, repetition included.
void EndingTracker::record_ply() {
  const StateInfo& st = pos_.state();
  Record r;
  r.key = st.key;
  r.move = st.move;
  r.side_to_move = pos_.side_to_move();
  r.moved = st.move.is_pass() ? PieceType::General : type_of(pos_.piece_on(st.move.to()));
  r.capture = st.captured != Piece::None;
  r.in_check = pos_.in_check();
  r.facing_counts = pos_.bikjang_valid();
  r.plies_since_capture = st.plies_since_capture;
  records_.push_back(r);

  const Side mover = ~r.side_to_move;
  facts_.ply = ply();
  facts_.move = r.move;
  facts_.capture = r.capture;
  refresh_facts(r);
  int& checks = facts_.consecutive_checks[index(mover)];
  checks = r.in_check ? checks + 1 : 0;

  const detail::History h(records_);
  const bool passes_count = profile_.pass_counts_for_repetition.value;
  for (int i = 0; i < facts_.rule_count; ++i) {
    const RepetitionRule& rule = profile_.repetition_rules[i];
    detail::RepetitionHit hit;
    switch (rule.detector) {
      case RepetitionDetector::Position: hit = detail::detect_position(h, rule.count, rule.window, passes_count); break;
      case RepetitionDetector::MoveCycle: hit = detail::detect_move_cycle(h, rule.count, passes_count); break;
      case RepetitionDetector::Sequence: hit = detail::detect_sequence(h, rule.count, passes_count); break;
      case RepetitionDetector::Shuttle: hit = detail::detect_shuttle(h, rule.count, rule.exempt_palace_pieces); break;
    }
    RepetitionState& s = facts_.repetition[i];
    s.count = hit.count;
    s.triggered = hit.triggered;
    s.first_ply = hit.first_ply;
    s.repeater = mover;
    s.high_material = !rule.threshold || facts_.material[0] >= *rule.threshold || facts_.material[1] >= *rule.threshold;
  }
}

// Collects the endings that hold after the last ply and picks the game's one.
void EndingTracker::evaluate() {
  candidates_.clear();
  const bool both_generals = pos_.general(Side::Cho) != kNoSquare && pos_.general(Side::Han) != kNoSquare;
  for (Ending e : order_) {
    if (!both_generals && e != Ending::KingCapture) continue;
    std::optional<GameEnding> g;
    switch (e) {
      case Ending::DoublePass: g = double_pass(); break;
      case Ending::Bikjang: g = bikjang(); break;
      case Ending::Repetition: g = repetition(); break;
      case Ending::Checkmate: g = checkmate(); break;
      case Ending::KingCapture: g = king_capture(); break;
      case Ending::Stalemate: g = stalemate(); break;
      case Ending::PalaceOnly: g = palace_only(); break;
      case Ending::InsufficientDraw: g = insufficient(); break;
      case Ending::NoCaptureLimit: g = no_capture_limit(); break;
      case Ending::MaxPlies: g = max_plies(); break;
    }
    if (g) candidates_.push_back(*g);
  }
  chosen_ = select_ending(profile_, candidates_);
  if (chosen_ && !first_) first_ = chosen_;
}

// An ending at the current ply with no winner decided yet.
GameEnding EndingTracker::make(EndReason reason, Ending kind) const {
  GameEnding g;
  g.reason = reason;
  g.kind = kind;
  g.ply = ply();
  g.scores = facts_.scores;
  return g;
}

// The ending `reason`/`kind` whose outcome depends on the unknown profile flag `flag_name`:
// Indeterminate, naming the flag.
GameEnding EndingTracker::unknown(EndReason reason, Ending kind, std::string_view flag_name) const {
  GameEnding g = make(reason, kind);
  g.winner = Outcome::Indeterminate;
  g.unknown_flag = flag_name;
  return g;
}

// The ending an EndResult flag gives: a score decision (a draw when the profile does not
// count material), a draw, or none; Indeterminate if the flag is unknown.
std::optional<GameEnding> EndingTracker::end_with(const Flag<EndResult>& result, EndReason reason, Ending kind,
                                                  std::string_view flag_name) const {
  if (!result.known) return unknown(reason, kind, flag_name);
  GameEnding g = make(reason, kind);
  switch (result.value) {
    case EndResult::None: return std::nullopt;
    case EndResult::Draw: g.winner = Outcome::Draw; return g;
    case EndResult::Score: break;
  }
  if (!profile_.material_counting.known) return unknown(reason, kind, "material_counting");
  if (profile_.material_counting.value) {
    g.winner = g.scores.leader();
    g.by_score = true;
  } else {
    g.winner = Outcome::Draw;
  }
  return g;
}

// Two passes in a row: the profile's double_pass_end.
std::optional<GameEnding> EndingTracker::double_pass() const {
  if (facts_.consecutive_passes < 2) return std::nullopt;
  return end_with(profile_.double_pass_end, EndReason::DoublePass, Ending::DoublePass, "double_pass_end");
}

// A bikjang that counted before this ply (the reply) and still stands after it, or the
// KJF capture clause (A7, src/adjudication/README.md): the reply broke the facing by a capture, and the capturing
// piece stands attacked, so the bik stands.
std::optional<GameEnding> EndingTracker::bikjang() const {
  if (ply() == 0 || !records_[ply() - 1].facing_counts) return std::nullopt;
  const Move reply = facts_.move;
  if (facts_.facing) {
    if (!reply.is_pass() && !profile_.bikjang_reply.known && profile_.bikjang_reply.value == BikjangReply::MustBreak) {
      // Under MUST_BREAK this reply is illegal; under ANY it ends the game. Which one holds is unknown.
      return unknown(EndReason::Bikjang, Ending::Bikjang, "bikjang_reply");
    }
    return end_with(profile_.bikjang_result, EndReason::Bikjang, Ending::Bikjang, "bikjang_result");
  }
  if (facts_.capture && pos_.attacked(reply.to(), pos_.side_to_move())) {
    const Flag<bool>& clause = profile_.bikjang_capture_reply_clause;
    if (!clause.known) return unknown(EndReason::Bikjang, Ending::Bikjang, "bikjang_capture_reply_clause");
    if (clause.value) return end_with(profile_.bikjang_result, EndReason::Bikjang, Ending::Bikjang, "bikjang_result");
  }
  return std::nullopt;
}

// The side to move is mated (strict test, see side_to_move_mated); the mover wins.
std::optional<GameEnding> EndingTracker::checkmate() {
  if (!facts_.in_check || !side_to_move_mated()) return std::nullopt;
  const Flag<bool>& f = profile_.checkmate_ends_game;
  if (!f.known) return unknown(EndReason::Checkmate, Ending::Checkmate, "checkmate_ends_game");
  if (!f.value) return std::nullopt;
  GameEnding g = make(EndReason::Checkmate, Ending::Checkmate);
  g.winner = winner_outcome(facts_.mover);
  return g;
}

// The ply took a general (king-capture profiles); the mover wins.
std::optional<GameEnding> EndingTracker::king_capture() const {
  if (!facts_.capture || type_of(pos_.state().captured) != PieceType::General) return std::nullopt;
  if (!profile_.legality.known) return unknown(EndReason::KingCapture, Ending::KingCapture, "legality");
  GameEnding g = make(EndReason::KingCapture, Ending::KingCapture);
  g.winner = winner_outcome(facts_.mover);
  return g;
}

// The first repetition rule (in profile order) whose trigger is reached. Perpetual check
// (src/adjudication/README.md, "Repetition") is judged over the repeated span, except for the shuttle rule, which
// Fairy-Stockfish applies on its own.
std::optional<GameEnding> EndingTracker::repetition() {
  for (int i = 0; i < facts_.rule_count; ++i) {
    const RepetitionState& s = facts_.repetition[i];
    if (!s.triggered) continue;
    const RepetitionRule& rule = profile_.repetition_rules[i];
    const Flag<PerpetualCheck>& pc = profile_.perpetual_check;
    if (rule.detector != RepetitionDetector::Shuttle && (!pc.known || pc.value != PerpetualCheck::AsRepetition)) {
      if (const std::optional<Side> checker = detail::perpetual_checker(records_, s.first_ply)) {
        if (!pc.known) return unknown(EndReason::PerpetualCheck, Ending::Repetition, "perpetual_check");
        if (pc.value == PerpetualCheck::CheckerLoses) {
          GameEnding g = make(EndReason::PerpetualCheck, Ending::Repetition);
          g.winner = winner_outcome(~*checker);
          return g;
        }
        return end_with(EndResult::Score, EndReason::PerpetualCheck, Ending::Repetition, "perpetual_check");
      }
    }
    RepetitionResult result = rule.result;
    if (rule.threshold && !s.high_material) {
      switch (rule.low_material_result) {
        case LowMaterialResult::Same: break;
        case LowMaterialResult::Score: result = RepetitionResult::Score; break;
        case LowMaterialResult::Draw: result = RepetitionResult::Draw; break;
      }
    }
    switch (result) {
      case RepetitionResult::RepeaterLoses: {
        GameEnding g = make(EndReason::Repetition, Ending::Repetition);
        g.winner = winner_outcome(~s.repeater);
        return g;
      }
      case RepetitionResult::Score:
        return end_with(EndResult::Score, EndReason::Repetition, Ending::Repetition, "repetition_rules");
      case RepetitionResult::Draw:
        return end_with(EndResult::Draw, EndReason::Repetition, Ending::Repetition, "repetition_rules");
    }
  }
  return std::nullopt;
}

// Not in check and no legal move, pass included: the profile's no_move_result.
std::optional<GameEnding> EndingTracker::stalemate() const {
  if (facts_.in_check || has_legal_move()) return std::nullopt;
  // A4 (src/adjudication/README.md): a pass banned only because the unknown scope is read literally (any facing, not
  // only a valid bikjang) would be legal under the other reading.
  const Flag<BikjangPassBanScope>& scope = profile_.bikjang_pass_ban_scope;
  if (facts_.facing && !facts_.facing_counts && bikjang_mode_ == BikjangMode::Active && profile_.pass_allowed.value &&
      profile_.bikjang_pass.value == BikjangPass::Forbidden && !scope.known &&
      scope.value == BikjangPassBanScope::AnyFacing)
    return unknown(EndReason::Stalemate, Ending::Stalemate, "bikjang_pass_ban_scope");
  const Flag<NoMoveResult>& f = profile_.no_move_result;
  if (!f.known) return unknown(EndReason::Stalemate, Ending::Stalemate, "no_move_result");
  GameEnding g = make(EndReason::Stalemate, Ending::Stalemate);
  switch (f.value) {
    case NoMoveResult::ForcedPass: return std::nullopt;
    case NoMoveResult::Draw: g.winner = Outcome::Draw; return g;
    case NoMoveResult::Loss: g.winner = winner_outcome(facts_.mover); return g;
  }
  return std::nullopt;
}

// GG: not in check and either side has only its general and advisors → score.
std::optional<GameEnding> EndingTracker::palace_only() const {
  if (facts_.in_check) return std::nullopt;
  if (!only_palace_pieces(pos_, Side::Cho) && !only_palace_pieces(pos_, Side::Han)) return std::nullopt;
  const Flag<PalaceOnlyEnd>& f = profile_.palace_only_end;
  if (!f.known) return unknown(EndReason::PalaceOnly, Ending::PalaceOnly, "palace_only_end");
  if (f.value != PalaceOnlyEnd::ScoreIfEitherSide) return std::nullopt;
  return end_with(EndResult::Score, EndReason::PalaceOnly, Ending::PalaceOnly, "palace_only_end");
}

// pychess: both sides have only their general and advisors (Fairy-Stockfish's
// insufficient material for janggi) → draw.
std::optional<GameEnding> EndingTracker::insufficient() const {
  if (!only_palace_pieces(pos_, Side::Cho) || !only_palace_pieces(pos_, Side::Han)) return std::nullopt;
  GameEnding g = make(EndReason::InsufficientMaterial, Ending::InsufficientDraw);
  g.winner = Outcome::Draw;
  return g;
}

// Fairy-Stockfish: plies_since_capture reaches the limit, unless the side to move is
// checkmated (that is a checkmate, not this ending).
std::optional<GameEnding> EndingTracker::no_capture_limit() const {
  const Flag<std::optional<int>>& f = profile_.no_capture_limit_plies;
  if (!f.value || facts_.plies_since_capture < *f.value) return std::nullopt;
  if (facts_.in_check && !has_legal_move()) return std::nullopt;
  if (!f.known) return unknown(EndReason::NoCaptureLimit, Ending::NoCaptureLimit, "no_capture_limit_plies");
  return end_with(profile_.no_capture_result, EndReason::NoCaptureLimit, Ending::NoCaptureLimit, "no_capture_result");
}

// The game ends once the ply count exceeds max_plies (YQ "총 240수를 넘기면", A13 in src/adjudication/README.md;
// pychess `ply > MAX_PLY`).
std::optional<GameEnding> EndingTracker::max_plies() const {
  const Flag<std::optional<int>>& f = profile_.max_plies;
  if (!f.value || ply() <= *f.value) return std::nullopt;
  if (!f.known) return unknown(EndReason::MoveLimit, Ending::MaxPlies, "max_plies");
  return end_with(profile_.max_plies_result, EndReason::MoveLimit, Ending::MaxPlies, "max_plies_result");
}

// Has the side to move any legal move under the profile (after an immediate end too)?
bool EndingTracker::has_legal_move() const { return pos_.has_legal_move(false); }

bool EndingTracker::side_to_move_mated() {
  const Side us = pos_.side_to_move();
  if (pos_.general(us) == kNoSquare || pos_.general(~us) == kNoSquare || !pos_.in_check()) return false;
  const LegalityRules saved = pos_.rules();
  // Under king capture, taking the enemy general wins outright: never a mate.
  if (saved.legality == Legality::KingCapture && pos_.attacked(pos_.general(~us), us)) return false;
  LegalityRules strict = saved;
  strict.legality = Legality::Strict;
  if (strict.pass_in_check == PassInCheck::Allowed) strict.pass_in_check = PassInCheck::Forbidden;  // suicidal
  pos_.set_rules(strict);
  const bool mated = !pos_.has_legal_move(false);
  pos_.set_rules(saved);
  return mated;
}

Adjudication EndingTracker::summary() {
  Adjudication a;
  a.ending = first_;
  a.plies = ply();
  a.final_scores = facts_.scores;
  a.final_side_to_move = pos_.side_to_move();
  a.final_checkmate = side_to_move_mated();
  return a;
}

// ---------------------------------------------------------------------------

Adjudication adjudicate(const Profile& profile, bool bikjang_option, const Position& start,
                        std::span<const Move> moves) {
  EndingTracker tracker(profile, bikjang_option, start);
  for (Move m : moves)
    if (!tracker.play(m)) break;
  return tracker.summary();
}

std::optional<GameEnding> select_ending(const Profile& profile, std::span<const GameEnding> candidates) {
  if (candidates.empty()) return std::nullopt;
  std::vector<GameEnding> order(candidates.begin(), candidates.end());

  // bikjang_vs_checkmate orders that pair, whatever end_precedence says.
  auto find = [&](Ending kind) {
    return std::find_if(order.begin(), order.end(), [kind](const GameEnding& g) { return g.kind == kind; });
  };
  bool pair_unknown = false;
  auto bik = find(Ending::Bikjang), mate = find(Ending::Checkmate);
  if (bik != order.end() && mate != order.end()) {
    const Flag<BikjangVsCheckmate>& f = profile.bikjang_vs_checkmate;
    const bool bikjang_first = f.value == BikjangVsCheckmate::BikjangFirst;
    if (bikjang_first != (bik < mate)) std::iter_swap(bik, mate);
    pair_unknown = !f.known && bik->winner != mate->winner;
  }

  GameEnding chosen = order.front();
  if (!profile.end_precedence_known) {
    for (const GameEnding& g : order)
      if (g.winner != chosen.winner) {
        chosen.winner = Outcome::Indeterminate;
        chosen.unknown_flag = "end_precedence";
        return chosen;
      }
  }
  if (pair_unknown && (chosen.kind == Ending::Bikjang || chosen.kind == Ending::Checkmate)) {
    chosen.winner = Outcome::Indeterminate;
    chosen.unknown_flag = "bikjang_vs_checkmate";
  }
  return chosen;
}

}  // namespace gibo
