// The archive loader of `gibo stats`: plain SQL over the archive's tables (README
// "Database schema"), read-only. Games are selected through a temporary view that adds
// the file filter's names to the games table's columns, so `--where` reads the same on
// files and on an archive.
#include <sqlite3.h>

#include <map>
#include <memory>
#include <unordered_map>

#include "gibo/archive/archive.h"
#include "gibo/archive/codec.h"
#include "gibo/report/stats.h"
#include "gibo/report/stats_load.h"

namespace gibo::stats {
namespace {

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close_v2(db); }
};
struct FinalizeStatement {
  void operator()(sqlite3_stmt* s) const { sqlite3_finalize(s); }
};
using Db = std::unique_ptr<sqlite3, CloseDb>;
using Statement = std::unique_ptr<sqlite3_stmt, FinalizeStatement>;

// Prepares one statement; null and `error` on failure or when `sql` holds more than one.
Statement prepare(sqlite3* db, const std::string& sql, std::string& error) {
  sqlite3_stmt* s = nullptr;
  const char* tail = nullptr;
  if (sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size()), &s, &tail) != SQLITE_OK) {
    error = sqlite3_errmsg(db);
    sqlite3_finalize(s);
    return nullptr;
  }
  while (tail && (*tail == ' ' || *tail == '\n' || *tail == '\t' || *tail == '\r' || *tail == ';')) ++tail;
  if (tail && *tail) {
    sqlite3_finalize(s);
    error = "only one SQL expression is accepted";
    return nullptr;
  }
  return Statement(s);
}

// Column readers of a stepped statement: text ("" for NULL), blob, NULL test, optional int.
std::string column_text(sqlite3_stmt* s, int c) {
  const unsigned char* t = sqlite3_column_text(s, c);
  return t ? std::string(reinterpret_cast<const char*>(t), static_cast<std::size_t>(sqlite3_column_bytes(s, c)))
           : std::string();
}
std::string_view column_blob(sqlite3_stmt* s, int c) {
  const void* b = sqlite3_column_blob(s, c);
  return b ? std::string_view(static_cast<const char*>(b), static_cast<std::size_t>(sqlite3_column_bytes(s, c)))
           : std::string_view();
}
bool column_null(sqlite3_stmt* s, int c) { return sqlite3_column_type(s, c) == SQLITE_NULL; }
std::optional<int> column_optional_int(sqlite3_stmt* s, int c) {
  if (column_null(s, c)) return std::nullopt;
  return sqlite3_column_int(s, c);
}

// SQL function gibo_tag(tags_json, name): the first value of the tag, '' when absent.
void sql_tag(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto* json = sqlite3_value_text(argv[0]);
  const auto* name = sqlite3_value_text(argv[1]);
  std::string value;
  if (json && name) {
    const std::string_view wanted(reinterpret_cast<const char*>(name), static_cast<std::size_t>(sqlite3_value_bytes(argv[1])));
    if (auto tags = archive::decode_tags(
            std::string_view(reinterpret_cast<const char*>(json), static_cast<std::size_t>(sqlite3_value_bytes(argv[0])))))
      for (const Tag& t : *tags)
        if (t.name == wanted) {
          value = t.value;
          break;
        }
  }
  sqlite3_result_text(ctx, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
}

// SQL functions gibo_year(text) and gibo_date(text): parse_game_date's year and key, NULL
// when unknown.
void sql_year(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto* text = sqlite3_value_text(argv[0]);
  const GameDate d = parse_game_date(text ? reinterpret_cast<const char*>(text) : "");
  if (d.year) sqlite3_result_int(ctx, *d.year);
  else sqlite3_result_null(ctx);
}
// gibo_date(text): the date key, NULL when unknown.
void sql_date(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto* text = sqlite3_value_text(argv[0]);
  const GameDate d = parse_game_date(text ? reinterpret_cast<const char*>(text) : "");
  if (d.year) sqlite3_result_text(ctx, d.key.data(), static_cast<int>(d.key.size()), SQLITE_TRANSIENT);
  else sqlite3_result_null(ctx);
}

// The view the --where expression runs against: every column of `games`, and the names
// the file filter knows (stats_filter.h) computed from the other tables.
constexpr const char* kView = R"sql(
CREATE TEMP VIEW stats_games AS
SELECT g.*,
       s.path AS file,
       g.game_index + 1 AS game,
       gibo_tag(g.tags_json, '대회명') AS event,
       gibo_tag(g.tags_json, '대국장소') AS site,
       gibo_tag(g.tags_json, '대국일자') AS date_text,
       gibo_date(gibo_tag(g.tags_json, '대국일자')) AS date,
       gibo_year(gibo_tag(g.tags_json, '대국일자')) AS year,
       coalesce((SELECT name FROM main.players WHERE id = g.cho_player_id), '') AS cho,
       coalesce((SELECT name FROM main.players WHERE id = g.han_player_id), '') AS han,
       gibo_tag(g.tags_json, '초대국자') AS cho_tag,
       gibo_tag(g.tags_json, '한대국자') AS han_tag,
       (g.start_fen IS NOT NULL) AS custom_start,
       (g.status = 'valid') AS valid,
       g.result_text AS result,
       CASE WHEN g.result_text IS NULL THEN 'none' ELSE g.result_winner END AS winner,
       g.result_method AS method,
       g.result_margin / 2.0 AS margin,
       g.profile_id AS profile,
       (SELECT key FROM main.starts WHERE id = g.start_id) AS start_key
FROM main.games AS g JOIN main.sources AS s ON s.id = g.source_id
)sql";

