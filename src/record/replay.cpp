// Replay validation. Annotation policy (formats/gib/README.md, README "Diagnostics"): a claim the
// board contradicts is an error; a missing claim is not. A game whose plies carry no
// capture suffix and no 장군 mark at all although captures or checks occur is
// unannotated (one `unannotated` note, Game::annotated = false); a game that marks some
// gets a `missing-capture` / `missing-check` warning per missing mark; with
// ReplayOptions::strict_annotations every missing mark is an error.
#include "gibo/record/replay.h"

#include <algorithm>
#include <iterator>
#include <vector>

namespace gibo {
namespace {

constexpr const char* kTypeNames[kPieceTypeCount] = {"nothing", "general", "advisor", "elephant",
                                                     "horse",   "chariot", "cannon",  "soldier"};

const char* type_name(PieceType t) { return kTypeNames[static_cast<int>(t)]; }
const char* side_name(Side s) { return s == Side::Cho ? "Cho" : "Han"; }

// The board a thread replays on, set up anew by each replay (start_position sets every
// part of it): a Position keeps room for a long history, and a fresh one per game would
// be allocated and set up only to be replaced.
Position& thread_board() {
  thread_local Position board;
  return board;
}

class Replayer {
 public:
  Replayer(Game& game, const LegalityRules& rules, const ReplayOptions& options)
      : game_(game), rules_(rules), options_(options), pos_(thread_board()) {}

  void run(Position* final_position) {
    game_.valid_plies = 0;
    game_.played_plies = 0;
    game_.replayed = true;
    game_.annotated = true;
    first_diagnostic_ = game_.diagnostics.size();
    if (auto err = start_position(game_, rules_, pos_)) {
      report("bad-position", 0, game_.source.line, 0, "", "start position is invalid: " + err->message);
      if (final_position) *final_position = pos_;
      return;
    }
    int first_error = -1;
    game_.played_plies = 0;
    for (std::size_t i = 0; i < game_.plies.size(); ++i) {
      const std::size_t before = errors_;
      const bool played = play(game_.plies[i], static_cast<int>(i) + 1);
      if (errors_ > before && first_error < 0) first_error = static_cast<int>(i);
      if (!played) break;
      ++game_.played_plies;
    }
    const int first_missing = report_missing_marks();
    if (first_missing >= 0 && (first_error < 0 || first_missing < first_error)) first_error = first_missing;
    game_.valid_plies = first_error < 0 ? static_cast<int>(game_.plies.size()) : first_error;
    if (final_position) *final_position = pos_;
  }

 private:
  // Adds a diagnostic about ply `ply` (0: the game) at line/column; errors are counted.
  void report(const char* code, int ply, int line, int column, const std::string& token, std::string message,
              Severity severity = Severity::Error) {
    Diagnostic d;
    d.code = code;
    d.severity = severity;
    d.file = game_.source.file;
    d.line = line;
    d.column = column;
    d.game = game_.source.game_index;
    d.ply = ply;
    d.token = token;
    d.message = std::move(message);
    add_diagnostic(game_, std::move(d));
    if (severity == Severity::Error) ++errors_;
  }
  // The same, where ply `rp` stands.
  void report(const char* code, int ply, const RecordedPly& rp, std::string message,
              Severity severity = Severity::Error) {
    report(code, ply, rp.line, rp.column, rp.text, std::move(message), severity);
  }

