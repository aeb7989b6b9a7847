// Building the position index (index_build.h): the games not indexed yet (read from the
// archive, or the rows an import feeds it: index_feed.h) sorted in runs, merged with the
// newest segments into a new segment, and their facts stored (position_facts.h).
//
// Segments: each update merges the new games' rows, together with the newest existing
// segments while the new rows outnumber them, into one new segment (a binary-counter
// scheme: at most about log2(rows) segments, each row rewritten about log2 times).
#include "index_build.h"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <memory>
#include <queue>
#include <span>
#include <thread>
#include <tuple>

#include "dialect.h"
#include "index_feed.h"
#include "position_facts.h"
#include "position_rows.h"

namespace gibo::archive {

namespace {

using positions::Row;
using positions::RunFile;

constexpr std::int64_t kBlocksPerRead = 256;  // index blocks read at a time

// One game as the builder reads it.
struct GameInput {
  std::int64_t id = 0;
  std::uint32_t start_id = 0;
  std::string start_key, moves, tags_json;
  Winner winner = Winner::Unknown;  // result_winner's
  int plies = 0, valid_plies = 0;
  bool has_result = false;
};

FactEntry fact_of(const GameInput& g) {
  FactEntry f = game_fact(g.plies, g.has_result, g.winner, g.tags_json);
  f.start_id = g.start_id;
  return f;
}

// A stream of rows in row_less order.
class RowSource {
 public:
  virtual ~RowSource() = default;
  // The next row; false at the end or on error (then failed()).
  virtual bool next(Row& row) = 0;
  bool failed() const { return failed_; }

 protected:
  bool failed_ = false;
};

class RunSource : public RowSource {
 public:
  explicit RunSource(RunFile& run) : run_(run), memory_(run.in_memory()) {
    failed_ = !run_.rewind();
    if (memory_.empty()) buffer_.resize(8192);
  }
  bool next(Row& row) override {
    if (failed_) return false;
    if (!memory_.empty()) {  // read in place
      if (at_ == memory_.size()) return false;
      row = memory_[at_++];
      return true;
    }
    if (at_ == size_) {
      size_ = run_.read(buffer_.data(), buffer_.size());
      at_ = 0;
      if (size_ == 0) return false;
    }
    row = buffer_[at_++];
    return true;
  }

 private:
  RunFile& run_;
  std::span<const Row> memory_;
  std::vector<Row> buffer_;
  std::size_t at_ = 0, size_ = 0;
};

// A segment's rows, read kBlocksPerRead blocks at a time (each read starts after the
// last block the one before gave, so other statements may run between two).
class SegmentSource : public RowSource {
 public:
  SegmentSource(sql::Connection& db, const std::string& prefix, std::int64_t segment, std::uint32_t first_game)
      : first_game_(first_game), segment_(segment) {
    blocks_ = db.prepare("SELECT first_key, part, data FROM " + prefix +
                         "position_blocks WHERE segment = :segment AND (first_key, part) > (:first_key, :part) ORDER BY first_key, "
                         "part LIMIT " + std::to_string(kBlocksPerRead));
    if (!blocks_.prepared()) failed_ = true;
  }
  bool next(Row& row) override {
    while (!failed_ && at_ == rows_.size()) {
      if (!page_open_) {
        if (started_ && page_rows_ < kBlocksPerRead) return false;  // the last page was short: done
        blocks_.reset();
        blocks_.bind(":segment", segment_);
        blocks_.bind(":first_key", last_key_);
        blocks_.bind(":part", last_part_);
        page_open_ = started_ = true;
        page_rows_ = 0;
      }
      const int rc = blocks_.step();
      if (rc == sql::kDone) {
        page_open_ = false;
        continue;
      }
      rows_.clear();
      at_ = 0;
      if (rc != sql::kRow || !positions::decode_block(blocks_.blob(2), blocks_.int64(0), first_game_, rows_)) {
        failed_ = true;
        break;
      }
      ++page_rows_;
      last_key_ = blocks_.int64(0);
      last_part_ = blocks_.int64(1);
    }
    if (failed_) return false;
    row = rows_[at_++];
    return true;
  }