// The inverse of winner_name (Unknown for anything else).
Winner winner_from(std::string_view name) {
  for (Winner w : {Winner::Cho, Winner::Han, Winner::Draw, Winner::Void, Winner::Unknown})
    if (winner_name(w) == name) return w;
  return Winner::Unknown;
}

// The inverse of method_name (None for anything else).
ResultMethod method_from(std::string_view name) {
  for (int m = 0; m <= static_cast<int>(ResultMethod::None); ++m)
    if (method_name(static_cast<ResultMethod>(m)) == name) return static_cast<ResultMethod>(m);
  return ResultMethod::None;
}

// The setup of a code (HEEH, ...), nullopt for anything else.
std::optional<Setup> setup_from(std::string_view code) {
  for (Setup s : kAllSetups)
    if (setup_code(s) == code) return s;
  return std::nullopt;
}

// The inverse of severity_name (Error for anything else).
Severity severity_from(std::string_view name) {
  return name == "warning" ? Severity::Warning : name == "note" ? Severity::Note : Severity::Error;
}

// Fills the board facts of `f` (start FEN, valid moves, opening names) from the start key
// and the moves blob; returns the moves the adjudicator can play.
std::vector<Move> board_facts(GameFacts& f, const std::string& start_key, std::string_view blob, int opening_plies,
                              Position& start) {
  std::vector<Move> playable;
  const std::string fen = f.custom_start ? f.start_fen : start_key;
  if (fen.empty() || start.set_fen(fen)) {
    f.start_fen.clear();
    return playable;
  }
  f.start_fen = start.fen();
  const auto count = archive::moves_count(blob);
  if (!count) return playable;
  Position pos = start;
  for (std::size_t i = 0; i < *count; ++i) {
    const std::uint16_t code = archive::code_at(blob, i);
    const Move m(static_cast<Square>(code & 0x7F), static_cast<Square>((code >> 7) & 0x7F));
    if (code == 0xFFFF || m.from() >= kSquares || m.to() >= kSquares) break;
    playable.push_back(m);
    if (static_cast<int>(i) >= f.valid_plies) continue;
    if (!pos.is_pseudo_legal(m)) {  // a blob that does not match its start: stop naming
      f.valid_plies = static_cast<int>(i);
      continue;
    }
    if (static_cast<int>(i) < opening_plies) f.opening.push_back(ply_name(pos.piece_on(m.from()), m));
    f.moves.push_back(m);
    pos.do_move(m);
  }
  return playable;
}

class Loader {
 public:
  Loader(const std::string& path, const LoadOptions& options, Dataset& out) : path_(path), options_(options), out_(out) {}

