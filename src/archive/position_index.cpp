// The position index (position_index.h): building it in sorted runs merged into
// segments (from the stored games, or from the rows an import feeds it: index_feed.h),
// finding a position's games, and the per-game facts explorers aggregate.
//
// Tables (README "Position index"), in the archive or, for a read-only archive, in the
// connection's temporary database (in memory):
//   position_meta(key, value)                     'format' (fingerprint), 'through' (last game id
//                                                 indexed), 'games' (games indexed)
//   position_segments(id, first_game, last_game, rows)
//   position_blocks(segment, first_key, part, data)  rows packed as position_rows.h says
//   position_games(block, data)                   1,024 games a row, 12 bytes each (FactEntry)
//
// Segments: each update() merges the new games' rows, together with the newest existing
// segments while the new rows outnumber them, into one new segment (a binary-counter
// scheme: at most about log2(rows) segments, each row rewritten about log2 times).
#include "gibo/archive/position_index.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <queue>
#include <thread>
#include <tuple>
#include <unordered_map>

#include "gibo/archive/archive.h"
#include "gibo/archive/codec.h"
#include "gibo/archive/import.h"
#include "gibo/record/game_date.h"
#include "index_feed.h"
#include "open_existing.h"
#include "position_rows.h"
#include "position_upkeep.h"
#include "schema.h"
#include "sqlite.h"

namespace gibo::archive {

namespace {

using positions::Row;
using positions::RunFile;

constexpr std::int64_t kFactsPerBlock = 1024;
constexpr std::size_t kFactBytes = 12;
constexpr std::size_t kChunkGames = 50000;  // games read and sorted at a time (about 100 MB of rows)
constexpr const char* kMemorySchema = "temp";  // writable even on a read-only connection

// The fingerprint of the key function: the format version and the key of the default
// start position. An index written under another one is rebuilt.
std::string fingerprint() {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "1:%016llx", static_cast<unsigned long long>(Position().key()));
  return buffer;
}

void put_u32(char* p, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<char>((v >> (8 * i)) & 0xFF);
}
std::uint32_t get_u32(const char* p) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(p[i])) << (8 * i);
  return v;
}

// The winner byte of a fact: its index here (0 other).
constexpr std::array<Winner, 4> kWinnerCodes = {Winner::Unknown, Winner::Cho, Winner::Han, Winner::Draw};

void encode_fact(const FactEntry& f, char* p) {
  put_u32(p, f.start_id);
  p[4] = static_cast<char>(f.plies & 0xFF);
  p[5] = static_cast<char>(f.plies >> 8);
  const auto code = std::find(kWinnerCodes.begin(), kWinnerCodes.end(), f.winner);
  p[6] = static_cast<char>(code == kWinnerCodes.end() ? 0 : code - kWinnerCodes.begin());
  p[7] = static_cast<char>(f.present ? 1 : 0);
  put_u32(p + 8, f.date);
}

FactEntry decode_fact(const char* p) {
  FactEntry f;
  f.start_id = get_u32(p);
  f.plies = static_cast<std::uint16_t>(static_cast<unsigned char>(p[4]) | (static_cast<unsigned char>(p[5]) << 8));
  const auto code = static_cast<unsigned char>(p[6]);
  f.winner = code < kWinnerCodes.size() ? kWinnerCodes[code] : Winner::Unknown;
  f.present = p[7] != 0;
  f.date = get_u32(p + 8);
  return f;
}

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

class SegmentSource : public RowSource {
 public:
  SegmentSource(sql::Connection& db, const std::string& schema, std::int64_t segment, std::uint32_t first_game)
      : first_game_(first_game) {
    blocks_ = db.prepare("SELECT first_key, data FROM " + schema +
                         ".position_blocks WHERE segment = ?1 ORDER BY first_key, part");
    if (!blocks_.prepared()) failed_ = true;
    else blocks_.bind(1, segment);
  }
  bool next(Row& row) override {
    while (!failed_ && at_ == rows_.size()) {
      const int rc = blocks_.step();
      if (rc == SQLITE_DONE) return false;
      rows_.clear();
      at_ = 0;
      if (rc != SQLITE_ROW || !positions::decode_block(blocks_.blob(1), blocks_.int64(0), first_game_, rows_))
        failed_ = true;
    }
    if (failed_) return false;
    row = rows_[at_++];
    return true;
  }