  // Plays one ply; false if it could not be played (the replay stops).
  bool play(RecordedPly& rp, int ply) {
    const Side us = pos_.side_to_move();
    if (rp.pass) {
      const Square g = pos_.general(us);
      if (g == kNoSquare) {
        report("illegal-pass", ply, rp, std::string(side_name(us)) + " has no general left to pass with");
        return false;
      }
      rp.move = Move::pass(g);
      if (!pos_.is_legal(rp.move)) {
        report("illegal-pass", ply, rp,
              std::string(side_name(us)) + " may not pass here" + (pos_.in_check() ? " (in check)" : ""));
        return false;
      }
      pos_.do_move(rp.move);
      return true;
    }

    const Square from = rp.move.from(), to = rp.move.to();
    const Piece mover = pos_.piece_on(from);
    if (rp.side_mark && *rp.side_mark != us)
      report("wrong-side-mark", ply, rp,
            std::string("side mark says ") + side_name(*rp.side_mark) + " but " + side_name(us) + " is to move");
    if (mover == Piece::None) {
      report("empty-square", ply, rp,
            std::string("no piece on ") + square_name(from) + " for " + side_name(us) + " to move");
      return false;
    }
    if (side_of(mover) != us) {
      report("wrong-side", ply, rp,
            square_name(from) + " holds " + piece_description(mover) + " but " + side_name(us) + " is to move");
      return false;
    }
    if (rp.piece != PieceType::None && rp.piece != type_of(mover))
      report("wrong-piece", ply, rp,
            std::string("names the piece ") + type_name(rp.piece) + " but " + square_name(from) + " holds " +
                piece_description(mover));
    if (!pos_.is_legal(rp.move)) {
      if (!pos_.is_pseudo_legal(rp.move))
        report("bad-movement", ply, rp,
              piece_description(mover) + " cannot move from " + square_name(from) + " to " + square_name(to) +
                  describe_target(to));
      else
        report(illegality_code(rp.move), ply, rp, illegality_message(rp.move));
      return false;
    }
    const Piece target = pos_.piece_on(to);
    const bool claims_capture = rp.captured != PieceType::None || rp.capture_marker;
    marked_ |= claims_capture || rp.check;
    if (claims_capture && target == Piece::None)
      report("false-capture", ply, rp,
            rp.captured != PieceType::None
                ? std::string("names a captured ") + type_name(rp.captured) + " but " + square_name(to) + " is empty"
                : "marked as a capture but " + square_name(to) + " is empty");
    else if (rp.captured != PieceType::None && rp.captured != type_of(target))
      report("wrong-capture", ply, rp,
            std::string("names a captured ") + type_name(rp.captured) + " but " + square_name(to) + " holds " +
                piece_description(target));
    else if (!claims_capture && target != Piece::None)
      missing_.push_back({"missing-capture", ply, &rp, target, to});
    pos_.do_move(rp.move);
    const bool check = pos_.in_check();
    if (rp.check && !check)
      report("false-check", ply, rp, "marked 장군 but the move gives no check");
    else if (!rp.check && check)
      missing_.push_back({"missing-check", ply, &rp, Piece::None, to});
    return true;
  }

  std::string describe_target(Square to) const {
    const Piece t = pos_.piece_on(to);
    return t == Piece::None ? "" : " (" + square_name(to) + " holds " + piece_description(t) + ")";
  }

  // Contract: m is pseudo-legal but not legal.
  const char* illegality_code(Move m) {
    if (type_of(pos_.piece_on(m.to())) == PieceType::General && rules_.legality == Legality::Strict)
      return "capture-general";
    const Side us = pos_.side_to_move();
    const bool facing_before = pos_.generals_facing();
    pos_.do_move(m);
    const bool self_check = rules_.legality == Legality::Strict && pos_.general(us) != kNoSquare &&
                            pos_.attacked(pos_.general(us), ~us);
    const bool facing_after = pos_.generals_facing();
    pos_.undo_move();
    if (self_check) return "self-check";
    if (facing_after && rules_.bikjang_mode == BikjangMode::Illegal) return "facing-created";
    if (facing_before && facing_after) return "bikjang-not-broken";
    return "illegal-move";
  }

  std::string illegality_message(Move m) {
    const std::string code = illegality_code(m);
    const std::string what = piece_description(pos_.piece_on(m.from())) + " " + square_name(m.from()) + "-" +
                             square_name(m.to());
    if (code == "capture-general") return what + " captures the general, which is no move under strict rules";
    if (code == "self-check") return what + " leaves its own general in check";
    if (code == "facing-created") return what + " makes the generals face each other, illegal under these rules";
    if (code == "bikjang-not-broken") return what + " does not break the bikjang (the generals still face)";
    return what + " is not legal here";
  }

  // A capture or check the board shows and the record does not mark. Its message is
  // made only when it is reported (an unannotated game reports a count instead).
  struct MissingMark {
    const char* code;
    int ply;
    const RecordedPly* rp;
    Piece captured;  // missing-capture: the piece taken
    Square to;       // the move's destination
  };

  // The message of a missing mark.
  static std::string missing_mark_message(const MissingMark& m) {
    if (std::string_view(m.code) == "missing-check") return "gives check but has no 장군 mark";
    return "captures " + piece_description(m.captured) + " on " + square_name(m.to) + " but names no captured piece";
  }

