// The position index's rows and their packed form (internal to src/archive; README
// "Position index" describes the tables for users).
//
// A row says: game G first reaches the position with Zobrist key K at ply P, and plays
// NEXT there (a move, or the record ends there, or its next ply is not legal). Rows are
// ordered by (key as a signed 64-bit integer, game) and packed into blocks of at most
// kBlockBytes, each block one row of `position_blocks`:
//
//   per row: varint key delta   (key - previous key, unsigned; the block's first row: 0)
//            varint game delta  (same key as the row before: game - previous game, 0 for
//                                a second position of one game under a colliding key;
//                                else game - the segment's first game)
//            varint ply
//            u16 next           (little-endian: a move code from | to << 7, a pass from == to
//                                on the general's square; kNextEnded; kNextBroken)
//
// A block starts at a key boundary except when one key's rows outgrow a block: the next
// block then starts with the same key and the next `part` number, so the blocks holding a
// key K are those whose first key is K plus, at most, the last block starting before K.
// Decoders never trust their input: a malformed block gives false, never undefined
// behaviour.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gibo/core/position.h"

namespace gibo::archive::positions {

inline constexpr std::uint16_t kNextEnded = 0x3FFF;   // the record ends in this position
inline constexpr std::uint16_t kNextBroken = 0x3FFE;  // the record's next ply did not replay
// Blocks stay below SQLite's local payload limit for 16 KiB pages in an index b-tree
// (4,086 bytes with the key columns), so none spills to an overflow page.
inline constexpr std::size_t kBlockBytes = 4040;
inline constexpr std::size_t kMaxRowBytes = 10 + 5 + 3 + 2;

struct Row {
  std::int64_t key = 0;
  std::uint32_t game = 0;
  std::uint16_t ply = 0;
  std::uint16_t next = kNextEnded;
};

inline bool row_less(const Row& a, const Row& b) { return a.key != b.key ? a.key < b.key : a.game < b.game; }

// Sorts `rows`, appended game by game in ascending game order (as game_rows appends
// them), into row_less order: a stable radix sort on the key alone, which keeps the
// games of one key in their order. Linear time; about 5x faster than std::sort on the
// rows of an import.
void sort_rows(std::vector<Row>& rows);
// The same on a span of rows, with `scratch` as the sort's second buffer.
void sort_rows(std::span<Row> rows, std::vector<Row>& scratch);

// Appends the rows of one game to `out`: every distinct position (placement and side to
// move) it reaches from `start_key` (a start key as codec.h start_key writes it) through
// its first `valid_plies` plies of `moves_blob`, at its first occurrence. Positions are
// told apart by their boards, so two positions whose keys collide keep a row each. The walk also
// stops at a code that is not a pseudo-legal move (a blob that does not fit its start);
// the last position reached gets kNextEnded when the walk covered all `plies`, else
// kNextBroken. A start that does not parse gives no rows.
void game_rows(std::uint32_t game, std::string_view start_key, std::string_view moves_blob, int valid_plies, int plies,
               std::vector<Row>& out);

// The rows game_rows gives, taken from `replayed` (the position a replay of the game
// ended in, whose history holds the key of every position it reached) instead of walking
// the moves again; false (nothing appended) when it cannot vouch for them: the history
// does not start at the start key's position, or does not play the blob's moves. Where a
// key repeats, the boards (which tell a repetition from a collision, as game_rows does)
// are rebuilt from the moves.
bool rows_from_replay(std::uint32_t game, std::string_view start_key, std::string_view moves_blob, int valid_plies,
                      int plies, const Position& replayed, std::vector<Row>& out);

// The position a start key names (placement and side to move); false if it does not parse.
bool start_position_of(std::string_view start_key, Position& out);

// Do two positions have the same placement and side to move (counters aside)?
bool same_position(const Position& a, const Position& b);

// Packs rows, given in row_less order, into blocks; `emit(first_key, part, data)` stores
// one block and returns false to stop (then add/finish return false).
class BlockWriter {
 public:
  using Emit = std::function<bool(std::int64_t first_key, int part, std::string_view data)>;
  BlockWriter(std::uint32_t first_game, Emit emit) : first_game_(first_game), emit_(std::move(emit)) {}
  bool add(const Row& row);
  // Stores the last block.
  bool finish();
  std::int64_t rows() const { return rows_; }

 private:
  bool flush();
  std::uint32_t first_game_;
  Emit emit_;
  std::array<char, kBlockBytes> buffer_;
  std::size_t size_ = 0;
  bool open_ = false;
  std::int64_t block_key_ = 0, previous_key_ = 0;
  int part_ = 0;
  std::uint32_t previous_game_ = 0;
  std::int64_t rows_ = 0;
};

// Decodes one block (its first key and its segment's first game) and appends its rows to
// `out`; false if the block is malformed.
bool decode_block(std::string_view data, std::int64_t first_key, std::uint32_t first_game, std::vector<Row>& out);

}  // namespace gibo::archive::positions