 private:
  std::uint32_t first_game_;
  sql::Statement blocks_;
  std::vector<Row> rows_;
  std::size_t at_ = 0;
};

}  // namespace

struct PositionIndex::Impl {
  sql::Connection db;
  bool writable = false, memory = false;
  std::string schema = "main";  // where the index tables are

  struct Segment {
    std::int64_t id = 0, rows = 0;
    std::uint32_t first_game = 0;
  };

  // `what` failed, with SQLite's message for the connection's latest failure.
  Error fail(const std::string& what) const { return Error{what + ": " + db.current_error()}; }
  std::string table(const char* name) const { return schema + "." + name; }

  bool has_tables() {
    return db.scalar("SELECT count(*) FROM " + schema + ".sqlite_schema WHERE name = 'position_blocks'") > 0;
  }

  std::string meta(const std::string& key) {
    sql::Statement s = db.prepare("SELECT value FROM " + table("position_meta") + " WHERE key = ?1");
    if (!s.prepared()) return "";
    s.bind_text(1, key);
    return s.step() == SQLITE_ROW ? std::string(s.text(0)) : "";
  }
  std::optional<Error> set_meta(const std::string& key, const std::string& value) {
    sql::Statement s = db.prepare("INSERT OR REPLACE INTO " + table("position_meta") + " (key, value) VALUES (?1, ?2)");
    if (!s.prepared()) return fail("cannot prepare the index bookkeeping");
    s.bind_text(1, key);
    s.bind_text(2, value);
    if (!s.run()) return fail("cannot write the index bookkeeping");
    return std::nullopt;
  }

  // Is the index in `schema` complete for the games stored now?
  bool current() {
    if (!has_tables() || meta("format") != fingerprint()) return false;
    const std::int64_t through = std::atoll(meta("through").c_str());
    return through >= db.scalar("SELECT coalesce(max(id), 0) FROM main.games");
  }

  std::optional<Error> create_tables() {
    const std::string s = schema + ".";
    if (db.exec("CREATE TABLE IF NOT EXISTS " + s +
                   "position_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"
                   "CREATE TABLE IF NOT EXISTS " + s +
                   "position_segments (id INTEGER PRIMARY KEY, first_game INTEGER NOT NULL, last_game INTEGER NOT "
                   "NULL, rows INTEGER NOT NULL);"
                   "CREATE TABLE IF NOT EXISTS " + s +
                   "position_blocks (segment INTEGER NOT NULL, first_key INTEGER NOT NULL, part INTEGER NOT NULL, "
                   "data BLOB NOT NULL, PRIMARY KEY (segment, first_key, part)) WITHOUT ROWID;"
                   "CREATE TABLE IF NOT EXISTS " + s + "position_games (block INTEGER PRIMARY KEY, data BLOB NOT NULL);"))
      return fail("cannot create the position index tables");
    return std::nullopt;
  }

  Expected<std::vector<Segment>> segments() {
    std::vector<Segment> out;
    if (!has_tables()) return out;
    sql::Statement s = db.prepare("SELECT id, rows, first_game FROM " + table("position_segments") + " ORDER BY first_game");
    if (!s.prepared()) return fail("cannot read the index segments");
    while (s.step() == SQLITE_ROW)
      out.push_back({s.int64(0), s.int64(1), static_cast<std::uint32_t>(s.int64(2))});
    return out;
  }

