// The tree of a pattern checked and compiled (program.h compile): the mirror and the colour
// swap spelled out as the images they add, each node checked for what its place wants (a
// condition, a value, a set), sets of pieces alone or of squares alone folded into one
// node, and what each node needs marked (a position or the whole game; the board or only
// the material).
#include <algorithm>

#include "program.h"

namespace gibo::pattern {

namespace {

using ast::Node;

// ---- the mirror and the colour swap ---------------------------------------------------------
Square image_square(Square s, bool mirror, bool swap) {
  const int f = file_of(s), r = rank_of(s);
  return make_square(mirror ? kFiles - 1 - f : f, swap ? kRanks - 1 - r : r);
}

SquareSet image_squares(const SquareSet& set, bool mirror, bool swap) {
  SquareSet out;
  set.for_each([&](Square s) { out.insert(image_square(s, mirror, swap)); });
  return out;
}

// Cho's pieces' bits (1..7) and Han's (9..15) exchanged.
std::uint16_t swapped_pieces(std::uint16_t bits) {
  return static_cast<std::uint16_t>(((bits & 0x00FE) << 8) | ((bits & 0xFE00) >> 8));
}

// The image of `n` (already without Mirror and Swap inside) in the mirror and/or the swap.
Node image(Node n, bool mirror, bool swap) {
  n.squares = image_squares(n.squares, mirror, swap);
  if (swap) {
    n.pieces = swapped_pieces(n.pieces);
    std::swap(n.army[0], n.army[1]);
    n.side = ~n.side;
  }
  for (Node& k : n.kids) k = image(std::move(k), mirror, swap);
  return n;
}

// `n` with each Mirror and Swap replaced by the Or of what it holds and its image.
Node spelled_out(Node n) {
  for (Node& k : n.kids) k = spelled_out(std::move(k));
  if (n.kind != Kind::Mirror && n.kind != Kind::Swap) return n;
  Node inner = std::move(n.kids.front());
  Node other = image(inner, n.kind == Kind::Mirror, n.kind == Kind::Swap);
  Node either;
  either.kind = Kind::Or;
  either.begin = n.begin;
  either.end = n.end;
  either.kids.push_back(std::move(inner));
  either.kids.push_back(std::move(other));
  return either;
}

// ---- checking and emitting ------------------------------------------------------------------
bool is_value(Kind k) { return k >= Kind::Number && k <= Kind::Count; }
bool is_set(Kind k) { return k >= Kind::Union && k <= Kind::Empty; }

class Compiler {
 public:
  explicit Compiler(Program& p) : p_(p) {}

  Expected<int> condition(const Node& n) {
    if (is_set(n.kind)) {
      const auto set = this->set(n);
      if (!set) return set;
      return add(from(n, Kind::NonEmpty, Type::Condition), {*set});
    }
    if (is_value(n.kind))
      return fail(n, text(n) + " is a value, not a condition: compare it (" + backquoted(source(n) + " >= 1") + ")");
    return emit_condition(n);
  }

  Expected<int> value(const Node& n) {
    if (is_set(n.kind)) {
      const auto set = this->set(n);
      if (!set) return set;
      return add(from(n, Kind::Count, Type::Value), {*set});
    }
    if (!is_value(n.kind)) return fail(n, text(n) + " is a condition, not a value");
    Instr in = from(n, n.kind, Type::Value);
    std::vector<int> kids;
    if (n.kind == Kind::Streak) {
      const auto c = condition(n.kids.at(0));
      if (!c) return c;
      kids.push_back(*c);
      in.local = false;
    }
    return add(std::move(in), kids);
  }

  Expected<int> set(const Node& n) {
    if (!is_set(n.kind)) return fail(n, text(n) + " is not a set of points");
    std::vector<int> kids;
    for (const Node& k : n.kids) {
      const auto s = set(k);
      if (!s) return s;
      kids.push_back(*s);
    }
    Instr in = from(n, n.kind, Type::Set);
    if (const auto folded = fold(in, kids)) return *folded;
    in.board = n.kind != Kind::Pieces && n.kind != Kind::Squares;
    return add(std::move(in), kids);
  }

  Expected<int> optional_set(const Node& n) { return n.kind == Kind::NoSet ? Expected<int>(-1) : set(n); }

 private:
  Expected<int> emit_condition(const Node& n) {
    Instr in = from(n, n.kind, Type::Condition);
    std::vector<int> kids;
    switch (n.kind) {
      case Kind::Then:
        for (std::size_t k = 0; k < n.kids.size(); ++k) {
          const Node& step = k == 0 ? n.kids[k] : n.kids[k].kids.at(0);
          const auto c = condition(step);
          if (!c) return c;
          kids.push_back(*c);
          if (k > 0 && n.kids[k].number == 0)
            return fail(n.kids[k], "a step `within 0` plies is no later step: give a distance of 1 or more");
          if (k > 0) in.within.push_back(std::max(0, static_cast<int>(n.kids[k].number)));
        }
        in.local = false;
        break;
      case Kind::Or:
      case Kind::And:
      case Kind::Not:
        for (const Node& k : n.kids) {
          const auto c = condition(k);
          if (!c) return c;
          kids.push_back(*c);
        }
        break;
      case Kind::Compare:
      case Kind::InRange:
        for (const Node& k : n.kids) {
          const auto v = value(k);
          if (!v) return v;
          kids.push_back(*v);
        }
        break;
      case Kind::Signature: in.army = signature_army(n); break;
      case Kind::Move:
      case Kind::Capture:
        for (const Node& k : n.kids) {
          const auto s = optional_set(k);
          if (!s) return s;
          kids.push_back(*s);
        }
        in.slot = static_cast<int>(p_.move_atoms.size());
        in.board = true;
        break;
      case Kind::Check:
      case Kind::Mate:
      case Kind::Stalemate:
      case Kind::Bikjang:
      case Kind::Pass: in.board = true; break;
      default: break;
    }
    const int i = add(std::move(in), kids);
    if (p_.code[static_cast<std::size_t>(i)].slot >= 0) p_.move_atoms.push_back(i);
    return i;
  }

