// Opening names (decision 18; formats/openings/README.md): a game's opening in three layers,
// from certain to uncertain, each with its evidence.
//
//   1. The set-up pair (차림): both arrangements, always (a custom start is `other start`),
//      with their display names (안상, 바깥상, 왼상/오른상 — the last two disputed) and,
//      when both sides are asymmetric, 맞상 or 엇상.
//   2. Per side, the formations (포진) whose predicate holds on the board in the first
//      kFormationWindow plies, each with the ply at which it first held. A predicate is
//      about where the side's pieces stand, never about the order of moves, so two move
//      orders that reach one position name alike.
//   3. The named line: the line of the book whose position the game reaches at the
//      latest ply within the first kLineWindow plies (the deepest named position, as
//      chess's ECO lookups take it), matched by position (placement and side to move).
//
// The book (OpeningBook) holds the formations and lines; formats/openings reads it from
// its text form. Nothing is guessed: a side no formation fits is unknown, and a game from
// a position of its own ([판], FEN) gets no set-up pair, formation or line.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "gibo/core/expected.h"
#include "gibo/core/position.h"
#include "gibo/core/types.h"
#include "gibo/record/game.h"

namespace gibo {

// Formations are looked for in the positions of the first 24 plies (12 moves a side); lines
// in those of the first 40 (20 moves a side, the window of chess's ECO lookups).
inline constexpr int kFormationWindow = 24;
inline constexpr int kLineWindow = 40;

// ---------------------------------------------------------------------------
// Set-up names (decision 17)

// An arrangement's .gib name, its pieces read left to right: 마상상마 (HEEH), 상마마상
// (EHHE), 마상마상 (HEHE), 상마상마 (EHEH).
std::string_view setup_text(Setup s);

// A side's arrangement read from its own seat: Cho's is the absolute one, Han's the
// absolute one reversed (HEHE <-> EHEH; HEEH and EHHE read alike from both seats).
Setup own_view(Setup absolute, Side side);

// The display name of an own-view arrangement: 안상 (HEEH, 마상상마: inner elephants),
// 바깥상 (EHHE), 왼상 (EHEH, 상마상마: the outer elephant on the player's left) and
// 오른상 (HEHE). 왼상 and 오른상 are disputed (pychess's English page says the reverse of
// the Korean sources), so wherever they are shown they are marked so; nothing is keyed on
// them.
struct SetupName {
  std::string_view korean;
  std::string_view english;
  bool disputed = false;
};
const SetupName& setup_name(Setup own);

// Both sides asymmetric (왼상 or 오른상): 맞상 when the absolute arrangements differ (the
// two outer elephants face each other on their 귀윗상 points), 엇상 when they are equal.
enum class ElephantPair : std::uint8_t { None, Matsang, Eotsang };
ElephantPair elephant_pair(Setup cho, Setup han);
// "맞상" / "엇상" and "facing elephants" / "offset elephants"; "" for None.
std::string_view elephant_pair_korean(ElephantPair p);
std::string_view elephant_pair_english(ElephantPair p);

// ---------------------------------------------------------------------------
// The book

// A point as a side sees it from its own seat: `cho_view` is the point Cho would mean
// (Cho's 귀 d3 = .gib 84); for Han the board turned half round (Han's 귀 on its own left,
// f8 = .gib 36).
constexpr Square own_point(Square cho_view, Side side) {
  return side == Side::Cho ? cho_view : static_cast<Square>(kSquares - 1 - cho_view);
}

// What every row of a book says besides its definition.
struct BookRow {
  std::string code;        // stable, unique in the book: GL, WA, YG-MJ, …
  std::string korean;      // 귀마(왼쪽)
  std::string english;     // corner horse (left)
  std::string source;      // who defines it
  std::string definition;  // the predicate or the line as written in the book
  std::string origin;      // where the row was read ("file:line"), for messages
};

// A formation: a predicate on one side's pieces, every condition of which must hold in
// one position (formats/openings/README.md states the conditions).
struct FormationRule : BookRow {
  // The own-view arrangements it applies to: bit (1 << Setup); all four by default.
  std::uint8_t setups = 0x0F;
  // "a PIECE of the side stands on one of POINTS" (points as Cho sees them: own_point).
  struct PieceOn {
    PieceType type = PieceType::None;
    std::vector<Square> points;
  };
  std::vector<PieceOn> pieces;
  // Two horses of the side, each where the other could move (legs free both ways).
  bool horses_guard_each_other = false;
};

// A named line: the position the moves reach from the start of a set-up pair.
struct LineRule : BookRow {
  Setup cho = Setup::HEEH, han = Setup::HEEH;  // absolute, as seen from Cho
  std::vector<Move> moves;                     // legal from that start (add_line checks)
  // Filled by add_line: the position reached, its key (Position::key) and its ply.
  std::array<Piece, kSquares> board{};
  Side to_move = Side::Cho;
  std::uint64_t key = 0;
  int depth = 0;
};

class OpeningBook {
 public:
  // What adding a row found: an error refuses the row; `unreachable` keeps it but says
  // why no game the namer reads can reach it (reported to the user as a warning).
  struct Added {
    std::optional<Error> error;
    std::optional<std::string> unreachable;
  };
  // At most this many formations in a book (the namer keeps one bit a formation); lines
  // are not limited.
  static constexpr std::size_t kMaxFormations = 64;
  // Adds a formation. Errors: a code already in the book, a point off the board, no
  // condition on pieces, a book already holding kMaxFormations. Unreachable: a condition no position of the side can meet
  // (a general or advisor outside its palace, a soldier behind its starting rank, more
  // pieces of a kind than a side has, two horses to guard each other with a one-horse
  // condition set … see the README).
  Added add_formation(FormationRule rule);
  // Adds a line; its moves are played from the pair's start under the default rules.
  // Errors: a code already in the book, a move that is not legal (naming its ply), a
  // position another line already names. Unreachable: deeper than kLineWindow plies.
  Added add_line(LineRule rule);