  // Reads the games after `through` up to `top`, computes their rows in `threads`
  // threads into sorted runs and their facts.
  std::optional<Error> build_runs(std::int64_t through, std::int64_t top, int threads,
                  const std::function<void(const IndexProgress&)>& progress,
                  std::vector<std::unique_ptr<RunFile>>& runs, std::vector<std::pair<std::int64_t, FactEntry>>& facts) {
    sql::Statement s = db.prepare(
        "SELECT g.id, g.start_id, st.key, g.plies, g.valid_plies, g.moves, g.result_text IS NOT NULL, g.result_winner, "
        "g.tags_json FROM main.games AS g JOIN main.starts AS st ON st.id = g.start_id WHERE g.id > ?1 AND g.id <= ?2 "
        "ORDER BY g.id");
    if (!s.prepared()) return fail("cannot read games");
    s.bind(1, through);
    s.bind(2, top);
    const long total = static_cast<long>(db.scalar("SELECT count(*) FROM main.games WHERE id > " +
                                                   std::to_string(through) + " AND id <= " + std::to_string(top)));
    long done = 0;
    if (progress) progress({done, total});
    std::vector<GameInput> chunk;
    const bool one_chunk = total <= static_cast<long>(kChunkGames);
    bool more = true;
    while (more) {
      chunk.clear();
      int rc = SQLITE_ROW;
      while (chunk.size() < kChunkGames && (rc = s.step()) == SQLITE_ROW) {
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
        chunk.push_back(std::move(g));
      }
      if (rc != SQLITE_ROW && rc != SQLITE_DONE) return fail("reading games failed");
      more = rc == SQLITE_ROW;
      if (chunk.empty()) break;
      // Each thread takes a contiguous slice and writes one sorted run.
      const std::size_t parts = static_cast<std::size_t>(std::max(1, threads));
      std::vector<std::unique_ptr<RunFile>> made(parts);
      std::vector<std::vector<std::pair<std::int64_t, FactEntry>>> made_facts(parts);
      std::vector<char> ok(parts, 0);
      auto work = [&](std::size_t t) {
        const std::size_t from = chunk.size() * t / parts, to = chunk.size() * (t + 1) / parts;
        std::vector<Row> rows;
        rows.reserve((to - from) * 128);
        for (std::size_t i = from; i < to; ++i) {
          const GameInput& g = chunk[i];
          positions::game_rows(static_cast<std::uint32_t>(g.id), g.start_key, g.moves, g.valid_plies, g.plies, rows);
          made_facts[t].emplace_back(g.id, fact_of(g));
        }
        positions::sort_rows(rows);  // appended in game order
        made[t] = std::make_unique<RunFile>(one_chunk);
        ok[t] = made[t]->ok() && made[t]->write(rows);
      };
      std::vector<std::thread> pool;
      for (std::size_t t = 1; t < parts; ++t) pool.emplace_back(work, t);
      work(0);
      for (auto& th : pool) th.join();
      for (std::size_t t = 0; t < parts; ++t) {
        if (!ok[t]) return Error{"cannot write a temporary file for the position index"};
        runs.push_back(std::move(made[t]));
        facts.insert(facts.end(), made_facts[t].begin(), made_facts[t].end());
      }
      done += static_cast<long>(chunk.size());
      if (progress) progress({done, total});
    }
    return std::nullopt;
  }

  // Merges `sources` into a new segment [first_game, last_game]; its id, or 0 when it
  // would hold no rows (nothing is stored then).
  Expected<std::int64_t> merge(std::vector<std::unique_ptr<RowSource>>& sources, std::uint32_t first_game,
                               std::int64_t last_game) {
    sql::Statement add_segment =
        db.prepare("INSERT INTO " + table("position_segments") + " (first_game, last_game, rows) VALUES (?1, ?2, 0)");
    if (!add_segment.prepared()) return fail("cannot add a segment");
    add_segment.bind(1, static_cast<std::int64_t>(first_game));
    add_segment.bind(2, last_game);
    if (!add_segment.run()) return fail("cannot add a segment");
    const std::int64_t segment = db.last_insert_rowid();
    sql::Statement add_block = db.prepare("INSERT INTO " + table("position_blocks") +
                                          " (segment, first_key, part, data) VALUES (?1, ?2, ?3, ?4)");
    if (!add_block.prepared()) return fail("cannot add a block");
    positions::BlockWriter writer(first_game, [&](std::int64_t first_key, int part, std::string_view data) {
      add_block.bind(1, segment);
      add_block.bind(2, first_key);
      add_block.bind(3, part);
      add_block.bind_blob(4, data);
      return add_block.run();
    });
    Row row;
    if (sources.size() == 1) {
      // One run (a first index, or an import's rows into a small archive): no merge.
      while (sources[0]->next(row))
        if (!writer.add(row)) return fail("cannot store an index block");
    } else {
      using Head = std::pair<Row, std::size_t>;
      auto later = [](const Head& a, const Head& b) { return positions::row_less(b.first, a.first); };
      std::priority_queue<Head, std::vector<Head>, decltype(later)> heap(later);
      for (std::size_t i = 0; i < sources.size(); ++i)
        if (sources[i]->next(row)) heap.emplace(row, i);
      while (!heap.empty()) {
        const auto [top, i] = heap.top();
        heap.pop();
        if (!writer.add(top)) return fail("cannot store an index block");
        if (sources[i]->next(row)) heap.emplace(row, i);
      }
    }
    for (const auto& source : sources)
      if (source->failed()) return fail("the position index is damaged (a block does not decode)");
    if (!writer.finish()) return fail("cannot store an index block");
    if (writer.rows() == 0) {
      db.exec("DELETE FROM " + table("position_segments") + " WHERE id = " + std::to_string(segment));
      return std::int64_t{0};
    }
    if (db.exec("UPDATE " + table("position_segments") + " SET rows = " + std::to_string(writer.rows()) +
                 " WHERE id = " + std::to_string(segment)))
      return fail("cannot count a segment");
    return segment;
  }

