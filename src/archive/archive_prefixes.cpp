// Prefix detection: the games whose moves are a strict prefix of another game's from the
// same start, found by one sorted scan of the games added since the last one.
#include "archive_impl.h"

namespace gibo::archive {

namespace {

constexpr sql::Param<Archive::PrefixPair> kPrefixParams[] = {
    {"game_id", [](sql::Statement& s, int i, const Archive::PrefixPair& p) { s.bind(i, p.game_id); }},
    {"longer_game_id", [](sql::Statement& s, int i, const Archive::PrefixPair& p) { s.bind(i, p.longer_game_id); }},
};

}  // namespace

Expected<std::vector<Archive::PrefixPair>> Archive::update_prefixes() {
  Impl& m = *impl_;
  std::vector<PrefixPair> found;
  const std::int64_t through = m.db.scalar("SELECT CAST(value AS BIGINT) FROM meta WHERE key = 'prefix_scan_through'");
  const std::int64_t top = max_game_id();
  if (top <= through) return found;
  if (auto e = begin()) return *e;
  auto abort = [&](const char* what) {
    Error error = m.fail(what);
    rollback();
    return error;
  };
  // Every game's extensions sort right after it (memcmp order, SQLite's for a BLOB and
  // PostgreSQL's for a BYTEA, keeps a prefix's continuations together), so comparing
  // neighbours finds each prefix once. The scan's sort should not grow the import's memory
  // with the archive: the connection's scan tuning for it (SQLite: a smaller page cache,
  // the writer's back after it; on PostgreSQL the server sorts, and the scan reads a page
  // at a time).
  struct RestoreCache {
    sql::Connection& db;
    ~RestoreCache() { db.impl()->tune(sql::Tuning::WriterCache); }
  } restore_cache{m.db};
  m.db.impl()->tune(sql::Tuning::ScanCache);
  // (A copy is no game of its own: its game stands for it. Twins, the same moves, follow
  // each other by id, so every backend names the same longer game.)
  sql::Statement scan =
      m.db.prepare_scan("SELECT id, start_id, moves FROM games WHERE copy_of IS NULL ORDER BY start_id, moves, id");
  sql::Bound<PrefixPair> add;
  if (!scan.prepared() || add.prepare_insert_with(m.db, "prefixes", kPrefixParams, "ON CONFLICT DO NOTHING"))
    return abort("cannot scan for prefixes");
  std::int64_t prev_id = 0, prev_start = -1;
  std::string prev_moves;
  int rc;
  while ((rc = scan.step()) == sql::kRow) {
    const std::int64_t id = scan.int64(0), start = scan.int64(1);
    const std::string_view moves = scan.blob(2);
    if (start == prev_start && prev_moves.size() < moves.size() && moves.substr(0, prev_moves.size()) == prev_moves) {
      if (!add.run({prev_id, id})) return abort("cannot record a prefix");
      if (m.db.changes() > 0) found.push_back({prev_id, id});
    }
    prev_id = id;
    prev_start = start;
    prev_moves.assign(moves);
  }
  if (rc != sql::kDone) return abort("prefix scan failed");
  if (m.db.exec("UPDATE meta SET value = '" + std::to_string(top) + "' WHERE key = 'prefix_scan_through'"))
    return abort("cannot record the prefix scan");
  if (auto e = commit()) {
    rollback();
    return *e;
  }
  return found;
}

}  // namespace gibo::archive
