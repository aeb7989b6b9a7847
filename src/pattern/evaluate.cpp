// A compiled pattern evaluated (program.h): its local nodes at one position (a Frame), and
// its sequences and streaks over the values of those at every ply of a game.
#include <algorithm>
#include <cassert>

#include "program.h"

namespace gibo::pattern {

namespace {

const Instr& at(const Program& p, int i) { return p.code[static_cast<std::size_t>(i)]; }

bool compare(double a, Relation r, double b) {
  switch (r) {
    case Relation::Less: return a < b;
    case Relation::LessEqual: return a <= b;
    case Relation::Equal: return a == b;
    case Relation::NotEqual: return a != b;
    case Relation::GreaterEqual: return a >= b;
    case Relation::Greater: return a > b;
  }
  return false;
}

// How many pieces of `bits` the counts hold.
int counted(std::uint16_t bits, const PieceCounts& counts) {
  int n = 0;
  for (int code = 0; code < kPieceCount; ++code)
    if (bits & (1u << code)) n += counts[static_cast<std::size_t>(code >> 3)][static_cast<std::size_t>(code & 7)];
  return n;
}

// The points held by `side`'s pieces.
SquareSet held_by(const Position& pos, Side side) {
  SquareSet out;
  const Square* squares = pos.pieces(side);
  for (int k = 0; k < pos.piece_count(side); ++k) out.insert(squares[k]);
  return out;
}

SquareSet pieces_of(const Position& pos, std::uint16_t bits) {
  SquareSet out;
  for (Side side : {Side::Cho, Side::Han}) {
    const Square* squares = pos.pieces(side);
    for (int k = 0; k < pos.piece_count(side); ++k)
      if (bits & (1u << static_cast<int>(pos.piece_on(squares[k])))) out.insert(squares[k]);
  }
  return out;
}

// The pieces of `from` that reach a point of `to` held by the other side or empty
// (attacks), or held by their own side (defends).
SquareSet reaching(const Position& pos, const SquareSet& from, const SquareSet& to, bool own) {
  const SquareSet held[2] = {held_by(pos, Side::Cho), held_by(pos, Side::Han)};
  SquareSet out;
  from.for_each([&](Square s) {
    const Piece piece = pos.piece_on(s);
    if (piece == Piece::None) return;
    const SquareSet& mine = held[index(side_of(piece))];
    const SquareSet target = own ? to & mine : to & ~mine;
    if (!(pos.reach(s) & target).empty()) out.insert(s);
  });
  return out;
}

double material(const Frame& f, Side side) {
  return material_of((*f.counts)[static_cast<std::size_t>(index(side))]);
}

}  // namespace

SquareSet points(const Program& p, int i, const Frame& f) {
  const Instr& in = at(p, i);
  if (in.kind == Kind::Squares) return in.squares;
  assert(f.position);
  const Position& pos = *f.position;
  switch (in.kind) {
    case Kind::Pieces: return pieces_of(pos, in.pieces);
    case Kind::Empty: return ~(held_by(pos, Side::Cho) | held_by(pos, Side::Han));
    case Kind::Union:
    case Kind::Intersection: {
      SquareSet out = points(p, in.kids[0], f);
      for (std::size_t k = 1; k < in.kids.size(); ++k)
        out = in.kind == Kind::Union ? out | points(p, in.kids[k], f) : out & points(p, in.kids[k], f);
      return out;
    }
    case Kind::Complement: return ~points(p, in.kids[0], f);
    case Kind::Attacks:
    case Kind::Defends:
      return reaching(pos, points(p, in.kids[0], f), points(p, in.kids[1], f), in.kind == Kind::Defends);
    case Kind::Pinned: {
      SquareSet out;
      points(p, in.kids[0], f).for_each([&](Square s) {
        if (pos.pinned(s)) out.insert(s);
      });
      return out;
    }
    case Kind::Screen: {
      SquareSet out;
      points(p, in.kids[0], f).for_each([&](Square s) { out |= pos.screens(s); });
      return out;
    }
    default: assert(false); return {};
  }
}

double amount(const Program& p, int i, const Frame& f) {
  const Instr& in = at(p, i);
  switch (in.kind) {
    case Kind::Number: return in.number;
    case Kind::Count: {
      const Instr& set = at(p, in.kids[0]);
      if (set.kind == Kind::Pieces) return counted(set.pieces, *f.counts);
      return points(p, in.kids[0], f).size();
    }
    case Kind::Material: return material(f, in.side);
    case Kind::Points: return material(f, in.side) + (in.side == Side::Han ? 1.5 : 0.0);
    case Kind::Balance: return (material(f, in.side) - material(f, ~in.side));
    case Kind::Ply: return f.ply;
    default: return truth(p, i, f) ? 1 : 0;
  }
}

bool truth(const Program& p, int i, const Frame& f) {
  const Instr& in = at(p, i);
  switch (in.kind) {
    case Kind::Or:
      return std::any_of(in.kids.begin(), in.kids.end(), [&](int k) { return truth(p, k, f); });
    case Kind::And:
      return std::all_of(in.kids.begin(), in.kids.end(), [&](int k) { return truth(p, k, f); });
    case Kind::Not: return !truth(p, in.kids[0], f);
    case Kind::Signature:
      for (int side = 0; side < 2; ++side)
        for (int t = 1; t < kPieceTypeCount; ++t) {
          const int want = in.army[static_cast<std::size_t>(side)][static_cast<std::size_t>(t)];
          if (want >= 0 && (*f.counts)[static_cast<std::size_t>(side)][static_cast<std::size_t>(t)] != want) return false;
        }
      return true;
    case Kind::Compare: return compare(amount(p, in.kids[0], f), in.relation, amount(p, in.kids[1], f));
    case Kind::InRange: {
      const double v = amount(p, in.kids[0], f);
      return (v >= in.low && v <= in.high) == (in.relation == Relation::Equal);
    }
    case Kind::NonEmpty: {
      const Instr& set = at(p, in.kids[0]);
      if (set.kind == Kind::Pieces) return counted(set.pieces, *f.counts) > 0;
      return !points(p, in.kids[0], f).empty();
    }
    case Kind::Check: return f.position->in_check();
    case Kind::Mate: return f.position->in_check() && !f.position->has_legal_move(false);
    case Kind::Stalemate: return !f.position->in_check() && !f.position->has_legal_move(false);
    case Kind::Bikjang: return f.position->generals_facing();
    case Kind::Final: return f.final;
    case Kind::Pass: return f.last.is_pass();
    case Kind::ToMove: return f.to_move == in.side;
    case Kind::Move:
    case Kind::Capture: return (*f.moved)[static_cast<std::size_t>(in.slot)] != 0;
    default: assert(false); return false;
  }
}

void judge_move(const Program& p, const Frame& before, Move move, std::vector<char>& out) {
  out.assign(p.move_atoms.size(), 0);
  if (move.is_none()) return;
  for (std::size_t slot = 0; slot < p.move_atoms.size(); ++slot) {
    const Instr& in = at(p, p.move_atoms[slot]);
    const auto holds = [&](int kid, Square s) { return kid < 0 || points(p, kid, before).contains(s); };
    bool yes = false;
    if (in.kind == Kind::Move)
      yes = !move.is_pass() && holds(in.kids[0], move.from()) && holds(in.kids[1], move.from()) &&
            holds(in.kids[2], move.to());
    else
      yes = !move.is_pass() && before.position->piece_on(move.to()) != Piece::None && holds(in.kids[0], move.to());
    out[slot] = yes;
  }
}

namespace {

// The values of node `i` at plies 0..plies.
std::vector<double> series(const Program& p, int i, std::vector<std::vector<double>>& leaves, int plies) {
  if (const int slot = leaf_slot(p, i); slot >= 0) return leaves[static_cast<std::size_t>(slot)];
  const Instr& in = at(p, i);
  const std::size_t n = static_cast<std::size_t>(plies) + 1;
  std::vector<double> out(n, 0.0);
  std::vector<std::vector<double>> kids;
  for (int k : in.kids) kids.push_back(series(p, k, leaves, plies));
  switch (in.kind) {
    case Kind::Then: {
      out = kids.back();
      for (std::size_t step = kids.size() - 1; step-- > 0;) {
        // next[q]: the first ply from q on where the later steps hold (n: none).
        std::vector<std::size_t> next(n + 1, n);
        for (std::size_t q = n; q-- > 0;) next[q] = out[q] != 0 ? q : next[q + 1];
        const int within = in.within[step];
        std::vector<double> now(n, 0.0);
        for (std::size_t ply = 0; ply < n; ++ply)
          now[ply] = kids[step][ply] != 0 && next[ply + 1] < n &&
                     (within == 0 || next[ply + 1] <= ply + static_cast<std::size_t>(within));
        out = std::move(now);
      }
      break;
    }
    case Kind::Streak:
      for (std::size_t q = n; q-- > 0;) out[q] = kids[0][q] != 0 ? 1 + (q + 1 < n ? out[q + 1] : 0) : 0;
      break;
    case Kind::And:
    case Kind::Or:
      for (std::size_t q = 0; q < n; ++q) {
        bool v = in.kind == Kind::And;
        for (const auto& k : kids) v = in.kind == Kind::And ? v && k[q] != 0 : v || k[q] != 0;
        out[q] = v;
      }
      break;
    case Kind::Not:
      for (std::size_t q = 0; q < n; ++q) out[q] = kids[0][q] == 0;
      break;
    case Kind::Compare:
      for (std::size_t q = 0; q < n; ++q) out[q] = compare(kids[0][q], in.relation, kids[1][q]);
      break;
    case Kind::InRange:
      for (std::size_t q = 0; q < n; ++q)
        out[q] = (kids[0][q] >= in.low && kids[0][q] <= in.high) == (in.relation == Relation::Equal);
      break;
    default: assert(false); break;
  }
  return out;
}

}  // namespace

GameMatches matches_of(const Program& p, std::vector<std::vector<double>>& leaves, int plies) {
  GameMatches m;
  const std::vector<double> holds = series(p, p.root, leaves, plies);
  for (std::size_t q = 0; q < holds.size(); ++q)
    if (holds[q] != 0) m.plies.push_back(static_cast<int>(q));
  if (p.sort_value && m.matched()) {
    const std::vector<double> value = series(p, *p.sort_value, leaves, plies);
    for (int q : m.plies) {
      const double v = value[static_cast<std::size_t>(q)];
      if (!m.value || (p.highest ? v > *m.value : v < *m.value)) {
        m.value = v;
        m.value_ply = q;
      }
    }
  }
  return m;
}

}  // namespace gibo::pattern