  // Stores facts (sorted by id) into their blocks, keeping what the blocks held.
  std::optional<Error> store_facts(const std::vector<std::pair<std::int64_t, FactEntry>>& facts) {
    sql::Statement read = db.prepare("SELECT data FROM " + table("position_games") + " WHERE block = ?1");
    sql::Statement write =
        db.prepare("INSERT OR REPLACE INTO " + table("position_games") + " (block, data) VALUES (?1, ?2)");
    if (!read.prepared() || !write.prepared()) return fail("cannot prepare the game facts");
    std::size_t i = 0;
    while (i < facts.size()) {
      const std::int64_t block = facts[i].first / kFactsPerBlock;
      std::string data(kFactsPerBlock * kFactBytes, '\0');
      read.bind(1, block);
      if (read.step() == SQLITE_ROW) {
        const std::string_view old = read.blob(0);
        data.replace(0, std::min(old.size(), data.size()), old.substr(0, std::min(old.size(), data.size())));
      }
      read.reset();
      for (; i < facts.size() && facts[i].first / kFactsPerBlock == block; ++i)
        encode_fact(facts[i].second, data.data() + (facts[i].first % kFactsPerBlock) * kFactBytes);
      write.bind(1, block);
      write.bind_blob(2, data);
      if (!write.run()) return fail("cannot store game facts");
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
    sql::Statement s = db.prepare("SELECT id, start_id FROM main.games WHERE id >= ?1 AND id <= ?2 ORDER BY id");
    if (!s.prepared()) return fail("cannot read games");
    s.bind(1, feed.first_id());
    s.bind(2, top);
    std::size_t i = 0;
    int rc;
    while ((rc = s.step()) == SQLITE_ROW) {
      if (i == fed.size() || fed[i].first != s.int64(0)) return std::nullopt;
      fed[i++].second.start_id = static_cast<std::uint32_t>(s.int64(1));
    }
    if (rc != SQLITE_DONE) return fail("cannot read games");
    if (i != fed.size()) return std::nullopt;
    auto taken = feed.take_runs();
    if (!taken) return taken.error();
    for (auto& run : *taken) runs.push_back(std::move(run));
    read_to = feed.first_id() - 1;
    facts = std::move(fed);
    return std::nullopt;
  }

  std::optional<Error> update(int threads, const std::function<void(const IndexProgress&)>& progress,
                              IndexFeed* feed = nullptr) {
    if (!writable && !memory) {
      if (current()) return std::nullopt;
      // Never write a read-only archive: build the whole index in the connection's
      // temporary database instead (in memory).
      if (db.exec("PRAGMA temp_store = MEMORY")) return fail("cannot keep the index in memory");
      schema = kMemorySchema;
      memory = true;
    }
    for (int attempt = 0; attempt < 3; ++attempt) {
      if (current()) return std::nullopt;
      const bool reset = meta("format") != fingerprint();
      const std::int64_t through = reset ? 0 : std::atoll(meta("through").c_str());
      const std::int64_t top = db.scalar("SELECT coalesce(max(id), 0) FROM main.games");
      if (top > 0xFFFFFFFFLL) return Error{"game ids above 2^32 cannot be indexed"};
      std::vector<std::unique_ptr<RunFile>> runs, fed_runs;
      std::vector<std::pair<std::int64_t, FactEntry>> facts, fed_facts;
      std::int64_t read_to = top;
      if (feed && !memory) {
        if (auto e = take_feed(*feed, through, top, read_to, fed_runs, fed_facts)) return e;
        feed = nullptr;  // used once: an update that starts again reads every game
      }
      if (auto e = build_runs(through, read_to, threads, progress, runs, facts)) return e;
      for (auto& run : fed_runs) runs.push_back(std::move(run));
      facts.insert(facts.end(), fed_facts.begin(), fed_facts.end());

      // An in-memory index is this connection's alone; the archive's index takes the
      // write lock first.
      if (db.exec(memory ? "BEGIN" : "BEGIN IMMEDIATE")) return fail("cannot start writing the position index");
      // Another process may have indexed meanwhile: then start again from what it left.
      const bool moved = (meta("format") != fingerprint()) != reset ||
                         (!reset && std::atoll(meta("through").c_str()) != through);
      if (moved) {
        db.exec("ROLLBACK");
        continue;
      }
      if (auto e = write(reset, through, top, runs, facts)) {
        db.exec("ROLLBACK");
        return e;
      }
      if (db.exec("COMMIT")) {
        Error error = fail("cannot commit the position index");
        db.exec("ROLLBACK");
        return error;
      }
      return std::nullopt;
    }
    return Error{"the position index kept changing while it was updated"};
  }

  // The write half of update(), inside its transaction.
  std::optional<Error> write(bool reset, std::int64_t through, std::int64_t top,
                             std::vector<std::unique_ptr<RunFile>>& runs,
                             const std::vector<std::pair<std::int64_t, FactEntry>>& facts) {
    if (auto e = create_tables()) return e;
    if (reset && db.exec("DELETE FROM " + table("position_blocks") + "; DELETE FROM " + table("position_segments") +
                          "; DELETE FROM " + table("position_games") + ";"))
      return fail("cannot clear an outdated position index");
    auto existing = segments();
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
      sources.push_back(std::make_unique<SegmentSource>(db, schema, it->id, it->first_game));
    }
    if (auto merged_segment = merge(sources, first_game, top); !merged_segment) return merged_segment.error();
    for (std::int64_t id : merged) {
      if (db.exec("DELETE FROM " + table("position_blocks") + " WHERE segment = " + std::to_string(id)) ||
          db.exec("DELETE FROM " + table("position_segments") + " WHERE id = " + std::to_string(id)))
        return fail("cannot remove a merged segment");
    }
    const std::int64_t games = (reset ? 0 : std::atoll(meta("games").c_str())) + static_cast<std::int64_t>(facts.size());
    if (auto e = store_facts(facts)) return e;
    if (auto e = set_meta("format", fingerprint())) return e;
    if (auto e = set_meta("through", std::to_string(top))) return e;
    return set_meta("games", std::to_string(games));
  }

