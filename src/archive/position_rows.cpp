// Rows of the position index: the walk through a game, and the block packing
// (position_rows.h).
#include "position_rows.h"

#include <algorithm>
#include <array>
#include <cassert>

#include "gibo/archive/codec.h"

namespace gibo::archive::positions {

namespace {

void put_varint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

bool get_varint(std::string_view data, std::size_t& at, std::uint64_t& v) {
  v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (at >= data.size()) return false;
    const auto byte = static_cast<unsigned char>(data[at++]);
    v |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
    if (!(byte & 0x80)) return true;
  }
  return false;
}

}  // namespace

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

// A position's placement and side to move, to tell positions apart when keys collide.
using Board = std::array<std::uint8_t, kSquares + 1>;

Board board_of(const Position& pos) {
  Board b;
  for (Square s = 0; s < kSquares; ++s) b[s] = static_cast<std::uint8_t>(pos.piece_on(s));
  b[kSquares] = static_cast<std::uint8_t>(pos.side_to_move());
  return b;
}

}  // namespace

void game_rows(std::uint32_t game, std::string_view start_key, std::string_view moves_blob, int valid_plies, int plies,
               std::vector<Row>& out) {
  Position pos;
  if (!start_position_of(start_key, pos)) return;
  thread_local std::vector<Board> boards;  // by ply
  boards.clear();
  const std::size_t first = out.size();
  const int recorded = static_cast<int>(moves_count(moves_blob).value_or(0));
  const int limit = std::min({valid_plies, plies, recorded, 0xFFFF});
  int ply = 0;
  for (; ply < limit; ++ply) {
    const std::uint16_t code = code_at(moves_blob, static_cast<std::size_t>(ply));
    const Move m(static_cast<Square>(code & 0x7F), static_cast<Square>((code >> 7) & 0x7F));
    if (code == 0xFFFF || m.from() >= kSquares || m.to() >= kSquares || !pos.is_pseudo_legal(m)) break;
    out.push_back({static_cast<std::int64_t>(pos.key()), game, static_cast<std::uint16_t>(ply), m.raw()});
    boards.push_back(board_of(pos));
    pos.do_move(m);
  }
  out.push_back({static_cast<std::int64_t>(pos.key()), game, static_cast<std::uint16_t>(ply),
                 ply == plies ? kNextEnded : kNextBroken});
  boards.push_back(board_of(pos));
  // First occurrences only: order by key then ply and keep, among the rows of one key,
  // each position's first row (rows of one key are one position unless the key collides).
  const auto begin = out.begin() + static_cast<std::ptrdiff_t>(first);
  std::sort(begin, out.end(), [](const Row& a, const Row& b) { return a.key != b.key ? a.key < b.key : a.ply < b.ply; });
  auto kept = begin, run = begin;
  for (auto it = begin; it != out.end(); ++it) {
    if (it->key != run->key) run = kept;  // `run`: the first kept row of this key
    bool seen = false;
    for (auto k = run; k != kept && !seen; ++k) seen = k->key == it->key && boards[k->ply] == boards[it->ply];
    if (!seen) *kept++ = *it;
  }
  out.erase(kept, out.end());
}

void sort_rows(std::vector<Row>& rows) {
  assert(std::is_sorted(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return a.game < b.game; }));
  constexpr int kDigits = 8;  // eight passes of one byte
  // The key as an unsigned number in signed order: the sign bit flipped.
  auto digit = [](const Row& r, int d) {
    return static_cast<std::size_t>(((static_cast<std::uint64_t>(r.key) ^ (1ULL << 63)) >> (8 * d)) & 0xFF);
  };
  std::vector<std::array<std::size_t, 256>> counts(kDigits);
  for (auto& c : counts) c.fill(0);
  for (const Row& r : rows)
    for (int d = 0; d < kDigits; ++d) ++counts[static_cast<std::size_t>(d)][digit(r, d)];
  std::vector<Row> other(rows.size());
  for (int d = 0; d < kDigits; ++d) {
    auto& count = counts[static_cast<std::size_t>(d)];
    // A pass whose digit is the same in every row moves nothing.
    if (std::find(count.begin(), count.end(), rows.size()) != count.end()) continue;
    std::size_t at = 0;
    for (std::size_t& c : count) {
      const std::size_t n = c;
      c = at;
      at += n;
    }
    for (const Row& r : rows) other[count[digit(r, d)]++] = r;
    rows.swap(other);
  }
}

bool BlockWriter::flush() {
  if (!open_) return true;
  open_ = false;
  return emit_(block_key_, part_, buffer_);
}

bool BlockWriter::add(const Row& row) {
  if (open_ && buffer_.size() + kMaxRowBytes > kBlockBytes) {
    const int part = row.key == block_key_ ? part_ + 1 : 0;
    if (!flush()) return false;
    part_ = part;
  } else if (!open_) {
    part_ = 0;
  }
  if (!open_) {
    open_ = true;
    buffer_.clear();
    block_key_ = previous_key_ = row.key;
    put_varint(buffer_, 0);
    put_varint(buffer_, row.game - first_game_);
  } else {
    const std::uint64_t delta = static_cast<std::uint64_t>(row.key) - static_cast<std::uint64_t>(previous_key_);
    put_varint(buffer_, delta);
    put_varint(buffer_, delta == 0 ? row.game - previous_game_ : row.game - first_game_);
  }
  put_varint(buffer_, row.ply);
  buffer_.push_back(static_cast<char>(row.next & 0xFF));
  buffer_.push_back(static_cast<char>(row.next >> 8));
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
