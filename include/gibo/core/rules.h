// Ruleset flags and the named profiles (src/core/README.md, "Ruleset flags", "Profiles").
//
// Every flag is a Flag<T>: the value the engine works with and whether the sources
// actually state it. An UNKNOWN flag (known == false) still carries the value the
// spec says to assume, so the legality model always has something to run; the
// adjudicator answers "indeterminate" for endings that depend on an unknown flag.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gibo {

template <typename T>
struct Flag {
  T value{};
  bool known = true;
  constexpr Flag() = default;
  constexpr Flag(T v, bool k = true) : value(v), known(k) {}  // NOLINT: implicit by design
  constexpr operator T() const { return value; }              // NOLINT
};
template <typename T>
constexpr Flag<T> unknown(T assumed) { return Flag<T>(assumed, false); }

enum class Legality { Strict, KingCapture };
enum class PassInCheck { Forbidden, Allowed, OnlyWhenFacing };
enum class EndResult { None, Score, Draw };  // what an ending gives
enum class NoMoveResult { ForcedPass, Draw, Loss };
enum class BikjangMode { Ignore, Illegal, Active };
enum class BikjangValidWhen { Always, AfterFirstCapture, LowMaterialOrKingCapture };
enum class BikjangTrigger { AnyMove, KingMoveOnly };
enum class BikjangReply { MustBreak, Any };
enum class BikjangPass { AcceptEndsGame, Forbidden, CountsAsReply };
enum class BikjangPassBanScope { ValidBikjang, AnyFacing };
enum class BikjangVsCheckmate { BikjangFirst, CheckmateFirst };
enum class RepetitionDetector { Position, MoveCycle, Sequence, Shuttle };
enum class RepetitionWindow { SinceLastCapture, ContiguousCycle, WholeGame };
enum class RepetitionResult { RepeaterLoses, Score, Draw };
enum class LowMaterialResult { Same, Score, Draw };
enum class PerpetualCheck { AsRepetition, CheckerLoses, BikScore };
enum class PalaceOnlyEnd { None, ScoreIfEitherSide, DrawIfBothInsufficient };
enum class Ending {
  DoublePass, Bikjang, Repetition, Checkmate, KingCapture, Stalemate, PalaceOnly,
  NoCaptureLimit, MaxPlies, InsufficientDraw,
};
enum class TimeControlKind { None, Byoyomi, Fischer, PerMove };
enum class TimeoutResult { Loss, AutoMove, LossOrDrawIfOppInsufficient };
enum class FormationOrder { Independent, HanFirst, Fixed };

struct RepetitionRule {
  RepetitionDetector detector = RepetitionDetector::Position;
  int count = 3;
  RepetitionWindow window = RepetitionWindow::SinceLastCapture;
  RepetitionResult result = RepetitionResult::Score;
  LowMaterialResult low_material_result = LowMaterialResult::Same;
  std::optional<int> threshold;  // raw Σ, deom excluded; >= threshold counts as "high"
  bool exempt_palace_pieces = false;
};

// A rule on which a profile and the engine variant nearest to it differ (EngineMapping).
enum class RuleTopic { Bikjang, Counting, MoveLimit, PassInCheck, Facing, KingCapture, Repetition, PalaceOnly };
std::string_view topic_name(RuleTopic t);  // "bikjang", "counting", "move-limit", "pass-in-check", ...

struct RuleDifference {
  RuleTopic topic = RuleTopic::Bikjang;
  std::string text;  // how the two differ, in English: "janggi-gg: ...; janggimodern: ..."
};

// The Fairy-Stockfish variant (UCI_Variant) whose positions and evaluations are nearest to
// a profile's, the gibo profile that models that variant exactly (its flags are what the
// engine plays), and the listed differences between the two. gibo's rules stay the judge:
// the engine only evaluates positions (src/core/README.md "Engine variants").
struct EngineMapping {
  std::string variant;     // "janggi", "janggitraditional", "janggimodern", "janggicasual"
  std::string profile_id;  // "fs-janggi", "fs-traditional", "fs-modern", "fs-casual"
  std::vector<RuleDifference> differences;  // empty: the variant plays the profile exactly
};

struct TimeControl {
  TimeControlKind kind = TimeControlKind::None;
  int base_s = 0, periods = 0, period_s = 0, increment_s = 0;
};

// One profile: every flag of src/core/README.md, "Ruleset flags".
struct Profile {
  std::string id;
  int version = 1;
  std::string description;

