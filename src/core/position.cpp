// Position: FEN and setups, make/unmake, attacks and check, legal-move generation (position.h).
#include "gibo/core/position.h"

#include <algorithm>
#include <cassert>

#include "fen_grammar.h"
#include "tables.h"

namespace gibo {

using detail::kTables;

namespace {

namespace x3 = boost::spirit::x3;

// Set-up positions (FEN) may hold any material, as in Fairy-Stockfish: the edge cases' own
// examples (src/core/README.md, "Edge cases") have three chariots (item 17, an FS test.py vector) or three advisors
// (item 19). What is bounded is what the fixed-size containers hold: at most 16 pieces a
// side (the piece lists) and at most MoveList::kCapacity moves a side could ever have.
// The most moves a piece of a type can have anywhere (general: 8 steps + the pass;
// chariot: 17 orthogonal + 4 palace-diagonal on a centre; cannon: 17 + 1; soldier: 5 on
// the enemy palace centre). A full set (16 pieces) totals 160.
constexpr int kMaxMovesOfType[kPieceTypeCount] = {0, 9, 8, 8, 8, 21, 18, 5};
constexpr int kMaxPiecesPerSide = 16;
constexpr const char* kTypeNames[kPieceTypeCount] = {"none",    "general", "advisor", "elephant",
                                                     "horse",   "chariot", "cannon",  "soldier"};
constexpr const char* kSideNames[2] = {"Cho", "Han"};

// The halfmove clock after a non-capturing ply; it saturates rather than wrap to 0.
std::uint16_t next_clock(std::uint16_t clock) {
  return clock == 0xffff ? clock : static_cast<std::uint16_t>(clock + 1);
}

bool is_enemy_or_empty(Piece target, Side us) {
  return target == Piece::None || side_of(target) != us;
}

// The line attackers of side `by` on a target square: a chariot along a line, a cannon
// over one screen that is not a cannon (a cannon never takes a cannon). The one place
// where `attacked` and `attacked_through` scan rays and palace diagonals.
struct LineAttackers {
  Piece chariot, cannon;
  bool cannon_can_take;  // the target is not a cannon
  LineAttackers(const std::array<Piece, kSquares>& board, Square target, Side by)
      : chariot(make_piece(by, PieceType::Chariot)),
        cannon(make_piece(by, PieceType::Cannon)),
        cannon_can_take(type_of(board[target]) != PieceType::Cannon) {}

  // Does a chariot or cannon attack the target along `ray` (the squares from it outward)?
  bool along(const std::array<Piece, kSquares>& board, const detail::Ray& ray) const {
    int i = 0;
    while (i < ray.len && board[ray.sq[i]] == Piece::None) ++i;
    if (i == ray.len) return false;
    const Piece first = board[ray.sq[i]];
    if (first == chariot) return true;
    if (!cannon_can_take || type_of(first) == PieceType::Cannon) return false;
    ++i;
    while (i < ray.len && board[ray.sq[i]] == Piece::None) ++i;
    return i < ray.len && board[ray.sq[i]] == cannon;
  }