  // The facts of games by id (a block cache for one call).
  struct FactReader {
    explicit FactReader(Impl& m) : m(m) {
      read = m.db.prepare("SELECT data FROM " + m.table("position_games") + " WHERE block = ?1");
    }
    std::optional<FactEntry> get(std::int64_t id) {
      if (!read.prepared() || id <= 0) return std::nullopt;
      const std::int64_t block = id / kFactsPerBlock;
      auto it = blocks.find(block);
      if (it == blocks.end()) {
        read.bind(1, block);
        std::string data;
        if (read.step() == SQLITE_ROW) data = read.blob(0);
        read.reset();
        it = blocks.emplace(block, std::move(data)).first;
      }
      const std::size_t at = static_cast<std::size_t>(id % kFactsPerBlock) * kFactBytes;
      if (it->second.size() < at + kFactBytes) return std::nullopt;
      FactEntry f = decode_fact(it->second.data() + at);
      if (!f.present) return std::nullopt;
      return f;
    }
    Impl& m;
    sql::Statement read;
    std::unordered_map<std::int64_t, std::string> blocks;
  };

  // Candidate rows with `key`, from every segment.
  std::optional<Error> candidates(std::int64_t key, std::vector<Row>& out) {
    auto list = segments();
    if (!list) return list.error();
    sql::Statement before = db.prepare("SELECT first_key, data FROM " + table("position_blocks") +
                                       " WHERE segment = ?1 AND first_key < ?2 ORDER BY first_key DESC, part DESC LIMIT 1");
    sql::Statement at = db.prepare("SELECT data FROM " + table("position_blocks") +
                                   " WHERE segment = ?1 AND first_key = ?2 ORDER BY part");
    if (!before.prepared() || !at.prepared()) return fail("cannot read the position index");
    std::vector<Row> rows;
    for (const Segment& seg : *list) {
      rows.clear();
      before.bind(1, seg.id);
      before.bind(2, key);
      if (before.step() == SQLITE_ROW && !positions::decode_block(before.blob(1), before.int64(0), seg.first_game, rows))
        return damaged();
      before.reset();
      at.bind(1, seg.id);
      at.bind(2, key);
      while (at.step() == SQLITE_ROW)
        if (!positions::decode_block(at.blob(0), key, seg.first_game, rows)) return damaged();
      at.reset();
      for (const Row& r : rows)
        if (r.key == key) out.push_back(r);
    }
    std::sort(out.begin(), out.end(), [](const Row& a, const Row& b) { return a.game < b.game; });
    return std::nullopt;
  }

