// The precomputed movement tables and Zobrist keys, built once at start-up (tables.h).
#include "tables.h"

namespace gibo::detail {
namespace {

constexpr int kDf[4] = {0, 0, 1, -1};
constexpr int kDr[4] = {1, -1, 0, 0};

// Points of the drawn palace X: the four corners and the centre.
bool on_palace_diagonal(int f, int r) {
  const bool palace_file = f == 3 || f == 5;
  const bool corner_rank = r == 0 || r == 2 || r == 7 || r == 9;
  const bool centre = f == 4 && (r == 1 || r == 8);
  return (palace_file && corner_rank) || centre;
}

bool in_palace_fr(int f, int r) { return f >= 3 && f <= 5 && (r <= 2 || r >= 7); }
bool same_palace(int r1, int r2) { return (r1 <= 2) == (r2 <= 2); }

// splitmix64: a fixed, well-mixed sequence for the Zobrist keys.
std::uint64_t next_random(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Orthogonal rays from square s (file f, rank r).
void add_rays(Tables& t, int s, int f, int r) {
  for (int d = 0; d < 4; ++d) {
    Ray& ray = t.rays[s][d];
    for (int ff = f + kDf[d], rr = r + kDr[d]; on_board(ff, rr); ff += kDf[d], rr += kDr[d])
      ray.sq[ray.len++] = make_square(ff, rr);
  }
}

// Palace diagonals and palace steps from square s.
void add_palace_moves(Tables& t, int s, int f, int r) {
  if (!in_palace_fr(f, r)) return;
  if (on_palace_diagonal(f, r)) {
    for (int df : {-1, 1})
      for (int dr : {-1, 1}) {
        const int f1 = f + df, r1 = r + dr;
        if (!on_board(f1, r1) || !in_palace_fr(f1, r1) || !same_palace(r, r1) || !on_palace_diagonal(f1, r1))
          continue;
        DiagLine line;
        line.a = make_square(f1, r1);
        line.len = 1;
        const int f2 = f1 + df, r2 = r1 + dr;
        if (on_board(f2, r2) && in_palace_fr(f2, r2) && same_palace(r, r2)) {
          line.b = make_square(f2, r2);
          line.len = 2;
        }
        t.diag[s].push(line);
        t.palace_steps[s].push(line.a);
      }
  }
  for (int d = 0; d < 4; ++d) {
    const int f1 = f + kDf[d], r1 = r + kDr[d];
    if (on_board(f1, r1) && in_palace_fr(f1, r1) && same_palace(r, r1)) t.palace_steps[s].push(make_square(f1, r1));
  }
}

// Horse: one orthogonal step, then one diagonal step outward. Elephant: one orthogonal
// step, then two diagonal steps outward.
void add_horse_and_elephant_moves(Tables& t, int s, int f, int r) {
  for (int d = 0; d < 4; ++d) {
    const int lf = f + kDf[d], lr = r + kDr[d];
    if (!on_board(lf, lr)) continue;
    for (int side : {-1, 1}) {
      // outward diagonal: the orthogonal direction plus a perpendicular unit
      const int tf = lf + kDf[d] + (kDf[d] == 0 ? side : 0);
      const int tr = lr + kDr[d] + (kDr[d] == 0 ? side : 0);
      if (!on_board(tf, tr)) continue;
      t.horse[s].push({make_square(lf, lr), make_square(tf, tr)});
    }
  }
  for (int d = 0; d < 4; ++d) {
    const int lf = f + kDf[d], lr = r + kDr[d];
    if (!on_board(lf, lr)) continue;
    for (int side : {-1, 1}) {
      const int pf = kDf[d] == 0 ? side : 0, pr = kDr[d] == 0 ? side : 0;
      const int mf = lf + kDf[d] + pf, mr = lr + kDr[d] + pr;
      const int tf = mf + kDf[d] + pf, tr = mr + kDr[d] + pr;
      if (!on_board(tf, tr)) continue;
      t.elephant[s].push({make_square(lf, lr), make_square(mf, mr), make_square(tf, tr)});
    }
  }
}

// Soldiers: forward and sideways; diagonally forward along the enemy palace lines (the
// palace diagonals of s must be in place).
void add_soldier_moves(Tables& t, int s, int f, int r) {
  for (int side = 0; side < 2; ++side) {
    const int fwd = side == 0 ? 1 : -1;
    auto& list = t.soldier[side][s];
    if (on_board(f, r + fwd)) list.push(make_square(f, r + fwd));
    if (f > 0) list.push(make_square(f - 1, r));
    if (f < kFiles - 1) list.push(make_square(f + 1, r));
    const bool in_enemy_palace = in_palace_fr(f, r) && (side == 0 ? r >= 7 : r <= 2);
    if (in_enemy_palace && on_palace_diagonal(f, r)) {
      for (const DiagLine& line : t.diag[s])
        if (rank_of(line.a) - r == fwd) list.push(line.a);
    }
  }
}

// Reverse tables for attack detection, and what reaches each square (the move tables
// must be complete).
void add_attack_tables(Tables& t) {
  for (int s = 0; s < kSquares; ++s) {
    for (const LegStep& m : t.horse[s]) t.horse_from[m.to].push({m.leg, static_cast<Square>(s)});
    for (const LegStep2& m : t.elephant[s]) t.elephant_from[m.to].push({m.leg1, m.leg2, static_cast<Square>(s)});
    for (int side = 0; side < 2; ++side)
      for (Square to : t.soldier[side][s]) t.soldier_from[side][to].push(static_cast<Square>(s));
  }
  for (int to = 0; to < kSquares; ++to) {
    auto& r = t.reach[to];
    r.fill(0);
    for (const Ray& ray : t.rays[to])
      for (int k = 0; k < ray.len; ++k) r[ray.sq[k]] |= kReachLine;
    for (const DiagLine& line : t.diag[to]) {
      r[line.a] |= kReachLine;
      if (line.len == 2) r[line.b] |= kReachLine;
    }
    for (const LegStep& h : t.horse_from[to]) r[h.leg] |= kReachHorseLeg, r[h.to] |= kReachHorse;
    for (const LegStep2& e : t.elephant_from[to])
      r[e.leg1] |= kReachElephantLeg, r[e.leg2] |= kReachElephantLeg, r[e.to] |= kReachElephant;
    for (Square s : t.soldier_from[0][to]) r[s] |= kReachSoldierCho;
    for (Square s : t.soldier_from[1][to]) r[s] |= kReachSoldierHan;
    for (Square s : t.palace_steps[to]) r[s] |= kReachPalace;
  }
}

}  // namespace

Tables::Tables() {
  for (int s = 0; s < kSquares; ++s) {
    const int f = file_of(static_cast<Square>(s)), r = rank_of(static_cast<Square>(s));
    add_rays(*this, s, f, r);
    add_palace_moves(*this, s, f, r);
    add_horse_and_elephant_moves(*this, s, f, r);
    add_soldier_moves(*this, s, f, r);
  }
  add_attack_tables(*this);
  std::uint64_t seed = 0x6a616e676769ULL;  // "janggi"
  for (auto& per_piece : zobrist)
    for (auto& k : per_piece) k = next_random(seed);
  zobrist_side = next_random(seed);
}

const Tables kTables;

}  // namespace gibo::detail