  // Does a chariot or cannon attack the target along the palace diagonal `line`?
  bool along(const std::array<Piece, kSquares>& board, const detail::DiagLine& line) const {
    const Piece a = board[line.a];
    if (a == chariot) return true;
    if (line.len != 2) return false;
    const Piece b = board[line.b];
    return a == Piece::None ? b == chariot : cannon_can_take && type_of(a) != PieceType::Cannon && b == cannon;
  }
};

}  // namespace

bool MoveList::contains(Move m) const {
  for (Move x : *this)
    if (x == m) return true;
  return false;
}

char fen_letter(Piece p) {
  constexpr char letters[kPieceTypeCount] = {'.', 'k', 'a', 'b', 'n', 'r', 'c', 'p'};
  const char c = letters[static_cast<int>(type_of(p))];
  return side_of(p) == Side::Cho ? static_cast<char>(c - 'a' + 'A') : c;
}

Piece piece_from_fen_letter(char c) {
  const bool upper = c >= 'A' && c <= 'Z';
  const char l = upper ? static_cast<char>(c - 'A' + 'a') : c;
  PieceType t;
  switch (l) {
    case 'k': t = PieceType::General; break;
    case 'a': t = PieceType::Advisor; break;
    case 'b': case 'e': t = PieceType::Elephant; break;
    case 'n': case 'h': t = PieceType::Horse; break;
    case 'r': t = PieceType::Chariot; break;
    case 'c': t = PieceType::Cannon; break;
    case 'p': t = PieceType::Soldier; break;
    default: return Piece::None;
  }
  return make_piece(upper ? Side::Cho : Side::Han, t);
}

// ---------------------------------------------------------------------------
// Set-up

Position::Position() {
  rules_ = legality_rules(default_profile());
  set_setups(Setup::HEEH, Setup::HEEH);
}

void Position::clear() {
  board_.fill(Piece::None);
  file_occ_.fill(0);
  rank_occ_.fill(0);
  count_ = {0, 0};
  general_ = {kNoSquare, kNoSquare};
  material_ = {0, 0};
  history_.clear();
  history_.reserve(512);
  history_.emplace_back();
  ++epoch_;
}

void Position::set_setups(Setup cho, Setup han, Side to_move) {
  std::array<Piece, kSquares> b{};
  b.fill(Piece::None);
  for (Side s : {Side::Cho, Side::Han}) {
    const int back = s == Side::Cho ? 0 : 9;
    const int cannon_rank = s == Side::Cho ? 2 : 7;
    const int soldier_rank = s == Side::Cho ? 3 : 6;
    const int general_rank = s == Side::Cho ? 1 : 8;
    const Setup setup = s == Side::Cho ? cho : han;
    b[make_square(0, back)] = b[make_square(8, back)] = make_piece(s, PieceType::Chariot);
    b[make_square(3, back)] = b[make_square(5, back)] = make_piece(s, PieceType::Advisor);
    constexpr int slot_files[4] = {1, 2, 6, 7};
    for (int i = 0; i < 4; ++i) b[make_square(slot_files[i], back)] = make_piece(s, setup_piece(setup, i));
    b[make_square(4, general_rank)] = make_piece(s, PieceType::General);
    b[make_square(1, cannon_rank)] = b[make_square(7, cannon_rank)] = make_piece(s, PieceType::Cannon);
    for (int f = 0; f < kFiles; f += 2) b[make_square(f, soldier_rank)] = make_piece(s, PieceType::Soldier);
  }
  [[maybe_unused]] auto err = set_board(b, to_move);
  assert(!err);
}

std::optional<Error> Position::set_board(const std::array<Piece, kSquares>& b, Side to_move,
                                         int plies_since_capture, int fullmove) {
  int counts[2][kPieceTypeCount] = {};
  for (int s = 0; s < kSquares; ++s) {
    const Piece p = b[s];
    if (p == Piece::None) continue;
    const Side side = side_of(p);
    const PieceType t = type_of(p);
    if (t == PieceType::None) return Error{"invalid piece code"};
    ++counts[index(side)][static_cast<int>(t)];
    if ((t == PieceType::General || t == PieceType::Advisor) && !in_palace(side, static_cast<Square>(s)))
      return Error{std::string(kSideNames[index(side)]) + " " + kTypeNames[static_cast<int>(t)] + " on " +
                   square_name(static_cast<Square>(s)) + " is outside its palace"};
  }
  for (int side = 0; side < 2; ++side) {
    const int g = counts[side][static_cast<int>(PieceType::General)];
    if (g == 0) return Error{std::string(kSideNames[side]) + " has no general"};
    if (g > 1)
      return Error{std::string(kSideNames[side]) + " has " + std::to_string(g) + " generals; exactly 1 allowed"};
    int pieces = 0, max_moves = 0;
    for (int t = 1; t < kPieceTypeCount; ++t) {
      pieces += counts[side][t];
      max_moves += counts[side][t] * kMaxMovesOfType[t];
    }
    if (pieces > kMaxPiecesPerSide)
      return Error{std::string(kSideNames[side]) + " has " + std::to_string(pieces) + " pieces; at most " +
                   std::to_string(kMaxPiecesPerSide) + " allowed"};
    if (max_moves > MoveList::kCapacity)
      return Error{std::string(kSideNames[side]) + " has too many long-range pieces (" +
                   std::to_string(counts[side][static_cast<int>(PieceType::Chariot)]) + " chariots, " +
                   std::to_string(counts[side][static_cast<int>(PieceType::Cannon)]) +
                   " cannons): its moves could overflow the move list"};
  }
  if (plies_since_capture < 0) return Error{"negative halfmove clock"};
  if (plies_since_capture > 0xffff)  // StateInfo keeps it in 16 bits; never read it as another number
    return Error{"halfmove clock " + std::to_string(plies_since_capture) + " is too large; at most 65535"};
  if (fullmove < 1) return Error{"fullmove number must be at least 1"};

  clear();
  for (int s = 0; s < kSquares; ++s)
    if (b[s] != Piece::None) put_piece(b[s], static_cast<Square>(s));
  side_ = root_side_ = to_move;
  root_fullmove_ = fullmove;
  StateInfo& st0 = history_.back();
  st0.plies_since_capture = static_cast<std::uint16_t>(plies_since_capture);
  st0.any_capture = count_[0] < 16 || count_[1] < 16;
  st0.key = compute_key();
  for (Side side : {Side::Cho, Side::Han})
    st0.general_attacked[index(side)] = general_[index(side)] != kNoSquare && attacked(general_[index(side)], ~side);
  return std::nullopt;
}

namespace {

namespace fg = fen_grammar;

// Parses all of `text` it can with the FEN rule `p`, its actions filling `found`; returns
// where it stopped.
template <typename Parser>
const char* apply(std::string_view text, const Parser& p, fg::Found& found) {
  const char* first = text.data();
  x3::parse(first, text.data() + text.size(), x3::with<fg::fen_tag>(std::ref(found))[p]);
  return first;
}

// Why the board rule stopped at `stop` in `placement` (or read it all), if it is not a
// board of ten ranks of nine points: the first rank that is not.
std::optional<Error> board_error(const fg::Found& f, std::string_view placement, const char* stop) {
  const int rank = kRanks - f.rank_index;  // as FEN numbers it: 10 first
  if (f.file <= kFiles && stop != placement.data() + placement.size() && *stop != '/')
    return Error{std::string("unknown piece letter '") + *stop + "' in FEN rank " + std::to_string(rank)};
  if (f.file != kFiles)
    return Error{"FEN rank " + std::to_string(rank) + " is " +
                 (f.file > kFiles ? "more than 9" : std::to_string(f.file)) + " points wide; expected 9"};
  return std::nullopt;
}

}  // namespace

std::optional<Error> Position::set_fen(std::string_view fen) {
  fg::Found f;
  apply(fen, fg::fen, f);
  if (f.fields == 0) return Error{"empty FEN"};

  const std::string_view placement = f.field[0];
  apply(placement, fg::placement, f);
  if (f.ranks != kRanks) return Error{"FEN has " + std::to_string(f.ranks) + " ranks; expected 10"};
  std::array<Piece, kSquares> b{};
  b.fill(Piece::None);
  f.board = &b;
  if (auto e = board_error(f, placement, apply(placement, fg::board, f))) return e;

  if (f.fields < 2) return Error{"FEN has no side to move"};
  Side to_move;
  if (!fg::parse_all(f.field[1], fg::side, to_move))
    return Error{"bad side to move '" + std::string(f.field[1]) + "'; expected w or b"};

  // Either "- - half full" (standard), "half full" (short form), or nothing.
  if (f.fields > 2) {
    const char* const end = fen.data() + fen.size();
    const std::string_view rest(f.field[2].data(), static_cast<std::size_t>(end - f.field[2].data()));
    const char* const stop = apply(rest, fg::counters, f);
    if (stop != end) {
      const std::string field(stop, std::find_if(stop, end, [](char c) { return c == ' ' || c == '\t'; }));
      if (f.counted < 2) return Error{"bad number '" + field + "' in FEN move counters"};
      return Error{"unexpected field '" + field + "' in FEN"};
    }
  }
  return set_board(b, to_move, f.numbers[0], f.numbers[1]);
}

std::string Position::fen() const {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < kFiles; ++file) {
      const Piece p = board_[make_square(file, rank)];
      if (p == Piece::None) {
        ++empty;
        continue;
      }
      if (empty) out += static_cast<char>('0' + empty), empty = 0;
      out += fen_letter(p);
    }
    if (empty) out += static_cast<char>('0' + empty);
    if (rank) out += '/';
  }
  out += side_ == Side::Cho ? " w - - " : " b - - ";
  out += std::to_string(st().plies_since_capture) + " " + std::to_string(fullmove_number());
  return out;
}