  static Error damaged() { return Error{"the position index is damaged (a block does not decode)"}; }

  // Confirms each candidate by replaying its game to the row's ply.
  std::optional<Error> confirm(const Position& position, const std::vector<Row>& rows, std::vector<PositionHit>& out) {
    FactReader facts(*this);
    sql::Statement start_key = db.prepare("SELECT key FROM main.starts WHERE id = ?1");
    sql::Statement moves = db.prepare("SELECT moves FROM main.games WHERE id = ?1");
    if (!start_key.prepared() || !moves.prepared()) return fail("cannot read games");
    std::unordered_map<std::uint32_t, std::optional<Position>> starts;
    std::unordered_map<std::string, bool> replayed;  // start id + move prefix -> same position
    for (const Row& r : rows) {
      const auto fact = facts.get(r.game);
      if (!fact) continue;
      auto s = starts.find(fact->start_id);
      if (s == starts.end()) {
        std::optional<Position> p;
        start_key.bind(1, static_cast<std::int64_t>(fact->start_id));
        if (start_key.step() == SQLITE_ROW) {
          Position q;
          if (positions::start_position_of(start_key.text(0), q)) p = q;
        }
        start_key.reset();
        s = starts.emplace(fact->start_id, p).first;
      }
      if (!s->second) continue;
      bool same = false;
      if (r.ply == 0) {
        same = positions::same_position(*s->second, position);
      } else {
        moves.bind(1, static_cast<std::int64_t>(r.game));
        std::string prefix;
        if (moves.step() == SQLITE_ROW) prefix = moves.blob(0).substr(0, 2 * static_cast<std::size_t>(r.ply));
        moves.reset();
        if (prefix.size() != 2 * static_cast<std::size_t>(r.ply)) continue;
        std::string memo = std::to_string(fact->start_id) + ':' + prefix;
        if (auto m = replayed.find(memo); m != replayed.end()) {
          same = m->second;
        } else {
          Position p = *s->second;
          bool playable = true;
          for (int i = 0; i < r.ply && playable; ++i) {
            const std::optional<Move> mv = move_at(prefix, static_cast<std::size_t>(i));
            playable = mv && p.is_pseudo_legal(*mv);
            if (playable) p.do_move(*mv);
          }
          same = playable && positions::same_position(p, position);
          replayed.emplace(std::move(memo), same);
        }
      }
      if (!same) continue;
      PositionHit h;
      h.game_id = r.game;
      h.ply = r.ply;
      if (r.next == positions::kNextEnded) h.next = PositionHit::Next::Ended;
      else if (r.next == positions::kNextBroken) h.next = PositionHit::Next::Broken;
      else {
        h.next = PositionHit::Next::Move;
        h.move = Move(static_cast<Square>(r.next & 0x7F), static_cast<Square>((r.next >> 7) & 0x7F));
      }
      out.push_back(h);
    }
    return std::nullopt;
  }
};