 private:
  std::uint32_t first_game_;
  std::int64_t segment_;
  sql::Statement blocks_;
  bool page_open_ = false, started_ = false;
  std::int64_t page_rows_ = 0, last_key_ = std::numeric_limits<std::int64_t>::min(), last_part_ = -1;
  std::vector<Row> rows_;
  std::size_t at_ = 0;
};

// The update of one index (update_index): reads, sorts, merges and stores.
class IndexBuilder {
 public:
  explicit IndexBuilder(IndexTables& tables) : tables_(tables), db(tables.db) {}

  // Indexes the games the index does not hold yet (update_index).
  std::optional<Error> update(int threads, const std::function<void(const IndexProgress&)>& progress, IndexFeed* feed) {
    if (!tables_.writable && !tables_.memory) {
      if (tables_.current()) return std::nullopt;
      // Never write a read-only archive: build the whole index in the connection's
      // temporary database instead (in memory).
      if (db.impl()->tune(sql::Tuning::TempInMemory))
        return tables_.fail("cannot keep the index in memory");
      tables_.prefix = sql::schema_prefix(db, true);
      tables_.memory = true;
    }
    for (int attempt = 0; attempt < 3; ++attempt) {
      if (tables_.current()) return std::nullopt;
      const bool reset = tables_.meta("format") != index_fingerprint();
      const std::int64_t through = reset ? 0 : std::atoll(tables_.meta("through").c_str());
      const std::int64_t top = db.scalar("SELECT coalesce(max(id), 0) FROM " + tables_.main + "games");
      if (top > 0xFFFFFFFFLL) return Error{"game ids above 2^32 cannot be indexed"};
      std::vector<std::unique_ptr<RunFile>> runs, fed_runs;
      std::vector<std::pair<std::int64_t, FactEntry>> facts, fed_facts;
      std::int64_t read_to = top;
      if (feed && !tables_.memory) {
        if (auto e = take_feed(*feed, through, top, read_to, fed_runs, fed_facts)) return e;
        feed = nullptr;  // used once: an update that starts again reads every game
      }
      if (auto e = build_runs(through, read_to, threads, progress, runs, facts)) return e;
      for (auto& run : fed_runs) runs.push_back(std::move(run));
      facts.insert(facts.end(), fed_facts.begin(), fed_facts.end());

      // An in-memory index is this connection's alone; the archive's index takes the
      // write lock first.
      if (db.exec(tables_.memory ? "BEGIN" : sql::begin_write(db)))
        return tables_.fail("cannot start writing the position index");
      // Another process may have indexed meanwhile: then start again from what it left.
      const bool moved = (tables_.meta("format") != index_fingerprint()) != reset ||
                         (!reset && std::atoll(tables_.meta("through").c_str()) != through);
      if (moved) {
        db.exec("ROLLBACK");
        continue;
      }
      if (auto e = write(reset, through, top, runs, facts)) {
        db.exec("ROLLBACK");
        return e;
      }
      if (db.exec("COMMIT")) {
        Error error = tables_.fail("cannot commit the position index");
        db.exec("ROLLBACK");
        return error;
      }
      return std::nullopt;
    }
    return Error{"the position index kept changing while it was updated"};
  }

