// Storing games: the importer's look-up of games with the same start and moves, the
// games insert (its columns in one list, bound by name; a copy is a games row too), a
// valid copy replacing a broken one, and the start and player name tables behind them.
#include <unordered_map>

#include "archive_impl.h"
#include "position_upkeep.h"

namespace gibo::archive {

namespace {

using sql::Statement;

// A copy's status and first error, as games and duplicates both store them.
void bind_status(Statement& s, int i, const PreparedGame& g) { s.bind_text(i, g.valid ? "valid" : "invalid"); }
void bind_error_code(Statement& s, int i, const PreparedGame& g) {
  if (g.valid) s.bind_null(i);
  else s.bind_text(i, g.error_code);
}
void bind_error_ply(Statement& s, int i, const PreparedGame& g) {
  if (g.valid) s.bind_null(i);
  else s.bind(i, g.error_ply);
}

// The columns of a games row, each bound by name from the GameRow: adding a column
// touches the schema (schema.cpp) and this list.
constexpr sql::Param<GameRow> kGameParams[] = {
    {"source_id", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.source_id); }},
    {"game_index", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.game_index); }},
    {"byte_offset", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.byte_offset); }},
    {"byte_length", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.byte_length); }},
    {"line", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.line); }},
    {"hash", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.hash); }},
    {"start_id", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.start_id); }},
    {"cho_setup", [](Statement& s, int i, const GameRow& r) { s.bind_optional_text(i, r.g.cho_setup); }},
    {"han_setup", [](Statement& s, int i, const GameRow& r) { s.bind_optional_text(i, r.g.han_setup); }},
    {"start_fen", [](Statement& s, int i, const GameRow& r) { s.bind_optional_text(i, r.g.start_fen); }},
    {"plies", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.plies); }},
    {"valid_plies", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.valid_plies); }},
    {"moves", [](Statement& s, int i, const GameRow& r) { s.bind_blob(i, r.g.moves); }},
    {"times",
     [](Statement& s, int i, const GameRow& r) {
       if (r.g.times.empty()) s.bind_null(i);
       else s.bind_blob(i, r.g.times);
     }},
    {"tail_tokens", [](Statement& s, int i, const GameRow& r) { s.bind_optional_text(i, r.g.tail_tokens); }},
    {"tags_json", [](Statement& s, int i, const GameRow& r) { s.bind_text(i, r.g.tags_json); }},
    {"cho_player_id", [](Statement& s, int i, const GameRow& r) { s.bind_optional(i, r.cho_player_id); }},
    {"cho_rank", [](Statement& s, int i, const GameRow& r) { s.bind_optional_text(i, r.cho_rank); }},
    {"han_player_id", [](Statement& s, int i, const GameRow& r) { s.bind_optional(i, r.han_player_id); }},
    {"han_rank", [](Statement& s, int i, const GameRow& r) { s.bind_optional_text(i, r.han_rank); }},
    {"result_text",
     [](Statement& s, int i, const GameRow& r) {
       if (r.g.has_result) s.bind_text(i, r.g.result_text);
       else s.bind_null(i);
     }},
    {"result_winner", [](Statement& s, int i, const GameRow& r) { s.bind_text(i, winner_name(r.g.result.winner)); }},
    {"result_method", [](Statement& s, int i, const GameRow& r) { s.bind_text(i, method_name(r.g.result.method)); }},
    {"result_margin", [](Statement& s, int i, const GameRow& r) { s.bind_optional(i, r.g.result.margin_half_points); }},
    {"result_recognised", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.result.recognised ? 1 : 0); }},
    {"saved_rules", [](Statement& s, int i, const GameRow& r) { s.bind_optional_text(i, r.g.saved_rules); }},
    {"saved_bikjang",
     [](Statement& s, int i, const GameRow& r) {
       if (r.g.saved_bikjang) s.bind(i, *r.g.saved_bikjang ? 1 : 0);
       else s.bind_null(i);
     }},
    {"profile_id", [](Statement& s, int i, const GameRow& r) { s.bind_text(i, r.g.profile_id); }},
    {"profile_version", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.profile_version); }},
    {"status", [](Statement& s, int i, const GameRow& r) { bind_status(s, i, r.g); }},
    {"error_code", [](Statement& s, int i, const GameRow& r) { bind_error_code(s, i, r.g); }},
    {"error_ply", [](Statement& s, int i, const GameRow& r) { bind_error_ply(s, i, r.g); }},
    {"original_text", [](Statement& s, int i, const GameRow& r) { s.bind_optional_text(i, r.g.original_text); }},
    {"annotated", [](Statement& s, int i, const GameRow& r) { s.bind(i, r.g.annotated ? 1 : 0); }},
    {"statements", [](Statement& s, int i, const GameRow& r) { s.bind_text(i, r.g.statements); }},
    {"copy_of", [](Statement& s, int i, const GameRow& r) { s.bind_optional(i, r.copy_of); }},
    {"twin",
     [](Statement& s, int i, const GameRow& r) {
       if (r.copy_of) s.bind_null(i);
       else s.bind(i, r.twin);
     }},
};

