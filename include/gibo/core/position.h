// A Janggi position: board, side to move, history for make/unmake, Zobrist key,
// material, and legal-move generation under a game's legality rules (src/core/README.md).
//
// Validation happens at the boundary (set_fen, set_setups); everything inside assumes a
// well-formed position and asserts. Nothing here knows about files or text encodings.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/rules.h"
#include "gibo/core/square_set.h"
#include "gibo/core/types.h"

namespace gibo {

// A fixed-capacity list of moves (no allocation on the hot path).
class MoveList {
 public:
  static constexpr int kCapacity = 200;
  void push(Move m) { moves_[size_++] = m; }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](int i) const { return moves_[i]; }
  const Move* begin() const { return moves_.data(); }
  const Move* end() const { return moves_.data() + size_; }
  bool contains(Move m) const;
  void clear() { size_ = 0; }
  void set(int i, Move m) { moves_[i] = m; }
  // Contract: n <= size().
  void truncate(int n) { size_ = n; }

 private:
  std::array<Move, kCapacity> moves_;
  int size_ = 0;
};

// What one ply left behind; enough to undo it and to answer the questions the
// adjudicator asks about the ply just played.
struct StateInfo {
  std::uint64_t key = 0;         // Zobrist key of the position reached
  Move move = Move::none();      // the move that reached this position
  Piece captured = Piece::None;  // what that move captured
  std::uint16_t plies_since_capture = 0;
  std::uint8_t consecutive_passes = 0;
  bool any_capture = false;                    // a capture happened since the root (or before it, per FEN)
  bool pass_accepted_bikjang = false;          // the move was a pass made while a valid bikjang stood
  bool general_capture_created_facing = false; // a capturing general move created facing (GG validity)
  // Per side (index(Side)): is that side's general attacked by the other side's pieces?
  // False for a side without a general. Kept exact by every do_move.
  std::array<bool, 2> general_attacked{};
};

class Position {
 public:
  // The default start position (마상상마 for both sides), Cho to move, under the
  // default profile's legality rules.
  Position();

  // --- Set-up (boundary: validates and reports) ---------------------------------
  // Both setups absolute as seen from Cho (src/core/README.md, "Setups").
  void set_setups(Setup cho, Setup han, Side to_move = Side::Cho);
  // Fairy-Stockfish janggi FEN (also `h`/`e` letters, and the short "w 0 1" form).
  // On error the position is unchanged and the Error says what is wrong.
  std::optional<Error> set_fen(std::string_view fen);
  // Builds from a placement array (board[sq]); validates like set_fen.
  std::optional<Error> set_board(const std::array<Piece, kSquares>& board, Side to_move,
                                 int plies_since_capture = 0, int fullmove = 1);
  void set_rules(const LegalityRules& rules) { rules_ = rules; }
  const LegalityRules& rules() const { return rules_; }

  // --- Queries --------------------------------------------------------------------
  std::string fen() const;
  Piece piece_on(Square s) const { return board_[s]; }
  Side side_to_move() const { return side_; }
  // kNoSquare if that side's general was captured (king-capture profiles).
  Square general(Side s) const { return general_[index(s)]; }
  int material(Side s) const { return material_[index(s)]; }  // raw Σ, general 0
  std::uint64_t key() const { return state().key; }
  const StateInfo& state() const { return history_.back(); }
  // Plies played since the root position (not counting the FEN's own history).
  int game_ply() const { return static_cast<int>(history_.size()) - 1; }
  int fullmove_number() const;
  const std::vector<StateInfo>& history() const { return history_; }
  int piece_count(Side s) const { return count_[index(s)]; }
  // The squares of `s`'s pieces, in no particular order.
  const Square* pieces(Side s) const { return list_[index(s)].data(); }

  // Is square `s` attacked by a piece of side `by` (pseudo-legally)?
  bool attacked(Square s, Side by) const;
  // The points the piece on `s` reaches by its movement (README "Movement"): those it
  // could move to or take on, and those of its own side it protects (it would take an enemy
  // piece arriving there). A cannon's reach, like its captures, needs a screen that is not a
  // cannon and never takes in an enemy cannon. Empty for an empty point; a pass reaches
  // nothing. Pseudo-legal: pins and checks aside.
  SquareSet reach(Square s) const;
  // Is the piece on `s` pinned: would its own general be attacked through `s` (along a line,
  // over a cannon's screen, past a horse's or elephant's leg) if `s` were empty? False for
  // an empty point and for a side without a general.
  bool pinned(Square s) const;
  // The screens of the cannon on `s`: on each line and each palace diagonal through a
  // centre from it, the first piece, when it is not a cannon (the piece it would jump).
  // Empty when no cannon stands on `s`.
  SquareSet screens(Square s) const;
  // Is the side to move's general attacked? (Kept by do_move: no work here.)
  bool in_check() const { return st().general_attacked[index(side_)]; }
  // Are both generals on one file with nothing between them?
  bool generals_facing() const;
  // Facing that counts as a bikjang under the rules (mode active and valid now).
  bool bikjang_valid() const;
  // No move is generated after an immediate end: a second consecutive pass, or a pass
  // that accepted a bikjang (src/core/README.md, "Perft"), or a captured general.
  bool immediate_end() const;