int Position::fullmove_number() const {
  return root_fullmove_ + (game_ply() + (root_side_ == Side::Han ? 1 : 0)) / 2;
}

std::uint64_t zobrist_key(Piece p, Square s) { return kTables.zobrist[static_cast<int>(p)][s]; }
std::uint64_t zobrist_side_key() { return kTables.zobrist_side; }

std::uint64_t Position::compute_key() const {
  std::uint64_t k = side_ == Side::Han ? kTables.zobrist_side : 0;
  for (int s = 0; s < kSquares; ++s)
    if (board_[s] != Piece::None) k ^= kTables.zobrist[static_cast<int>(board_[s])][s];
  return k;
}

// ---------------------------------------------------------------------------
// Piece bookkeeping

void Position::put_piece(Piece p, Square s) {
  const int side = index(side_of(p));
  board_[s] = p;  // contract: s was empty
  toggle_occupied(s);
  list_index_[s] = static_cast<std::uint8_t>(count_[side]);
  list_[side][count_[side]++] = s;
  material_[side] += material_value(type_of(p));
  if (type_of(p) == PieceType::General) general_[side] = s;
}

void Position::remove_piece(Square s) {
  const Piece p = board_[s];
  const int side = index(side_of(p));
  const int idx = list_index_[s];
  const Square last = list_[side][--count_[side]];
  list_[side][idx] = last;
  list_index_[last] = static_cast<std::uint8_t>(idx);
  board_[s] = Piece::None;
  toggle_occupied(s);
  material_[side] -= material_value(type_of(p));
  if (type_of(p) == PieceType::General) general_[side] = kNoSquare;
}