 private:
  // Reads the games after `through` up to `top`, kGamesPerBatch at a time, and makes
  // each batch's rows into sorted runs with `threads` threads, with their facts.
  std::optional<Error> build_runs(std::int64_t through, std::int64_t top, int threads,
                  const std::function<void(const IndexProgress&)>& progress,
                  std::vector<std::unique_ptr<RunFile>>& runs, std::vector<std::pair<std::int64_t, FactEntry>>& facts) {
    // A batch a read, each after the last game the one before gave.
    const std::string& main = tables_.main;
    sql::Statement s = db.prepare(
        "SELECT g.id, g.start_id, st.key, g.plies, g.valid_plies, g.moves, g.result_text IS NOT NULL, g.result_winner, "
        "g.tags_json FROM " + tables_.games + " AS g JOIN " + main + "starts AS st ON st.id = g.start_id WHERE g.id > :after "
        "AND g.id <= :top ORDER BY g.id LIMIT " + std::to_string(positions::kGamesPerBatch));
    if (!s.prepared()) return tables_.fail("cannot read games");
    const long total = static_cast<long>(db.scalar("SELECT count(*) FROM " + tables_.games + " AS g WHERE id > " +
                                                   std::to_string(through) + " AND id <= " + std::to_string(top)));
    long done = 0;
    if (progress) progress({done, total});
    std::vector<GameInput> batch;
    const bool one_batch = total <= static_cast<long>(positions::kGamesPerBatch);
    bool more = true;
    std::int64_t after = through;
    while (more) {
      batch.clear();
      s.reset();
      s.bind(":after", after);
      s.bind(":top", top);
      int rc = sql::kRow;
      while ((rc = s.step()) == sql::kRow) batch.push_back(game_input(s));
      if (rc != sql::kDone) return tables_.fail("reading games failed");
      more = batch.size() == positions::kGamesPerBatch;
      if (batch.empty()) break;
      after = batch.back().id;
      if (!sort_runs(batch, threads, one_batch, runs, facts))
        return Error{"cannot write a temporary file for the position index"};
      done += static_cast<long>(batch.size());
      if (progress) progress({done, total});
    }
    return std::nullopt;
  }

  // The game on the row of build_runs' statement `s`.
  static GameInput game_input(sql::Statement& s) {
    GameInput g;
    g.id = s.int64(0);
    g.start_id = static_cast<std::uint32_t>(s.int64(1));
    g.start_key = s.text(2);
    g.plies = s.integer(3);
    g.valid_plies = s.integer(4);
    g.moves = s.blob(5);
    g.has_result = s.integer(6) != 0;
    g.winner = winner_from_name(s.text(7));
    g.tags_json = s.text(8);
    return g;
  }

  // Makes the rows of `batch`'s games into `threads` sorted runs (kept in memory when
  // `in_memory`), each thread a contiguous slice, appended to `runs` with their facts to
  // `facts` in game order; false when a temporary file cannot be written.
  static bool sort_runs(const std::vector<GameInput>& batch, int threads, bool in_memory,
                        std::vector<std::unique_ptr<RunFile>>& runs,
                        std::vector<std::pair<std::int64_t, FactEntry>>& facts) {
    const std::size_t parts = static_cast<std::size_t>(std::max(1, threads));
    std::vector<std::unique_ptr<RunFile>> made(parts);
    std::vector<std::vector<std::pair<std::int64_t, FactEntry>>> made_facts(parts);
    std::vector<char> ok(parts, 0);
    auto work = [&](std::size_t t) {
      const std::size_t from = batch.size() * t / parts, to = batch.size() * (t + 1) / parts;
      std::vector<Row> rows;
      rows.reserve((to - from) * 128);
      for (std::size_t i = from; i < to; ++i) {
        const GameInput& g = batch[i];
        positions::game_rows(static_cast<std::uint32_t>(g.id), g.start_key, g.moves, g.valid_plies, g.plies, rows);
        made_facts[t].emplace_back(g.id, fact_of(g));
      }
      positions::sort_rows(rows);  // appended in game order
      made[t] = std::make_unique<RunFile>(in_memory);
      ok[t] = made[t]->ok() && made[t]->write(rows);
    };
    std::vector<std::thread> pool;
    for (std::size_t t = 1; t < parts; ++t) pool.emplace_back(work, t);
    work(0);
    for (auto& th : pool) th.join();
    for (std::size_t t = 0; t < parts; ++t) {
      if (!ok[t]) return false;
      runs.push_back(std::move(made[t]));
      facts.insert(facts.end(), made_facts[t].begin(), made_facts[t].end());
    }
    return true;
  }