  // Opens the archive read-only and installs the selection view; an error text on failure.
  std::optional<std::string> open() {
    sqlite3* raw = nullptr;
    const int rc = sqlite3_open_v2(path_.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
    db_.reset(raw);
    if (rc != SQLITE_OK) return std::string("cannot open: ") + (raw ? sqlite3_errmsg(raw) : "out of memory");
    sqlite3_busy_timeout(raw, 5000);
    if (auto e = check_archive()) return e;
    return install_view();
  }

  // The ids `where` selects, in id order.
  std::optional<std::string> select(const std::string& where, std::vector<std::int64_t>& ids) {
    if (auto e = open()) return e;
    std::string error;
    Statement s = prepare(db_.get(), "SELECT id FROM temp.stats_games WHERE (" + where + "\n) ORDER BY id", error);
    if (!s) return "--where: " + error;
    int rc;
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) ids.push_back(sqlite3_column_int64(s.get(), 0));
    if (rc != SQLITE_DONE) return "--where: " + std::string(sqlite3_errmsg(db_.get()));
    return std::nullopt;
  }

  // Opens the archive read-only and loads everything; an error text on failure.
  std::optional<std::string> run(const std::string& where) {
    if (auto e = open()) return e;
    if (auto e = load_sources()) return e;
    if (auto e = choose_verdicts()) return e;
    if (auto e = load_games(where)) return e;
    if (auto e = load_diagnostics()) return e;
    if (auto e = load_duplicates()) return e;
    if (use_stored_)
      if (auto e = stored_verdicts()) return e;
    out_.origin = path_;
    return std::nullopt;
  }

 private:
  // The first column of the first row of `sql`, nullopt on error.
  std::optional<int> scalar(const std::string& sql) {
    std::string error;
    Statement s = prepare(db_.get(), sql, error);
    if (!s || sqlite3_step(s.get()) != SQLITE_ROW) return std::nullopt;
    return sqlite3_column_int(s.get(), 0);
  }

  // Refuses files that are not a gibo archive of a known schema version.
  std::optional<std::string> check_archive() {
    const auto app = scalar("PRAGMA application_id");
    if (!app) return std::string("not an SQLite database: ") + sqlite3_errmsg(db_.get());
    const auto version = scalar("PRAGMA user_version");
    if (*app != archive::kApplicationId || !version || *version < 1)
      return std::string("not a gibo archive (create one with gibo import)");
    if (*version > archive::kSchemaVersion)
      return "the archive has schema version " + std::to_string(*version) + ", newer than this gibo's " +
             std::to_string(archive::kSchemaVersion);
    return std::nullopt;
  }