constexpr sql::Param<CommentRow> kCommentParams[] = {
    {"game_id", [](Statement& s, int i, const CommentRow& r) { s.bind(i, r.game_id); }},
    {"ply", [](Statement& s, int i, const CommentRow& r) { s.bind(i, r.c.ply); }},
    {"seq", [](Statement& s, int i, const CommentRow& r) { s.bind(i, r.c.seq); }},
    {"text", [](Statement& s, int i, const CommentRow& r) { s.bind_text(i, r.c.text); }},
};

// A name table's row (starts.key, players.name).
constexpr sql::Param<std::string> kStartParams[] = {
    {"key", [](Statement& s, int i, const std::string& key) { s.bind_text(i, key); }},
};
constexpr sql::Param<std::string> kPlayerParams[] = {
    {"name", [](Statement& s, int i, const std::string& name) { s.bind_text(i, name); }},
};

// The columns same_games reads (the games of a hash and start, copies aside), and its key.
constexpr sql::Param<SameKey> kSameParams[] = {
    {"hash", [](Statement& s, int i, const SameKey& k) { s.bind(i, k.hash); }},
    {"start_id", [](Statement& s, int i, const SameKey& k) { s.bind(i, k.start_id); }},
};
constexpr std::array<sql::Selected, 6> kSameColumns = {
    {{"id"}, {"moves"}, {"status"}, {"tags_json"}, {"result_winner"}, {"twin"}}};
consteval int same(std::string_view expr) { return sql::column(kSameColumns, expr); }

// The rank of a named player, or nothing.
std::optional<std::string> rank_of(const std::optional<PlayerName>& p) {
  if (!p || p->rank.empty()) return std::nullopt;
  return p->rank;
}

}  // namespace

std::optional<Error> Archive::Impl::load_caches() {
  if (caches_loaded) return std::nullopt;
  start_ids.clear();
  player_ids.clear();
  sql::Statement s = db.prepare("SELECT id, key FROM starts");
  if (!s.prepared()) return fail("cannot read starts");
  int rc;
  while ((rc = s.step()) == sql::kRow) start_ids.emplace(std::string(s.text(1)), s.int64(0));
  if (rc != sql::kDone) return fail("cannot read starts");
  sql::Statement p = db.prepare("SELECT id, name FROM players");
  if (!p.prepared()) return fail("cannot read players");
  while ((rc = p.step()) == sql::kRow) player_ids.emplace(std::string(p.text(1)), p.int64(0));
  if (rc != sql::kDone) return fail("cannot read players");
  caches_loaded = true;
  return std::nullopt;
}

Expected<std::int64_t> Archive::Impl::cached_id(std::unordered_map<std::string, std::int64_t>& cache,
                                                sql::Bound<std::string>& insert, std::string_view table,
                                                std::span<const sql::Param<std::string>> params,
                                                const std::string& key, const char* what) {
  if (auto e = load_caches()) return *e;
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  if (auto e = insert.prepare_insert(db, table, params)) return *e;
  if (!insert.run(key)) return fail(std::string("cannot insert ") + what);
  const std::int64_t id = insert.statement().inserted_id();
  cache.emplace(key, id);
  return id;
}

Expected<std::int64_t> Archive::Impl::start_id(const std::string& key) {
  return cached_id(start_ids, insert_start, "starts", kStartParams, key,
                   "a start position");
}

Expected<std::int64_t> Archive::Impl::player_id(const std::string& name) {
  return cached_id(player_ids, insert_player, "players", kPlayerParams, name,
                   "a player");
}

Expected<std::vector<std::int64_t>> Archive::game_hashes() {
  sql::Statement s = impl_->db.prepare("SELECT hash FROM games");
  if (!s.prepared()) return impl_->fail("cannot read game hashes");
  std::vector<std::int64_t> out;
  int rc;
  while ((rc = s.step()) == sql::kRow) out.push_back(s.int64(0));
  if (rc != sql::kDone) return impl_->fail("cannot read game hashes");
  return out;
}

Expected<std::vector<std::pair<std::int64_t, std::int64_t>>> Archive::game_hashes_after(std::int64_t id) {
  sql::Statement s = impl_->db.prepare("SELECT id, hash FROM games WHERE id > :after");
  if (!s.prepared()) return impl_->fail("cannot read game hashes");
  s.bind(":after", id);
  std::vector<std::pair<std::int64_t, std::int64_t>> out;
  int rc;
  while ((rc = s.step()) == sql::kRow) out.emplace_back(s.int64(0), s.int64(1));
  if (rc != sql::kDone) return impl_->fail("cannot read game hashes");
  return out;
}