  const std::vector<FormationRule>& formations() const { return formations_; }
  const std::vector<LineRule>& lines() const { return lines_; }
  // The formation or line with this code; nullptr when there is none.
  const FormationRule* formation(std::string_view code) const;
  const LineRule* line(std::string_view code) const;
  // The lines starting from a set-up pair (indexes into lines()).
  const std::vector<int>& lines_from(Setup cho, Setup han) const {
    return by_pair_[static_cast<int>(cho) * 4 + static_cast<int>(han)];
  }

  // A set of points, one bit a point (a1 = bit 0 … i10 = bit 89).
  struct Points {
    std::uint64_t low = 0, high = 0;
    void add(Square s) { (s < 64 ? low : high) |= std::uint64_t{1} << (s & 63); }
    bool meets(const Points& o) const { return (low & o.low) | (high & o.high); }
  };
  // A formation's piece conditions as the namer tests them: for each side, per condition
  // the piece and the board points (own_point applied).
  struct Compiled {
    struct Condition {
      Piece piece = Piece::None;
      Points points;
    };
    std::array<std::vector<Condition>, 2> conditions;  // per Side
  };
  const std::vector<Compiled>& compiled() const { return compiled_; }
  // The formations (a bit each, by index) with a condition on a piece of this kind; those
  // with a horse guard (whose legs any piece may block or free).
  std::uint64_t with_type(PieceType t) const { return with_type_[static_cast<std::size_t>(t)]; }
  std::uint64_t guards() const { return guards_; }

