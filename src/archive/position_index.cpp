// The position index (position_index.h): opening it, and its queries: finding a
// position's games (candidate rows by key, each confirmed by replay), the games' facts
// and listings, the set-up tallies. The index is built by position_index_build.cpp
// (index_build.h) on the tables index_tables.h describes.
#include "gibo/archive/position_index.h"
#include "gibo/record/opening.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>

#include "gibo/archive/archive.h"
#include "gibo/archive/codec.h"
#include "gibo/archive/import.h"
#include "dialect.h"
#include "game_listing.h"
#include "index_build.h"
#include "index_tables.h"
#include "open_existing.h"
#include "position_facts.h"
#include "position_rows.h"
#include "schema.h"
#include "sql.h"

namespace gibo::archive {

using positions::Row;

// The index's tables on the archive's connection, and the queries of find().
struct PositionIndex::Impl : IndexTables {
  // Candidate rows with `key`, from every segment.
  std::optional<Error> candidates(std::int64_t key, std::vector<Row>& out) {
    auto list = segments();
    if (!list) return list.error();
    sql::Statement before = db.prepare("SELECT first_key, data FROM " + table("position_blocks") +
                                       " WHERE segment = :segment AND first_key < :first_key ORDER BY first_key DESC, part DESC LIMIT 1");
    sql::Statement at = db.prepare("SELECT data FROM " + table("position_blocks") +
                                   " WHERE segment = :segment AND first_key = :first_key ORDER BY part");
    if (!before.prepared() || !at.prepared()) return fail("cannot read the position index");
    std::vector<Row> rows;
    for (const Segment& seg : *list) {
      rows.clear();
      before.bind(":segment", seg.id);
      before.bind(":first_key", key);
      if (before.step() == sql::kRow && !positions::decode_block(before.blob(1), before.int64(0), seg.first_game, rows))
        return damaged();
      before.reset();
      at.bind(":segment", seg.id);
      at.bind(":first_key", key);
      while (at.step() == sql::kRow)
        if (!positions::decode_block(at.blob(0), key, seg.first_game, rows)) return damaged();
      at.reset();
      for (const Row& r : rows)
        if (r.key == key) out.push_back(r);
    }
    std::sort(out.begin(), out.end(), [](const Row& a, const Row& b) { return a.game < b.game; });
    return std::nullopt;
  }

  // The moves of the games `ids`, read kMovesPerRead games a statement (one round trip
  // to a server for many candidates, not one each).
  std::optional<Error> read_moves(std::vector<std::int64_t> ids, std::unordered_map<std::int64_t, std::string>& out) {
    constexpr std::size_t kMovesPerRead = 500;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    for (std::size_t from = 0; from < ids.size(); from += kMovesPerRead) {
      std::string list;
      for (std::size_t i = from; i < std::min(ids.size(), from + kMovesPerRead); ++i) {
        if (!list.empty()) list += ',';
        list += std::to_string(ids[i]);
      }
      sql::Statement s = db.prepare("SELECT id, moves FROM " + main + "games WHERE id IN (" + list + ")");
      if (!s.prepared()) return fail("cannot read games");
      int rc;
      while ((rc = s.step()) == sql::kRow) out.emplace(s.int64(0), std::string(s.blob(1)));
      if (rc != sql::kDone) return fail("cannot read games");
    }
    return std::nullopt;
  }