// (inlined into do_move and undo, its two callers: a call on every ply cost validate 2 %)
[[gnu::always_inline]] inline void Position::move_piece(Square from, Square to) {
  const Piece p = board_[from];
  const int side = index(side_of(p));
  board_[to] = p;  // contract: to was empty
  board_[from] = Piece::None;
  toggle_occupied(from);
  toggle_occupied(to);
  const int idx = list_index_[from];
  list_[side][idx] = to;
  list_index_[to] = static_cast<std::uint8_t>(idx);
  if (type_of(p) == PieceType::General) general_[side] = to;
}

// ---------------------------------------------------------------------------
// Attacks, check, facing

bool Position::attacked(Square sq, Side by) const {
  const LineAttackers line(board_, sq, by);
  for (const detail::Ray& ray : kTables.rays[sq])
    if (line.along(board_, ray)) return true;
  for (const detail::DiagLine& diag : kTables.diag[sq])
    if (line.along(board_, diag)) return true;
  const Piece horse = make_piece(by, PieceType::Horse);
  for (const detail::LegStep& h : kTables.horse_from[sq])
    if (board_[h.to] == horse && board_[h.leg] == Piece::None) return true;
  const Piece elephant = make_piece(by, PieceType::Elephant);
  for (const detail::LegStep2& e : kTables.elephant_from[sq])
    if (board_[e.to] == elephant && board_[e.leg1] == Piece::None && board_[e.leg2] == Piece::None) return true;
  const Piece soldier = make_piece(by, PieceType::Soldier);
  for (Square s : kTables.soldier_from[index(by)][sq])
    if (board_[s] == soldier) return true;
  if (in_palace(by, sq)) {
    const Piece general = make_piece(by, PieceType::General);
    const Piece advisor = make_piece(by, PieceType::Advisor);
    for (Square s : kTables.palace_steps[sq])
      if (board_[s] == general || board_[s] == advisor) return true;
  }
  return false;
}

// Contract: `bits` ⊆ kTables.reach[g][x]. Is `g` attacked by a piece of `by` whose
// attack uses `x`: along the ray or palace line through x (kReachLine), a horse or
// elephant move with a leg on x (kReachLeg), or a piece standing on x (the source bits)?
bool Position::attacked_through(Square g, Side by, Square x, std::uint8_t bits) const {
  if (bits & detail::kReachLine) {
    const LineAttackers line(board_, g, by);
    if (file_of(x) == file_of(g) || rank_of(x) == rank_of(g)) {
      const int dir = file_of(x) == file_of(g) ? (x > g ? detail::kNorth : detail::kSouth)
                                               : (x > g ? detail::kEast : detail::kWest);
      if (line.along(board_, kTables.rays[g][dir])) return true;
    } else {
      for (const detail::DiagLine& diag : kTables.diag[g])
        if (diag.a == x || diag.b == x) {
          if (line.along(board_, diag)) return true;
          break;  // x lies on one palace line from g
        }
    }
  }
  if (bits & (detail::kReachHorseLeg | detail::kReachHorse)) {
    const Piece horse = make_piece(by, PieceType::Horse);
    for (const detail::LegStep& h : kTables.horse_from[g])
      if ((h.leg == x || h.to == x) && board_[h.to] == horse && board_[h.leg] == Piece::None) return true;
  }
  if (bits & (detail::kReachElephantLeg | detail::kReachElephant)) {
    const Piece elephant = make_piece(by, PieceType::Elephant);
    for (const detail::LegStep2& e : kTables.elephant_from[g])
      if ((e.leg1 == x || e.leg2 == x || e.to == x) && board_[e.to] == elephant && board_[e.leg1] == Piece::None &&
          board_[e.leg2] == Piece::None)
        return true;
  }
  if (bits & (detail::kReachSoldierCho | detail::kReachSoldierHan))
    if (board_[x] == make_piece(by, PieceType::Soldier) &&
        (bits & (by == Side::Cho ? detail::kReachSoldierCho : detail::kReachSoldierHan)))
      return true;
  if ((bits & detail::kReachPalace) && in_palace(by, g))
    if (board_[x] == make_piece(by, PieceType::General) || board_[x] == make_piece(by, PieceType::Advisor))
      return true;
  return false;
}

