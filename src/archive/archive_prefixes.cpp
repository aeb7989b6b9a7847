// Prefix detection: the games whose moves are a strict prefix of another game's from the
// same start, found by one sorted scan of the games, run by the database itself (a
// window over the games in (start, moves) order), when games were added since the last.
#include "archive_impl.h"

namespace gibo::archive {

namespace {

constexpr sql::Param<Archive::PrefixPair> kPrefixParams[] = {
    {"game_id", [](sql::Statement& s, int i, const Archive::PrefixPair& p) { s.bind(i, p.game_id); }},
    {"longer_game_id", [](sql::Statement& s, int i, const Archive::PrefixPair& p) { s.bind(i, p.longer_game_id); }},
};

// Every game's extensions sort right after it (memcmp order, SQLite's for a BLOB and
// PostgreSQL's for a BYTEA, keeps a prefix's continuations together), so comparing each
// game with the one before it from the same start finds each prefix once.
constexpr const char* kScan =
    "SELECT prev_id, id FROM (SELECT id, start_id, moves, lag(id) OVER w AS prev_id, lag(moves) OVER w AS prev_moves "
    "FROM games WINDOW w AS (PARTITION BY start_id ORDER BY moves)) AS n "
    "WHERE prev_moves IS NOT NULL AND length(prev_moves) < length(moves) "
    "AND substr(moves, 1, length(prev_moves)) = prev_moves ORDER BY start_id, moves";

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
  // SQLite's sorter may hold as much as the page cache in memory before it spills to a
  // temporary file: a smaller cache for the scan keeps the import's memory from growing
  // with the archive (the writer's cache comes back after it).
  struct RestoreCache {
    sql::Connection& db;
    ~RestoreCache() {
      if (!db.postgres()) db.exec(kCacheSize);
    }
  } restore_cache{m.db};
  if (!m.db.postgres()) m.db.exec("PRAGMA cache_size = -4096");
  std::vector<PrefixPair> pairs;
  {
    sql::Statement scan = m.db.prepare(kScan);
    if (!scan.prepared()) return abort("cannot scan for prefixes");
    int rc;
    while ((rc = scan.step()) == sql::kRow) pairs.push_back({scan.int64(0), scan.int64(1)});
    if (rc != sql::kDone) return abort("prefix scan failed");
  }
  sql::Bound<PrefixPair> add;
  if (add.prepare_insert_with(m.db, "prefixes", kPrefixParams, "ON CONFLICT DO NOTHING"))
    return abort("cannot record a prefix");
  for (const PrefixPair& p : pairs) {
    if (!add.run(p)) return abort("cannot record a prefix");
    if (m.db.changes() > 0) found.push_back(p);
  }
  sql::Statement mark = m.db.prepare("UPDATE meta SET value = ?1 WHERE key = 'prefix_scan_through'");
  const std::string top_text = std::to_string(top);
  if (!mark.prepared()) return abort("cannot record the prefix scan");
  mark.bind_text(1, top_text);
  if (!mark.run()) return abort("cannot record the prefix scan");
  if (auto e = commit()) {
    rollback();
    return *e;
  }
  return found;
}

}  // namespace gibo::archive
