// The rows and facts an import feeds its position index update (index_feed.h).
#include "index_feed.h"

#include <algorithm>
#include <span>
#include <thread>
#include <type_traits>

namespace gibo::archive {

static_assert(!std::is_copy_constructible_v<IndexFeed> && !std::is_move_constructible_v<IndexFeed>);

namespace {

// Rows a chunk's vector is first given room for: a chunk of games of about a hundred
// positions each.
constexpr std::size_t kRowsPerGameReserved = 112;
constexpr std::size_t kChunkRowsReserved = kGamesPerChunk * kRowsPerGameReserved;

}  // namespace

void ChunkRows::add(const PreparedGame& g, const Position* replayed) {
  // Room for the chunk, taken once.
  if (rows.capacity() == 0) rows.reserve(kChunkRowsReserved);
  // The columns the game is stored with, as an update reading it would pass them.
  if (!replayed || !positions::rows_from_replay(0, g.start_key, g.moves, g.valid_plies, g.plies, *replayed, rows))
    positions::game_rows(0, g.start_key, g.moves, g.valid_plies, g.plies, rows);
  ends.push_back(rows.size());
  facts.push_back(game_fact(g.plies, g.has_result, g.result.winner, g.tags_json));
}

void IndexFeed::begin_chunk(ChunkRows&& chunk) {
  if (games_held_ >= positions::kGamesPerBatch) spill_in_background(false);
  games_held_ += chunk.ends.size();
  Held h;
  h.ids.assign(chunk.ends.size(), 0);
  h.rows = std::move(chunk);
  held_.push_back(std::move(h));
}

void IndexFeed::stored(std::size_t k, std::int64_t id) {
  Held& h = held_.back();
  h.ids[k] = id;
  facts_.emplace_back(id, h.rows.facts[k]);
}

void IndexFeed::forget(std::int64_t id) {
  const auto it = std::lower_bound(facts_.begin(), facts_.end(), id,
                                   [](const std::pair<std::int64_t, FactEntry>& f, std::int64_t v) { return f.first < v; });
  if (it == facts_.end() || it->first != id) return;
  facts_.erase(it);
  for (Held& h : held_)
    for (std::int64_t& x : h.ids)
      if (x == id) {
        x = 0;
        return;
      }
  stale_ = true;  // its rows are sorted into a run already
}

void IndexFeed::spill_in_background(bool last) {
  if (sorter_.joinable()) sorter_.join();  // one spill at a time
  std::vector<Held> batch = std::move(held_);
  held_.clear();
  games_held_ = 0;
  sorter_ = std::thread([this, batch = std::move(batch), last]() mutable { spill(batch, last); });
}

void IndexFeed::spill(std::vector<Held>& batch, bool last) {
  // Half 0 holds the negative keys, which come first in row_less order.
  std::size_t counts[2] = {0, 0};
  for (const Held& h : batch)
    for (std::size_t k = 0, from = 0; k < h.ids.size(); from = h.rows.ends[k++])
      if (h.ids[k])
        for (std::size_t i = from; i < h.rows.ends[k]; ++i) ++counts[h.rows.rows[i].key < 0 ? 0 : 1];
  // The stored games' rows with their ids, each half in id order; each chunk is let go
  // once read (the memory of the rows is held about once, not twice).
  std::vector<positions::Row> rows(counts[0] + counts[1]);
  positions::Row* out[2] = {rows.data(), rows.data() + counts[0]};
  for (Held& h : batch) {
    for (std::size_t k = 0, from = 0; k < h.ids.size(); from = h.rows.ends[k++])
      if (h.ids[k])
        for (std::size_t i = from; i < h.rows.ends[k]; ++i) {
          positions::Row& r = *out[h.rows.rows[i].key < 0 ? 0 : 1]++;
          r = h.rows.rows[i];
          r.game = static_cast<std::uint32_t>(h.ids[k]);
        }
    h = Held();
  }
  auto sort_half = [&](int which) {
    std::vector<positions::Row> scratch;
    positions::sort_rows(std::span<positions::Row>(rows.data() + (which == 0 ? 0 : counts[0]), counts[which]), scratch);
  };
  std::thread other(sort_half, 1);
  sort_half(0);
  other.join();
  batch.clear();
  auto run = std::make_unique<positions::RunFile>(last);
  if (!run->ok() || !run->write(rows)) failed_ = true;
  runs_.push_back(std::move(run));
}

IndexFeed::~IndexFeed() {
  if (sorter_.joinable()) sorter_.join();
}

void IndexFeed::finish() {
  if (games_held_ > 0) spill_in_background(true);
}

Expected<std::vector<std::unique_ptr<positions::RunFile>>> IndexFeed::take_runs() {
  if (games_held_ > 0) spill_in_background(true);
  if (sorter_.joinable()) sorter_.join();
  if (failed_) return Error{"cannot write a temporary file for the position index"};
  return std::move(runs_);
}

}  // namespace gibo::archive
