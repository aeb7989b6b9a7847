// What a pattern search reads from the archive (archive.h): each game's material signature,
// the games to replay, and the listings of those that matched.
#include <algorithm>

#include "archive_impl.h"
#include "dialect.h"
#include "game_listing.h"

namespace gibo::archive {

namespace {

// Walks the rows of `s` (their first column a game id, in id order), calling `fn` for those
// in `ids` (sorted; all when null). An Error ("cannot read WHAT: ...") when a step fails.
template <typename Fn>
std::optional<Error> each_selected(sql::Connection& db, sql::Statement& s, const std::vector<std::int64_t>* ids,
                                   const char* what, Fn&& fn) {
  auto next = ids ? ids->begin() : std::vector<std::int64_t>::const_iterator{};
  int rc;
  while ((rc = s.step()) == sql::kRow) {
    const std::int64_t id = s.int64(0);
    if (ids) {
      while (next != ids->end() && *next < id) ++next;
      if (next == ids->end()) break;
      if (*next != id) continue;
    }
    fn(id, s);
  }
  if (rc != sql::kRow && rc != sql::kDone) return Error{std::string("cannot read ") + what + ": " + db.current_error()};
  return std::nullopt;
}

// Runs `sql` as a scan (prepare_scan: on PostgreSQL a cursor read a page at a time, so
// that the first rows reach `fn`, and a pattern search's workers, while the server still
// reads the rest; fetched whole, they came only after the last) through each_selected, in
// a read transaction of its own unless `in_transaction` (a cursor lives in one). `fn`
// must not write to the archive (the transaction reads only).
template <typename Fn>
std::optional<Error> scan_selected(sql::Connection& db, bool in_transaction, const std::string& sql,
                                   const std::vector<std::int64_t>* ids, const char* what, Fn&& fn) {
  const std::string failed = std::string("cannot read ") + what;
  const bool own = !in_transaction;
  if (own)
    if (auto e = db.exec(sql::begin_read(db))) return Error{failed + ": " + e->message};
  std::optional<Error> e;
  {
    sql::Statement s = db.prepare_scan(sql);
    if (s.prepared()) e = each_selected(db, s, ids, what, fn);
    else e = Error{failed + ": " + db.current_error()};
  }  // its cursor closed inside the transaction
  if (own) db.exec(e ? "ROLLBACK" : "COMMIT");
  return e;
}

}  // namespace

std::optional<Error> Archive::for_each_material(const std::vector<std::int64_t>* ids,
                                                const std::function<void(std::int64_t, const MaterialSignature&)>& fn) {
  Impl& m = *impl_;
  if (m.material_current) {
    bool damaged = false;
    if (auto e = scan_selected(m.db, m.in_transaction, "SELECT game_id, signature FROM game_material ORDER BY game_id", ids,
                               "the games' material", [&](std::int64_t id, const sql::Statement& row) {
                                 if (const auto signature = decode_material(row.blob(1))) fn(id, *signature);
                                 else damaged = true;
                               }))
      return e;
    if (damaged) return Error{"the archive's game_material holds a signature gibo cannot read"};
    return std::nullopt;
  }
  // Not stored (an archive older than schema version 10 read as it is): from the moves.
  // The copies (schema version 9 on) are found as their games.
  const std::string sql = std::string("SELECT g.id, st.key, g.moves, g.valid_plies FROM games AS g JOIN starts AS st "
                                      "ON st.id = g.start_id ") +
                          (m.schema_version >= kCopiesSince ? "WHERE g.copy_of IS NULL " : "") + "ORDER BY g.id";
  return scan_selected(m.db, m.in_transaction, sql, ids, "the games", [&](std::int64_t id, const sql::Statement& row) {
    if (const auto signature = stored_material(row.text(1), row.blob(2), row.integer(3))) fn(id, *signature);
  });
}

std::optional<Error> Archive::for_each_replay(const std::vector<std::int64_t>& ids,
                                              const std::function<void(ReplayGame&&)>& fn) {
  Impl& m = *impl_;
  const char* sql =
      "SELECT g.id, st.key, g.moves, g.valid_plies, g.profile_id, g.saved_bikjang FROM games AS g JOIN starts AS st ON "
      "st.id = g.start_id ORDER BY g.id";
  return scan_selected(m.db, m.in_transaction, sql, &ids, "the games", [&](std::int64_t id, const sql::Statement& row) {
    ReplayGame g;
    g.id = id;
    g.start_key = std::string(row.text(1));
    const auto plies = decode_moves(row.blob(2));
    if (plies) g.moves = playable_moves(*plies);
    g.moves.resize(std::min(g.moves.size(), static_cast<std::size_t>(std::max(0, row.integer(3)))));
    g.profile_id = std::string(row.text(4));
    if (!row.is_null(5)) g.saved_bikjang = row.integer(5) != 0;
    fn(std::move(g));
  });
}

Expected<std::vector<GameListing>> Archive::game_listings(const std::vector<std::int64_t>& ids) {
  return describe_games(impl_->db, sql::schema_prefix(impl_->db, false), ids);
}

}  // namespace gibo::archive
