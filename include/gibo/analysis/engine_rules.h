// The engine under a record's own rules (issue 30): the record's profile judges legality
// and endings; the engine, playing the Fairy-Stockfish variant nearest to that profile
// (core/rules.h EngineMapping), only evaluates positions. EngineBoards walks a game on two
// boards at once — the record's rules and the variant's — and says where the two part:
// a move of the record the variant refuses (the engine cannot be given the positions
// after it), a move of the engine the record's rules refuse (never taken as a best
// move), a listed difference that can decide the game from a position.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gibo/core/position.h"
#include "gibo/core/rules.h"
#include "gibo/record/game.h"

namespace gibo::analysis {

class EngineBoards {
 public:
  // The boards of `game`'s start under `profile` with the record's `bikjang_option`. An
  // Error when the start cannot be set up.
  static Expected<EngineBoards> start(const Game& game, const Profile& profile, bool bikjang_option);

  const EngineMapping& mapping() const { return *mapping_; }
  const std::string& variant() const { return mapping_->variant; }
  const Profile& profile() const { return *profile_; }
  const Position& judged() const { return judged_; }  // under the record's rules

  // Plays `m`, a move the record's rules accept here. Once the variant refuses a move the
  // engine's board stops there (representable() false from then on).
  void play(Move m);
  // Can the engine be given the current position (every move so far accepted by the variant)?
  bool representable() const { return refused_.empty(); }
  // Why not, worded the same for every game it happens in: "a record move the variant
  // refuses: it leaves Cho's general in check, illegal under janggi; the engine cannot be
  // given the positions from there".
  const std::string& unrepresentable_reason() const { return refused_; }
  // The move that was refused: "ply 12 (e2e3)" ("" while representable()).
  const std::string& refused_move() const { return refused_move_; }

  // Why the record's rules refuse the engine's move `uci_move` in the current position:
  // "" when they accept it; "it makes the generals face each other, illegal under
  // no-facing", ...
  std::string refusal(const std::string& uci_move) const;
  // Is `uci_move` a move of the variant here (the engine's own rules)?
  bool variant_accepts(const std::string& uci_move) const;
  // The moves here that both the record's rules and the variant accept, in UCI (the
  // `searchmoves` of a search that must keep to the record's rules).
  std::vector<std::string> common_moves() const;
  // `pv` cut before its first move the record's rules refuse (played on a copy of the
  // judged board); `cut_move` receives that move and `cut_reason` its refusal ("it makes the
  // generals face each other, illegal under no-facing"); both "" when none was cut.
  std::vector<std::string> legal_prefix(const std::vector<std::string>& pv, std::string& cut_move,
                                        std::string& cut_reason) const;

  // A listed difference between the profile and the variant that can decide the game from
  // the current position, as "TOPIC: TEXT" (nullopt: none): the generals face each other
  // (bikjang, facing), the side to move is in check and a pass is legal under one of the
  // two only, a ply limit of either is within `horizon` plies, the position repeats an
  // earlier one (repetition).
  std::optional<std::string> deciding_difference(int horizon) const;

 private:
  EngineBoards() = default;
  const Profile* profile_ = nullptr;
  const Profile* variant_profile_ = nullptr;
  const EngineMapping* mapping_ = nullptr;
  Position judged_, engine_;
  std::string refused_, refused_move_;
};

// The move a UCI text names ("b1c3", "a10a9"); Move::none() if it names no squares.
Move parse_uci_move(const std::string& text);

}  // namespace gibo::analysis