  // Merges `sources` into a new segment [first_game, last_game]; its id, or 0 when it
  // would hold no rows (nothing is stored then).
  Expected<std::int64_t> merge(std::vector<std::unique_ptr<RowSource>>& sources, std::uint32_t first_game,
                               std::int64_t last_game) {
    sql::Statement add_segment = db.prepare("INSERT INTO " + tables_.table("position_segments") +
                                            " (first_game, last_game, rows) VALUES (:first_game, :last_game, 0) RETURNING id");
    if (!add_segment.prepared()) return tables_.fail("cannot add a segment");
    add_segment.bind(":first_game", static_cast<std::int64_t>(first_game));
    add_segment.bind(":last_game", last_game);
    if (add_segment.step() != sql::kRow) return tables_.fail("cannot add a segment");
    const std::int64_t segment = add_segment.int64(0);
    add_segment.reset();
    // A bulk insert (COPY on PostgreSQL): columns bound in this order.
    sql::Statement add_block =
        db.prepare_insert(tables_.table("position_blocks"), {"segment", "first_key", "part", "data"}, false);
    if (!add_block.prepared()) return tables_.fail("cannot add a block");
    positions::BlockWriter writer(first_game, [&](std::int64_t first_key, int part, std::string_view data) {
      add_block.bind(":segment", segment);
      add_block.bind(":first_key", first_key);
      add_block.bind(":part", part);
      add_block.bind_blob(":data", data);
      return add_block.run();
    });
    Row row;
    if (sources.size() == 1) {
      // One run (a first index, or an import's rows into a small archive): no merge.
      while (sources[0]->next(row))
        if (!writer.add(row)) return tables_.fail("cannot store an index block");
    } else {
      using Head = std::pair<Row, std::size_t>;
      auto later = [](const Head& a, const Head& b) { return positions::row_less(b.first, a.first); };
      std::priority_queue<Head, std::vector<Head>, decltype(later)> heap(later);
      for (std::size_t i = 0; i < sources.size(); ++i)
        if (sources[i]->next(row)) heap.emplace(row, i);
      while (!heap.empty()) {
        const auto [top, i] = heap.top();
        heap.pop();
        if (!writer.add(top)) return tables_.fail("cannot store an index block");
        if (sources[i]->next(row)) heap.emplace(row, i);
      }
    }
    for (const auto& source : sources)
      if (source->failed()) return tables_.fail("the position index is damaged (a block does not decode)");
    if (!writer.finish()) return tables_.fail("cannot store an index block");
    if (writer.rows() == 0) {
      db.exec("DELETE FROM " + tables_.table("position_segments") + " WHERE id = " + std::to_string(segment));
      return std::int64_t{0};
    }
    if (db.exec("UPDATE " + tables_.table("position_segments") + " SET rows = " + std::to_string(writer.rows()) +
                 " WHERE id = " + std::to_string(segment)))
      return tables_.fail("cannot count a segment");
    return segment;
  }

  // Stores facts (sorted by id) into their blocks, keeping what the blocks held.
  std::optional<Error> store_facts(const std::vector<std::pair<std::int64_t, FactEntry>>& facts) {
    sql::Statement read = db.prepare("SELECT data FROM " + tables_.table("position_games") + " WHERE block = :block");
    sql::Statement write =
        db.prepare("INSERT INTO " + tables_.table("position_games") +
                   " (block, data) VALUES (:block, :data) ON CONFLICT (block) DO UPDATE SET data = excluded.data");
    if (!read.prepared() || !write.prepared()) return tables_.fail("cannot prepare the game facts");
    std::size_t i = 0;
    while (i < facts.size()) {
      const std::int64_t block = facts[i].first / kFactsPerBlock;
      std::string data(kFactsPerBlock * kFactBytes, '\0');
      read.bind(":block", block);
      if (read.step() == sql::kRow) {
        const std::string_view old = read.blob(0);
        data.replace(0, std::min(old.size(), data.size()), old.substr(0, std::min(old.size(), data.size())));
      }
      read.reset();
      for (; i < facts.size() && facts[i].first / kFactsPerBlock == block; ++i)
        encode_fact(facts[i].second, data.data() + (facts[i].first % kFactsPerBlock) * kFactBytes);
      write.bind(":block", block);
      write.bind_blob(":data", data);
      if (!write.run()) return tables_.fail("cannot store game facts");
    }
    return std::nullopt;
  }

