// Rows of the position index: the walk through a game, and the block packing
// (position_rows.h).
#include "position_rows.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <optional>
#include <string>
#include <utility>

#include "gibo/archive/codec.h"

#include "varint.h"

namespace gibo::archive::positions {


bool start_position_of(std::string_view start_key, Position& out) {
  if (start_key.empty() || start_key.rfind("invalid:", 0) == 0) return false;
  return !out.set_fen(start_key).has_value();
}

bool same_position(const Position& a, const Position& b) {
  if (a.side_to_move() != b.side_to_move()) return false;
  for (Square s = 0; s < kSquares; ++s)
    if (a.piece_on(s) != b.piece_on(s)) return false;
  return true;
}

namespace {

// Start positions game_rows keeps parsed, per thread.
constexpr std::size_t kStartsKept = 32;

// The plies a game's walk covers: its valid plies, as far as the blob records them.
int walk_limit(std::string_view moves_blob, int valid_plies, int plies) {
  const int recorded = static_cast<int>(moves_count(moves_blob).value_or(0));
  return std::min({valid_plies, plies, recorded, 0xFFFF});
}

// The size of an open-addressing table for the positions of a walk of `limit` plies: a
// power of two, at least twice their number.
std::size_t table_capacity(int limit) {
  std::size_t capacity = 64;
  while (capacity < 2 * static_cast<std::size_t>(limit + 1)) capacity *= 2;
  return capacity;
}

// A position's placement and side to move, to tell positions apart when keys collide.
using Board = std::array<std::uint8_t, kSquares + 1>;

Board board_of(const Position& pos) {
  Board b;
  for (Square s = 0; s < kSquares; ++s) b[s] = static_cast<std::uint8_t>(pos.piece_on(s));
  b[kSquares] = static_cast<std::uint8_t>(pos.side_to_move());
  return b;
}

}  // namespace

namespace {

// The start position a start key names, parsed once per thread (most games share one of
// the 16 set-ups: parsing a FEN costs more than copying a position); null if it does not
// parse.
const Position* parsed_start(std::string_view start_key) {
  thread_local std::vector<std::pair<std::string, Position>> starts;
  auto known = std::find_if(starts.begin(), starts.end(), [&](const auto& s) { return s.first == start_key; });
  if (known != starts.end()) return &known->second;
  Position start;
  if (!start_position_of(start_key, start)) return nullptr;
  if (starts.size() == kStartsKept) starts.erase(starts.begin());
  starts.emplace_back(std::string(start_key), start);
  return &starts.back().second;
}

// A game's rows at their first occurrences, appended to `out`: an open-addressing table
// of the rows kept so far (their index in `out`), by key; rows of one key are one
// position unless the key collides, so a row is kept unless an earlier kept row has its
// key and its board.
class FirstRows {
 public:
  // For the positions of a walk of up to `limit` plies.
  FirstRows(std::vector<Row>& out, int limit) : out_(out), first_(out.size()), capacity_(table_capacity(limit)) {
    boards_.clear();
    slots_.assign(capacity_, 0);
  }
  void keep(const Row& row, const Board& board) {
    const std::uint64_t key = static_cast<std::uint64_t>(row.key);
    for (std::size_t i = (key ^ (key >> 29)) & (capacity_ - 1);; i = (i + 1) & (capacity_ - 1)) {
      const std::uint32_t slot = slots_[i];
      if (slot == 0) {
        slots_[i] = static_cast<std::uint32_t>(out_.size() - first_ + 1);
        out_.push_back(row);
        boards_.push_back(board);
        return;
      }
      if (out_[first_ + slot - 1].key == row.key && boards_[slot - 1] == board) return;  // seen before
    }
  }