 private:
  // The error of a row whose code the book already holds; nullopt when it is new.
  std::optional<Error> code_taken(std::string_view code) const;
  std::vector<FormationRule> formations_;
  std::vector<Compiled> compiled_;  // one per formation, in the same order
  std::array<std::uint64_t, kPieceTypeCount> with_type_{};
  std::uint64_t guards_ = 0;
  std::vector<LineRule> lines_;
  std::array<std::vector<int>, 16> by_pair_;
  // The lines by code and by position key (indexes into lines_): a book of any size is
  // read in linear time.
  std::unordered_map<std::string, int> line_by_code_;
  std::unordered_multimap<std::uint64_t, int> line_by_key_;
};

// ---------------------------------------------------------------------------
// The namer

struct FormationFound {
  const FormationRule* rule = nullptr;
  int ply = 0;  // plies played when its predicate first held (0: the start)
};
struct LineFound {
  const LineRule* rule = nullptr;
  int ply = 0;  // plies played when the game reached the line's position
};

// A game's opening. Pointers are into the book it was named with, which must outlive it.
struct Opening {
  bool other_start = false;                 // a custom start (not a set-up pair's): nothing else is named
  Setup cho = Setup::HEEH, han = Setup::HEEH;  // absolute, as seen from Cho
  std::array<std::vector<FormationFound>, 2> formations;  // per Side, in book order
  std::optional<LineFound> line;

  const std::vector<FormationFound>& of(Side s) const { return formations[static_cast<std::size_t>(index(s))]; }
  ElephantPair pair() const { return other_start ? ElephantPair::None : elephant_pair(cho, han); }
};

// The set-up pair a position is the start of (every piece where the pair puts it, Cho to
// move); nullopt for any other position. The one test of "a standard start": a record's
// custom start ([판], FEN) that sets up a pair's start is that pair's game, for the opening
// names, the statistics' set-up tables and the explorer alike.
std::optional<std::pair<Setup, Setup>> setup_pair_of(const Position& p);
// A record's start: its stated set-up pair, or the pair its custom position sets up.
std::optional<std::pair<Setup, Setup>> setup_pair_of(const StartPosition& start);

// Names the opening of a game from `start` through `moves` (the plies a board can play,
// in order; a pass as Move::pass). Only the first kLineWindow moves are read.
Opening name_opening(const StartPosition& start, std::span<const Move> moves, const OpeningBook& book);
// The same for a replayed game: its start (with the set-ups replay inferred) and the moves
// of its valid plies. Contract: game.replayed.
Opening name_opening(const Game& game, const OpeningBook& book);

// The names a position itself carries, for a game that started from the set-up pair `cho`,
// `han` (the explorer's nodes): per side the formations whose predicate holds in it, and
// the line whose position it is (nullptr: none). Which names a move starts is those of
// the position after it that the position before it lacks.
struct PositionNames {
  std::array<std::vector<const FormationRule*>, 2> formations;  // per Side, in book order
  const LineRule* line = nullptr;
  bool empty() const { return formations[0].empty() && formations[1].empty() && !line; }
};
PositionNames names_at(const Position& pos, Setup cho, Setup han, const OpeningBook& book);
// The names of `after` that `before` lacks.
PositionNames names_started(const PositionNames& before, const PositionNames& after);

// The opening's code (formats/openings/README.md, "Codes"): the set-up pair, each side's
// formations, then the line, e.g. `EHEH,HEHE:GL+MP:GR+MP` or `HEEH,EHHE:MP:YG+MP:YG-MJ`;
// `?` for a side with no formation; `other` for a custom start.
std::string opening_code(const Opening& o);

// The opening's name in Korean (`korean` true) or English: each side's formations, Cho's
// first ("귀마(왼쪽)·면포 대 원앙마·면포"), then 맞상/엇상 and the line when there are
// ones; "미상"/"unknown" for a side with no formation; "다른 시작 국면"/"other start".
std::string opening_name(const Opening& o, bool korean);
// One side's formations in Korean or English ("귀마(왼쪽)·면포", "corner horse (left), face
// cannon"), "미상"/"unknown" when it has none.
std::string side_name(const Opening& o, Side s, bool korean);
// The set-up pair as shown beside the name: the absolute arrangements (as records store
// them) and each side's own-view name, disputed ones marked with a star:
// "상마상마 / 마상마상 (초 왼상*, 한 왼상*; 맞상)". "" for a custom start.
std::string setup_pair_text(const Opening& o, bool korean);

}  // namespace gibo