  // Registers the SQL functions and creates the temporary view the --where runs on.
  std::optional<std::string> install_view() {
    sqlite3* db = db_.get();
    const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
    if (sqlite3_create_function(db, "gibo_tag", 2, flags, nullptr, sql_tag, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function(db, "gibo_year", 1, flags, nullptr, sql_year, nullptr, nullptr) != SQLITE_OK ||
        sqlite3_create_function(db, "gibo_date", 1, flags, nullptr, sql_date, nullptr, nullptr) != SQLITE_OK)
      return std::string("cannot register SQL functions: ") + sqlite3_errmsg(db);
    char* message = nullptr;
    if (sqlite3_exec(db, kView, nullptr, nullptr, &message) != SQLITE_OK) {
      std::string e = std::string("cannot read the games table: ") + (message ? message : "");
      sqlite3_free(message);
      return e;
    }
    return std::nullopt;
  }

  // Every source file, in import order.
  std::optional<std::string> load_sources() {
    std::string error;
    Statement s = prepare(db_.get(), "SELECT id, path, encoding FROM main.sources ORDER BY id", error);
    if (!s) return "cannot read sources: " + error;
    while (sqlite3_step(s.get()) == SQLITE_ROW) {
      SourceFacts f;
      f.path = column_text(s.get(), 1);
      f.encoding = column_text(s.get(), 2);
      source_at_[sqlite3_column_int64(s.get(), 0)] = out_.sources.size();
      out_.sources.push_back(std::move(f));
    }
    return std::nullopt;
  }

  // The games `where` selects, in source order, with their board facts (and verdicts
  // when judging while loading). A bad expression is a "--where: ..." error.
  std::optional<std::string> load_games(const std::string& where) {
    std::string sql =
        "SELECT id, source_id, game_index, file, start_key, cho_setup, han_setup, start_fen, plies, valid_plies, moves, "
        "tags_json, cho, han, result_text, result_winner, result_method, result_margin, result_recognised, "
        "saved_bikjang, profile_id, status FROM temp.stats_games";
    if (!where.empty()) sql += " WHERE (" + where + "\n)";
    sql += " ORDER BY source_id, game_index";
    std::string error;
    Statement s = prepare(db_.get(), sql, error);
    if (!s) return "--where: " + error;
    int rc;
    while ((rc = sqlite3_step(s.get())) == SQLITE_ROW) {
      sqlite3_stmt* q = s.get();
      GameFacts f;
      f.id = sqlite3_column_int64(q, 0);
      const std::int64_t source = sqlite3_column_int64(q, 1);
      f.index = sqlite3_column_int(q, 2);
      f.file = column_text(q, 3);
      const std::string start_key = column_text(q, 4);
      f.custom_start = !column_null(q, 7);
      if (!f.custom_start) {
        f.cho_setup = setup_from(column_text(q, 5));
        f.han_setup = setup_from(column_text(q, 6));
      }
      f.start_fen = column_text(q, 7);
      f.plies = sqlite3_column_int(q, 8);
      f.valid_plies = sqlite3_column_int(q, 9);
      const std::string_view blob = column_blob(q, 10);
      if (auto tags = archive::decode_tags(column_text(q, 11))) tag_facts(*tags, f);
      f.cho_name = known_player(column_text(q, 12));
      f.han_name = known_player(column_text(q, 13));
      f.has_result = !column_null(q, 14);
      f.result_text = column_text(q, 14);
      if (f.has_result) {
        f.result.winner = winner_from(column_text(q, 15));
        f.result.method = method_from(column_text(q, 16));
        f.result.margin_half_points = column_optional_int(q, 17);
        f.result.recognised = sqlite3_column_int(q, 18) != 0;
      }
      std::optional<bool> bikjang;  // NULL: not stated
      if (!column_null(q, 19)) bikjang = sqlite3_column_int(q, 19) != 0;
      f.profile = column_text(q, 20);
      f.valid = column_text(q, 21) == "valid";
      if (source_at_.count(source)) ++out_.sources[source_at_[source]].games;
      Position start;
      const std::vector<Move> playable = board_facts(f, start_key, blob, options_.opening_plies, start);
      if (judge_) judge(f, *judge_, bikjang, start, playable);
      game_at_[f.id] = out_.games.size();
      out_.games.push_back(std::move(f));
    }
    if (rc != SQLITE_DONE) return "--where: " + std::string(sqlite3_errmsg(db_.get()));
    return std::nullopt;
  }

  // Diagnostics of the loaded games and of the files.
  std::optional<std::string> load_diagnostics() {
    std::string error;
    Statement s = prepare(db_.get(), "SELECT source_id, game_index, game_id, code, severity FROM main.diagnostics ORDER BY id",
                          error);
    if (!s) return "cannot read diagnostics: " + error;
    while (sqlite3_step(s.get()) == SQLITE_ROW) {
      DiagnosticFact d{column_text(s.get(), 3), severity_from(column_text(s.get(), 4))};
      if (!column_null(s.get(), 2)) {
        if (auto it = game_at_.find(sqlite3_column_int64(s.get(), 2)); it != game_at_.end())
          out_.games[it->second].diagnostics.push_back(std::move(d));
      } else if (column_null(s.get(), 1)) {
        if (auto it = source_at_.find(sqlite3_column_int64(s.get(), 0)); it != source_at_.end())
          out_.sources[it->second].diagnostics.push_back(std::move(d));
      }
      // A duplicate copy's own findings (game_id NULL, game_index set) are not counted:
      // the report describes the distinct games.
    }
    return std::nullopt;
  }

  // Counts the duplicate copies of the loaded games.
  std::optional<std::string> load_duplicates() {
    std::string error;
    Statement s = prepare(db_.get(), "SELECT game_id FROM main.duplicates", error);
    if (!s) return "cannot read duplicates: " + error;
    while (sqlite3_step(s.get()) == SQLITE_ROW) out_.duplicates += game_at_.count(sqlite3_column_int64(s.get(), 0));
    return std::nullopt;
  }

  // Decides where the verdicts come from: the archive's table, or judging while loading.
  std::optional<std::string> choose_verdicts() {
    const AdjudicationChoice& choice = options_.adjudication;
    if (choice.stored) {
      const auto stored = scalar("SELECT count(*) FROM main.verdicts");
      if (!stored) return std::string("cannot read verdicts: ") + sqlite3_errmsg(db_.get());
      if (*stored > 0) {
        use_stored_ = true;
        out_.verdicts_from = "archive";
        return std::nullopt;
      }
      judge_ = AdjudicationChoice{};  // none stored: each game's own profile
    } else {
      judge_ = choice;
    }
    if (judge_->own || !judge_->profiles.empty()) out_.verdicts_from = "computed";
    else judge_.reset();
    return std::nullopt;
  }

  // The archive's verdicts of the loaded games, the latest profile version of each.
  std::optional<std::string> stored_verdicts() {
    std::string error;
    Statement s = prepare(db_.get(),
                          "SELECT game_id, profile_id, verdict, winner, reason, ply, cho_score, han_score, note "
                          "FROM main.verdicts ORDER BY game_id, profile_id, profile_version",
                          error);
    if (!s) return "cannot read verdicts: " + error;
    while (sqlite3_step(s.get()) == SQLITE_ROW) {
      sqlite3_stmt* q = s.get();
      const auto it = game_at_.find(sqlite3_column_int64(q, 0));
      if (it == game_at_.end()) continue;
      VerdictFact v;
      v.profile = column_text(q, 1);
      v.verdict = column_text(q, 2);
      v.board_winner = column_null(q, 4) ? "" : column_text(q, 3);
      v.board_reason = column_text(q, 4);
      v.board_ply = column_optional_int(q, 5).value_or(0);
      v.cho_score = column_optional_int(q, 6);
      v.han_score = column_optional_int(q, 7);
      v.note = column_text(q, 8);
      std::vector<VerdictFact>& list = out_.games[it->second].verdicts;
      if (!list.empty() && list.back().profile == v.profile) list.back() = std::move(v);  // a later version
      else list.push_back(std::move(v));
    }
    return std::nullopt;
  }

  // Judges one game under the chosen profiles (its own: the profile it was validated under).
  void judge(GameFacts& g, const AdjudicationChoice& choice, const std::optional<bool>& bikjang, const Position& start,
             const std::vector<Move>& moves) {
    if (g.start_fen.empty()) return;  // no board to judge on
    const Profile* own = find_profile(g.profile);
    if (!own) own = options_.fallback ? options_.fallback : &default_profile();
    std::vector<const Profile*> profiles;
    if (choice.own) profiles.push_back(own);
    for (const Profile* p : choice.profiles) {
      bool seen = !p;
      for (const Profile* q : profiles) seen |= q->id == p->id;
      if (!seen) profiles.push_back(p);
    }
    std::optional<NormalizedResult> stored;
    if (g.has_result) stored = g.result;
    for (const Profile* p : profiles) g.verdicts.push_back(judge_game(*p, bikjang, start, moves, g.plies, stored));
  }

  std::string path_;
  const LoadOptions& options_;
  Dataset& out_;
  Db db_;
  std::unordered_map<std::int64_t, std::size_t> source_at_, game_at_;
  std::optional<AdjudicationChoice> judge_;  // judge while loading under these
  bool use_stored_ = false;                  // read the archive's verdicts table
};

}  // namespace

std::optional<std::string> load_database(const std::string& path, const std::string& where, const LoadOptions& options,
                                         Dataset& out) {
  Loader loader(path, options, out);
  return loader.run(where);
}

std::optional<std::string> select_game_ids(const std::string& path, const std::string& where,
                                           std::vector<std::int64_t>& ids) {
  const LoadOptions options;
  Dataset unused;
  Loader loader(path, options, unused);
  return loader.select(where, ids);
}

}  // namespace gibo::stats