PositionIndex::PositionIndex(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
PositionIndex::~PositionIndex() = default;

Expected<std::unique_ptr<PositionIndex>> PositionIndex::open(const std::string& path, OpenMode mode) {
  auto impl = std::make_unique<Impl>();
  // As every reader opens an archive (read-write where the file and its directory allow
  // it, read-only or immutable elsewhere); never created here.
  if (auto e = open_existing_archive(path, impl->db)) return *e;
  // An older schema is read as it is (gibo import upgrades archives).
  if (const Expected<int> version = schema::prepare(impl->db, false); !version)
    return Error{path + ": " + version.error().message};
  impl->writable = mode == OpenMode::ReadWrite && sqlite3_db_readonly(impl->db.get(), "main") == 0;
  // As the importer: in WAL mode, NORMAL syncs at checkpoints only and is never corrupt.
  if (impl->writable) impl->db.exec("PRAGMA synchronous = NORMAL");
  impl->db.exec("PRAGMA cache_size = -65536");
  return std::unique_ptr<PositionIndex>(new PositionIndex(std::move(impl)));
}

std::optional<Error> PositionIndex::update(int threads, const std::function<void(const IndexProgress&)>& progress) {
  return impl_->update(threads, progress);
}

bool PositionIndex::in_memory() const { return impl_->memory; }

Expected<std::int64_t> PositionIndex::game_count() {
  Impl& m = *impl_;
  // What the last update counted, while it is current (counting a large table costs a
  // scan of it); else counted now.
  if (m.current()) return static_cast<std::int64_t>(std::atoll(m.meta("games").c_str()));
  sql::Statement s = m.db.prepare("SELECT count(*) FROM main.games");
  if (!s.prepared() || s.step() != SQLITE_ROW) return m.fail("cannot count games");
  return s.int64(0);
}

bool PositionIndex::has_games() {
  return impl_->db.scalar("SELECT EXISTS (SELECT 1 FROM main.games)") != 0;
}

Expected<std::vector<PositionHit>> PositionIndex::find(const Position& position) {
  Impl& m = *impl_;
  // One read transaction: a concurrent update is seen whole or not at all.
  if (m.db.exec("BEGIN")) return m.fail("cannot read the position index");
  std::vector<Row> rows;
  std::vector<PositionHit> hits;
  std::optional<Error> error = m.candidates(static_cast<std::int64_t>(position.key()), rows);
  if (!error) error = m.confirm(position, rows, hits);
  m.db.exec("COMMIT");
  if (error) return *error;
  return hits;
}

Expected<std::vector<IndexedGame>> PositionIndex::games(const std::vector<std::int64_t>& ids) {
  Impl& m = *impl_;
  Impl::FactReader facts(m);
  std::vector<IndexedGame> out;
  out.reserve(ids.size());
  for (std::int64_t id : ids) {
    const auto f = facts.get(id);
    if (!f) return Error{"game " + std::to_string(id) + " is not in the position index"};
    out.push_back({id, f->plies, f->winner, f->date});
  }
  return out;
}

Expected<std::vector<GameListing>> PositionIndex::describe(const std::vector<std::int64_t>& ids) {
  Impl& m = *impl_;
  sql::Statement s = m.db.prepare(
      "SELECT s.path, g.game_index, g.plies, g.tags_json, g.result_text FROM main.games AS g JOIN main.sources AS s ON "
      "s.id = g.source_id WHERE g.id = ?1");
  if (!s.prepared()) return m.fail("cannot read games");
  std::vector<GameListing> out;
  out.reserve(ids.size());
  for (std::int64_t id : ids) {
    s.bind(1, id);
    if (s.step() != SQLITE_ROW) return Error{"no game with id " + std::to_string(id)};
    GameListing g;
    g.id = id;
    g.file = s.text(0);
    g.index = s.integer(1);
    g.plies = s.integer(2);
    if (auto tags = decode_tags(s.text(3))) {
      // The names prepare_game reads the players from, and the date the facts use.
      g.cho = first_tag(*tags, {"초대국자", "White", "Cho"});
      g.han = first_tag(*tags, {"한대국자", "Black", "Han"});
      g.date = first_tag(*tags, {"대국일자", "Date"});
    }
    g.result = s.optional_text(4);
    s.reset();
    out.push_back(std::move(g));
  }
  return out;
}

Expected<std::vector<SetupTally>> PositionIndex::setup_tallies(const std::unordered_set<std::int64_t>* selected) {
  Impl& m = *impl_;
  // Counted from the index's own facts (12 bytes a game), not by a scan of the games.
  std::map<std::pair<std::uint32_t, Winner>, std::int64_t> counts;  // (start id, winner)
  if (m.has_tables()) {
    sql::Statement s = m.db.prepare("SELECT block, data FROM " + m.table("position_games"));
    if (!s.prepared()) return m.fail("cannot read the position index");
    int rc;
    while ((rc = s.step()) == SQLITE_ROW) {
      const std::int64_t block = s.int64(0);
      const std::string_view data = s.blob(1);
      for (std::size_t i = 0; (i + 1) * kFactBytes <= data.size(); ++i) {
        const FactEntry f = decode_fact(data.data() + i * kFactBytes);
        if (!f.present) continue;
        if (selected && !selected->count(block * kFactsPerBlock + static_cast<std::int64_t>(i))) continue;
        ++counts[{f.start_id, f.winner}];
      }
    }
    if (rc != SQLITE_DONE) return m.fail("cannot read the position index");
  }
  // Each start position's set-up pair, if it is the start of one.
  std::array<std::pair<Setup, Setup>, 16> pairs;
  std::array<Position, 16> starts;
  for (std::size_t i = 0; i < 16; ++i) {
    pairs[i] = {kAllSetups[i / 4], kAllSetups[i % 4]};
    starts[i].set_setups(pairs[i].first, pairs[i].second);
  }
  sql::Statement key = m.db.prepare("SELECT key FROM main.starts WHERE id = ?1");
  if (!key.prepared()) return m.fail("cannot read the start positions");
  std::map<std::uint32_t, std::optional<std::pair<Setup, Setup>>> pair_of;
  std::vector<SetupTally> out;
  for (const auto& [k, games] : counts) {
    auto it = pair_of.find(k.first);
    if (it == pair_of.end()) {
      std::optional<std::pair<Setup, Setup>> pair;
      key.bind(1, static_cast<std::int64_t>(k.first));
      Position p;
      if (key.step() == SQLITE_ROW && positions::start_position_of(key.text(0), p))
        for (std::size_t i = 0; i < 16 && !pair; ++i)
          if (positions::same_position(p, starts[i])) pair = pairs[i];
      key.reset();
      it = pair_of.emplace(k.first, pair).first;
    }
    SetupTally t;
    if (it->second) {
      t.cho = it->second->first;
      t.han = it->second->second;
    }
    t.winner = k.second;
    t.games = games;
    out.push_back(t);
  }
  return out;
}

std::optional<Error> index_imported_games(const std::string& path, int threads, ImportSummary& summary,
                                          IndexFeed* feed) {
  const auto start = std::chrono::steady_clock::now();
  auto index = PositionIndex::open(path, OpenMode::ReadWrite);
  if (!index) return index.error();
  std::optional<Error> e = (*index)->impl_->update(std::max(1, threads), {}, feed);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  summary.seconds += seconds;
  summary.index_seconds += seconds;
  if (e) return Error{path + ": cannot index positions: " + e->message};
  return std::nullopt;
}

IndexSize PositionIndex::size() {
  Impl& m = *impl_;
  IndexSize z;
  if (!m.has_tables()) return z;
  z.games = std::atoll(m.meta("games").c_str());
  z.positions = m.db.scalar("SELECT coalesce(sum(rows), 0) FROM " + m.table("position_segments"));
  z.segments = m.db.scalar("SELECT count(*) FROM " + m.table("position_segments"));
  z.bytes = m.db.scalar("SELECT coalesce(sum(pgsize), 0) FROM dbstat('" + m.schema +
                            "') WHERE name IN ('position_meta', 'position_segments', 'position_blocks', "
                            "'position_games')",
                        0);
  return z;
}

std::optional<Error> forget_indexed_game(sql::Connection& db, std::int64_t id) {
  if (id <= 0 || db.scalar("SELECT count(*) FROM main.sqlite_schema WHERE name = 'position_games'") == 0)
    return std::nullopt;
  sql::Statement read = db.prepare("SELECT data FROM main.position_games WHERE block = :block");
  if (!read.prepared()) return Error{"cannot read the position index: " + db.current_error()};
  read.bind(1, id / kFactsPerBlock);
  if (read.step() != SQLITE_ROW) return std::nullopt;  // not indexed yet
  std::string data(read.blob(0));
  read.reset();
  const std::size_t at = static_cast<std::size_t>(id % kFactsPerBlock) * kFactBytes;
  if (data.size() < at + kFactBytes) return std::nullopt;
  FactEntry f = decode_fact(data.data() + at);
  if (!f.present) return std::nullopt;
  f.present = false;
  encode_fact(f, data.data() + at);
  sql::Statement write = db.prepare("UPDATE main.position_games SET data = :data WHERE block = :block");
  if (!write.prepared()) return Error{"cannot update the position index: " + db.current_error()};
  write.bind_blob(sqlite3_bind_parameter_index(write.get(), ":data"), data);
  write.bind(sqlite3_bind_parameter_index(write.get(), ":block"), id / kFactsPerBlock);
  if (!write.run() ||
      db.exec("UPDATE main.position_meta SET value = CAST(CAST(value AS INTEGER) - 1 AS TEXT) WHERE key = 'games'"))
    return Error{"cannot update the position index: " + db.current_error()};
  return std::nullopt;
}

}  // namespace gibo::archive
