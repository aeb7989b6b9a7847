// The profiles of decision 4 with the flag settings of rules.md §3.2. Where the
// table says UNKNOWN the flag is marked unknown and holds the value the table says
// to assume (or the §3.1 default when it names none).
#include "gibo/core/rules.h"

namespace gibo {
namespace {

using RD = RepetitionDetector;
using RR = RepetitionResult;

Profile janggi_gg() {
  Profile p;
  p.id = "janggi-gg";
  p.description = "Janggi.gg site rules (seed 000); bikjang follows the record's option, default off";
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
  return p;
}

Profile kjf_site() {
  Profile p;
  p.id = "kjf-site";
  p.description = "online site on the KJF score system (seed 001); king capture wins";
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
  p.perpetual_check = PerpetualCheck::AsRepetition;
  p.material_counting = true;
  p.palace_only_end = PalaceOnlyEnd::None;
  p.end_precedence_known = false;
  p.end_precedence = {Ending::DoublePass, Ending::KingCapture, Ending::Repetition, Ending::Bikjang};
  p.timeout_result = TimeoutResult::Loss;
  p.agreed_draw_allowed = false;
  p.formation_order = FormationOrder::HanFirst;
  return p;
}

Profile yeeqia() {
  Profile p;
  p.id = "yeeqia";
  p.description = "janggi.yeeqia.com (seed 003); king capture, 240-ply limit";
  p.legality = Legality::KingCapture;
  p.checkmate_ends_game = true;
  p.pass_in_check = PassInCheck::Forbidden;
  p.double_pass_end = EndResult::Score;
  p.no_move_result = NoMoveResult::ForcedPass;
  p.bikjang_mode = BikjangMode::Active;
  p.bikjang_valid_when = BikjangValidWhen::Always;
  p.bikjang_reply = BikjangReply::MustBreak;
  p.bikjang_pass = BikjangPass::AcceptEndsGame;
  p.bikjang_result = EndResult::Score;
  p.bikjang_vs_checkmate = unknown(BikjangVsCheckmate::BikjangFirst);
  p.bikjang_capture_reply_clause = false;
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
  return p;
}

Profile no_facing() {
  Profile p;
  p.id = "no-facing";
  p.description = "seed 004 game: moves that create facing generals are illegal";
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
  return p;
}

Profile kja() {
  Profile p;
  p.id = "kja";
  p.description = "KJA point system, provisional (secondary sources only, A28)";
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
  p.bikjang_mode = BikjangMode::Active;
  p.bikjang_valid_when = BikjangValidWhen::Always;
  p.bikjang_reply = BikjangReply::MustBreak;
  p.bikjang_pass = BikjangPass::AcceptEndsGame;
  p.bikjang_result = EndResult::Score;
  p.bikjang_vs_checkmate = BikjangVsCheckmate::BikjangFirst;
  p.bikjang_capture_reply_clause = false;
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

Profile fs_janggi() { return fs_base("fs-janggi", "Fairy-Stockfish janggi: bikjang and material counting"); }

Profile fs_traditional() {
  Profile p = fs_base("fs-traditional", "Fairy-Stockfish janggitraditional: bikjang is a draw, no counting");
  p.double_pass_end = EndResult::Draw;
  p.bikjang_result = EndResult::Draw;
  p.repetition_rules[0].result = RR::Draw;
  p.no_capture_result = EndResult::Draw;
  p.material_counting = false;
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
  return p;
}

Profile fs_casual() {
  Profile p = fs_base("fs-casual", "Fairy-Stockfish janggicasual: no bikjang, no counting");
  p.pass_in_check = PassInCheck::Forbidden;
  p.double_pass_end = EndResult::Draw;
  p.bikjang_mode = BikjangMode::Ignore;
  p.repetition_rules[0].result = RR::Draw;
  p.no_capture_result = EndResult::Draw;
  p.material_counting = false;
  return p;
}

Profile pychess() {
  Profile p = fs_base("pychess", "pychess-variants: Fairy-Stockfish janggi plus its server's rules");
  p.palace_only_end = PalaceOnlyEnd::DrawIfBothInsufficient;
  p.max_plies = std::optional<int>(600);
  p.max_plies_result = EndResult::Draw;
  p.timeout_result = TimeoutResult::LossOrDrawIfOppInsufficient;
  p.agreed_draw_allowed = false;
  p.end_precedence.insert(p.end_precedence.begin(), Ending::InsufficientDraw);
  p.end_precedence.push_back(Ending::MaxPlies);
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

std::string_view profile_id_for_variant(std::string_view variant) {
  if (variant == "janggi") return "fs-janggi";
  if (variant == "janggitraditional") return "fs-traditional";
  if (variant == "janggimodern") return "fs-modern";
  if (variant == "janggicasual") return "fs-casual";
  return variant;
}

LegalityRules legality_rules(const Profile& p, bool bikjang_option) {
  LegalityRules r;
  r.legality = p.legality;
  r.pass_allowed = p.pass_allowed;
  r.pass_in_check = p.pass_in_check;
  r.double_pass_ends = p.double_pass_end.value != EndResult::None;
  r.bikjang_mode = p.bikjang_mode_follows_option ? (bikjang_option ? BikjangMode::Active : BikjangMode::Ignore)
                                                 : p.bikjang_mode.value;
  r.bikjang_valid_when = p.bikjang_valid_when;
  r.bikjang_threshold = p.bikjang_threshold;
  r.bikjang_reply = p.bikjang_reply;
  r.bikjang_pass = p.bikjang_pass;
  r.bikjang_pass_ban_scope = p.bikjang_pass_ban_scope;
  return r;
}

}  // namespace gibo