// Contract: the board has just changed on `from` and `to` only (the piece on `from` went
// to `to`), `g` is a general's square now (or kNoSquare), `before` says whether it was
// attacked by `by` before, and `to_reach` holds the Reach bits through which the piece now
// on `to` could attack it. An attack
// that is new must use `from` (a line or leg opened) or `to` (a screen or an attacker
// arrived), so only those are examined; the general itself moved or was attacked before:
// everything is.
bool Position::general_attacked_after(Square g, Side by, bool before, Square from, Square to,
                                      std::uint8_t to_reach) const {
  if (g == kNoSquare) return false;
  if (before || g == to) return attacked(g, by);
  const auto& reach = kTables.reach[g];
  const std::uint8_t at_from = reach[from] & (detail::kReachLine | detail::kReachLeg), at_to = reach[to] & to_reach;
  return (at_from && attacked_through(g, by, from, at_from)) || (at_to && attacked_through(g, by, to, at_to));
}

bool Position::facing_with(Square g0, Square g1) const {
  if (g0 == kNoSquare || g1 == kNoSquare || file_of(g0) != file_of(g1)) return false;
  const int lo = kRankOf[g0 < g1 ? g0 : g1], hi = kRankOf[g0 < g1 ? g1 : g0];
  return (file_occ_[kFileOf[g0]] & ((1u << hi) - 1) & ~((2u << lo) - 1)) == 0;  // nothing between
}

bool Position::facing_on_board(Square g0, Square g1) const {
  if (g0 == kNoSquare || g1 == kNoSquare || file_of(g0) != file_of(g1)) return false;
  const Square lo = g0 < g1 ? g0 : g1, hi = g0 < g1 ? g1 : g0;
  for (int s = lo + kFiles; s < hi; s += kFiles)
    if (board_[s] != Piece::None) return false;
  return true;
}

bool Position::generals_facing() const { return facing_with(general_[0], general_[1]); }

bool Position::valid_bikjang_now(bool facing, const StateInfo& s) const {
  if (!facing || rules_.bikjang_mode != BikjangMode::Active) return false;
  switch (rules_.bikjang_valid_when) {
    case BikjangValidWhen::Always: return true;
    case BikjangValidWhen::AfterFirstCapture: return s.any_capture;
    case BikjangValidWhen::LowMaterialOrKingCapture:
      return (material_[0] < rules_.bikjang_threshold && material_[1] < rules_.bikjang_threshold) ||
             s.general_capture_created_facing;
  }
  return false;
}

bool Position::bikjang_valid() const { return valid_bikjang_now(generals_facing()); }

bool Position::immediate_end() const {
  if (general_[0] == kNoSquare || general_[1] == kNoSquare) return true;
  const StateInfo& s = st();
  return (rules_.double_pass_ends && s.consecutive_passes >= 2) || s.pass_accepted_bikjang;
}

// ---------------------------------------------------------------------------
// Move generation