 private:
  std::vector<Row>& out_;
  std::size_t first_;
  std::size_t capacity_;
  static thread_local std::vector<Board> boards_;       // by kept row, from `first_`
  static thread_local std::vector<std::uint32_t> slots_;  // kept row + 1; 0 = empty
};

thread_local std::vector<Board> FirstRows::boards_;
thread_local std::vector<std::uint32_t> FirstRows::slots_;

}  // namespace

void game_rows(std::uint32_t game, std::string_view start_key, std::string_view moves_blob, int valid_plies, int plies,
               std::vector<Row>& out) {
  // The walk's position, copied from the start position (parsed once per thread).
  thread_local Position pos;
  const Position* start = parsed_start(start_key);
  if (!start) return;
  pos = *start;
  const int limit = walk_limit(moves_blob, valid_plies, plies);
  FirstRows kept(out, limit);
  auto keep = [&](const Row& row) { kept.keep(row, board_of(pos)); };
  int ply = 0;
  for (; ply < limit; ++ply) {
    const std::optional<Move> m = move_at(moves_blob, static_cast<std::size_t>(ply));
    if (!m || !pos.is_pseudo_legal(*m)) break;
    keep({static_cast<std::int64_t>(pos.key()), game, static_cast<std::uint16_t>(ply), m->raw()});
    pos.do_move(*m);
  }
  keep({static_cast<std::int64_t>(pos.key()), game, static_cast<std::uint16_t>(ply),
        ply == plies ? kNextEnded : kNextBroken});
}

bool rows_from_replay(std::uint32_t game, std::string_view start_key, std::string_view moves_blob, int valid_plies,
                      int plies, const Position& replayed, std::vector<Row>& out) {
  const Position* start = parsed_start(start_key);
  if (!start) return true;  // game_rows gives no rows either
  const std::vector<StateInfo>& history = replayed.history();
  const int limit = walk_limit(moves_blob, valid_plies, plies);
  if (limit < 0 || history.size() < static_cast<std::size_t>(limit) + 1 || history[0].key != start->key())
    return false;
  // game_rows' walk: every ply before `limit` was legal in the replay, so pseudo-legal
  // (a move's pattern does not depend on the rules; a pass does, on pass_allowed).
  for (int ply = 0; ply < limit; ++ply) {
    const std::optional<Move> m = move_at(moves_blob, static_cast<std::size_t>(ply));
    if (!m || *m != history[static_cast<std::size_t>(ply) + 1].move || (m->is_pass() && !start->rules().pass_allowed))
      return false;
  }
  auto row = [&](int ply) {
    const std::size_t at = static_cast<std::size_t>(ply);
    return Row{static_cast<std::int64_t>(history[at].key), game, static_cast<std::uint16_t>(ply),
               ply == limit ? (limit == plies ? kNextEnded : kNextBroken) : history[at + 1].move.raw()};
  };
  // Distinct keys, the rule: every position is a row. A key seen twice needs the boards,
  // as game_rows keeps them: the placement follows from the moves (all legal).
  thread_local std::vector<std::uint64_t> keys;  // an open-addressing set of the keys
  thread_local std::vector<std::uint8_t> used;   // by slot
  const std::size_t capacity = table_capacity(limit);
  keys.assign(capacity, 0);
  used.assign(capacity, 0);
  bool repeats = false;
  for (int ply = 0; ply <= limit && !repeats; ++ply) {
    const std::uint64_t key = history[static_cast<std::size_t>(ply)].key;
    for (std::size_t i = (key ^ (key >> 29)) & (capacity - 1);; i = (i + 1) & (capacity - 1)) {
      if (!used[i]) {
        used[i] = 1;
        keys[i] = key;
        break;
      }
      if (keys[i] == key) {
        repeats = true;
        break;
      }
    }
  }
  if (!repeats) {
    for (int ply = 0; ply <= limit; ++ply) out.push_back(row(ply));
    return true;
  }
  FirstRows kept(out, limit);
  Board board = board_of(*start);
  for (int ply = 0;; ++ply) {
    kept.keep(row(ply), board);
    if (ply == limit) break;
    const Move m = history[static_cast<std::size_t>(ply) + 1].move;
    if (!m.is_pass()) {
      board[m.to()] = board[m.from()];
      board[m.from()] = static_cast<std::uint8_t>(Piece::None);
    }
    board[kSquares] = static_cast<std::uint8_t>(~static_cast<Side>(board[kSquares]));
  }
  return true;
}

void sort_rows(std::span<Row> rows, std::vector<Row>& scratch) {
  assert(std::is_sorted(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.game < b.game; }));
  // Four passes of 16 bits: fewer passes over the rows outweigh the larger counts.
  constexpr int kPasses = 4;
  constexpr std::size_t kBuckets = 1 << 16;
  // The key as an unsigned number in signed order: the sign bit flipped.
  auto digit = [](const Row& r, int d) {
    return static_cast<std::size_t>(((static_cast<std::uint64_t>(r.key) ^ (1ULL << 63)) >> (16 * d)) & 0xFFFF);
  };
  std::vector<std::size_t> counts(kPasses * kBuckets, 0);
  for (const Row& r : rows)
    for (int d = 0; d < kPasses; ++d) ++counts[static_cast<std::size_t>(d) * kBuckets + digit(r, d)];
  scratch.resize(rows.size());
  Row *from = rows.data(), *to = scratch.data();
  for (int d = 0; d < kPasses; ++d) {
    std::size_t* count = counts.data() + static_cast<std::size_t>(d) * kBuckets;
    // A pass whose digit is the same in every row moves nothing.
    if (std::find(count, count + kBuckets, rows.size()) != count + kBuckets) continue;
    std::size_t at = 0;
    for (std::size_t b = 0; b < kBuckets; ++b) {
      const std::size_t n = count[b];
      count[b] = at;
      at += n;
    }
    for (const Row* r = from; r != from + rows.size(); ++r) to[count[digit(*r, d)]++] = *r;
    std::swap(from, to);
  }
  if (from != rows.data()) std::copy_n(from, rows.size(), rows.data());
}

