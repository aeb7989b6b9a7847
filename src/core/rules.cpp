// The profiles with the flag settings of the profile table (src/core/README.md,
// "Profiles"). Where the table marks a flag unknown, the flag is marked unknown and holds
// the value the table says to assume (or the flag's default when it names none).
#include "gibo/core/rules.h"

#include "gibo/core/enum_names.h"

namespace gibo {
namespace {

using RD = RepetitionDetector;
using RR = RepetitionResult;

// Bikjang as yeeqia and Fairy-Stockfish have it: facing generals always count, the side
// faced must break them, a pass accepts them and ends the game, which is scored.
void bikjang_must_be_broken(Profile& p) {
  p.bikjang_mode = BikjangMode::Active;
  p.bikjang_valid_when = BikjangValidWhen::Always;
  p.bikjang_reply = BikjangReply::MustBreak;
  p.bikjang_pass = BikjangPass::AcceptEndsGame;
  p.bikjang_result = EndResult::Score;
  p.bikjang_capture_reply_clause = false;
}

using RT = RuleTopic;

// The engine mappings of the profile table (src/core/README.md "Engine variants"): the
// nearest Fairy-Stockfish variant and the listed differences (rules.md §2).
EngineMapping janggi_variant(std::vector<RuleDifference> d) { return {"janggi", "fs-janggi", std::move(d)}; }
EngineMapping modern_variant(std::vector<RuleDifference> d) { return {"janggimodern", "fs-modern", std::move(d)}; }
RuleDifference janggi_move_limit(const char* id, const char* own) {
  return {RT::MoveLimit, std::string(id) + ": " + own + "; janggi: 100 plies without a capture end the game by counting"};
}
RuleDifference modern_move_limit(const char* id, const char* own) {
  return {RT::MoveLimit,
          std::string(id) + ": " + own + "; janggimodern: 200 plies without a capture end the game by counting"};
}
RuleDifference janggi_pass_in_check(const char* id) {
  return {RT::PassInCheck, std::string(id) + ": no pass while in check; janggi: a pass in check is legal while the "
                           "generals face each other"};
}

Profile janggi_gg() {
  Profile p;
  p.id = "janggi-gg";
  p.description = "Janggi.gg rules (the site's own rule page); bikjang follows the record's option, default off";
  p.legality = Legality::Strict;
  p.checkmate_ends_game = true;
  p.pass_in_check = PassInCheck::Forbidden;
  p.double_pass_end = EndResult::Score;
  p.pass_counts_for_repetition = false;
  p.no_move_result = NoMoveResult::Draw;
  p.bikjang_mode = BikjangMode::Ignore;  // option off; Active when the record turns it on
  p.bikjang_mode_follows_option = true;
  p.bikjang_valid_when = BikjangValidWhen::LowMaterialOrKingCapture;
  p.bikjang_threshold = 30;
  p.bikjang_reply = BikjangReply::Any;
  p.bikjang_pass = BikjangPass::Forbidden;
  p.bikjang_pass_ban_scope = unknown(BikjangPassBanScope::AnyFacing);
  p.bikjang_result = EndResult::Score;
  p.bikjang_vs_checkmate = BikjangVsCheckmate::CheckmateFirst;
  p.bikjang_capture_reply_clause = false;
  p.repetition_rules = {{RD::MoveCycle, 3, RepetitionWindow::ContiguousCycle, RR::RepeaterLoses,
                         LowMaterialResult::Score, 30, false}};
  p.perpetual_check = PerpetualCheck::AsRepetition;
  p.material_counting = true;
  p.palace_only_end = PalaceOnlyEnd::ScoreIfEitherSide;
  p.end_precedence = {Ending::DoublePass, Ending::Repetition, Ending::Checkmate,
                      Ending::Bikjang,    Ending::Stalemate,  Ending::PalaceOnly};
  p.timeout_result = TimeoutResult::Loss;
  p.agreed_draw_allowed = true;
  p.formation_order = FormationOrder::Independent;
  const std::string gg_repetition =
      "janggi-gg: the side that plays the same move cycle a third time loses (both under 30 points: counting); ";
  const RuleDifference repetition{RT::Repetition, gg_repetition + "janggimodern: a piece shuttling a third time "
                                                                  "loses, a fourth repetition is counted"};
  const RuleDifference repetition_on{RT::Repetition, gg_repetition + "janggi: a third repetition is counted"};
  const RuleDifference palace{RT::PalaceOnly,
                              "janggi-gg: a side left with its general (and advisors) only ends the game by counting; "
                              "the engine plays on"};
  p.engine = modern_variant({modern_move_limit("janggi-gg", "no move limit"), repetition, palace});
  p.engine_bikjang_on = janggi_variant(
      {{RT::Bikjang, "janggi-gg: facing generals count only when both sides have under 30 points or a general was "
                     "captured, any reply is legal and facing that persists ends the game by counting, no pass; "
                     "janggi: facing always counts, it must be broken, a pass accepts it and ends the game by counting"},
       janggi_pass_in_check("janggi-gg"), janggi_move_limit("janggi-gg", "no move limit"), repetition_on, palace});
  return p;
}

Profile kjf_site() {
  Profile p;
  p.id = "kjf-site";
  p.version = 2;  // 2: perpetual check makes the checker lose (adjudication README)
  p.description = "rules of an online site on the KJF (대한장기연맹) score system; king capture wins";
  p.legality = Legality::KingCapture;
  p.checkmate_ends_game = false;
  p.pass_in_check = unknown(PassInCheck::Allowed);
  p.double_pass_end = EndResult::Score;
  p.pass_counts_for_repetition = false;
  p.no_move_result = unknown(NoMoveResult::ForcedPass);
  p.bikjang_mode = BikjangMode::Active;
  p.bikjang_valid_when = BikjangValidWhen::AfterFirstCapture;
  p.bikjang_reply = BikjangReply::Any;
  p.bikjang_pass = unknown(BikjangPass::CountsAsReply);
  p.bikjang_result = EndResult::Score;
  p.bikjang_vs_checkmate = unknown(BikjangVsCheckmate::BikjangFirst);
  p.bikjang_capture_reply_clause = true;
  p.repetition_rules = {{RD::Sequence, 4, RepetitionWindow::WholeGame, RR::RepeaterLoses,
                         LowMaterialResult::Same, std::nullopt, false}};
  // Decision 13 (src/adjudication/README.md "Decisions"): seed 001's "4회째 같은 수순을 반복한 쪽이 패배" in a cycle of checks means
  // the checking side, the one that repeats, loses on the 4th repetition.
  p.perpetual_check = PerpetualCheck::CheckerLoses;
  p.material_counting = true;
  p.palace_only_end = PalaceOnlyEnd::None;
  p.end_precedence_known = false;
  p.end_precedence = {Ending::DoublePass, Ending::KingCapture, Ending::Repetition, Ending::Bikjang};
  p.timeout_result = TimeoutResult::Loss;
  p.agreed_draw_allowed = false;
  p.formation_order = FormationOrder::HanFirst;
  p.engine = janggi_variant(
      {{RT::KingCapture, "kjf-site: a move may leave the own general attacked and the general is then captured; "
                         "janggi: such a move is illegal"},
       {RT::Bikjang, "kjf-site: facing generals count from the first capture on, any reply is legal, a pass counts as "
                     "a reply; janggi: facing always counts, it must be broken, a pass accepts it"},
       {RT::PassInCheck, "kjf-site: a pass in check is allowed (with a warning; unknown); janggi: only while the "
                         "generals face each other"},
       janggi_move_limit("kjf-site", "no move limit"),
       {RT::Repetition, "kjf-site: the side that repeats a sequence a fourth time loses; janggi: a third repetition "
                        "is counted"}});
  return p;
}

Profile yeeqia() {
  Profile p;
  p.id = "yeeqia";
  p.description = "janggi.yeeqia.com rules; king capture, 240-ply limit";
  p.legality = Legality::KingCapture;
  p.checkmate_ends_game = true;
  p.pass_in_check = PassInCheck::Forbidden;
  p.double_pass_end = EndResult::Score;
  p.no_move_result = NoMoveResult::ForcedPass;
  bikjang_must_be_broken(p);
  p.bikjang_vs_checkmate = unknown(BikjangVsCheckmate::BikjangFirst);
  p.repetition_rules_known = false;
  p.perpetual_check = unknown(PerpetualCheck::CheckerLoses);
  p.max_plies = std::optional<int>(240);
  p.max_plies_result = EndResult::Score;
  p.material_counting = true;
  p.palace_only_end = PalaceOnlyEnd::None;
  p.end_precedence_known = false;
  p.end_precedence = {Ending::DoublePass, Ending::Bikjang, Ending::Checkmate, Ending::KingCapture,
                      Ending::MaxPlies};
  p.time_control = TimeControl{TimeControlKind::PerMove, 40, 0, 0, 0};
  p.timeout_result = TimeoutResult::AutoMove;
  p.agreed_draw_allowed = unknown(false);
  p.formation_order = FormationOrder::Fixed;
  p.engine = janggi_variant(
      {{RT::KingCapture, "yeeqia: a move may leave the own general attacked and the general is then captured; "
                         "janggi: such a move is illegal"},
       janggi_move_limit("yeeqia", "the game ends by counting after 240 plies"),
       {RT::Repetition, "yeeqia: not stated (unknown); janggi: a third repetition is counted"}});
  return p;
}

Profile no_facing() {
  Profile p;
  p.id = "no-facing";
  p.description = "a Janggi game's published rule article: moves that create facing generals are illegal";
  p.legality = Legality::Strict;
  p.pass_in_check = PassInCheck::Forbidden;
  p.double_pass_end = EndResult::Score;
  p.pass_counts_for_repetition = unknown(false);
  p.no_move_result = unknown(NoMoveResult::ForcedPass);
  p.bikjang_mode = BikjangMode::Illegal;
  p.repetition_rules_known = false;
  p.perpetual_check = unknown(PerpetualCheck::CheckerLoses);
  p.no_capture_limit_plies = unknown(std::optional<int>{});
  p.max_plies = unknown(std::optional<int>{});
  p.material_counting = true;
  p.palace_only_end = unknown(PalaceOnlyEnd::None);
  p.end_precedence_known = false;
  p.end_precedence = {Ending::DoublePass, Ending::Checkmate};
  p.time_control = unknown(TimeControl{});
  p.timeout_result = unknown(TimeoutResult::Loss);
  p.agreed_draw_allowed = unknown(false);
  p.formation_order = unknown(FormationOrder::Independent);
  p.engine = modern_variant(
      {{RT::Facing, "no-facing: a move that makes the generals face each other is illegal; janggimodern: legal, and "
                    "facing means nothing"},
       modern_move_limit("no-facing", "not stated (unknown)"),
       {RT::Repetition, "no-facing: not stated (unknown); janggimodern: a piece shuttling a third time loses, a fourth "
                        "repetition is counted"}});
  return p;
}

Profile kja() {
  Profile p;
  p.id = "kja";
  p.description = "KJA point system, provisional (secondary sources only)";
  p.legality = unknown(Legality::Strict);
  p.checkmate_ends_game = true;
  p.pass_in_check = unknown(PassInCheck::Forbidden);
  p.double_pass_end = unknown(EndResult::Score);
  p.pass_counts_for_repetition = unknown(false);
  p.no_move_result = unknown(NoMoveResult::ForcedPass);
  p.bikjang_mode = BikjangMode::Active;
  p.bikjang_valid_when = BikjangValidWhen::AfterFirstCapture;
  p.bikjang_reply = unknown(BikjangReply::MustBreak);
  p.bikjang_pass = BikjangPass::AcceptEndsGame;
  p.bikjang_result = EndResult::Score;
  p.bikjang_vs_checkmate = unknown(BikjangVsCheckmate::BikjangFirst);
  p.bikjang_capture_reply_clause = unknown(false);
  p.repetition_rules = {{RD::Sequence, 4, RepetitionWindow::WholeGame, RR::RepeaterLoses,
                         LowMaterialResult::Score, 30, false}};
  p.perpetual_check = PerpetualCheck::CheckerLoses;
  p.material_counting = true;
  p.palace_only_end = unknown(PalaceOnlyEnd::None);
  p.end_precedence_known = false;
  p.end_precedence = {Ending::DoublePass, Ending::Bikjang, Ending::Checkmate, Ending::Repetition};
  p.time_control = TimeControl{TimeControlKind::Byoyomi, 1200, 3, 40, 0};
  p.timeout_result = TimeoutResult::Loss;
  p.agreed_draw_allowed = false;
  p.formation_order = FormationOrder::HanFirst;
  p.engine = janggi_variant(
      {{RT::Bikjang, "kja: facing generals count from the first capture on; janggi: always"},
       janggi_pass_in_check("kja"), janggi_move_limit("kja", "no move limit"),
       {RT::Repetition, "kja: the side that repeats a sequence a fourth time loses (both under 30 points: counting); "
                        "janggi: a third repetition is counted"}});
  return p;
}

Profile fs_base(const char* id, const char* description) {
  Profile p;
  p.id = id;
  p.description = description;
  p.legality = Legality::Strict;
  p.checkmate_ends_game = true;
  p.pass_in_check = PassInCheck::OnlyWhenFacing;
  p.double_pass_end = EndResult::Score;
  p.pass_counts_for_repetition = true;
  p.no_move_result = NoMoveResult::ForcedPass;
  bikjang_must_be_broken(p);
  p.bikjang_vs_checkmate = BikjangVsCheckmate::BikjangFirst;
  p.repetition_rules = {{RD::Position, 3, RepetitionWindow::SinceLastCapture, RR::Score,
                         LowMaterialResult::Same, std::nullopt, false}};
  p.perpetual_check = PerpetualCheck::CheckerLoses;
  p.no_capture_limit_plies = std::optional<int>(100);
  p.no_capture_result = EndResult::Score;
  p.material_counting = true;
  p.palace_only_end = PalaceOnlyEnd::None;
  p.end_precedence = {Ending::DoublePass, Ending::Bikjang, Ending::Checkmate, Ending::NoCaptureLimit,
                      Ending::Repetition};
  return p;
}

// Fairy-Stockfish's variants without material counting: the endings janggi scores (two
// passes, repetition, the no-capture limit) are draws.
void without_counting(Profile& p) {
  p.double_pass_end = EndResult::Draw;
  p.repetition_rules[0].result = RR::Draw;
  p.no_capture_result = EndResult::Draw;
  p.material_counting = false;
}

Profile fs_janggi() {
  Profile p = fs_base("fs-janggi", "Fairy-Stockfish janggi: bikjang and material counting");
  p.engine = janggi_variant({});
  return p;
}

Profile fs_traditional() {
  Profile p = fs_base("fs-traditional", "Fairy-Stockfish janggitraditional: bikjang is a draw, no counting");
  without_counting(p);
  p.bikjang_result = EndResult::Draw;
  p.engine = {"janggitraditional", "fs-traditional", {}};
  return p;
}

Profile fs_modern() {
  Profile p = fs_base("fs-modern", "Fairy-Stockfish janggimodern: no bikjang, shuttle rule, 200-ply limit");
  p.pass_in_check = PassInCheck::Forbidden;
  p.bikjang_mode = BikjangMode::Ignore;
  p.repetition_rules = {{RD::Shuttle, 3, RepetitionWindow::WholeGame, RR::RepeaterLoses,
                         LowMaterialResult::Same, std::nullopt, true},
                        {RD::Position, 4, RepetitionWindow::SinceLastCapture, RR::Score,
                         LowMaterialResult::Same, std::nullopt, false}};
  p.no_capture_limit_plies = std::optional<int>(200);
  p.engine = modern_variant({});
  return p;
}

Profile fs_casual() {
  Profile p = fs_base("fs-casual", "Fairy-Stockfish janggicasual: no bikjang, no counting");
  p.pass_in_check = PassInCheck::Forbidden;
  without_counting(p);
  p.bikjang_mode = BikjangMode::Ignore;
  p.engine = {"janggicasual", "fs-casual", {}};
  return p;
}

Profile pychess() {
  Profile p = fs_base("pychess", "pychess-variants: Fairy-Stockfish janggi plus its server's rules");
  p.version = 2;  // 2: the server's order of endings (adjudication README)
  p.palace_only_end = PalaceOnlyEnd::DrawIfBothInsufficient;
  p.max_plies = std::optional<int>(600);
  p.max_plies_result = EndResult::Draw;
  p.timeout_result = TimeoutResult::LossOrDrawIfOppInsufficient;
  p.agreed_draw_allowed = false;
  // Decision 14 (src/adjudication/README.md "Decisions"): the order the server applies (server/game.py update_status), not the one
  // its documentation states: Fairy-Stockfish's endings with checkmate among them, then
  // the 600-ply limit, then insufficient material.
  p.end_precedence.push_back(Ending::MaxPlies);
  p.end_precedence.push_back(Ending::InsufficientDraw);
  p.engine = janggi_variant(
      {{RT::MoveLimit, "pychess: a draw at 600 plies; janggi: no such limit"},
       {RT::Counting, "pychess: a draw when neither side has mating material (general against general ...); janggi: "
                      "counting decides"}});
  return p;
}

}  // namespace

const std::vector<Profile>& all_profiles() {
  static const std::vector<Profile> profiles = {janggi_gg(), kjf_site(),  yeeqia(),         no_facing(),
                                                kja(),       fs_janggi(), fs_traditional(), fs_modern(),
                                                fs_casual(), pychess()};
  return profiles;
}

const Profile* find_profile(std::string_view id) {
  for (const Profile& p : all_profiles())
    if (p.id == id) return &p;
  return nullptr;
}

const Profile& default_profile() { return all_profiles().front(); }

const EngineMapping& engine_mapping(const Profile& p, bool bikjang_option) {
  return p.bikjang_mode_follows_option && bikjang_option ? p.engine_bikjang_on : p.engine;
}

std::string_view topic_name(RuleTopic t) {
  static constexpr auto kNames = std::to_array<Named<RuleTopic>>({
      {RuleTopic::Bikjang, "bikjang"}, {RuleTopic::Counting, "counting"}, {RuleTopic::MoveLimit, "move-limit"},
      {RuleTopic::PassInCheck, "pass-in-check"}, {RuleTopic::Facing, "facing"},
      {RuleTopic::KingCapture, "king-capture"}, {RuleTopic::Repetition, "repetition"},
      {RuleTopic::PalaceOnly, "palace-only"}});
  return name_of(kNames, t);
}

std::string_view profile_id_for_variant(std::string_view variant) {
  if (variant == "janggi") return "fs-janggi";
  if (variant == "janggitraditional") return "fs-traditional";
  if (variant == "janggimodern") return "fs-modern";
  if (variant == "janggicasual") return "fs-casual";
  return variant;
}

LegalityRules legality_rules(const Profile& p, bool bikjang_option) {
  const BikjangMode bikjang = p.bikjang_mode_follows_option
                                  ? (bikjang_option ? BikjangMode::Active : BikjangMode::Ignore)
                                  : p.bikjang_mode.value;
  return LegalityRules{.legality = p.legality,
                       .pass_allowed = p.pass_allowed,
                       .pass_in_check = p.pass_in_check,
                       .double_pass_ends = p.double_pass_end.value != EndResult::None,
                       .bikjang_mode = bikjang,
                       .bikjang_valid_when = p.bikjang_valid_when,
                       .bikjang_threshold = p.bikjang_threshold,
                       .bikjang_reply = p.bikjang_reply,
                       .bikjang_pass = p.bikjang_pass,
                       .bikjang_pass_ban_scope = p.bikjang_pass_ban_scope};
}

}  // namespace gibo