void Position::pseudo_legal_moves(MoveList& list) const {
  list.clear();
  const Side us = side_;
  const int n = count_[index(us)];
  const Square* squares = list_[index(us)].data();
  for (int i = 0; i < n; ++i) {
    const Square from = squares[i];
    switch (type_of(board_[from])) {
      case PieceType::General:
        if (rules_.pass_allowed) list.push(Move::pass(from));
        [[fallthrough]];
      case PieceType::Advisor:
        for (Square to : kTables.palace_steps[from])
          if (is_enemy_or_empty(board_[to], us)) list.push(Move(from, to));
        break;
      case PieceType::Chariot:
        for (const detail::Ray& ray : kTables.rays[from])
          for (int k = 0; k < ray.len; ++k) {
            const Piece t = board_[ray.sq[k]];
            if (t == Piece::None) {
              list.push(Move(from, ray.sq[k]));
              continue;
            }
            if (side_of(t) != us) list.push(Move(from, ray.sq[k]));
            break;
          }
        for (const detail::DiagLine& line : kTables.diag[from]) {
          const Piece a = board_[line.a];
          if (a != Piece::None) {
            if (side_of(a) != us) list.push(Move(from, line.a));
            continue;
          }
          list.push(Move(from, line.a));
          if (line.len == 2 && is_enemy_or_empty(board_[line.b], us)) list.push(Move(from, line.b));
        }
        break;
      case PieceType::Cannon:
        for (const detail::Ray& ray : kTables.rays[from]) {
          int k = 0;
          while (k < ray.len && board_[ray.sq[k]] == Piece::None) ++k;
          if (k == ray.len || type_of(board_[ray.sq[k]]) == PieceType::Cannon) continue;
          for (++k; k < ray.len; ++k) {
            const Piece t = board_[ray.sq[k]];
            if (t == Piece::None) {
              list.push(Move(from, ray.sq[k]));
              continue;
            }
            if (side_of(t) != us && type_of(t) != PieceType::Cannon) list.push(Move(from, ray.sq[k]));
            break;
          }
        }
        for (const detail::DiagLine& line : kTables.diag[from]) {
          if (line.len != 2) continue;
          const Piece a = board_[line.a];
          if (a == Piece::None || type_of(a) == PieceType::Cannon) continue;
          const Piece b = board_[line.b];
          if (b == Piece::None || (side_of(b) != us && type_of(b) != PieceType::Cannon))
            list.push(Move(from, line.b));
        }
        break;
      case PieceType::Horse:
        for (const detail::LegStep& h : kTables.horse[from])
          if (board_[h.leg] == Piece::None && is_enemy_or_empty(board_[h.to], us)) list.push(Move(from, h.to));
        break;
      case PieceType::Elephant:
        for (const detail::LegStep2& e : kTables.elephant[from])
          if (board_[e.leg1] == Piece::None && board_[e.leg2] == Piece::None &&
              is_enemy_or_empty(board_[e.to], us))
            list.push(Move(from, e.to));
        break;
      case PieceType::Soldier:
        for (Square to : kTables.soldier[index(us)][from])
          if (is_enemy_or_empty(board_[to], us)) list.push(Move(from, to));
        break;
      case PieceType::None:
        assert(false);
        break;
    }
  }
}

bool Position::pass_legal(bool check, bool facing) const {
  if (!rules_.pass_allowed || general_[index(side_)] == kNoSquare) return false;
  if (check) {
    switch (rules_.pass_in_check) {
      case PassInCheck::Forbidden: return false;
      case PassInCheck::Allowed: break;
      case PassInCheck::OnlyWhenFacing:
        if (!valid_bikjang_now(facing)) return false;
        break;
    }
  }
  if (facing) {
    if (rules_.bikjang_mode == BikjangMode::Illegal) return false;
    if (rules_.bikjang_mode == BikjangMode::Active && rules_.bikjang_pass == BikjangPass::Forbidden &&
        (rules_.bikjang_pass_ban_scope == BikjangPassBanScope::AnyFacing || valid_bikjang_now(true)))
      return false;
  }
  return true;
}

// Contract: m is a pseudo-legal non-pass move. The board is changed and restored.
bool Position::legal_after_pseudo(Move m, bool facing) const {
  const Square from = m.from(), to = m.to();
  auto& board = board_;  // mutable: changed and restored before returning
  const Piece p = board[from], captured = board[to];
  const bool strict = rules_.legality == Legality::Strict;
  if (strict && type_of(captured) == PieceType::General) return false;  // capturing a general is no move

  board[to] = p;
  board[from] = Piece::None;
  const Square own = type_of(p) == PieceType::General ? to : general_[index(side_)];
  const Square other = type_of(captured) == PieceType::General ? kNoSquare : general_[index(~side_)];
  bool ok = true;
  if (strict && own != kNoSquare) {
    ok = !general_attacked_after(own, ~side_, st().general_attacked[index(side_)], from, to, detail::kReachLine);
    checked_ = {epoch_, m, !ok};  // do_move(m) from here needs the same answer
  }
  if (ok && rules_.bikjang_mode != BikjangMode::Ignore) {
    if (rules_.bikjang_mode == BikjangMode::Illegal) {
      ok = !facing_on_board(own, other);
    } else if (facing && rules_.bikjang_reply == BikjangReply::MustBreak && valid_bikjang_now(true)) {
      ok = !facing_on_board(own, other);  // validity depends on material and history, not the board
    }
  }
  board[from] = p;
  board[to] = captured;
  return ok;
}

