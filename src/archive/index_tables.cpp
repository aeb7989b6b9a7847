// The position index's tables and bookkeeping (index_tables.h).
#include "index_tables.h"

#include <cstdio>
#include <cstdlib>

#include "gibo/core/position.h"

namespace gibo::archive {

std::string index_fingerprint() {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "1:%016llx", static_cast<unsigned long long>(Position().key()));
  return buffer;
}

bool IndexTables::has_tables() {
  return db.scalar("SELECT count(*) FROM " + schema + ".sqlite_schema WHERE name = 'position_blocks'") > 0;
}

std::string IndexTables::meta(const std::string& key) {
  sql::Statement s = db.prepare("SELECT value FROM " + table("position_meta") + " WHERE key = ?1");
  if (!s.prepared()) return "";
  s.bind_text(1, key);
  return s.step() == SQLITE_ROW ? std::string(s.text(0)) : "";
}

std::optional<Error> IndexTables::set_meta(const std::string& key, const std::string& value) {
  sql::Statement s = db.prepare("INSERT OR REPLACE INTO " + table("position_meta") + " (key, value) VALUES (?1, ?2)");
  if (!s.prepared()) return fail("cannot prepare the index bookkeeping");
  s.bind_text(1, key);
  s.bind_text(2, value);
  if (!s.run()) return fail("cannot write the index bookkeeping");
  return std::nullopt;
}

bool IndexTables::current() {
  if (!has_tables() || meta("format") != index_fingerprint()) return false;
  const std::int64_t through = std::atoll(meta("through").c_str());
  return through >= db.scalar("SELECT coalesce(max(id), 0) FROM main.games");
}

std::optional<Error> IndexTables::create_tables() {
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

Expected<std::vector<IndexTables::Segment>> IndexTables::segments() {
  std::vector<Segment> out;
  if (!has_tables()) return out;
  sql::Statement s = db.prepare("SELECT id, rows, first_game FROM " + table("position_segments") + " ORDER BY first_game");
  if (!s.prepared()) return fail("cannot read the index segments");
  while (s.step() == SQLITE_ROW)
    out.push_back({s.int64(0), s.int64(1), static_cast<std::uint32_t>(s.int64(2))});
  return out;
}

}  // namespace gibo::archive