  // A signature's counts, with the kinds it leaves free (-1): the generals always, the
  // advisors and soldiers unless it names one of them for either side.
  static std::array<std::array<std::int8_t, kPieceTypeCount>, 2> signature_army(const Node& n) {
    auto army = n.army;
    for (auto& side : army) side[static_cast<int>(PieceType::General)] = -1;
    for (PieceType t : {PieceType::Advisor, PieceType::Soldier})
      if (army[0][static_cast<int>(t)] == 0 && army[1][static_cast<int>(t)] == 0)
        army[0][static_cast<int>(t)] = army[1][static_cast<int>(t)] = -1;
    return army;
  }

  // Sets of pieces alone, or of squares alone, as one node.
  std::optional<int> fold(const Instr& in, const std::vector<int>& kids) {
    const auto all = [&](Kind k) {
      return !kids.empty() && std::all_of(kids.begin(), kids.end(), [&](int i) { return p_.code[static_cast<std::size_t>(i)].kind == k; });
    };
    if (in.kind != Kind::Union && in.kind != Kind::Intersection && in.kind != Kind::Complement) return std::nullopt;
    const bool intersect = in.kind == Kind::Intersection;
    if (all(Kind::Squares)) {
      Instr out = in;
      out.kind = Kind::Squares;
      out.squares = intersect ? SquareSet::all() : SquareSet();
      for (int i : kids) {
        const SquareSet& s = p_.code[static_cast<std::size_t>(i)].squares;
        out.squares = intersect ? out.squares & s : out.squares | s;
      }
      if (in.kind == Kind::Complement) out.squares = ~p_.code[static_cast<std::size_t>(kids[0])].squares;
      return add(std::move(out), {});
    }
    if (in.kind != Kind::Complement && all(Kind::Pieces)) {
      Instr out = in;
      out.kind = Kind::Pieces;
      out.pieces = intersect ? 0xFFFF : 0;
      for (int i : kids) {
        const std::uint16_t b = p_.code[static_cast<std::size_t>(i)].pieces;
        out.pieces = static_cast<std::uint16_t>(intersect ? out.pieces & b : out.pieces | b);
      }
      return add(std::move(out), {});
    }
    return std::nullopt;
  }

  static Instr from(const Node& n, Kind kind, Type type) {
    Instr in;
    static_cast<ast::Literal&>(in) = n;
    in.kind = kind;
    in.type = type;
    return in;
  }

  int add(Instr in, const std::vector<int>& kids) {
    in.kids = kids;
    for (int k : kids) {
      if (k < 0) continue;
      const Instr& kid = p_.code[static_cast<std::size_t>(k)];
      in.local = in.local && kid.local;
      in.board = in.board || kid.board;
    }
    p_.code.push_back(std::move(in));
    return static_cast<int>(p_.code.size()) - 1;
  }

  std::string source(const Node& n) const { return p_.text.substr(n.begin, n.end - n.begin); }
  std::string text(const Node& n) const { return backquoted(source(n)); }
  Error fail(const Node& n, const std::string& what) const {
    return Error{"column " + std::to_string(column_of(p_.text, n.begin)) + ": " + what};
  }

 private:
  Program& p_;
};

// Numbers the local nodes a sequence, a streak or the program reads (their values are kept
// at every ply), from `i` down.
void number_leaves(Program& p, int i) {
  Instr& in = p.code[static_cast<std::size_t>(i)];
  if (in.local) {
    if (std::find(p.leaves.begin(), p.leaves.end(), i) == p.leaves.end()) p.leaves.push_back(i);
    return;
  }
  for (int k : in.kids)
    if (k >= 0) number_leaves(p, k);
}

}  // namespace

int leaf_slot(const Program& p, int i) {
  const auto it = std::find(p.leaves.begin(), p.leaves.end(), i);
  return it == p.leaves.end() ? -1 : static_cast<int>(it - p.leaves.begin());
}

Expected<Program> compile(const ast::Pattern& tree, std::string text) {
  Program p;
  p.text = std::move(text);
  Compiler c(p);
  const auto root = c.condition(spelled_out(tree.condition));
  if (!root) return root.error();
  p.root = *root;
  if (tree.sorted) {
    const auto value = c.value(spelled_out(tree.sort.value));
    if (!value) return value.error();
    p.sort_value = *value;
    p.highest = tree.sort.highest;
  }
  for (const Instr& in : p.code) p.board = p.board || in.board;
  number_leaves(p, p.root);
  if (p.sort_value) number_leaves(p, *p.sort_value);
  if (auto never = never_matches(p)) return *never;
  return p;
}

}  // namespace gibo::pattern