void Position::legal_moves(MoveList& list, bool stop_at_immediate_end) const {
  if (stop_at_immediate_end && immediate_end()) {
    list.clear();
    return;
  }
  pseudo_legal_moves(list);
  const bool check = in_check();
  const bool facing = generals_facing();
  int kept = 0;
  for (int i = 0; i < list.size(); ++i) {
    const Move m = list[i];
    if (m.is_pass() ? pass_legal(check, facing) : legal_after_pseudo(m, facing)) list.set(kept++, m);
  }
  list.truncate(kept);
}

bool Position::has_legal_move(bool stop_at_immediate_end) const {
  if (stop_at_immediate_end && immediate_end()) return false;
  const bool check = in_check();
  const bool facing = generals_facing();
  // A pass, when the rules have one, is the quickest answer (pseudo_legal_moves lists it
  // for the general exactly then).
  if (rules_.pass_allowed && general_[index(side_)] != kNoSquare && pass_legal(check, facing)) return true;
  MoveList list;
  pseudo_legal_moves(list);
  for (const Move m : list)
    if (m.is_pass() ? pass_legal(check, facing) : legal_after_pseudo(m, facing)) return true;
  return false;
}

bool Position::is_pseudo_legal(Move m) const {
  if (m.is_none()) return false;
  const Square from = m.from(), to = m.to();
  if (from >= kSquares || to >= kSquares) return false;
  const Piece p = board_[from];
  if (p == Piece::None || side_of(p) != side_) return false;
  if (m.is_pass()) return type_of(p) == PieceType::General && rules_.pass_allowed;
  const Piece target = board_[to];
  if (!is_enemy_or_empty(target, side_)) return false;
  switch (type_of(p)) {
    case PieceType::General:
    case PieceType::Advisor:
      for (Square s : kTables.palace_steps[from])
        if (s == to) return true;
      return false;
    case PieceType::Horse:
      for (const detail::LegStep& h : kTables.horse[from])
        if (h.to == to) return board_[h.leg] == Piece::None;
      return false;
    case PieceType::Elephant:
      for (const detail::LegStep2& e : kTables.elephant[from])
        if (e.to == to) return board_[e.leg1] == Piece::None && board_[e.leg2] == Piece::None;
      return false;
    case PieceType::Soldier:
      for (Square s : kTables.soldier[index(side_)][from])
        if (s == to) return true;
      return false;
    case PieceType::Chariot:
    case PieceType::Cannon: {
      const bool cannon = type_of(p) == PieceType::Cannon;
      if (cannon && type_of(target) == PieceType::Cannon) return false;
      const bool same_file = file_of(from) == file_of(to);
      if (same_file || rank_of(from) == rank_of(to)) {
        // The pieces strictly between the two, from the line's occupied points.
        const int lo = from < to ? from : to, hi = from < to ? to : from;
        const int a = same_file ? rank_of(static_cast<Square>(lo)) : file_of(static_cast<Square>(lo));
        const int b = same_file ? rank_of(static_cast<Square>(hi)) : file_of(static_cast<Square>(hi));
        const unsigned between = (same_file ? file_occ_[file_of(from)] : rank_occ_[rank_of(from)]) &
                                 ((1u << b) - 1) & ~((2u << a) - 1);
        if (!cannon) return between == 0;
        if (!between || (between & (between - 1))) return false;  // a cannon needs exactly one screen
        const int i = __builtin_ctz(between);
        const Square screen = same_file ? make_square(file_of(from), i) : make_square(i, rank_of(from));
        return type_of(board_[screen]) != PieceType::Cannon;
      }
      for (const detail::DiagLine& line : kTables.diag[from]) {
        const Piece a = board_[line.a];
        if (!cannon && line.a == to) return true;
        if (line.len == 2 && line.b == to) {
          if (cannon) return a != Piece::None && type_of(a) != PieceType::Cannon;
          return a == Piece::None;
        }
      }
      return false;
    }
    case PieceType::None: break;
  }
  return false;
}