// ---------------------------------------------------------------------------
// Flag listing (for `gibo rules show` and reports)

namespace gibo {
namespace {

const char* name(Legality v) { return v == Legality::Strict ? "strict" : "king-capture"; }
const char* name(PassInCheck v) {
  switch (v) {
    case PassInCheck::Forbidden: return "forbidden";
    case PassInCheck::Allowed: return "allowed";
    case PassInCheck::OnlyWhenFacing: return "only-when-facing";
  }
  return "?";
}
const char* name(EndResult v) {
  switch (v) {
    case EndResult::None: return "none";
    case EndResult::Score: return "score";
    case EndResult::Draw: return "draw";
  }
  return "?";
}
const char* name(NoMoveResult v) {
  switch (v) {
    case NoMoveResult::ForcedPass: return "forced-pass";
    case NoMoveResult::Draw: return "draw";
    case NoMoveResult::Loss: return "loss";
  }
  return "?";
}
const char* name(BikjangMode v) {
  switch (v) {
    case BikjangMode::Ignore: return "ignore";
    case BikjangMode::Illegal: return "illegal";
    case BikjangMode::Active: return "active";
  }
  return "?";
}
const char* name(BikjangValidWhen v) {
  switch (v) {
    case BikjangValidWhen::Always: return "always";
    case BikjangValidWhen::AfterFirstCapture: return "after-first-capture";
    case BikjangValidWhen::LowMaterialOrKingCapture: return "low-material-or-king-capture";
  }
  return "?";
}
const char* name(BikjangTrigger v) { return v == BikjangTrigger::AnyMove ? "any-move" : "king-move-only"; }
const char* name(BikjangReply v) { return v == BikjangReply::MustBreak ? "must-break" : "any"; }
const char* name(BikjangPass v) {
  switch (v) {
    case BikjangPass::AcceptEndsGame: return "accept-ends-game";
    case BikjangPass::Forbidden: return "forbidden";
    case BikjangPass::CountsAsReply: return "counts-as-reply";
  }
  return "?";
}
const char* name(BikjangPassBanScope v) {
  return v == BikjangPassBanScope::ValidBikjang ? "valid-bikjang" : "any-facing";
}
const char* name(BikjangVsCheckmate v) {
  return v == BikjangVsCheckmate::BikjangFirst ? "bikjang-first" : "checkmate-first";
}
const char* name(PerpetualCheck v) {
  switch (v) {
    case PerpetualCheck::AsRepetition: return "as-repetition";
    case PerpetualCheck::CheckerLoses: return "checker-loses";
    case PerpetualCheck::BikScore: return "bik-score";
  }
  return "?";
}
const char* name(PalaceOnlyEnd v) {
  switch (v) {
    case PalaceOnlyEnd::None: return "none";
    case PalaceOnlyEnd::ScoreIfEitherSide: return "score-if-either-side";
    case PalaceOnlyEnd::DrawIfBothInsufficient: return "draw-if-both-insufficient";
  }
  return "?";
}
const char* name(TimeoutResult v) {
  switch (v) {
    case TimeoutResult::Loss: return "loss";
    case TimeoutResult::AutoMove: return "auto-move";
    case TimeoutResult::LossOrDrawIfOppInsufficient: return "loss-or-draw-if-opponent-insufficient";
  }
  return "?";
}
const char* name(FormationOrder v) {
  switch (v) {
    case FormationOrder::Independent: return "independent";
    case FormationOrder::HanFirst: return "han-first";
    case FormationOrder::Fixed: return "fixed";
  }
  return "?";
}
const char* name(Ending v) {
  switch (v) {
    case Ending::DoublePass: return "double-pass";
    case Ending::Bikjang: return "bikjang";
    case Ending::Repetition: return "repetition";
    case Ending::Checkmate: return "checkmate";
    case Ending::KingCapture: return "king-capture";
    case Ending::Stalemate: return "stalemate";
    case Ending::PalaceOnly: return "palace-only";
    case Ending::NoCaptureLimit: return "no-capture-limit";
    case Ending::MaxPlies: return "max-plies";
    case Ending::InsufficientDraw: return "insufficient-draw";
  }
  return "?";
}
const char* name(RepetitionDetector v) {
  switch (v) {
    case RepetitionDetector::Position: return "position";
    case RepetitionDetector::MoveCycle: return "move-cycle";
    case RepetitionDetector::Sequence: return "sequence";
    case RepetitionDetector::Shuttle: return "shuttle";
  }
  return "?";
}
const char* name(RepetitionWindow v) {
  switch (v) {
    case RepetitionWindow::SinceLastCapture: return "since-last-capture";
    case RepetitionWindow::ContiguousCycle: return "contiguous-cycle";
    case RepetitionWindow::WholeGame: return "whole-game";
  }
  return "?";
}
const char* name(RepetitionResult v) {
  switch (v) {
    case RepetitionResult::RepeaterLoses: return "repeater-loses";
    case RepetitionResult::Score: return "score";
    case RepetitionResult::Draw: return "draw";
  }
  return "?";
}
const char* name(LowMaterialResult v) {
  switch (v) {
    case LowMaterialResult::Same: return "same";
    case LowMaterialResult::Score: return "score";
    case LowMaterialResult::Draw: return "draw";
  }
  return "?";
}

std::string value(bool v) { return v ? "true" : "false"; }
std::string value(const std::optional<int>& v) { return v ? std::to_string(*v) : "none"; }
template <typename T>
std::string value(T v) {
  return name(v);
}
std::string value(const TimeControl& t) {
  switch (t.kind) {
    case TimeControlKind::None: return "none";
    case TimeControlKind::PerMove: return "per-move " + std::to_string(t.base_s) + "s";
    case TimeControlKind::Byoyomi:
      return "byoyomi " + std::to_string(t.base_s) + "s + " + std::to_string(t.periods) + "x" +
             std::to_string(t.period_s) + "s";
    case TimeControlKind::Fischer:
      return "fischer " + std::to_string(t.base_s) + "s + " + std::to_string(t.increment_s) + "s";
  }
  return "?";
}

template <typename T>
void add(std::vector<ProfileFlag>& out, const char* key, const Flag<T>& f) {
  out.push_back({key, value(f.value), f.known});
}

}  // namespace

std::vector<ProfileFlag> profile_flags(const Profile& p) {
  std::vector<ProfileFlag> out;
  add(out, "legality", p.legality);
  add(out, "checkmate_ends_game", p.checkmate_ends_game);
  add(out, "pass_allowed", p.pass_allowed);
  add(out, "pass_in_check", p.pass_in_check);
  add(out, "double_pass_end", p.double_pass_end);
  add(out, "pass_counts_for_repetition", p.pass_counts_for_repetition);
  add(out, "no_move_result", p.no_move_result);
  if (p.bikjang_mode_follows_option)
    out.push_back({"bikjang_mode", "record option ? active : ignore (option off by default)", true});
  else
    add(out, "bikjang_mode", p.bikjang_mode);
  add(out, "bikjang_valid_when", p.bikjang_valid_when);
  if (p.bikjang_valid_when.value == BikjangValidWhen::LowMaterialOrKingCapture)
    out.push_back({"bikjang_threshold", std::to_string(p.bikjang_threshold), true});
  add(out, "bikjang_trigger", p.bikjang_trigger);
  add(out, "bikjang_reply", p.bikjang_reply);
  add(out, "bikjang_pass", p.bikjang_pass);
  add(out, "bikjang_pass_ban_scope", p.bikjang_pass_ban_scope);
  add(out, "bikjang_result", p.bikjang_result);
  add(out, "bikjang_vs_checkmate", p.bikjang_vs_checkmate);
  add(out, "bikjang_capture_reply_clause", p.bikjang_capture_reply_clause);
  std::string reps;
  for (const RepetitionRule& r : p.repetition_rules) {
    if (!reps.empty()) reps += "; ";
    reps += std::string(name(r.detector)) + "/" + std::to_string(r.count) + " -> " + name(r.result) +
            " (window " + name(r.window) + ", low material " + name(r.low_material_result) +
            (r.threshold ? ", threshold " + std::to_string(*r.threshold) : "") +
            (r.exempt_palace_pieces ? ", palace pieces exempt" : "") + ")";
  }
  out.push_back({"repetition_rules", reps.empty() ? "none" : reps, p.repetition_rules_known});
  add(out, "perpetual_check", p.perpetual_check);
  add(out, "no_capture_limit_plies", p.no_capture_limit_plies);
  add(out, "no_capture_result", p.no_capture_result);
  add(out, "max_plies", p.max_plies);
  add(out, "max_plies_result", p.max_plies_result);
  add(out, "material_counting", p.material_counting);
  out.push_back({"deom_half_points", std::to_string(p.deom_half_points), true});
  add(out, "palace_only_end", p.palace_only_end);
  std::string order;
  for (Ending e : p.end_precedence) order += (order.empty() ? "" : ", ") + std::string(name(e));
  out.push_back({"end_precedence", order, p.end_precedence_known});
  add(out, "time_control", p.time_control);
  add(out, "timeout_result", p.timeout_result);
  add(out, "resign_allowed", p.resign_allowed);
  add(out, "agreed_draw_allowed", p.agreed_draw_allowed);
  add(out, "formation_order", p.formation_order);
  return out;
}

}  // namespace gibo
