// What a pattern's nodes can be where only bounds are known (program.h never_matches,
// may_match): each condition never, maybe or always true, each value within an interval,
// each set between the points it must and may hold — over every position gibo accepts (a
// general a side at most, generals and advisors in their own palace, sixteen pieces a
// side), or over a stretch of a game between two captures, whose material its signature
// gives exactly. Sound: "never" is said only of what cannot hold.
#include <algorithm>
#include <cstdio>
#include <span>

#include "program.h"

namespace gibo::pattern {

namespace {

constexpr double kUnbounded = 1e18;

struct Interval {
  double lo = 0, hi = 0;
};
struct SetBound {
  SquareSet may, must;
  Interval count;
};

// What is known of the positions of one stretch of plies.
struct Stretch {
  std::array<Interval, kPieceCount> count{};  // by piece code
  Interval ply{0, kUnbounded};
  Tri final = Tri::Maybe;
  std::optional<Side> to_move;
  double remaining = kUnbounded;  // plies from the stretch's first to the game's end, that one included
};

// Where a piece may stand: generals and advisors in their own palace.
SquareSet where(int code) {
  const auto type = static_cast<PieceType>(code & 7);
  const auto side = static_cast<Side>(code >> 3);
  if (type != PieceType::General && type != PieceType::Advisor) return SquareSet::all();
  SquareSet out;
  for (int s = 0; s < kSquares; ++s)
    if (in_palace(side, static_cast<Square>(s))) out.insert(static_cast<Square>(s));
  return out;
}

Tri invert(Tri t) { return t == Tri::Never ? Tri::Always : t == Tri::Always ? Tri::Never : Tri::Maybe; }

Tri compared(Interval a, Relation r, Interval b) {
  switch (r) {
    case Relation::Less: return a.hi < b.lo ? Tri::Always : a.lo >= b.hi ? Tri::Never : Tri::Maybe;
    case Relation::LessEqual: return a.hi <= b.lo ? Tri::Always : a.lo > b.hi ? Tri::Never : Tri::Maybe;
    case Relation::Greater: return compared(b, Relation::Less, a);
    case Relation::GreaterEqual: return compared(b, Relation::LessEqual, a);
    case Relation::Equal:
      if (a.lo == a.hi && b.lo == b.hi && a.lo == b.lo) return Tri::Always;
      return a.hi < b.lo || b.hi < a.lo ? Tri::Never : Tri::Maybe;
    case Relation::NotEqual: return invert(compared(a, Relation::Equal, b));
  }
  return Tri::Maybe;
}

class Bounds {
 public:
  Bounds(const Program& p, std::span<const Stretch> stretches) : p_(p), stretches_(stretches) {}

  Tri tri(int i, std::size_t k) const {
    const Instr& in = at(i);
    switch (in.kind) {
      case Kind::Or: {
        Tri t = Tri::Never;
        for (int kid : in.kids) t = std::max(t, tri(kid, k));
        return t;
      }
      case Kind::And: {
        Tri t = Tri::Always;
        for (int kid : in.kids) t = std::min(t, tri(kid, k));
        return t;
      }
      case Kind::Not: return invert(tri(in.kids[0], k));
      case Kind::Then: return then(in, k);
      case Kind::Signature: return signature(in, k);
      case Kind::Compare: return compared(interval(in.kids[0], k), in.relation, interval(in.kids[1], k));
      case Kind::InRange: {
        const Tri inside = std::min(compared(interval(in.kids[0], k), Relation::GreaterEqual, {in.low, in.low}),
                                    compared(interval(in.kids[0], k), Relation::LessEqual, {in.high, in.high}));
        return in.relation == Relation::Equal ? inside : invert(inside);
      }
      case Kind::NonEmpty: {
        const SetBound s = set(in.kids[0], k);
        return s.count.hi < 1 || s.may.empty() ? Tri::Never : s.count.lo >= 1 ? Tri::Always : Tri::Maybe;
      }
      case Kind::Final: return stretches_[k].final;
      case Kind::ToMove:
        return !stretches_[k].to_move ? Tri::Maybe : *stretches_[k].to_move == in.side ? Tri::Always : Tri::Never;
      default: return Tri::Maybe;  // check, mate, facing, moves: the board decides
    }
  }