  // Applies the annotation policy to the marks the record left out (see the top of the
  // file) and sets Game::annotated. Returns the 0-based index of the first ply whose
  // missing mark is an error, or -1.
  int report_missing_marks() {
    if (missing_.empty()) return -1;
    if (!marked_) {
      game_.annotated = false;
      if (!options_.strict_annotations) {
        int captures = 0, checks = 0;
        for (const MissingMark& m : missing_) (std::string_view(m.code) == "missing-check" ? checks : captures)++;
        const MissingMark& first = missing_.front();
        report("unannotated", first.ply, *first.rp,
              "no ply marks a capture or a check, although the board shows " + std::to_string(captures) +
                  (captures == 1 ? " capture and " : " captures and ") + std::to_string(checks) +
                  (checks == 1 ? " check" : " checks") + " (an unannotated record; the game is valid)",
              Severity::Note);
        return -1;
      }
    }
    const Severity severity = options_.strict_annotations ? Severity::Error : Severity::Warning;
    for (const MissingMark& m : missing_) report(m.code, m.ply, *m.rp, missing_mark_message(m), severity);
    // Keep the replay's diagnostics in ply order.
    std::stable_sort(game_.diagnostics.begin() + static_cast<std::ptrdiff_t>(first_diagnostic_),
                     game_.diagnostics.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.ply < b.ply; });
    return options_.strict_annotations ? missing_.front().ply - 1 : -1;
  }

  Game& game_;
  const LegalityRules& rules_;
  const ReplayOptions& options_;
  Position& pos_;  // thread_board(): one replay at a time on a thread
  std::size_t errors_ = 0;
  std::size_t first_diagnostic_ = 0;  // where this replay's diagnostics start
  bool marked_ = false;               // some ply carries a capture or 장군 mark
  std::vector<MissingMark> missing_;
};

}  // namespace

std::string piece_description(Piece p) {
  if (p == Piece::None) return "nothing";
  return std::string(side_name(side_of(p))) + " " + type_name(type_of(p));
}

const Profile& game_profile(const Game& game, const Profile& fallback) {
  if (!game.saved_profile_id) return fallback;
  if (const Profile* p = find_profile(*game.saved_profile_id)) return *p;
  return fallback;
}

bool names_unknown_profile(const Game& game) {
  return game.saved_profile_id && !find_profile(*game.saved_profile_id);
}

bool game_bikjang_option(const Game& game, bool fallback) { return game.saved_bikjang_option.value_or(fallback); }

LegalityRules game_legality_rules(const Game& game, const Profile& fallback, bool bikjang_fallback) {
  return legality_rules(game_profile(game, fallback), game_bikjang_option(game, bikjang_fallback));
}