Expected<Archive::SameGames> Archive::same_games(const PreparedGame& game) {
  Impl& m = *impl_;
  if (auto e = m.load_caches()) return *e;
  auto start = m.start_ids.find(game.start_key);
  if (start == m.start_ids.end()) return SameGames{};  // no game has this start yet
  if (!m.find_same.prepared())
    if (auto e = m.find_same.prepare(m.db, "SELECT " + sql::select_list(kSameColumns, m.schema_version) +
                                               " FROM games WHERE hash = :hash AND start_id = :start_id AND "
                                               "copy_of IS NULL ORDER BY id",
                                     kSameParams))
      return *e;
  sql::Statement& s = m.find_same.statement();
  m.find_same.bind({game.hash, start->second});
  SameGames found;
  int rc;
  while ((rc = s.step()) == sql::kRow) {
    found.next_twin = std::max(found.next_twin, s.int64(same("twin")) + 1);
    const std::string_view moves = s.blob(same("moves"));
    if (moves.size() != game.moves.size()) continue;  // another game whose hash collides
    bool equal = true;
    for (std::size_t i = 0; equal && i < moves.size() / 2; ++i)
      equal = canonical_code(code_at(moves, i)) == canonical_code(code_at(game.moves, i));
    if (!equal) continue;
    const auto tags = decode_tags(s.text(same("tags_json")));
    found.games.push_back({s.int64(same("id")), s.text(same("status")) == "valid",
                           record_claims(tags ? *tags : std::vector<Tag>{}, winner_from_name(s.text(same("result_winner"))))});
  }
  s.reset();
  if (rc != sql::kRow && rc != sql::kDone) return m.fail("cannot look up a game");
  return found;
}

Expected<std::int64_t> Archive::insert_game(std::int64_t source_id, const PreparedGame& g,
                                            std::optional<std::int64_t> copy_of, std::int64_t twin,
                                            unsigned conflicts) {
  Impl& m = *impl_;
  const auto start = m.start_id(g.start_key);
  if (!start) return start.error();
  GameRow row{source_id, g, *start, std::nullopt, std::nullopt, rank_of(g.cho_player), rank_of(g.han_player),
              copy_of, twin};
  // A player's id, or nothing when the record names none.
  for (auto [player, id] : {std::pair{&g.cho_player, &row.cho_player_id}, std::pair{&g.han_player, &row.han_player_id}}) {
    if (!*player || (*player)->name.empty()) continue;
    const auto found = m.player_id((*player)->name);
    if (!found) return found.error();
    *id = *found;
  }
  if (auto e = m.insert_game.prepare_insert(m.db, "games", kGameParams)) return *e;
  if (!m.insert_game.run(row)) return m.fail("cannot insert game " + std::to_string(g.game_index));
  const std::int64_t id = m.insert_game.statement().inserted_id();
  if (m.schema_version >= derived::kSince) {
    if (auto e = m.insert_facts.prepare_insert(m.db, "game_facts", derived::facts_params(), false)) return *e;
    if (!m.insert_facts.run({id, g.facts})) return m.fail("cannot insert the facts of game " + std::to_string(g.game_index));
  }
  if (m.schema_version >= openings::kSince) {
    std::optional<StoredOpening> named;  // a game prepared without a book is named here, with the archive's
    if (!g.opening) {
      const auto book = opening_book();
      if (!book) return book.error();
      named = name_stored_opening(decode_start(g.start_key, g.cho_setup, g.han_setup, g.start_fen), g.moves,
                                  g.valid_plies, **book);
    }
    if (auto e = m.insert_opening.prepare_insert(m.db, "game_openings", openings::params(), false)) return *e;
    if (!m.insert_opening.run({id, g.opening ? *g.opening : *named}))
      return m.fail("cannot insert the opening of game " + std::to_string(g.game_index));
  }
  if (m.schema_version >= material::kSince && !copy_of) {  // a copy is found as its game
    std::string computed;  // a game prepared elsewhere (copy, replace) may come without it
    if (g.material.empty())
      if (const auto s = stored_material(g.start_key, g.moves, g.valid_plies)) computed = encode_material(*s);
    const std::string& signature = g.material.empty() ? computed : g.material;
    if (auto e = m.insert_material.prepare_insert(m.db, "game_material", material::params(), false)) return *e;
    if (!signature.empty() && !m.insert_material.run({id, signature}))
      return m.fail("cannot insert the material of game " + std::to_string(g.game_index));
  }
  if (!g.comments.empty()) {
    if (auto e = m.insert_comment.prepare_insert(m.db, "comments", kCommentParams, false)) return *e;
    for (const StoredComment& c : g.comments)
      if (!m.insert_comment.run({id, c})) return m.fail("cannot insert a comment");
  }
  for (const Diagnostic& d : g.diagnostics)
    if (auto e = m.add_diagnostic({source_id, g.game_index, id, d})) return *e;
  if (copy_of)
    if (auto e = derived::store_conflict(m.db, id, *copy_of, conflicts)) return *e;
  return id;
}