bool Position::is_legal(Move m) const {
  if (!is_pseudo_legal(m)) return false;
  const bool facing = generals_facing();
  if (m.is_pass()) return pass_legal(in_check(), facing);
  return legal_after_pseudo(m, facing);
}

bool Position::gives_check(Move m) const {
  const Side us = side_;
  if (m.is_pass()) return general_[index(~us)] != kNoSquare && attacked(general_[index(~us)], us);
  const Square from = m.from(), to = m.to();
  const Piece p = board_[from], captured = board_[to];
  const Square target = type_of(captured) == PieceType::General ? kNoSquare : general_[index(~us)];
  if (target == kNoSquare) return false;
  board_[to] = p;  // board_ is mutable: changed and restored here
  board_[from] = Piece::None;
  const bool check = attacked(target, us);
  board_[from] = p;
  board_[to] = captured;
  return check;
}

// ---------------------------------------------------------------------------
// Make / unmake

void Position::do_move(Move m) {
  assert(!m.is_none());
  if (history_.size() == history_.capacity()) history_.reserve(2 * history_.size());
  history_.emplace_back();  // built in place: `prev` stays valid (no reallocation)
  StateInfo& next = history_.back();
  const StateInfo& prev = history_[history_.size() - 2];
  next.key = prev.key ^ kTables.zobrist_side;
  next.move = m;
  next.any_capture = prev.any_capture;
  next.general_attacked = prev.general_attacked;  // a pass changes no attack
  if (m.is_pass()) {
    next.pass_accepted_bikjang =
        rules_.bikjang_pass == BikjangPass::AcceptEndsGame && valid_bikjang_now(generals_facing(), prev);
    next.consecutive_passes = static_cast<std::uint8_t>(prev.consecutive_passes < 255 ? prev.consecutive_passes + 1 : 255);
    next.plies_since_capture = next_clock(prev.plies_since_capture);
  } else {
    const Square from = m.from(), to = m.to();
    const Piece p = board_[from];
    const Piece captured = board_[to];
    const bool general_capture = type_of(p) == PieceType::General && captured != Piece::None;
    const bool facing_before = general_capture && generals_facing();
    if (captured != Piece::None) {
      remove_piece(to);
      next.key ^= kTables.zobrist[static_cast<int>(captured)][to];
      next.any_capture = true;
    } else {
      next.plies_since_capture = next_clock(prev.plies_since_capture);
    }
    move_piece(from, to);
    next.key ^= kTables.zobrist[static_cast<int>(p)][from] ^ kTables.zobrist[static_cast<int>(p)][to];
    next.captured = captured;
    next.general_capture_created_facing = general_capture && !facing_before && generals_facing();
    // The mover's piece on `to` may attack the enemy general from there; for its own
    // general it only matters as a screen or blocker on a line (and the legality test
    // of this very move may have found the answer already).
    const Side us = side_;
    constexpr std::uint8_t kSourceOf[kPieceTypeCount] = {
        0, detail::kReachPalace, detail::kReachPalace, detail::kReachElephant, detail::kReachHorse, 0, 0, 0};
    std::uint8_t source = kSourceOf[static_cast<int>(type_of(p))];
    if (type_of(p) == PieceType::Soldier) source = us == Side::Cho ? detail::kReachSoldierCho : detail::kReachSoldierHan;
    next.general_attacked[index(~us)] = general_attacked_after(general_[index(~us)], us, prev.general_attacked[index(~us)],
                                                               from, to, detail::kReachLine | source);
    next.general_attacked[index(us)] =
        checked_.epoch == epoch_ && checked_.move == m
            ? checked_.own_attacked
            : general_attacked_after(general_[index(us)], ~us, prev.general_attacked[index(us)], from, to,
                                     detail::kReachLine);
  }
  side_ = ~side_;
  ++epoch_;
}

void Position::undo_move() {
  assert(history_.size() > 1);
  const StateInfo& s = st();
  const Move m = s.move;
  side_ = ~side_;
  if (!m.is_pass()) {
    move_piece(m.to(), m.from());
    if (s.captured != Piece::None) put_piece(s.captured, m.to());
  }
  history_.pop_back();
  ++epoch_;
}

std::uint64_t Position::perft(int depth) {
  if (depth <= 0) return 1;
  MoveList list;
  legal_moves(list, true);
  if (depth == 1) return static_cast<std::uint64_t>(list.size());
  std::uint64_t nodes = 0;
  for (Move m : list) {
    do_move(m);
    nodes += perft(depth - 1);
    undo_move();
  }
  return nodes;
}

}  // namespace gibo
