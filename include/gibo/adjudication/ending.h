// The adjudicator's ending detector (src/adjudication/README.md, "Endings").
//
// An EndingTracker replays one game under one profile (and the record's bikjang
// option) on its own Position, one ply at a time. After every ply it records what the
// adjudicator needs (passes, facing and whether it counts, checks, the repetition
// detectors, plies since the last capture, material) and evaluates the profile's
// endings in its precedence order. The first ending found is the game's computed
// ending; the tracker replays on when asked, because a record that continues after the
// end is a finding, not a corrupt record (src/adjudication/README.md, "Validation is not
// adjudication").
//
// Legality is not checked here (that is validation's question): any pseudo-legal move
// is played. Scores are half-points (src/adjudication/README.md, "Scores"):
// Cho = 2·Σ, Han = 2·Σ + deom.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"
#include "gibo/core/types.h"

namespace gibo {

// Who won according to the board. None: no ending. Indeterminate: the outcome depends
// on a flag the profile marks unknown.
enum class Outcome : std::uint8_t { Cho, Han, Draw, None, Indeterminate };

// Why the game ended (the reasons of src/adjudication/README.md, "Endings").
enum class EndReason : std::uint8_t {
  Checkmate, KingCapture, DoublePass, Bikjang, Repetition, PerpetualCheck,
  Stalemate, PalaceOnly, MoveLimit, NoCaptureLimit, InsufficientMaterial,
};

// "cho", "han", "draw", "none", "indeterminate".
std::string_view outcome_name(Outcome o);
// "checkmate", "king-capture", "double-pass", "bikjang", "repetition", "perpetual-check",
// "stalemate", "palace-only", "move-limit", "no-capture-limit", "insufficient-material".
std::string_view reason_name(EndReason r);
// The outcome "side s wins".
constexpr Outcome winner_outcome(Side s) { return s == Side::Cho ? Outcome::Cho : Outcome::Han; }

// Both scores in half-points: cho = 2·Σ(Cho), han = 2·Σ(Han) + deom.
struct Scores {
  int cho = 0;
  int han = 0;
  // Cho's lead in half-points (negative when Han leads).
  constexpr int difference() const { return cho - han; }
  // The higher score wins; equal scores draw (impossible with an odd deom).
  constexpr Outcome leader() const { return cho > han ? Outcome::Cho : han > cho ? Outcome::Han : Outcome::Draw; }
  bool operator==(const Scores&) const = default;
};

// The scores of `pos` with `deom_half_points` for Han.
Scores scores_of(const Position& pos, int deom_half_points);

// One ending found on the board.
struct GameEnding {
  Outcome winner = Outcome::None;
  EndReason reason = EndReason::Checkmate;
  Ending kind = Ending::Checkmate;  // the end_precedence entry that found it
  int ply = 0;                      // plies played when it was found (1 = after the first ply)
  Scores scores;                    // at that ply
  bool by_score = false;            // the winner was decided by comparing the scores
  std::string_view unknown_flag;    // Indeterminate: the unknown flag (its `gibo rules show` name)
  bool operator==(const GameEnding&) const = default;
};

// What one repetition rule (Profile::repetition_rules[i]) sees after a ply.
struct RepetitionState {
  int count = 0;               // occurrences of the ply's pattern (0: the ply is not counted)
  bool triggered = false;      // the rule's trigger count is reached
  Side repeater = Side::Cho;   // who played the counted move
  bool high_material = true;   // a side's raw Σ >= threshold (always true without one)
  int first_ply = 0;           // ply of the first counted occurrence (0: none)
};

// The per-ply facts (src/adjudication/README.md, "Endings"), after the last ply played.
struct PlyFacts {
  static constexpr int kMaxRules = 4;
  int ply = 0;
  Move move = Move::none();
  Side mover = Side::Cho;
  bool capture = false;
  int consecutive_passes = 0;
  bool facing = false;          // the generals face each other
  bool facing_counts = false;   // ... and that is a bikjang under the profile (validity)
  bool in_check = false;        // the side to move is in check
  int plies_since_capture = 0;
  std::array<int, 2> material{};           // raw Σ, deom excluded
  Scores scores;
  std::array<int, 2> consecutive_checks{};  // own moves in a row that gave check, per side
  int rule_count = 0;                      // entries used in `repetition`
  std::array<RepetitionState, kMaxRules> repetition{};
};

// The board's side of a verdict: the first ending and the final position's facts.
struct Adjudication {
  std::optional<GameEnding> ending;  // the game's computed (first) ending
  int plies = 0;                     // plies replayed
  Scores final_scores;               // after the last ply replayed
  Side final_side_to_move = Side::Cho;
  bool final_checkmate = false;      // the side to move at the end is checkmated (strict test)
};

class EndingTracker {
 public:
  // Contract: `start` is a valid position (its current state is taken as the root). The
  // tracker copies the profile and the position and resolves the legality rules from the
  // profile and `bikjang_option`.
  EndingTracker(const Profile& profile, bool bikjang_option, const Position& start);