  Interval interval(int i, std::size_t k) const {
    const Instr& in = at(i);
    const Stretch& s = stretches_[k];
    switch (in.kind) {
      case Kind::Number: return {in.number, in.number};
      case Kind::Count: return set(in.kids[0], k).count;
      case Kind::Material: return material(in.side, s);
      case Kind::Points: {
        const Interval m = material(in.side, s);
        const double deom = in.side == Side::Han ? 1.5 : 0.0;
        return {m.lo + deom, m.hi + deom};
      }
      case Kind::Balance: {
        const Interval a = material(in.side, s), b = material(~in.side, s);
        return {a.lo - b.hi, a.hi - b.lo};
      }
      case Kind::Ply: return s.ply;
      case Kind::Streak: {
        const Tri t = tri(in.kids[0], k);
        if (t == Tri::Never) return {0, 0};
        return {t == Tri::Always ? 1.0 : 0.0, s.remaining};
      }
      default: {
        const Tri t = tri(i, k);
        return {t == Tri::Always ? 1.0 : 0.0, t == Tri::Never ? 0.0 : 1.0};
      }
    }
  }

  SetBound set(int i, std::size_t k) const {
    const Instr& in = at(i);
    switch (in.kind) {
      case Kind::Squares: return {in.squares, in.squares, {double(in.squares.size()), double(in.squares.size())}};
      case Kind::Pieces: return pieces(in.pieces, k);
      case Kind::Empty: {
        const SetBound all = pieces(0xFEFE, k);
        return {SquareSet::all(), SquareSet(), {std::max(0.0, kSquares - all.count.hi), kSquares - all.count.lo}};
      }
      case Kind::Union: {
        SetBound out = set(in.kids[0], k);
        for (std::size_t n = 1; n < in.kids.size(); ++n) {
          const SetBound b = set(in.kids[n], k);
          out.may |= b.may;
          out.must |= b.must;
          out.count = {std::max({out.count.lo, b.count.lo, double(out.must.size())}),
                       std::min(out.count.hi + b.count.hi, double(out.may.size()))};
        }
        return out;
      }
      case Kind::Intersection: {
        SetBound out = set(in.kids[0], k);
        for (std::size_t n = 1; n < in.kids.size(); ++n) out = meet(out, set(in.kids[n], k));
        return out;
      }
      case Kind::Complement: {
        const SetBound a = set(in.kids[0], k);
        return {~a.must, ~a.may, {kSquares - a.count.hi, kSquares - a.count.lo}};
      }
      case Kind::Screen: {
        const SetBound a = set(in.kids[0], k);
        return {SquareSet::all(), SquareSet(), {0, std::min(double(kSquares), 4 * a.count.hi)}};
      }
      default: {  // attacks, defends, pinned: some of their first set
        const SetBound a = set(in.kids[0], k);
        return {a.may, SquareSet(), {0, a.count.hi}};
      }
    }
  }

 private:
  const Instr& at(int i) const { return p_.code[static_cast<std::size_t>(i)]; }

  // Each step in a stretch no earlier than the previous one's.
  Tri then(const Instr& in, std::size_t k) const {
    if (tri(in.kids[0], k) == Tri::Never) return Tri::Never;
    std::size_t from = k;
    for (std::size_t step = 1; step < in.kids.size(); ++step) {
      while (from < stretches_.size() && tri(in.kids[step], from) == Tri::Never) ++from;
      if (from == stretches_.size()) return Tri::Never;
    }
    return Tri::Maybe;
  }

  Tri signature(const Instr& in, std::size_t k) const {
    Tri t = Tri::Always;
    for (int side = 0; side < 2; ++side)
      for (int type = 1; type < kPieceTypeCount; ++type) {
        const int want = in.army[static_cast<std::size_t>(side)][static_cast<std::size_t>(type)];
        if (want < 0) continue;
        const Interval c = stretches_[k].count[static_cast<std::size_t>(side * 8 + type)];
        t = std::min(t, compared(c, Relation::Equal, {double(want), double(want)}));
      }
    return t;
  }

  static Interval material(Side side, const Stretch& s) {
    Interval m;
    for (int type = 1; type < kPieceTypeCount; ++type) {
      const Interval c = s.count[static_cast<std::size_t>(index(side) * 8 + type)];
      m.lo += c.lo * material_value(static_cast<PieceType>(type));
      m.hi += c.hi * material_value(static_cast<PieceType>(type));
    }
    return m;
  }