void sort_rows(std::vector<Row>& rows) {
  std::vector<Row> scratch;
  sort_rows(std::span<Row>(rows), scratch);
}

bool BlockWriter::flush() {
  if (!open_) return true;
  open_ = false;
  return emit_(block_key_, part_, std::string_view(buffer_.data(), size_));
}

bool BlockWriter::add(const Row& row) {
  if (open_ && size_ + kMaxRowBytes > kBlockBytes) {
    const int part = row.key == block_key_ ? part_ + 1 : 0;
    if (!flush()) return false;
    part_ = part;
  } else if (!open_) {
    part_ = 0;
  }
  // The row's bytes are written in place (a block never exceeds kBlockBytes).
  char* out = buffer_.data() + size_;
  auto varint = [&out](std::uint64_t v) { out = put_varint(out, v); };
  if (!open_) {
    open_ = true;
    out = buffer_.data();
    block_key_ = previous_key_ = row.key;
    varint(0);
    varint(row.game - first_game_);
  } else {
    const std::uint64_t delta = static_cast<std::uint64_t>(row.key) - static_cast<std::uint64_t>(previous_key_);
    varint(delta);
    varint(delta == 0 ? row.game - previous_game_ : row.game - first_game_);
  }
  varint(row.ply);
  *out++ = static_cast<char>(row.next & 0xFF);
  *out++ = static_cast<char>(row.next >> 8);
  size_ = static_cast<std::size_t>(out - buffer_.data());
  previous_key_ = row.key;
  previous_game_ = row.game;
  ++rows_;
  return true;
}

bool BlockWriter::finish() { return flush(); }

bool decode_block(std::string_view data, std::int64_t first_key, std::uint32_t first_game, std::vector<Row>& out) {
  std::size_t at = 0;
  std::uint64_t key = static_cast<std::uint64_t>(first_key);
  std::uint32_t game = first_game;
  bool first = true;
  while (at < data.size()) {
    std::uint64_t delta = 0, game_delta = 0, ply = 0;
    if (!get_varint(data, at, delta) || !get_varint(data, at, game_delta) || !get_varint(data, at, ply)) return false;
    if (at + 2 > data.size() || ply > 0xFFFF || game_delta > 0xFFFFFFFFULL) return false;
    if (first && delta != 0) return false;
    key += delta;
    const std::uint64_t g = (delta == 0 && !first ? game : first_game) + game_delta;
    if (g > 0xFFFFFFFFULL) return false;
    game = static_cast<std::uint32_t>(g);
    const auto next = static_cast<std::uint16_t>(static_cast<unsigned char>(data[at]) |
                                                 (static_cast<unsigned char>(data[at + 1]) << 8));
    at += 2;
    out.push_back({static_cast<std::int64_t>(key), game, static_cast<std::uint16_t>(ply), next});
    first = false;
  }
  return true;
}

}  // namespace gibo::archive::positions