  // Plays `m` and evaluates the endings after it. Returns false, changing nothing, if
  // `m` is not pseudo-legal here (do_move's contract); a move that is pseudo-legal but
  // illegal under the profile is played (validation reports it).
  bool play(Move m);

  // The endings that hold after the last ply, in the tracker's evaluation order.
  const std::vector<GameEnding>& endings_now() const { return candidates_; }
  // The ending precedence picks among endings_now() (nullopt if none holds).
  const std::optional<GameEnding>& ending_now() const { return chosen_; }
  // The game's computed ending: the first ply with an ending. Later plies never change it.
  const std::optional<GameEnding>& first_ending() const { return first_; }

  const PlyFacts& facts() const { return facts_; }
  const Position& position() const { return pos_; }
  const Profile& profile() const { return profile_; }
  int ply() const { return static_cast<int>(records_.size()) - 1; }
  // The endings in the order they are evaluated: end_precedence, then any ending the
  // profile's flags define that the list leaves out.
  const std::vector<Ending>& evaluation_order() const { return order_; }

  // Is the side to move checkmated: in check and no move (pass included, when it is legal
  // in check) escapes it under strict legality? False when a general is gone.
  bool side_to_move_mated();
  // The first ending and the final position's facts.
  Adjudication summary();

  // One ply of history as the detectors read it (public for the detectors' own code).
  struct Record {
    std::uint64_t key = 0;          // position after the ply (the root: the start)
    Move move = Move::none();       // Move::none() at the root
    Side side_to_move = Side::Cho;  // after the ply
    PieceType moved = PieceType::None;
    bool capture = false;
    bool in_check = false;          // the side to move after the ply is in check
    bool facing_counts = false;
    int plies_since_capture = 0;
  };
  const std::vector<Record>& records() const { return records_; }

 private:
  void record_ply();
  void refresh_facts(const Record& r);
  void evaluate();
  GameEnding make(EndReason reason, Ending kind) const;
  // Indeterminate because the profile flag `flag_name` is unknown.
  GameEnding unknown(EndReason reason, Ending kind, std::string_view flag_name) const;
  std::optional<GameEnding> end_with(const Flag<EndResult>& result, EndReason reason, Ending kind,
                                     std::string_view flag_name) const;
  std::optional<GameEnding> double_pass() const;
  std::optional<GameEnding> bikjang() const;
  std::optional<GameEnding> checkmate();
  std::optional<GameEnding> king_capture() const;
  std::optional<GameEnding> repetition();
  std::optional<GameEnding> stalemate() const;
  std::optional<GameEnding> palace_only() const;
  std::optional<GameEnding> insufficient() const;
  std::optional<GameEnding> no_capture_limit() const;
  std::optional<GameEnding> max_plies() const;
  bool has_legal_move() const;

  Profile profile_;
  BikjangMode bikjang_mode_;
  Position pos_;
  std::vector<Ending> order_;
  std::vector<Record> records_;
  PlyFacts facts_;
  std::vector<GameEnding> candidates_;
  std::optional<GameEnding> chosen_;
  std::optional<GameEnding> first_;
};

// Replays `moves` from `start` under the profile, stopping before the first move that
// is not pseudo-legal, and returns the summary.
Adjudication adjudicate(const Profile& profile, bool bikjang_option, const Position& start,
                        std::span<const Move> moves);

// The precedence rule: among endings that all hold at one ply (in evaluation order),
// the one that ends the game. bikjang_vs_checkmate reorders that pair; an unknown flag
// that would change the winner (that pair's order, or an unknown end_precedence when the
// candidates disagree) makes the result Indeterminate. Nullopt if `candidates` is empty.
std::optional<GameEnding> select_ending(const Profile& profile, std::span<const GameEnding> candidates);

}  // namespace gibo