Expected<Archive::ReplacedCopy> Archive::replace_game(std::int64_t source_id, const PreparedGame& game,
                                                      std::int64_t broken_id) {
  Impl& m = *impl_;
  ReplacedCopy r;
  r.old_id = broken_id;
  std::int64_t twin = 0;
  {
    sql::Statement s = m.db.prepare(
        "SELECT s.path, g.game_index, g.status, g.error_code, g.error_ply, g.twin FROM games AS g JOIN sources AS s "
        "ON s.id = g.source_id WHERE g.id = :id AND g.copy_of IS NULL");
    if (!s.prepared()) return m.fail("cannot read games");
    s.bind(":id", broken_id);
    if (s.step() != sql::kRow) return Error{"no game with id " + std::to_string(broken_id)};
    if (s.text(2) == "valid") return Error{"internal error: game " + std::to_string(broken_id) + " is not broken"};
    r.path = s.text(0);
    r.game_index = s.integer(1);
    r.error_code = s.text(3);
    r.error_ply = s.integer(4);
    twin = s.int64(5);
  }
  {
    // The broken row gives its place among the games of its hash and start (the unique
    // key) up to the valid copy.
    sql::Statement s = m.db.prepare("UPDATE games SET twin = NULL WHERE id = :old");
    if (!s.prepared()) return m.fail("cannot replace a broken game");
    s.bind(":old", broken_id);
    if (!s.run()) return m.fail("cannot replace a broken game");
  }
  const Expected<std::int64_t> id = insert_game(source_id, game, std::nullopt, twin);
  if (!id) return id.error();
  r.new_id = *id;
  // Every statement names the broken game :old and the valid copy :new.
  static constexpr const char* kSteps[] = {
      // The broken record and its copies as copies of the valid one.
      "UPDATE games SET copy_of = :new WHERE id = :old OR copy_of = :old",
      "UPDATE duplicates SET game_id = :new WHERE game_id = :old",
      "UPDATE prefixes SET game_id = :new WHERE game_id = :old",
      "UPDATE prefixes SET longer_game_id = :new WHERE longer_game_id = :old",
      "DELETE FROM copy_conflicts WHERE copy_of = :old",
      // What was found about the game from the broken record goes with it.
      "DELETE FROM verdicts WHERE game_id = :old",
      "DELETE FROM engine_verdicts WHERE game_id = :old",
      "DELETE FROM analysis_positions WHERE game_id = :old",
      "DELETE FROM analysis_quality WHERE game_id = :old",
      "DELETE FROM game_material WHERE game_id = :old",
      "DELETE FROM analysis_games WHERE game_id = :old",
      "DELETE FROM analysis_queue WHERE game_id = :old",
  };
  for (const char* step : kSteps) {
    sql::Statement s = m.db.prepare(step);
    if (!s.prepared()) return m.fail("cannot replace a broken game");
    s.bind(":old", broken_id);
    s.bind_if_present(":new", r.new_id);
    if (!s.run()) return m.fail("cannot replace a broken game");
  }
  if (auto e = derived::store_conflicts(m.db, r.new_id)) return *e;
  if (auto e = forget_indexed_game(m.db, broken_id)) return *e;
  return r;
}

std::int64_t Archive::max_game_id() { return impl_->db.scalar("SELECT coalesce(max(id), 0) FROM games"); }
// The rows less the copies, each counted on an index (games_by_copy holds only the copies):
// `WHERE copy_of IS NULL` read every row to its last column, through the moves and the
// original text (12 % of a pattern search's work on the reading thread, before it began).
std::int64_t Archive::game_count() {
  return impl_->db.scalar(impl_->schema_version >= kCopiesSince
                              ? "SELECT (SELECT count(*) FROM games) - (SELECT count(*) FROM games WHERE copy_of IS NOT NULL)"
                              : "SELECT count(*) FROM games",
                          -1);
}

Expected<Archive::GameOrigin> Archive::game_origin(std::int64_t id) {
  sql::Statement s = impl_->db.prepare(
      "SELECT s.path, g.game_index, g.plies FROM games AS g JOIN sources AS s ON s.id = g.source_id WHERE g.id = :id");
  if (!s.prepared()) return impl_->fail("cannot read games");
  s.bind(":id", id);  // its one parameter, :id
  if (s.step() != sql::kRow) return Error{"no game with id " + std::to_string(id)};
  return GameOrigin{std::string(s.text(0)), s.integer(1), s.integer(2)};
}

}  // namespace gibo::archive