  Flag<Legality> legality = Legality::Strict;
  Flag<bool> checkmate_ends_game = true;
  Flag<bool> pass_allowed = true;
  Flag<PassInCheck> pass_in_check = PassInCheck::Forbidden;
  Flag<EndResult> double_pass_end = EndResult::Score;
  Flag<bool> pass_counts_for_repetition = false;
  Flag<NoMoveResult> no_move_result = NoMoveResult::ForcedPass;
  // GG's bikjang_mode depends on the record's bikjang option: the profile then says
  // `bikjang_mode_follows_option`, and bikjang_mode holds the value for option == off.
  Flag<BikjangMode> bikjang_mode = BikjangMode::Active;
  bool bikjang_mode_follows_option = false;
  Flag<BikjangValidWhen> bikjang_valid_when = BikjangValidWhen::Always;
  int bikjang_threshold = 30;  // for LowMaterialOrKingCapture
  Flag<BikjangTrigger> bikjang_trigger = BikjangTrigger::AnyMove;
  Flag<BikjangReply> bikjang_reply = BikjangReply::MustBreak;
  Flag<BikjangPass> bikjang_pass = BikjangPass::AcceptEndsGame;
  Flag<BikjangPassBanScope> bikjang_pass_ban_scope = BikjangPassBanScope::ValidBikjang;
  Flag<EndResult> bikjang_result = EndResult::Score;
  Flag<BikjangVsCheckmate> bikjang_vs_checkmate = BikjangVsCheckmate::BikjangFirst;
  Flag<bool> bikjang_capture_reply_clause = false;
  std::vector<RepetitionRule> repetition_rules;
  bool repetition_rules_known = true;
  Flag<PerpetualCheck> perpetual_check = PerpetualCheck::CheckerLoses;
  Flag<std::optional<int>> no_capture_limit_plies = std::optional<int>{};
  Flag<EndResult> no_capture_result = EndResult::Score;
  Flag<std::optional<int>> max_plies = std::optional<int>{};
  Flag<EndResult> max_plies_result = EndResult::Score;
  Flag<bool> material_counting = true;
  int deom_half_points = 3;
  Flag<PalaceOnlyEnd> palace_only_end = PalaceOnlyEnd::None;
  std::vector<Ending> end_precedence;
  bool end_precedence_known = true;
  Flag<TimeControl> time_control = TimeControl{};
  Flag<TimeoutResult> timeout_result = TimeoutResult::Loss;
  Flag<bool> resign_allowed = true;
  Flag<bool> agreed_draw_allowed = false;
  Flag<FormationOrder> formation_order = FormationOrder::Independent;

  // The engine variant nearest to the profile (engine_mapping); for a profile whose bikjang
  // follows the record's option, `engine` is for the option off, `engine_bikjang_on` for on.
  EngineMapping engine;
  EngineMapping engine_bikjang_on;
};

// The flags the move generator needs, resolved for one game (profile + the record's
// bikjang option). Small and copyable: the core's Position keeps one.
struct LegalityRules {
  Legality legality = Legality::Strict;
  bool pass_allowed = true;
  PassInCheck pass_in_check = PassInCheck::Forbidden;
  bool double_pass_ends = true;  // no move after two consecutive passes
  BikjangMode bikjang_mode = BikjangMode::Active;
  BikjangValidWhen bikjang_valid_when = BikjangValidWhen::Always;
  int bikjang_threshold = 30;
  BikjangReply bikjang_reply = BikjangReply::MustBreak;
  BikjangPass bikjang_pass = BikjangPass::AcceptEndsGame;
  BikjangPassBanScope bikjang_pass_ban_scope = BikjangPassBanScope::ValidBikjang;
};

// Resolves a profile's legality flags; `bikjang_option` is the record's option for
// profiles whose bikjang mode follows it (janggi-gg), ignored otherwise.
LegalityRules legality_rules(const Profile& p, bool bikjang_option = false);

// The engine variant nearest to `p` for a record with `bikjang_option` (used only by a
// profile whose bikjang follows the option: janggi-gg) and how they differ.
const EngineMapping& engine_mapping(const Profile& p, bool bikjang_option = false);

// All profiles, in the order of the table in src/core/README.md, "Profiles".
const std::vector<Profile>& all_profiles();
// nullptr if `id` names no profile.
const Profile* find_profile(std::string_view id);
// The default profile: janggi-gg (its bikjang option off).
const Profile& default_profile();

// One flag of a profile as text, for listings: name, value, and whether the sources
// state it (false: UNKNOWN, the value is the assumption the engine runs with).
struct ProfileFlag {
  std::string name, value;
  bool known = true;
};
std::vector<ProfileFlag> profile_flags(const Profile& p);

// Maps Fairy-Stockfish variant names of the reference table (janggi, janggitraditional,
// janggimodern, janggicasual, no-facing) to profile ids; other names map to themselves.
std::string_view profile_id_for_variant(std::string_view variant);

}  // namespace gibo
