// A game on two boards, the record's rules and the engine variant's: where they part, and why.
#include "gibo/analysis/engine_rules.h"

#include <algorithm>


namespace gibo::analysis {
namespace {

std::string side_name(Side s) { return s == Side::Cho ? "Cho" : "Han"; }

// Why `pos`'s rules refuse `m` (a move they do not accept), named after `profile_id`.
std::string why_illegal(const Position& pos, Move m, const std::string& profile_id) {
  if (m.is_none()) return "it names no move";
  if (m.is_pass()) {
    if (pos.in_check()) return "it passes while in check, illegal under " + profile_id;
    if (pos.generals_facing()) return "it passes while the generals face each other, illegal under " + profile_id;
    return "it passes, illegal here under " + profile_id;
  }
  if (!pos.is_pseudo_legal(m)) return "it is not a move of the pieces here";
  // Played on a board that accepts every pseudo-legal move, to see what it leaves.
  Position after = pos;
  LegalityRules loose = pos.rules();
  loose.legality = Legality::KingCapture;
  loose.bikjang_mode = BikjangMode::Ignore;
  after.set_rules(loose);
  const Side mover = pos.side_to_move();
  const bool facing_before = pos.generals_facing();
  after.do_move(m);
  if (after.state().general_attacked[static_cast<std::size_t>(index(mover))])
    return "it leaves " + side_name(mover) + "'s general in check, illegal under " + profile_id;
  if (after.generals_facing() && !facing_before)
    return "it makes the generals face each other, illegal under " + profile_id;
  if (after.generals_facing() && facing_before)
    return "it does not break the facing generals, illegal under " + profile_id;
  return "it is not legal here under " + profile_id;
}

}  // namespace

Expected<EngineBoards> EngineBoards::start(const Game& game, const Profile& profile, bool bikjang_option) {
  EngineBoards b;
  b.profile_ = &profile;
  b.mapping_ = &engine_mapping(profile, bikjang_option);
  b.variant_profile_ = find_profile(b.mapping_->profile_id);
  if (!b.variant_profile_) return Error{"profile " + profile.id + " names no engine variant profile"};
  if (auto e = start_position(game, legality_rules(profile, bikjang_option), b.judged_)) return *e;
  if (auto e = start_position(game, legality_rules(*b.variant_profile_), b.engine_)) return *e;
  return b;
}

void EngineBoards::play(Move m) {
  if (representable()) {
    if (engine_.is_legal(m)) {
      engine_.do_move(m);
    } else {
      refused_ = "a record move the variant refuses: " + why_illegal(engine_, m, mapping_->variant) +
                 "; the engine cannot be given the positions from there";
      refused_move_ = "ply " + std::to_string(judged_.game_ply() + 1) + " (" + uci(m) + ")";
    }
  }
  judged_.do_move(m);
}

std::string EngineBoards::refusal(const std::string& uci_move) const {
  const Move m = parse_uci_move(uci_move);
  if (!m.is_none() && judged_.is_legal(m)) return "";
  return why_illegal(judged_, m, profile_->id);
}

bool EngineBoards::variant_accepts(const std::string& uci_move) const {
  const Move m = parse_uci_move(uci_move);
  return representable() && !m.is_none() && engine_.is_legal(m);
}

std::vector<std::string> EngineBoards::common_moves() const {
  std::vector<std::string> out;
  MoveList list;
  judged_.legal_moves(list, false);
  for (Move m : list)
    if (engine_.is_legal(m)) out.push_back(uci(m));
  return out;
}

std::vector<std::string> EngineBoards::legal_prefix(const std::vector<std::string>& pv, std::string& cut_move,
                                                    std::string& cut_reason) const {
  cut_move.clear();
  cut_reason.clear();
  Position pos = judged_;
  std::vector<std::string> out;
  for (const std::string& text : pv) {
    const Move m = parse_uci_move(text);
    if (m.is_none() || !pos.is_legal(m)) {
      cut_move = text;
      cut_reason = why_illegal(pos, m, profile_->id);
      break;
    }
    pos.do_move(m);
    out.push_back(text);
  }
  return out;
}

std::optional<std::string> EngineBoards::deciding_difference(int horizon) const {
  const auto listed = [&](RuleTopic t) -> std::optional<std::string> {
    for (const RuleDifference& d : mapping_->differences)
      if (d.topic == t) return std::string(topic_name(t)) + ": " + d.text;
    return std::nullopt;
  };
  if (judged_.generals_facing())
    for (RuleTopic t : {RuleTopic::Bikjang, RuleTopic::Facing})
      if (auto d = listed(t)) return d;
  if (judged_.in_check() && representable()) {
    const Move pass = Move::pass(judged_.general(judged_.side_to_move()));
    if (judged_.is_legal(pass) != engine_.is_legal(pass))
      if (auto d = listed(RuleTopic::PassInCheck)) return d;
  }
  if (auto d = listed(RuleTopic::MoveLimit)) {
    const int since_capture = judged_.state().plies_since_capture, ply = judged_.game_ply();
    for (const Profile* p : {profile_, variant_profile_}) {
      if (p->no_capture_limit_plies.value && since_capture + horizon >= *p->no_capture_limit_plies.value) return d;
      if (p->max_plies.value && ply + horizon >= *p->max_plies.value) return d;
    }
  }
  if (auto d = listed(RuleTopic::Repetition)) {
    const auto& h = judged_.history();
    const int back = std::min<int>(judged_.state().plies_since_capture, static_cast<int>(h.size()) - 1);
    for (int k = 2; k <= back; k += 2)
      if (h[h.size() - 1 - static_cast<std::size_t>(k)].key == judged_.key()) return d;
  }
  return std::nullopt;
}

}  // namespace gibo::analysis
