// The position index's tables and bookkeeping (index_tables.h), and their creation
// (position_upkeep.h: the copy makes them too).
#include "index_tables.h"

#include <cstdio>
#include <cstdlib>

#include "dialect.h"
#include "gibo/core/position.h"
#include "position_upkeep.h"

namespace gibo::archive {

std::string index_fingerprint() {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "1:%016llx", static_cast<unsigned long long>(Position().key()));
  return buffer;
}

bool IndexTables::has_tables() { return sql::table_exists(db, prefix, "position_blocks"); }

std::string IndexTables::meta(const std::string& key) {
  // (A statement that fails would end a PostgreSQL transaction: the table is looked for first.)
  if (!has_tables()) return "";
  sql::Statement s = db.prepare("SELECT value FROM " + table("position_meta") + " WHERE key = :key");
  if (!s.prepared()) return "";
  s.bind_text(":key", key);
  return s.step() == sql::kRow ? std::string(s.text(0)) : "";
}

std::optional<Error> IndexTables::set_meta(const std::string& key, const std::string& value) {
  sql::Statement s = db.prepare("INSERT INTO " + table("position_meta") +
                                " (key, value) VALUES (:key, :value) ON CONFLICT (key) DO UPDATE SET value = excluded.value");
  if (!s.prepared()) return fail("cannot prepare the index bookkeeping");
  s.bind_text(":key", key);
  s.bind_text(":value", value);
  if (!s.run()) return fail("cannot write the index bookkeeping");
  return std::nullopt;
}

bool IndexTables::current() {
  if (!has_tables() || meta("format") != index_fingerprint()) return false;
  const std::int64_t through = std::atoll(meta("through").c_str());
  return through >= db.scalar("SELECT coalesce(max(id), 0) FROM " + main + "games");
}

std::optional<Error> IndexTables::create_tables() { return create_position_tables(db, prefix); }

Expected<std::vector<IndexTables::Segment>> IndexTables::segments() {
  std::vector<Segment> out;
  if (!has_tables()) return out;
  sql::Statement s = db.prepare("SELECT id, rows, first_game FROM " + table("position_segments") + " ORDER BY first_game");
  if (!s.prepared()) return fail("cannot read the index segments");
  while (s.step() == sql::kRow)
    out.push_back({s.int64(0), s.int64(1), static_cast<std::uint32_t>(s.int64(2))});
  return out;
}

std::optional<Error> create_position_tables(sql::Connection& db, const std::string& prefix) {
  const std::string& s = prefix;
  if (auto e = db.exec(sql::schema_ddl(db, "CREATE TABLE IF NOT EXISTS " + s +
                 "position_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;"
                 "CREATE TABLE IF NOT EXISTS " + s +
                 "position_segments (id INTEGER PRIMARY KEY, first_game INTEGER NOT NULL, last_game INTEGER NOT "
                 "NULL, rows INTEGER NOT NULL);"
                 "CREATE TABLE IF NOT EXISTS " + s +
                 "position_blocks (segment INTEGER NOT NULL, first_key INTEGER NOT NULL, part INTEGER NOT NULL, "
                 "data BLOB NOT NULL, PRIMARY KEY (segment, first_key, part)) WITHOUT ROWID;"
                 "CREATE TABLE IF NOT EXISTS " + s + "position_games (block INTEGER PRIMARY KEY, data BLOB NOT NULL);")))
    return Error{"cannot create the position index tables: " + e->message};
  return std::nullopt;
}

}  // namespace gibo::archive