  // Confirms each candidate by replaying its game to the row's ply.
  std::optional<Error> confirm(const Position& position, const std::vector<Row>& rows, std::vector<PositionHit>& out) {
    FactReader facts(db, table("position_games"));
    sql::Statement start_key = db.prepare("SELECT key FROM " + main + "starts WHERE id = :id");
    if (!start_key.prepared()) return fail("cannot read games");
    std::vector<std::int64_t> replayed_games;
    for (const Row& r : rows)
      if (r.ply > 0) replayed_games.push_back(r.game);
    std::unordered_map<std::int64_t, std::string> moves;
    if (auto e = read_moves(std::move(replayed_games), moves)) return e;
    std::unordered_map<std::uint32_t, std::optional<Position>> starts;
    std::unordered_map<std::string, bool> replayed;  // start id + move prefix -> same position
    for (const Row& r : rows) {
      const auto fact = facts.get(r.game);
      if (!fact) continue;
      const std::optional<Position>& start = start_of(fact->start_id, start_key, starts);
      if (!start) continue;
      bool same = false;
      if (r.ply == 0) {
        same = positions::same_position(*start, position);
      } else {
        const auto m = moves.find(r.game);
        if (m == moves.end() || m->second.size() < 2 * static_cast<std::size_t>(r.ply)) continue;
        const std::string prefix = m->second.substr(0, 2 * static_cast<std::size_t>(r.ply));
        std::string memo = std::to_string(fact->start_id) + ':' + prefix;
        if (auto known = replayed.find(memo); known != replayed.end()) same = known->second;
        else replayed.emplace(std::move(memo), same = reaches(*start, prefix, position));
      }
      if (same) out.push_back(hit_of(r));
    }
    return std::nullopt;
  }

  // The start position `id` of the starts table (read by `start_key`, kept in `starts`);
  // nullopt when it does not read.
  static const std::optional<Position>& start_of(std::uint32_t id, sql::Statement& start_key,
                                                 std::unordered_map<std::uint32_t, std::optional<Position>>& starts) {
    auto s = starts.find(id);
    if (s == starts.end()) {
      std::optional<Position> p;
      start_key.bind(":id", static_cast<std::int64_t>(id));
      if (start_key.step() == sql::kRow) {
        Position q;
        if (positions::start_position_of(start_key.text(0), q)) p = q;
      }
      start_key.reset();
      s = starts.emplace(id, p).first;
    }
    return s->second;
  }

  // Do the moves `prefix` (stored form) play from `start` to `position`?
  static bool reaches(const Position& start, const std::string& prefix, const Position& position) {
    Position p = start;
    for (std::size_t i = 0; i < prefix.size() / 2; ++i) {
      const std::optional<Move> mv = move_at(prefix, i);
      if (!mv || !p.is_pseudo_legal(*mv)) return false;
      p.do_move(*mv);
    }
    return positions::same_position(p, position);
  }

  // The indexed games (those in `selected` when given) counted by start id and winner,
  // from the index's own facts (12 bytes a game), not by a scan of the games.
  Expected<std::map<std::pair<std::uint32_t, Winner>, std::int64_t>> count_games(
      const std::unordered_set<std::int64_t>* selected) {
    std::map<std::pair<std::uint32_t, Winner>, std::int64_t> counts;
    if (!has_tables()) return counts;
    sql::Statement s = db.prepare("SELECT block, data FROM " + table("position_games"));
    if (!s.prepared()) return fail("cannot read the position index");
    int rc;
    while ((rc = s.step()) == sql::kRow) {
      const std::int64_t block = s.int64(0);
      const std::string_view data = s.blob(1);
      for (std::size_t i = 0; (i + 1) * kFactBytes <= data.size(); ++i) {
        const FactEntry f = decode_fact(data.data() + i * kFactBytes);
        if (!f.present) continue;
        if (selected && !selected->count(block * kFactsPerBlock + static_cast<std::int64_t>(i))) continue;
        ++counts[{f.start_id, f.winner}];
      }
    }
    if (rc != sql::kDone) return fail("cannot read the position index");
    return counts;
  }

