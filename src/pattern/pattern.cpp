// gibo::pattern::Pattern (pattern.h): parsing and compiling once, then matching games by
// replaying them (every ply's position a Frame), or from their material signatures alone.
#include "gibo/pattern/pattern.h"

#include "program.h"

namespace gibo::pattern {

namespace {

// Each leaf's value at the frame, at ply f.ply.
void record_leaves(const Program& p, const Frame& f, std::vector<std::vector<double>>& leaves) {
  for (std::size_t k = 0; k < p.leaves.size(); ++k) {
    const int i = p.leaves[k];
    const Instr& in = p.code[static_cast<std::size_t>(i)];
    leaves[k][static_cast<std::size_t>(f.ply)] = in.type == Type::Condition ? (truth(p, i, f) ? 1.0 : 0.0) : amount(p, i, f);
  }
}

std::vector<std::vector<double>> leaf_rows(const Program& p, int plies) {
  return std::vector<std::vector<double>>(p.leaves.size(), std::vector<double>(static_cast<std::size_t>(plies) + 1, 0.0));
}

}  // namespace

Pattern::Pattern(std::shared_ptr<const Program> program) : program_(std::move(program)) {}

Expected<Pattern> Pattern::parse(std::string_view text) {
  const auto tree = parse_tree(text);
  if (!tree) return tree.error();
  auto program = compile(*tree, std::string(text));
  if (!program) return program.error();
  return Pattern(std::make_shared<const Program>(std::move(*program)));
}

const std::string& Pattern::text() const { return program_->text; }
bool Pattern::reads_board() const { return program_->board; }
bool Pattern::sorted() const { return program_->sort_value.has_value(); }
bool Pattern::highest_first() const { return program_->highest; }

GameMatches Pattern::match(const Position& start, std::span<const Move> moves) const {
  const Program& p = *program_;
  const int plies = static_cast<int>(moves.size());
  auto leaves = leaf_rows(p, plies);
  Position pos = start;
  PieceCounts counts = piece_counts(start);
  std::vector<char> moved(p.move_atoms.size(), 0), next;
  Frame f;
  f.position = &pos;
  f.counts = &counts;
  f.moved = &moved;
  for (int ply = 0;; ++ply) {
    f.ply = ply;
    f.final = ply == plies;
    f.to_move = pos.side_to_move();
    f.last = ply > 0 ? moves[static_cast<std::size_t>(ply - 1)] : Move::none();
    record_leaves(p, f, leaves);
    if (ply == plies) break;
    const Move m = moves[static_cast<std::size_t>(ply)];
    if (!p.move_atoms.empty()) judge_move(p, f, m, next);
    pos.do_move(m);
    if (const Piece taken = pos.state().captured; taken != Piece::None)
      --counts[static_cast<std::size_t>(index(side_of(taken)))][static_cast<std::size_t>(type_of(taken))];
    moved.swap(next);
  }
  return matches_of(p, leaves, plies);
}

GameMatches Pattern::match(const MaterialSignature& signature) const {
  const Program& p = *program_;
  auto leaves = leaf_rows(p, signature.plies);
  PieceCounts counts = signature.start;
  Frame f;
  f.counts = &counts;
  std::size_t c = 0;
  for (int ply = 0; ply <= signature.plies; ++ply) {
    for (; c < signature.captures.size() && signature.captures[c].ply <= ply; ++c) {
      const Piece taken = signature.captures[c].piece;
      auto& n = counts[static_cast<std::size_t>(index(side_of(taken)))][static_cast<std::size_t>(type_of(taken))];
      if (n > 0) --n;
    }
    f.ply = ply;
    f.final = ply == signature.plies;
    f.to_move = ply % 2 == 0 ? signature.to_move : ~signature.to_move;
    record_leaves(p, f, leaves);
  }
  return matches_of(p, leaves, signature.plies);
}

bool Pattern::may_match(const MaterialSignature& signature) const { return pattern::may_match(*program_, signature); }

}  // namespace gibo::pattern