  // Takes the runs and facts of the games `feed` holds when they are exactly the games
  // after `through` from its first id to `top` (their start ids filled in from the games
  // table); `read_to` becomes the last id the update must read itself. Else nothing (the
  // update reads every game).
  std::optional<Error> take_feed(IndexFeed& feed, std::int64_t through, std::int64_t top, std::int64_t& read_to,
                                 std::vector<std::unique_ptr<RunFile>>& runs,
                                 std::vector<std::pair<std::int64_t, FactEntry>>& facts) {
    if (feed.empty() || feed.stale() || feed.first_id() <= through) return std::nullopt;
    auto& fed = feed.facts();
    sql::Statement s =
        db.prepare("SELECT id, start_id FROM " + tables_.games + " AS g WHERE id >= :first_id AND id <= :top ORDER BY id");
    if (!s.prepared()) return tables_.fail("cannot read games");
    s.bind(":first_id", feed.first_id());
    s.bind(":top", top);
    std::size_t i = 0;
    int rc;
    while ((rc = s.step()) == sql::kRow) {
      if (i == fed.size() || fed[i].first != s.int64(0)) return std::nullopt;
      fed[i++].second.start_id = static_cast<std::uint32_t>(s.int64(1));
    }
    if (rc != sql::kDone) return tables_.fail("cannot read games");
    if (i != fed.size()) return std::nullopt;
    auto taken = feed.take_runs();
    if (!taken) return taken.error();
    for (auto& run : *taken) runs.push_back(std::move(run));
    read_to = feed.first_id() - 1;
    facts = std::move(fed);
    return std::nullopt;
  }

  // The write half of update(), inside its transaction.
  std::optional<Error> write(bool reset, std::int64_t through, std::int64_t top,
                             std::vector<std::unique_ptr<RunFile>>& runs,
                             const std::vector<std::pair<std::int64_t, FactEntry>>& facts) {
    if (auto e = tables_.create_tables()) return e;
    if (reset && db.exec("DELETE FROM " + tables_.table("position_blocks") + "; DELETE FROM " +
                         tables_.table("position_segments") + "; DELETE FROM " + tables_.table("position_games") + ";"))
      return tables_.fail("cannot clear an outdated position index");
    auto existing = tables_.segments();
    if (!existing) return existing.error();
    // The new rows, plus the newest segments while the rows so far outnumber them.
    std::int64_t rows = 0;
    std::vector<std::unique_ptr<RowSource>> sources;
    for (auto& run : runs) sources.push_back(std::make_unique<RunSource>(*run));
    for (const auto& run : sources)
      if (run->failed()) return Error{"cannot read a temporary file of the position index"};
    for (const auto& run : runs) rows += run->rows;
    std::uint32_t first_game = static_cast<std::uint32_t>(through + 1);
    std::vector<std::int64_t> merged;
    for (auto it = existing->rbegin(); it != existing->rend(); ++it) {
      if (rows < it->rows) break;
      rows += it->rows;
      first_game = it->first_game;
      merged.push_back(it->id);
      sources.push_back(std::make_unique<SegmentSource>(db, tables_.prefix, it->id, it->first_game));
    }
    if (auto merged_segment = merge(sources, first_game, top); !merged_segment) return merged_segment.error();
    for (std::int64_t id : merged) {
      if (db.exec("DELETE FROM " + tables_.table("position_blocks") + " WHERE segment = " + std::to_string(id)) ||
          db.exec("DELETE FROM " + tables_.table("position_segments") + " WHERE id = " + std::to_string(id)))
        return tables_.fail("cannot remove a merged segment");
    }
    const std::int64_t games =
        (reset ? 0 : std::atoll(tables_.meta("games").c_str())) + static_cast<std::int64_t>(facts.size());
    if (auto e = store_facts(facts)) return e;
    if (auto e = tables_.set_meta("format", index_fingerprint())) return e;
    if (auto e = tables_.set_meta("through", std::to_string(top))) return e;
    return tables_.set_meta("games", std::to_string(games));
  }

  IndexTables& tables_;
  sql::Connection& db;
};

}  // namespace

std::optional<Error> update_index(IndexTables& tables, int threads,
                                  const std::function<void(const IndexProgress&)>& progress, IndexFeed* feed) {
  return IndexBuilder(tables).update(threads, progress, feed);
}

}  // namespace gibo::archive