  // The hit of a confirmed row.
  static PositionHit hit_of(const Row& r) {
    PositionHit h;
    h.game_id = r.game;
    h.ply = r.ply;
    if (r.next == positions::kNextEnded) h.next = PositionHit::Next::Ended;
    else if (r.next == positions::kNextBroken) h.next = PositionHit::Next::Broken;
    else {
      h.next = PositionHit::Next::Move;
      h.move = Move(static_cast<Square>(r.next & 0x7F), static_cast<Square>((r.next >> 7) & 0x7F));
    }
    return h;
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
  const Expected<int> version = schema::prepare(impl->db, false);
  if (!version) return Error{archive_name(path) + ": " + version.error().message};
  if (auto e = schema::refuse_unfinished(impl->db)) return Error{archive_name(path) + ": " + e->message};
  impl->games = *version >= kCopiesSince ? "(SELECT * FROM " + sql::schema_prefix(impl->db, false) +
                                               "games WHERE copy_of IS NULL)"
                                         : sql::schema_prefix(impl->db, false) + "games";
  impl->writable = mode == OpenMode::ReadWrite && !impl->db.read_only();
  impl->main = impl->prefix = sql::schema_prefix(impl->db, false);
  impl->db.impl()->tune(impl->writable ? sql::Tuning::IndexWriter : sql::Tuning::IndexReader);
  return std::unique_ptr<PositionIndex>(new PositionIndex(std::move(impl)));
}

std::optional<Error> PositionIndex::update(int threads, const std::function<void(const IndexProgress&)>& progress) {
  return update_index(*impl_, threads, progress, nullptr);
}

bool PositionIndex::in_memory() const { return impl_->memory; }

Expected<std::int64_t> PositionIndex::game_count() {
  Impl& m = *impl_;
  // What the last update counted, while it is current (counting a large table costs a
  // scan of it); else counted now.
  if (m.current()) return static_cast<std::int64_t>(std::atoll(m.meta("games").c_str()));
  sql::Statement s = m.db.prepare("SELECT count(*) FROM " + m.games + " AS g");
  if (!s.prepared() || s.step() != sql::kRow) return m.fail("cannot count games");
  return s.int64(0);
}

bool PositionIndex::has_games() {
  return impl_->db.scalar("SELECT EXISTS (SELECT 1 FROM " + impl_->games + " AS g)") != 0;
}

Expected<std::vector<PositionHit>> PositionIndex::find(const Position& position) {
  Impl& m = *impl_;
  // One read transaction: a concurrent update is seen whole or not at all.
  if (m.db.exec(sql::begin_read(m.db))) return m.fail("cannot read the position index");
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
  FactReader facts(m.db, m.table("position_games"));
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
  return describe_games(impl_->db, impl_->main, ids);
}

Expected<std::vector<SetupTally>> PositionIndex::setup_tallies(const std::unordered_set<std::int64_t>* selected) {
  Impl& m = *impl_;
  const auto counts = m.count_games(selected);
  if (!counts) return counts.error();
  // Each start position's set-up pair, if it is the start of one (record/opening.h).
  sql::Statement key = m.db.prepare("SELECT key FROM " + m.main + "starts WHERE id = :id");
  if (!key.prepared()) return m.fail("cannot read the start positions");
  std::map<std::uint32_t, std::optional<std::pair<Setup, Setup>>> pair_of;
  std::vector<SetupTally> out;
  for (const auto& [k, games] : *counts) {
    auto it = pair_of.find(k.first);
    if (it == pair_of.end()) {
      std::optional<std::pair<Setup, Setup>> pair;
      key.bind(":id", static_cast<std::int64_t>(k.first));
      Position p;
      if (key.step() == sql::kRow && positions::start_position_of(key.text(0), p)) pair = setup_pair_of(p);
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
  std::optional<Error> e = update_index(*(*index)->impl_, std::max(1, threads), {}, feed);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  summary.seconds += seconds;
  summary.index_seconds += seconds;
  if (e) return Error{archive_name(path) + ": cannot index positions: " + e->message};
  return std::nullopt;
}

IndexSize PositionIndex::size() {
  Impl& m = *impl_;
  IndexSize z;
  if (!m.has_tables()) return z;
  z.games = std::atoll(m.meta("games").c_str());
  z.positions = m.db.scalar("SELECT coalesce(sum(rows), 0) FROM " + m.table("position_segments"));
  z.segments = m.db.scalar("SELECT count(*) FROM " + m.table("position_segments"));
  z.bytes = sql::bytes_of_tables(m.db, m.prefix, {"position_meta", "position_segments", "position_blocks", "position_games"});
  return z;
}

}  // namespace gibo::archive