  SetBound pieces(std::uint16_t bits, std::size_t k) const {
    SetBound out;
    for (int code = 0; code < kPieceCount; ++code) {
      if (!(bits & (1u << code))) continue;
      const Interval c = stretches_[k].count[static_cast<std::size_t>(code)];
      out.count.lo += c.lo;
      out.count.hi += c.hi;
      if (c.hi > 0) out.may |= where(code);
    }
    out.count.hi = std::min(out.count.hi, double(out.may.size()));
    return out;
  }

  // The bounds of a ∩ b: a itself when b must hold all a may.
  static SetBound meet(const SetBound& a, const SetBound& b) {
    if ((a.may & b.must) == a.may) return a;
    if ((b.may & a.must) == b.may) return b;
    SetBound out{a.may & b.may, a.must & b.must, {}};
    out.count = {double(out.must.size()), std::min({a.count.hi, b.count.hi, double(out.may.size())})};
    return out;
  }

  const Program& p_;
  std::span<const Stretch> stretches_;
};

// Every position gibo accepts.
Stretch any_position() {
  Stretch s;
  for (int code = 0; code < kPieceCount; ++code) {
    const auto type = static_cast<PieceType>(code & 7);
    s.count[static_cast<std::size_t>(code)] = {0, type == PieceType::None ? 0.0 : type == PieceType::General ? 1.0 : 16.0};
  }
  return s;
}

std::string shown(double v) {
  if (v >= kUnbounded) return "any";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, v == static_cast<long long>(v) ? "%.0f" : "%.1f", v);
  return buffer;
}

// Why node `i`, which cannot hold, cannot: the first part of it that cannot.
std::string why_never(const Program& p, const Bounds& b, int i) {
  const Instr& in = p.code[static_cast<std::size_t>(i)];
  const auto text = [&](const Instr& n) { return backquoted(std::string_view(p.text).substr(n.begin, n.end - n.begin)); };
  const std::string where = " (column " + std::to_string(column_of(p.text, in.begin)) + ")";
  if (in.kind == Kind::And || in.kind == Kind::Then || in.kind == Kind::Or)
    for (int kid : in.kids)
      if (b.tri(kid, 0) == Tri::Never) return why_never(p, b, kid);
  if (in.kind == Kind::NonEmpty) return text(in) + where + " is always empty";
  if (in.kind == Kind::Compare || in.kind == Kind::InRange) {
    const Instr& left = p.code[static_cast<std::size_t>(in.kids[0])];
    const Interval v = b.interval(in.kids[0], 0);
    return text(in) + where + " can never hold: " + text(left) + " is " +
           (v.lo == v.hi ? shown(v.lo) : std::string("from ").append(shown(v.lo)).append(" to ").append(shown(v.hi)));
  }
  return text(in) + where + " can never hold";
}

}  // namespace

std::optional<Error> never_matches(const Program& p) {
  const Stretch any[1] = {any_position()};
  const Bounds b(p, any);
  if (b.tri(p.root, 0) != Tri::Never) return std::nullopt;
  return Error{"the pattern can never match: " + why_never(p, b, p.root)};
}

bool may_match(const Program& p, const MaterialSignature& s) {
  std::vector<Stretch> stretches;
  PieceCounts counts = s.start;
  std::size_t c = 0;
  for (int first = 0; first <= s.plies;) {
    while (c < s.captures.size() && s.captures[c].ply <= first) {
      const auto code = static_cast<int>(s.captures[c].piece);
      auto& n = counts[static_cast<std::size_t>(code >> 3)][static_cast<std::size_t>(code & 7)];
      if (n > 0) --n;
      ++c;
    }
    const int last = std::max(first, c < s.captures.size() ? std::min(s.captures[c].ply - 1, s.plies) : s.plies);
    Stretch st;
    for (int code = 0; code < kPieceCount; ++code) {
      const double n = counts[static_cast<std::size_t>(code >> 3)][static_cast<std::size_t>(code & 7)];
      st.count[static_cast<std::size_t>(code)] = {n, n};
    }
    st.ply = {double(first), double(last)};
    st.final = last < s.plies ? Tri::Never : first == last ? Tri::Always : Tri::Maybe;
    if (first == last) st.to_move = first % 2 == 0 ? s.to_move : ~s.to_move;
    st.remaining = s.plies - first + 1;
    stretches.push_back(st);
    first = last + 1;
  }
  const Bounds b(p, stretches);
  for (std::size_t k = 0; k < stretches.size(); ++k)
    if (b.tri(p.root, k) != Tri::Never) return true;
  return false;
}

}  // namespace gibo::pattern
