// The opening namer and its book (gibo/record/opening.h): set-up names, formation
// predicates evaluated on a board of its own walked through the first plies, named lines
// found by the board's key (the Zobrist key Position gives) and confirmed by the board.
#include "gibo/record/opening.h"

#include <algorithm>
#include <cstdlib>

namespace gibo {
namespace {

using Board = std::array<Piece, kSquares>;

std::uint64_t board_key(const Board& b, Side to_move) {
  std::uint64_t k = to_move == Side::Han ? zobrist_side_key() : 0;
  for (int s = 0; s < kSquares; ++s)
    if (b[static_cast<std::size_t>(s)] != Piece::None) k ^= zobrist_key(b[static_cast<std::size_t>(s)], static_cast<Square>(s));
  return k;
}

// Could a horse on `from` move to `to` (a horse's step away, its leg free)?
bool horse_reaches(const Board& b, Square from, Square to) {
  const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
  const int af = std::abs(df), ar = std::abs(dr);
  if (!((af == 1 && ar == 2) || (af == 2 && ar == 1))) return false;
  // The leg: one orthogonal step along the longer direction.
  const Square leg = af == 2 ? make_square(file_of(from) + df / 2, rank_of(from))
                             : make_square(file_of(from), rank_of(from) + dr / 2);
  return b[leg] == Piece::None;
}

// A side's horses (at most two, as a side has; a custom start is never walked).
struct Horses {
  std::array<Square, 2> at{kNoSquare, kNoSquare};
  int n = 0;
  void add(Square s) {
    if (n < 2) at[static_cast<std::size_t>(n++)] = s;
  }
  void remove(Square s) {
    for (int i = 0; i < n; ++i)
      if (at[static_cast<std::size_t>(i)] == s) {
        at[static_cast<std::size_t>(i)] = at[static_cast<std::size_t>(n - 1)];
        --n;
        return;
      }
  }
  void moved(Square from, Square to) {
    for (int i = 0; i < n; ++i)
      if (at[static_cast<std::size_t>(i)] == from) at[static_cast<std::size_t>(i)] = to;
  }
};

// Where each piece stands: one set of points a piece (side and kind), kept by the walk.
struct PiecePoints {
  std::array<OpeningBook::Points, kPieceCount> of{};
  void flip(Piece p, Square s) {
    OpeningBook::Points& m = of[static_cast<std::size_t>(p)];
    (s < 64 ? m.low : m.high) ^= std::uint64_t{1} << (s & 63);
  }
};

// What the walk keeps of a position: the board, where each piece stands, each side's horses.
struct WalkBoard {
  Board board{};
  PiecePoints at;
  std::array<Horses, 2> horses;
};

// A position as the walk keeps it.
WalkBoard walk_board(const Position& pos) {
  WalkBoard w;
  for (int s = 0; s < kSquares; ++s) {
    const Piece p = pos.piece_on(static_cast<Square>(s));
    w.board[static_cast<std::size_t>(s)] = p;
    if (p == Piece::None) continue;
    w.at.flip(p, static_cast<Square>(s));
    if (type_of(p) == PieceType::Horse) w.horses[static_cast<std::size_t>(index(side_of(p)))].add(static_cast<Square>(s));
  }
  return w;
}

// The start of each set-up pair, Cho to move (Position's own set-up), as the walk keeps it.
const WalkBoard& start_of(Setup cho, Setup han) {
  static const std::array<WalkBoard, 16> starts = [] {
    std::array<WalkBoard, 16> out{};
    Position pos;
    for (Setup c : kAllSetups)
      for (Setup h : kAllSetups) {
        pos.set_setups(c, h);
        out[static_cast<std::size_t>(static_cast<int>(c) * 4 + static_cast<int>(h))] = walk_board(pos);
      }
    return out;
  }();
  return starts[static_cast<std::size_t>(static_cast<int>(cho) * 4 + static_cast<int>(han))];
}

bool holds(const FormationRule& r, const OpeningBook::Compiled& c, const Board& b, const PiecePoints& at, Side side,
           const Horses& horses) {
  for (const OpeningBook::Compiled::Condition& k : c.conditions[static_cast<std::size_t>(index(side))])
    if (!at.of[static_cast<std::size_t>(k.piece)].meets(k.points)) return false;
  if (r.horses_guard_each_other &&
      !(horses.n == 2 && horse_reaches(b, horses.at[0], horses.at[1]) && horse_reaches(b, horses.at[1], horses.at[0])))
    return false;
  return true;
}

// How many pieces of a kind a side starts with.
int piece_count(PieceType t) {
  constexpr int counts[kPieceTypeCount] = {0, 1, 2, 2, 2, 2, 2, 5};
  return counts[static_cast<int>(t)];
}

// Why no position of a side can meet the rule's conditions; nullopt when one can.
std::optional<std::string> why_unreachable(const FormationRule& r) {
  std::array<std::vector<Square>, kPieceTypeCount> single;  // points of one-point conditions, per kind
  for (const FormationRule::PieceOn& c : r.pieces) {
    const bool palace_bound = c.type == PieceType::General || c.type == PieceType::Advisor;
    const bool possible = std::any_of(c.points.begin(), c.points.end(), [&](Square p) {
      if (palace_bound) return in_palace(Side::Cho, p);
      if (c.type == PieceType::Soldier) return rank_of(p) >= 3;  // soldiers never step back
      return true;
    });
    if (!possible)
      return std::string("no ") + (c.type == PieceType::General   ? "general"
                                   : c.type == PieceType::Advisor ? "advisor"
                                                                  : "soldier") +
             " of a side can stand on " + (c.points.size() == 1 ? "that point" : "any of those points");
    if (c.points.size() == 1) {
      auto& v = single[static_cast<std::size_t>(c.type)];
      if (std::find(v.begin(), v.end(), c.points[0]) == v.end()) v.push_back(c.points[0]);
    }
  }
  for (int t = 1; t < kPieceTypeCount; ++t)
    if (static_cast<int>(single[static_cast<std::size_t>(t)].size()) > piece_count(static_cast<PieceType>(t)))
      return "it needs more pieces of one kind on distinct points than a side has";
  if (r.horses_guard_each_other && single[static_cast<std::size_t>(PieceType::Horse)].size() == 2) {
    const auto& h = single[static_cast<std::size_t>(PieceType::Horse)];
    Board empty{};
    if (!horse_reaches(empty, h[0], h[1])) return "the two horse points are not a horse's move apart";
  }
  return std::nullopt;
}

constexpr SetupName kSetupNames[4] = {
    {"안상", "inner elephants", false},   // HEEH 마상상마
    {"바깥상", "outer elephants", false},  // EHHE 상마마상
    {"오른상", "right set-up", true},      // HEHE 마상마상
    {"왼상", "left set-up", true},         // EHEH 상마상마
};

}  // namespace

std::string_view setup_text(Setup s) {
  constexpr std::string_view texts[4] = {"마상상마", "상마마상", "마상마상", "상마상마"};
  return texts[static_cast<int>(s)];
}

// ---------------------------------------------------------------------------
// Set-up names

Setup own_view(Setup absolute, Side side) {
  if (side == Side::Cho) return absolute;
  switch (absolute) {
    case Setup::HEHE: return Setup::EHEH;
    case Setup::EHEH: return Setup::HEHE;
    default: return absolute;
  }
}

const SetupName& setup_name(Setup own) { return kSetupNames[static_cast<int>(own)]; }

ElephantPair elephant_pair(Setup cho, Setup han) {
  const auto asymmetric = [](Setup s) { return s == Setup::HEHE || s == Setup::EHEH; };
  if (!asymmetric(cho) || !asymmetric(han)) return ElephantPair::None;
  return cho != han ? ElephantPair::Matsang : ElephantPair::Eotsang;
}

std::string_view elephant_pair_korean(ElephantPair p) {
  return p == ElephantPair::Matsang ? "맞상" : p == ElephantPair::Eotsang ? "엇상" : "";
}
std::string_view elephant_pair_english(ElephantPair p) {
  return p == ElephantPair::Matsang ? "facing elephants" : p == ElephantPair::Eotsang ? "offset elephants" : "";
}

// ---------------------------------------------------------------------------
// The book

std::optional<Error> OpeningBook::code_taken(std::string_view code) const {
  if (!formation(code) && !line(code)) return std::nullopt;
  std::string message = "the code ";
  message.append(code).append(" is already in the book");
  return Error{std::move(message)};
}

const FormationRule* OpeningBook::formation(std::string_view code) const {
  for (const FormationRule& f : formations_)
    if (f.code == code) return &f;
  return nullptr;
}

const LineRule* OpeningBook::line(std::string_view code) const {
  const auto it = line_by_code_.find(std::string(code));
  return it == line_by_code_.end() ? nullptr : &lines_[static_cast<std::size_t>(it->second)];
}

OpeningBook::Added OpeningBook::add_formation(FormationRule rule) {
  Added out;
  if ((out.error = code_taken(rule.code))) return out;
  if (formations_.size() >= kMaxFormations) {
    out.error = Error{"a book holds at most " + std::to_string(kMaxFormations) + " formations"};
    return out;
  }
  if (rule.pieces.empty() && !rule.horses_guard_each_other) {
    out.error = Error{"a formation needs a condition on pieces (PIECE on POINT, horses guard each other)"};
    return out;
  }
  if ((rule.setups & 0x0F) == 0) {
    out.error = Error{"a formation needs at least one set-up"};
    return out;
  }
  for (const FormationRule::PieceOn& c : rule.pieces)
    if (c.type == PieceType::None || c.points.empty() ||
        std::any_of(c.points.begin(), c.points.end(), [](Square p) { return p >= kSquares; })) {
      out.error = Error{"a piece condition needs a piece and points on the board"};
      return out;
    }
  out.unreachable = why_unreachable(rule);
  Compiled c;
  for (Side side : {Side::Cho, Side::Han})
    for (const FormationRule::PieceOn& on : rule.pieces) {
      Compiled::Condition k;
      k.piece = make_piece(side, on.type);
      for (Square p : on.points) k.points.add(own_point(p, side));
      c.conditions[static_cast<std::size_t>(index(side))].push_back(k);
    }
  const std::uint64_t bit = std::uint64_t{1} << formations_.size();
  for (const FormationRule::PieceOn& on : rule.pieces) with_type_[static_cast<std::size_t>(on.type)] |= bit;
  if (rule.horses_guard_each_other) guards_ |= bit;
  compiled_.push_back(std::move(c));
  formations_.push_back(std::move(rule));
  return out;
}

OpeningBook::Added OpeningBook::add_line(LineRule rule) {
  Added out;
  if ((out.error = code_taken(rule.code))) return out;
  Position pos;
  pos.set_setups(rule.cho, rule.han);
  for (std::size_t i = 0; i < rule.moves.size(); ++i) {
    if (!pos.is_legal(rule.moves[i])) {
      out.error = Error{"ply " + std::to_string(i + 1) + " (" + uci(rule.moves[i]) + ") is not a legal move there"};
      return out;
    }
    pos.do_move(rule.moves[i]);
  }
  for (int s = 0; s < kSquares; ++s) rule.board[static_cast<std::size_t>(s)] = pos.piece_on(static_cast<Square>(s));
  rule.to_move = pos.side_to_move();
  rule.key = pos.key();
  rule.depth = static_cast<int>(rule.moves.size());
  for (auto [at, end] = line_by_key_.equal_range(rule.key); at != end; ++at) {
    const LineRule& other = lines_[static_cast<std::size_t>(at->second)];
    if (other.to_move == rule.to_move && other.board == rule.board) {
      out.error = Error{"the line " + other.code + " (" + other.origin + ") names the same position"};
      return out;
    }
  }
  if (rule.depth > kLineWindow)
    out.unreachable = "its position comes after ply " + std::to_string(rule.depth) + ", and lines are looked for in the first " +
                      std::to_string(kLineWindow) + " plies";
  by_pair_[static_cast<std::size_t>(static_cast<int>(rule.cho) * 4 + static_cast<int>(rule.han))].push_back(
      static_cast<int>(lines_.size()));
  line_by_code_.emplace(rule.code, static_cast<int>(lines_.size()));
  line_by_key_.emplace(rule.key, static_cast<int>(lines_.size()));
  lines_.push_back(std::move(rule));
  return out;
}

// ---------------------------------------------------------------------------
// The namer

std::optional<std::pair<Setup, Setup>> setup_pair_of(const Position& p) {
  if (p.side_to_move() != Side::Cho) return std::nullopt;
  for (Setup cho : kAllSetups)
    for (Setup han : kAllSetups) {
      Position start;
      start.set_setups(cho, han);
      bool same = true;
      for (Square s = 0; s < kSquares && same; ++s) same = p.piece_on(s) == start.piece_on(s);
      if (same) return std::pair{cho, han};
    }
  return std::nullopt;
}

std::optional<std::pair<Setup, Setup>> setup_pair_of(const StartPosition& start) {
  if (!start.custom) return std::pair{start.cho, start.han};
  Position p;
  if (p.set_fen(start.fen)) return std::nullopt;
  return setup_pair_of(p);
}

Opening name_opening(const StartPosition& start, std::span<const Move> moves, const OpeningBook& book) {
  Opening o;
  const auto pair = setup_pair_of(start);
  if (!pair) {
    o.other_start = true;
    return o;
  }
  o.cho = pair->first;
  o.han = pair->second;
  WalkBoard w = start_of(o.cho, o.han);
  Board& board = w.board;
  Side to_move = start.first_to_move;

  const auto& formations = book.formations();
  const auto& compiled = book.compiled();
  // Per side, the formations still to look for (a bit each): those of its set-up not found yet.
  std::array<std::uint64_t, 2> open{0, 0};
  for (Side s : {Side::Cho, Side::Han}) {
    const Setup own = own_view(s == Side::Cho ? o.cho : o.han, s);
    for (std::size_t i = 0; i < formations.size(); ++i)
      if ((formations[i].setups >> static_cast<int>(own)) & 1) open[static_cast<std::size_t>(index(s))] |= std::uint64_t{1} << i;
  }
  const std::vector<int>& lines = book.lines_from(o.cho, o.han);
  const bool keyed = !lines.empty();
  std::uint64_t key = keyed ? board_key(board, to_move) : 0;

  // Looks at side `s`'s open formations among `candidates` in the position after `ply` plies.
  auto look_side = [&](Side s, int ply, std::uint64_t candidates) {
    const std::size_t si = static_cast<std::size_t>(index(s));
    for (std::uint64_t todo = open[si] & candidates; todo; todo &= todo - 1) {
      const std::size_t i = static_cast<std::size_t>(__builtin_ctzll(todo));
      if (!holds(formations[i], compiled[i], board, w.at, s, w.horses[si])) continue;
      open[si] &= ~(std::uint64_t{1} << i);
      if (o.formations[si].empty()) o.formations[si].reserve(4);  // one allocation for the usual few
      o.formations[si].push_back({&formations[i], ply});
    }
  };
  auto look_lines = [&](int ply) {
    for (int li : lines) {
      const LineRule& l = book.lines()[static_cast<std::size_t>(li)];
      if (l.key == key && l.to_move == to_move && l.board == board) o.line = LineFound{&l, ply};
    }
  };

  constexpr std::uint64_t kAll = ~std::uint64_t{0};
  look_side(Side::Cho, 0, kAll);
  look_side(Side::Han, 0, kAll);
  if (keyed) look_lines(0);
  const int n = static_cast<int>(std::min<std::size_t>(moves.size(), kLineWindow));
  for (int i = 0; i < n; ++i) {
    const bool forms = i < kFormationWindow && (open[0] | open[1]);
    if (!forms && !keyed) break;
    const Move m = moves[static_cast<std::size_t>(i)];
    if (m.is_none()) break;
    const Side mover = to_move;
    to_move = ~to_move;
    if (m.is_pass()) {  // no piece moves: no formation changes
      if (keyed) {
        key ^= zobrist_side_key();
        look_lines(i + 1);
      }
      continue;
    }
    const Square from = m.from(), to = m.to();
    if (from >= kSquares || to >= kSquares || board[from] == Piece::None) break;  // not a board's move
    const Piece p = board[from], captured = board[to];
    if (captured != Piece::None) {
      w.at.flip(captured, to);
      if (type_of(captured) == PieceType::Horse) w.horses[static_cast<std::size_t>(index(side_of(captured)))].remove(to);
    }
    w.at.flip(p, from);
    w.at.flip(p, to);
    board[to] = p;
    board[from] = Piece::None;
    if (type_of(p) == PieceType::Horse) w.horses[static_cast<std::size_t>(index(side_of(p)))].moved(from, to);
    // A formation changes only when a piece of a kind it names moves or is taken, or when
    // any piece blocks or frees a horse's leg.
    if (forms) {
      const std::uint64_t mine = book.with_type(type_of(p)) | book.guards();
      const std::uint64_t theirs = (captured != Piece::None ? book.with_type(type_of(captured)) : 0) | book.guards();
      if (open[static_cast<std::size_t>(index(mover))] & mine) look_side(mover, i + 1, mine);
      if (open[static_cast<std::size_t>(index(~mover))] & theirs) look_side(~mover, i + 1, theirs);
    }
    if (keyed) {
      key ^= zobrist_side_key() ^ zobrist_key(p, from) ^ zobrist_key(p, to);
      if (captured != Piece::None) key ^= zobrist_key(captured, to);
      look_lines(i + 1);
    }
  }
  // Book order, whatever order they were found in.
  for (auto& found : o.formations)
    std::sort(found.begin(), found.end(), [](const FormationFound& a, const FormationFound& b) { return a.rule < b.rule; });
  return o;
}

PositionNames names_at(const Position& pos, Setup cho, Setup han, const OpeningBook& book) {
  PositionNames names;
  const WalkBoard w = walk_board(pos);
  const auto& formations = book.formations();
  for (Side s : {Side::Cho, Side::Han}) {
    const std::size_t si = static_cast<std::size_t>(index(s));
    const Setup own = own_view(s == Side::Cho ? cho : han, s);
    for (std::size_t i = 0; i < formations.size(); ++i)
      if (((formations[i].setups >> static_cast<int>(own)) & 1) &&
          holds(formations[i], book.compiled()[i], w.board, w.at, s, w.horses[si]))
        names.formations[si].push_back(&formations[i]);
  }
  for (int li : book.lines_from(cho, han)) {
    const LineRule& l = book.lines()[static_cast<std::size_t>(li)];
    if (l.key == pos.key() && l.to_move == pos.side_to_move() && l.board == w.board) names.line = &l;
  }
  return names;
}

PositionNames names_started(const PositionNames& before, const PositionNames& after) {
  PositionNames out;
  for (std::size_t s = 0; s < 2; ++s)
    for (const FormationRule* f : after.formations[s])
      if (std::find(before.formations[s].begin(), before.formations[s].end(), f) == before.formations[s].end())
        out.formations[s].push_back(f);
  if (after.line != before.line) out.line = after.line;
  return out;
}

Opening name_opening(const Game& game, const OpeningBook& book) {
  std::array<Move, kLineWindow> moves;
  const int n = std::min({game.valid_plies, static_cast<int>(game.plies.size()), kLineWindow});
  for (int i = 0; i < n; ++i) moves[static_cast<std::size_t>(i)] = game.plies[static_cast<std::size_t>(i)].move;
  return name_opening(game.start, std::span<const Move>(moves.data(), static_cast<std::size_t>(n)), book);
}

// ---------------------------------------------------------------------------
// Codes and names

std::string opening_code(const Opening& o) {
  if (o.other_start) return "other";
  std::string out(setup_code(o.cho));
  out += ',';
  out += setup_code(o.han);
  for (Side s : {Side::Cho, Side::Han}) {
    out += ':';
    if (o.of(s).empty()) out += '?';
    for (std::size_t i = 0; i < o.of(s).size(); ++i) {
      if (i) out += '+';
      out += o.of(s)[i].rule->code;
    }
  }
  if (o.line) out += ":" + o.line->rule->code;
  return out;
}

std::string side_name(const Opening& o, Side s, bool korean) {
  if (o.of(s).empty()) return korean ? "미상" : "unknown";
  std::string out;
  for (const FormationFound& f : o.of(s)) {
    if (!out.empty()) out += korean ? "·" : ", ";
    out += korean ? f.rule->korean : f.rule->english;
  }
  return out;
}

std::string opening_name(const Opening& o, bool korean) {
  if (o.other_start) return korean ? "다른 시작 국면" : "other start";
  std::string out = side_name(o, Side::Cho, korean);
  out += korean ? " 대 " : " vs ";
  out += side_name(o, Side::Han, korean);
  if (const ElephantPair p = o.pair(); p != ElephantPair::None) {
    out += korean ? " (" : "; ";
    out += korean ? elephant_pair_korean(p) : elephant_pair_english(p);
    if (korean) out += ")";
  }
  if (o.line) out += ": " + (korean ? o.line->rule->korean : o.line->rule->english);
  return out;
}

std::string setup_pair_text(const Opening& o, bool korean) {
  if (o.other_start) return "";
  std::string out(setup_text(o.cho));
  out += " / ";
  out += setup_text(o.han);
  out += " (";
  bool starred = false;
  for (Side s : {Side::Cho, Side::Han}) {
    const SetupName& n = setup_name(own_view(s == Side::Cho ? o.cho : o.han, s));
    if (s == Side::Han) out += ", ";
    out += s == Side::Cho ? (korean ? "초 " : "Cho ") : (korean ? "한 " : "Han ");
    out += n.korean;
    if (n.disputed) out += '*';
    starred = starred || n.disputed;
  }
  if (const ElephantPair p = o.pair(); p != ElephantPair::None) {
    out += "; ";
    out += elephant_pair_korean(p);
  }
  out += ")";
  if (starred) out += korean ? " *이견 있는 이름" : " *disputed name";
  return out;
}

}  // namespace gibo
