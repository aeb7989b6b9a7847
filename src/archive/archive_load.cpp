// Reading games back: a whole record rebuilt (load_game), the stored form readers use
// (stored_game), the diagnostics rows, and the copies of games. Columns are read by name from
// one list per statement.
#include <algorithm>
#include <tuple>

#include "gibo/record/replay.h"

#include "archive_impl.h"
#include "dialect.h"

namespace gibo::archive {

StartPosition decode_start(std::string_view key, const std::optional<std::string>& cho,
                           const std::optional<std::string>& han, const std::optional<std::string>& fen) {
  StartPosition start;
  const std::size_t blank = key.rfind(' ');
  start.first_to_move = blank != std::string_view::npos && key.substr(blank + 1) == "b" ? Side::Han : Side::Cho;
  if (fen) {
    start.custom = true;
    start.fen = *fen;
    return start;
  }
  if (cho)
    if (auto s = setup_from_code(*cho)) start.cho = *s;
  if (han)
    if (auto s = setup_from_code(*han)) start.han = *s;
  return start;
}

namespace {

// Fills the annotations the moves blob does not keep (moving piece, captured piece,
// check) from the board, for the plies that replayed at import, in a row that kept no
// statements (imported before schema version 9): the record stated the same there, or
// nothing. Writers that keep a record's statements (JSON) then write a record that
// validates again. Plies from the first error on keep only their texts.
void annotate_from_board(Game& g, const std::string& profile_id) {
  const Profile* profile = find_profile(profile_id);
  if (!profile) return;
  Position pos;
  if (start_position(g, legality_rules(*profile, g.saved_bikjang_option.value_or(false)), pos)) return;
  const int n = std::min(g.valid_plies, static_cast<int>(g.plies.size()));
  for (int i = 0; i < n; ++i) {
    RecordedPly& rp = g.plies[static_cast<std::size_t>(i)];
    if (rp.pass) {
      const Square general = pos.general(pos.side_to_move());
      if (general == kNoSquare || !pos.is_legal(Move::pass(general))) return;
      rp.move = Move::pass(general);
      pos.do_move(rp.move);
      continue;
    }
    if (!pos.is_legal(rp.move)) return;
    rp.piece = type_of(pos.piece_on(rp.move.from()));
    rp.captured = type_of(pos.piece_on(rp.move.to()));
    pos.do_move(rp.move);
    rp.check = pos.in_check();
  }
}

// The columns load_game reads (games.statements came with schema version 9).
constexpr std::array<sql::Selected, 21> kLoadColumns = {{
    {"g.game_index"}, {"g.byte_offset"}, {"g.byte_length"}, {"g.line"}, {"s.path"}, {"st.key"},
    {"g.cho_setup"}, {"g.han_setup"}, {"g.start_fen"}, {"g.plies"}, {"g.valid_plies"}, {"g.moves"},
    {"g.times"}, {"g.tail_tokens"}, {"g.tags_json"}, {"g.result_text"}, {"g.saved_bikjang"},
    {"g.profile_id"}, {"g.original_text"}, {"g.saved_rules"}, {"g.statements", kCopiesSince},
}};
consteval int load(std::string_view expr) { return sql::column(kLoadColumns, expr); }

// The columns stored_game reads (games.annotated came with schema version 2).
constexpr std::array<sql::Selected, 32> kStoredColumns = {{
    {"g.id"}, {"g.source_id"}, {"s.path"}, {"g.game_index"}, {"st.key"}, {"g.cho_setup"},
    {"g.han_setup"}, {"g.start_fen"}, {"g.plies"}, {"g.valid_plies"}, {"g.moves"}, {"g.tags_json"},
    {"g.result_text"}, {"g.result_winner"}, {"g.result_method"}, {"g.result_margin"},
    {"g.result_recognised"}, {"g.saved_rules"}, {"g.saved_bikjang"}, {"g.profile_id"}, {"g.status"},
    {"g.annotated", 2},
    // Its opening (derived_openings.h: the archive's table, or the reader's TEMP one).
    {"o.code"}, {"o.cho_setup_name"}, {"o.han_setup_name"}, {"o.elephant_pair"}, {"o.cho_formations"},
    {"o.han_formations"}, {"o.cho_plies"}, {"o.han_plies"}, {"o.line"}, {"o.line_ply"},
}};
consteval int stored(std::string_view expr) { return sql::column(kStoredColumns, expr); }

// The tables a game's row is read with: its source and its start (and, for stored_game,
// its opening under a prefix: `{openings}`).
constexpr const char* kGameJoins =
    " FROM games AS g JOIN sources AS s ON s.id = g.source_id JOIN starts AS st ON st.id = g.start_id WHERE g.id = :id";
constexpr const char* kStoredJoins =
    " FROM games AS g JOIN sources AS s ON s.id = g.source_id JOIN starts AS st ON st.id = g.start_id LEFT JOIN "
    "{openings}game_openings AS o ON o.game_id = g.id WHERE g.id = :id";

// The columns of a stored game's diagnostics, and of every diagnostic.
constexpr std::array<sql::Selected, 7> kGameDiagnosticColumns = {{
    {"code"}, {"severity"}, {"line"}, {"col"}, {"ply"}, {"token"}, {"message"},
}};
consteval int diag(std::string_view expr) { return sql::column(kGameDiagnosticColumns, expr); }
constexpr std::array<sql::Selected, 5> kDiagnosticColumns = {{
    {"source_id"}, {"game_index"}, {"game_id"}, {"code"}, {"severity"},
}};
consteval int any_diag(std::string_view expr) { return sql::column(kDiagnosticColumns, expr); }

// Resets a cached statement when the reading of its row ends, however it ends.
struct ResetOnExit {
  sql::Statement& s;
  ~ResetOnExit() { s.reset(); }
};

// Why the row of game `id` cannot be read back.
Error corrupt_row(std::int64_t id, const char* what) { return Error{"game " + std::to_string(id) + ": " + what}; }

// Steps the game-row statement `s` (prepared once from `columns` and kGameJoins) for
// game `id`: nothing when it holds the row, else why not.
template <std::size_t N>
std::optional<Error> step_game_row(sql::Connection& db, sql::Statement& s, const std::array<sql::Selected, N>& columns,
                                   int schema_version, std::int64_t id, const std::string& joins = kGameJoins) {
  if (!s.prepared()) {
    s = db.prepare("SELECT " + sql::select_list(columns, schema_version) + joins);
    if (!s.prepared()) return Error{"cannot read games: " + db.current_error()};
  }
  s.bind(":id", id);  // the statement's one parameter, :id
  const int rc = s.step();
  if (rc == sql::kRow) return std::nullopt;
  if (rc == sql::kDone) return Error{"no game with id " + std::to_string(id)};
  return Error{"cannot read games: " + db.current_error()};
}

}  // namespace

Expected<Game> Archive::load_game(std::int64_t id, std::string* profile_id) {
  Impl& m = *impl_;
  ResetOnExit reset{m.load_game};
  if (auto e = step_game_row(m.db, m.load_game, kLoadColumns, m.schema_version, id)) return *e;
  const sql::Statement& s = m.load_game;
  auto corrupt = [id](const char* what) { return corrupt_row(id, what); };
  Game g;
  g.source.game_index = s.integer(load("g.game_index"));
  g.source.byte_offset = static_cast<std::uint64_t>(s.int64(load("g.byte_offset")));
  g.source.byte_length = static_cast<std::uint64_t>(s.int64(load("g.byte_length")));
  g.source.line = s.integer(load("g.line"));
  g.source.column = 1;
  g.source.file = std::string(s.text(load("s.path")));
  g.start = decode_start(s.text(load("st.key")), s.optional_text(load("g.cho_setup")),
                         s.optional_text(load("g.han_setup")), s.optional_text(load("g.start_fen")));
  const int plies = s.integer(load("g.plies"));
  g.valid_plies = s.integer(load("g.valid_plies"));
  g.replayed = true;
  auto decoded = decode_moves(s.blob(load("g.moves")));
  if (!decoded || static_cast<int>(decoded->size()) != plies) return corrupt("moves blob does not match its ply count");
  g.plies = std::move(*decoded);
  const auto times = decode_times(s.blob(load("g.times")), g.plies.size());
  if (!times) return corrupt("times blob is malformed");
  for (std::size_t i = 0; i < g.plies.size(); ++i) g.plies[i].seconds = (*times)[i];
  if (!s.is_null(load("g.tail_tokens"))) {
    const std::vector<std::string> tail = decode_tail(s.text(load("g.tail_tokens")));
    if (tail.size() > g.plies.size()) return corrupt("more tail tokens than plies");
    const std::size_t first = g.plies.size() - tail.size();
    for (std::size_t i = 0; i < tail.size(); ++i) g.plies[first + i].text = tail[i];
  }
  auto tags = decode_tags(s.text(load("g.tags_json")));
  if (!tags) return corrupt("tags are not a JSON array of pairs");
  g.tags = std::move(*tags);
  if (!s.is_null(load("g.result_text"))) {
    g.result_text = std::string(s.text(load("g.result_text")));
    g.has_result = true;
  }
  if (!s.is_null(load("g.saved_bikjang"))) g.saved_bikjang_option = s.integer(load("g.saved_bikjang")) != 0;
  const std::string validated_under(s.text(load("g.profile_id")));
  if (profile_id) *profile_id = validated_under;
  if (!s.is_null(load("g.original_text"))) g.original_text = std::string(s.text(load("g.original_text")));
  g.saved_profile_id = s.optional_text(load("g.saved_rules"));

  // What the record states about each ply, as it stated it; a row imported before schema
  // version 9 kept none: then what the board says.
  if (!s.is_null(load("g.statements"))) {
    if (!decode_statements(s.text(load("g.statements")), g.plies)) return corrupt("statements are malformed");
  } else {
    annotate_from_board(g, validated_under);
  }

  sql::Statement c = m.db.prepare("SELECT ply, text FROM comments WHERE game_id = :id ORDER BY ply, seq");
  if (!c.prepared()) return m.fail("cannot read comments");
  c.bind(":id", id);
  while (c.step() == sql::kRow) {
    const int ply = c.integer(0);
    if (ply < 0 || ply > static_cast<int>(g.plies.size())) return corrupt("comment on a ply that does not exist");
    if (ply == 0) g.header_comments.emplace_back(c.text(1));
    else g.plies[ply - 1].comments.emplace_back(c.text(1));
  }
  sql::Statement d = m.db.prepare("SELECT " + sql::select_list(kGameDiagnosticColumns, m.schema_version) +
                                  " FROM diagnostics WHERE game_id = :id ORDER BY id");
  if (!d.prepared()) return m.fail("cannot read diagnostics");
  d.bind(":id", id);
  while (d.step() == sql::kRow) {
    Diagnostic x;
    x.code = std::string(d.text(diag("code")));
    x.severity = severity_from_name(d.text(diag("severity")));
    x.file = g.source.file;
    x.line = d.integer(diag("line"));
    x.column = d.integer(diag("col"));
    x.game = g.source.game_index;
    x.ply = d.integer(diag("ply"));
    x.token = std::string(d.text(diag("token")));
    x.message = std::string(d.text(diag("message")));
    g.diagnostics.push_back(std::move(x));
  }
  return g;
}

Expected<StoredGame> Archive::stored_game(std::int64_t id) {
  if (auto e = impl_->ensure_openings()) return *e;
  std::string joins = kStoredJoins;  // (the prefix asked for once, when the statement is prepared)
  if (!impl_->stored_game.prepared())
    joins.replace(joins.find("{openings}"), 10, sql::schema_prefix(impl_->db, impl_->openings_temp));
  ResetOnExit reset{impl_->stored_game};
  if (auto e = step_game_row(impl_->db, impl_->stored_game, kStoredColumns, impl_->schema_version, id, joins)) return *e;
  const sql::Statement& s = impl_->stored_game;
  StoredGame g;
  g.game_id = s.int64(stored("g.id"));
  g.source_id = s.int64(stored("g.source_id"));
  g.file = std::string(s.text(stored("s.path")));
  g.game_index = s.integer(stored("g.game_index"));
  g.start_key = std::string(s.text(stored("st.key")));
  g.start = decode_start(g.start_key, s.optional_text(stored("g.cho_setup")), s.optional_text(stored("g.han_setup")),
                         s.optional_text(stored("g.start_fen")));
  g.plies = s.integer(stored("g.plies"));
  g.valid_plies = s.integer(stored("g.valid_plies"));
  const auto plies = decode_moves(s.blob(stored("g.moves")));
  if (!plies || static_cast<int>(plies->size()) != g.plies) return corrupt_row(id, "moves blob does not match its ply count");
  g.moves = playable_moves(*plies);
  auto tags = decode_tags(s.text(stored("g.tags_json")));
  if (!tags) return corrupt_row(id, "tags are not a JSON array of pairs");
  g.tags = std::move(*tags);
  if (!s.is_null(stored("g.result_text"))) {
    g.result_text = std::string(s.text(stored("g.result_text")));
    NormalizedResult r;
    r.winner = winner_from_name(s.text(stored("g.result_winner")));
    r.method = method_from_name(s.text(stored("g.result_method")));
    r.margin_half_points = s.optional_int(stored("g.result_margin"));
    r.recognised = s.integer(stored("g.result_recognised")) != 0;
    g.stored_result = r;
  }
  g.saved_rules = s.optional_text(stored("g.saved_rules"));
  if (!s.is_null(stored("g.saved_bikjang"))) g.saved_bikjang = s.integer(stored("g.saved_bikjang")) != 0;
  g.profile_id = std::string(s.text(stored("g.profile_id")));
  g.valid = s.text(stored("g.status")) == "valid";
  if (!s.is_null(stored("g.annotated"))) g.annotated = s.integer(stored("g.annotated")) != 0;
  StoredOpening& o = g.opening;
  o.code = std::string(s.text(stored("o.code")));
  o.cho_setup_name = s.optional_text(stored("o.cho_setup_name"));
  o.han_setup_name = s.optional_text(stored("o.han_setup_name"));
  o.elephant_pair = s.optional_text(stored("o.elephant_pair"));
  o.cho_formations = s.optional_text(stored("o.cho_formations"));
  o.han_formations = s.optional_text(stored("o.han_formations"));
  o.cho_plies = s.optional_text(stored("o.cho_plies"));
  o.han_plies = s.optional_text(stored("o.han_plies"));
  o.line = s.optional_text(stored("o.line"));
  o.line_ply = s.optional_int(stored("o.line_ply"));
  return g;
}

std::optional<Error> Archive::for_each_diagnostic(const std::function<void(const StoredDiagnostic&)>& fn) {
  return sql::for_each_row(impl_->db, kDiagnosticColumns, impl_->schema_version, "FROM diagnostics ORDER BY id",
                           "diagnostics", [&](const sql::Statement& s) {
                             StoredDiagnostic d;
                             d.source_id = s.int64(any_diag("source_id"));
                             d.game_index = s.optional_int(any_diag("game_index"));
                             if (!s.is_null(any_diag("game_id"))) d.game_id = s.int64(any_diag("game_id"));
                             d.code = std::string(s.text(any_diag("code")));
                             d.severity = severity_from_name(s.text(any_diag("severity")));
                             fn(d);
                           });
}

Expected<std::vector<Archive::GameCopy>> Archive::copies(std::optional<std::int64_t> game_id) {
  Impl& m = *impl_;
  if (auto e = m.ensure_facts()) return *e;
  std::vector<GameCopy> out;
  // The copies kept as rows (schema version 9 on), then the duplicates rows of imports
  // before it.
  std::vector<std::string> queries;
  if (m.schema_version >= kCopiesSince)
    queries.push_back("SELECT c.id, c.copy_of, s.path, c.game_index, c.status, x.conflicts FROM games AS c JOIN "
                      "sources AS s ON s.id = c.source_id LEFT JOIN " +
                      sql::schema_prefix(m.db, m.facts_temp) +
                      "copy_conflicts AS x ON x.game_id = c.id WHERE c.copy_of IS NOT NULL" +
                      (game_id ? " AND c.copy_of = :game_id" : ""));
  queries.push_back(std::string("SELECT 0, d.game_id, s.path, d.game_index, d.status, NULL FROM duplicates AS d JOIN "
                                "sources AS s ON s.id = d.source_id") +
                    (game_id ? " WHERE d.game_id = :game_id" : ""));
  for (const std::string& query : queries) {
    sql::Statement s = m.db.prepare(query);
    if (!s.prepared()) return m.fail("cannot read the copies");
    if (game_id) s.bind(":game_id", *game_id);
    int rc;
    while ((rc = s.step()) == sql::kRow)
      out.push_back({s.int64(0), s.int64(1), std::string(s.text(2)), s.integer(3), s.text(4) == "valid",
                     conflicts_from_words(s.text(5))});
    if (rc != sql::kDone) return m.fail("cannot read the copies");
  }
  std::stable_sort(out.begin(), out.end(), [](const GameCopy& a, const GameCopy& b) {
    return std::tie(a.game_id, a.file, a.game_index) < std::tie(b.game_id, b.file, b.game_index);
  });
  return out;
}

Expected<std::optional<std::int64_t>> Archive::copy_of(std::int64_t id) {
  if (impl_->schema_version < kCopiesSince) return std::optional<std::int64_t>();
  sql::Statement s = impl_->db.prepare("SELECT copy_of FROM games WHERE id = :id");
  if (!s.prepared()) return impl_->fail("cannot read games");
  s.bind(":id", id);
  if (s.step() != sql::kRow) return Error{"no game with id " + std::to_string(id)};
  return s.is_null(0) ? std::optional<std::int64_t>() : std::optional<std::int64_t>(s.int64(0));
}

}  // namespace gibo::archive