namespace {

// For a game whose record leaves a setup unstated: the stated setups plus every choice
// for the unstated ones; the first that replays without error wins, else the one that
// replays furthest. Returns true if it changed the game's start.
bool infer_setups(Game& game, const LegalityRules& rules) {
  StartPosition& start = game.start;
  if (start.custom || (start.cho_setup_stated && start.han_setup_stated)) return false;
  const StartPosition original = start;
  StartPosition best = original;
  int best_plies = -1;
  for (Setup cho : kAllSetups) {
    if (original.cho_setup_stated && cho != original.cho) continue;
    for (Setup han : kAllSetups) {
      if (original.han_setup_stated && han != original.han) continue;
      Game trial;
      trial.start = original;
      trial.start.cho = cho;
      trial.start.han = han;
      trial.plies = game.plies;
      Replayer(trial, rules, ReplayOptions{}).run(nullptr);
      const int plies = trial.has_errors() ? trial.valid_plies : static_cast<int>(trial.plies.size()) + 1;
      if (plies > best_plies) best_plies = plies, best = trial.start;
    }
  }
  start = best;
  return true;
}

// Adds a note or warning about the whole game once (a second replay adds none).
void note_once(Game& game, const char* code, Severity severity, std::string token, std::string message) {
  for (const Diagnostic& d : game.diagnostics)
    if (d.code == code) return;
  Diagnostic d;
  d.code = code;
  d.severity = severity;
  d.file = game.source.file;
  d.line = game.source.line;
  d.game = game.source.game_index;
  d.token = std::move(token);
  d.message = std::move(message);
  game.diagnostics.push_back(std::move(d));
}

// For a game the profile `used` rejects with a move it cannot play, the profiles under
// which the whole game is valid, found by replaying it under each (a pass while in check
// is legal under kjf-site, and under fs-janggi when the generals face); the first error
// then ends "; legal under ID[, ID and ID]: use --rules ID". Only the codes that depend on
// the rules are tried, so other broken games cost no more replays.
void suggest_other_profile(Game& game, const Profile& used, const ReplayOptions& options) {
  auto first = std::find_if(game.diagnostics.begin(), game.diagnostics.end(),
                            [](const Diagnostic& d) { return d.severity == Severity::Error; });
  if (first == game.diagnostics.end()) return;
  static const std::string_view kRulesCodes[] = {"illegal-pass", "self-check", "capture-general", "facing-created",
                                                 "bikjang-not-broken"};
  if (std::find(std::begin(kRulesCodes), std::end(kRulesCodes), first->code) == std::end(kRulesCodes)) return;
  const bool bikjang = game_bikjang_option(game, options.bikjang_fallback);
  const LegalityRules rejected = legality_rules(used, bikjang);
  // Each distinct set of legality rules is replayed once; every profile with rules that
  // accept the game is named.
  std::vector<std::pair<LegalityRules, bool>> tried;  // rules, accepted
  std::vector<std::pair<std::string, bool>> accepted;  // profile id, accepted only by an assumed flag
  for (const Profile& p : all_profiles()) {
    if (p.id == used.id) continue;
    const LegalityRules rules = legality_rules(p, bikjang);
    auto same = [&](const LegalityRules& r) {
      return r.legality == rules.legality && r.pass_allowed == rules.pass_allowed &&
             r.pass_in_check == rules.pass_in_check && r.double_pass_ends == rules.double_pass_ends &&
             r.bikjang_mode == rules.bikjang_mode && r.bikjang_valid_when == rules.bikjang_valid_when &&
             r.bikjang_threshold == rules.bikjang_threshold && r.bikjang_reply == rules.bikjang_reply &&
             r.bikjang_pass == rules.bikjang_pass && r.bikjang_pass_ban_scope == rules.bikjang_pass_ban_scope;
    };
    if (same(rejected)) continue;
    auto known = std::find_if(tried.begin(), tried.end(), [&](const auto& t) { return same(t.first); });
    if (known == tried.end()) {
      Game trial;
      trial.start = game.start;
      trial.plies = game.plies;
      ReplayOptions o = options;
      Replayer(trial, rules, o).run(nullptr);
      tried.emplace_back(rules, !trial.has_errors());
      known = std::prev(tried.end());
    }
    // A pass in check that a profile allows only by assumption (rules.md: its source does
    // not say) is named so, and a profile that states the rule is the one suggested.
    if (known->second) accepted.push_back({p.id, first->code == "illegal-pass" && !p.pass_in_check.known});
  }
  if (accepted.empty()) return;
  auto suggested = std::find_if(accepted.begin(), accepted.end(), [](const auto& a) { return !a.second; });
  if (suggested == accepted.end()) suggested = accepted.begin();
  std::string names;
  for (std::size_t i = 0; i < accepted.size(); ++i) {
    if (i) names += i + 1 == accepted.size() ? " and " : ", ";
    names += accepted[i].first + (accepted[i].second ? " (assumed: its rules do not say)" : "");
  }
  first->message += "; legal under " + names + ": use --rules " + suggested->first;
}

}  // namespace

void replay(Game& game, const LegalityRules& rules, const ReplayOptions& options, Position* final_position) {
  if (infer_setups(game, rules))
    note_once(game, "setup-inferred", Severity::Note, "",
              std::string("setups inferred from the moves: Cho ") + std::string(setup_code(game.start.cho)) +
                  ", Han " + std::string(setup_code(game.start.han)));
  Replayer(game, rules, options).run(final_position);
}

const Profile& replay_under_profile(Game& game, const Profile& fallback, const ReplayOptions& options,
                                    Position* final_position) {
  const Profile& profile = game_profile(game, fallback);
  if (names_unknown_profile(game))
    note_once(game, "unknown-profile", Severity::Warning, *game.saved_profile_id,
              "the record names an unknown rules profile; using " + fallback.id);
  replay(game, game_legality_rules(game, fallback, options.bikjang_fallback), options, final_position);
  // --rules helps only a record that names no profile of its own.
  if (game.has_errors() && (!game.saved_profile_id || names_unknown_profile(game)))
    suggest_other_profile(game, profile, options);
  return profile;
}

}  // namespace gibo