  // --- Moves ----------------------------------------------------------------------
  // Moves that follow the pieces' movement patterns (pass included when the rules allow
  // passing at all); no check or bikjang test.
  void pseudo_legal_moves(MoveList& list) const;
  // The legal moves under the rules. Empty after an immediate end only if
  // `stop_at_immediate_end` (perft semantics); validation replays on regardless.
  void legal_moves(MoveList& list, bool stop_at_immediate_end = true) const;
  // Is there a legal move? The same answer as !legal_moves(...).empty(), found at the
  // first legal move (the legality of the rest is not tested).
  bool has_legal_move(bool stop_at_immediate_end = true) const;
  // Is `m` legal here (ignoring immediate ends)? Works for any 16-bit move.
  bool is_legal(Move m) const;
  bool is_pseudo_legal(Move m) const;
  // Does the pseudo-legal move `m` give check to the opponent?
  bool gives_check(Move m) const;

  // Contract: m is pseudo-legal here (legality is not re-checked).
  void do_move(Move m);
  // Contract: game_ply() > 0.
  void undo_move();

  // Counts leaf nodes at `depth` (bulk-counted at depth 1), FS semantics.
  std::uint64_t perft(int depth);

 private:
  const StateInfo& st() const { return history_.back(); }
  void clear();
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  // Do generals on g0 and g1 face each other (one file, nothing between)? facing_with
  // reads the file's occupied points; facing_on_board reads board_ itself, as the
  // legality test leaves it while it tries a move (the occupied points are not changed).
  bool facing_with(Square g0, Square g1) const;
  bool facing_on_board(Square g0, Square g1) const;
  // Is the pseudo-legal non-pass move `m` legal: under strict legality no general captured
  // and the mover's own general not attacked after it; no facing the bikjang rules forbid?
  // `facing`: generals_facing() now. (Whether the side is in check changes nothing here.)
  bool legal_after_pseudo(Move m, bool facing) const;
  // Is a pass legal now? `in_check`: in_check(); `facing`: generals_facing().
  bool pass_legal(bool in_check, bool facing) const;
  std::uint64_t compute_key() const;
  bool valid_bikjang_now(bool facing, const StateInfo& s) const;
  bool valid_bikjang_now(bool facing) const { return valid_bikjang_now(facing, st()); }
  bool attacked_through(Square g, Side by, Square x, std::uint8_t bits) const;
  bool general_attacked_after(Square g, Side by, bool before, Square from, Square to, std::uint8_t to_reach) const;
  // Keeps file_occ_ and rank_occ_ in step with board_: flips point `s` between empty and
  // occupied (put_piece, remove_piece, move_piece).
  void toggle_occupied(Square s) {
    file_occ_[kFileOf[s]] = static_cast<std::uint16_t>(file_occ_[kFileOf[s]] ^ (1u << kRankOf[s]));
    rank_occ_[kRankOf[s]] = static_cast<std::uint16_t>(rank_occ_[kRankOf[s]] ^ (1u << kFileOf[s]));
  }
  // file_of and rank_of of each point, looked up (toggle_occupied runs on every move).
  static constexpr std::array<std::uint8_t, kSquares> kFileOf = [] {
    std::array<std::uint8_t, kSquares> t{};
    for (int s = 0; s < kSquares; ++s) t[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(file_of(static_cast<Square>(s)));
    return t;
  }();
  static constexpr std::array<std::uint8_t, kSquares> kRankOf = [] {
    std::array<std::uint8_t, kSquares> t{};
    for (int s = 0; s < kSquares; ++s) t[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(rank_of(static_cast<Square>(s)));
    return t;
  }();

  // Mutable so that const legality and check tests may play a move on the board and
  // restore it (nothing else changes; see legal_after_pseudo and gives_check).
  mutable std::array<Piece, kSquares> board_{};
  std::array<std::array<Square, 16>, 2> list_{};
  std::array<std::uint8_t, kSquares> list_index_{};
  std::array<int, 2> count_{};
  std::array<Square, 2> general_{};
  std::array<int, 2> material_{};
  Side side_ = Side::Cho;
  int root_fullmove_ = 1;
  Side root_side_ = Side::Cho;
  LegalityRules rules_{};
  std::vector<StateInfo> history_;
  // Counts the changes of the position (every do_move, undo_move and set-up), so that a
  // finding about "this position" can be told from one about an earlier one.
  std::uint64_t epoch_ = 0;
  // The last legality test's finding: after `move` from the position at `epoch`, is the
  // mover's general attacked? do_move of that move reuses it.
  struct Checked {
    std::uint64_t epoch = ~std::uint64_t{0};
    Move move = Move::none();
    bool own_attacked = false;
  };
  mutable Checked checked_;
  // The occupied points of each file (bit r: rank r) and of each rank (bit f: file f), so
  // that what stands between two points of a line is read at once, not point by point.
  // Not changed by the legality tests' trial moves (see facing_on_board).
  std::array<std::uint16_t, kFiles> file_occ_{};
  std::array<std::uint16_t, kRanks> rank_occ_{};
};

// FEN of the default start position.
inline constexpr std::string_view kStartFen =
    "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";

// The parts of Position::key(): the XOR of zobrist_key(p, s) over every piece p on its point
// s, with zobrist_side_key() when Han is to move. For code that keeps a board of its own
// (the opening namer) and must key it as a Position would.
std::uint64_t zobrist_key(Piece p, Square s);
std::uint64_t zobrist_side_key();

// FEN letter of a piece: uppercase Cho, lowercase Han; K A B N R C P.
char fen_letter(Piece p);
// Parses K A B E N H R C P (either case); Piece::None on anything else.
Piece piece_from_fen_letter(char c);

}  // namespace gibo
