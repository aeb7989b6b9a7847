// The facts view: its columns (name, SQL over the archive's tables, meaning), the SQL
// functions it uses, and the authorizer that keeps user expressions read-only.
#include "gibo/archive/facts.h"

#include <cstring>

#include <array>
#include <optional>

#include "gibo/analysis/game_analysis.h"
#include "gibo/archive/codec.h"
#include "gibo/record/fact_tags.h"
#include "gibo/record/game_date.h"
#include "gibo/record/name_aliases.h"
#include "gibo/record/player_identity.h"
#include "gibo/record/player_name.h"

#include "facts_view.h"

namespace gibo::archive {
namespace {

struct Column {
  const char* name;
  const char* sql;  // over main.games AS g, main.sources AS s; {annotated} is replaced
  const char* meaning;
};

// The view, column by column (the one definition of every --where field).
constexpr Column kColumns[] = {
    {"id", "g.id", "the game's id in the archive (on files: in the temporary archive, in input order)"},
    {"file", "s.path", "source path"},
    {"game", "g.game_index + 1", "game number in its file, from 1"},
    {"event", "gibo_fact(g.tags_json, 'event')", "대회명 (PGN Event); '' when absent"},
    {"site", "gibo_fact(g.tags_json, 'site')", "대국장소 (PGN Site)"},
    {"site_name", "gibo_site(gibo_fact(g.tags_json, 'site'))",
     "the site as gibo stats counts it (spellings and aliases one name; '' for none, 미상 or ?)"},
    {"event_name", "gibo_event(gibo_fact(g.tags_json, 'event'))", "the event as gibo stats counts it, likewise"},
    {"date", "gibo_date(gibo_fact(g.tags_json, 'date'))",
     "대국일자 (PGN Date) read leniently: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'; NULL when unknown"},
    {"date_text", "gibo_fact(g.tags_json, 'date')", "대국일자 verbatim"},
    {"year", "gibo_year(gibo_fact(g.tags_json, 'date'))", "year of 대국일자; NULL when unknown"},
    {"cho", "gibo_player(gibo_fact(g.tags_json, 'cho'))",
     "Cho's player name (rank removed; '' for none, 미상, ? or -)"},
    {"han", "gibo_player(gibo_fact(g.tags_json, 'han'))", "Han's player name, likewise"},
    {"cho_tag", "gibo_fact(g.tags_json, 'cho')", "초대국자 (PGN White) verbatim"},
    {"han_tag", "gibo_fact(g.tags_json, 'han')", "한대국자 (PGN Black) verbatim"},
    {"cho_rank", "gibo_rank(gibo_fact(g.tags_json, 'cho'))",
     "the rank written in Cho's tag, in one spelling: '9단', '18급', '프로', '프로 5단', '아마 3단' (四단 is '4단'); "
     "'' when none"},
    {"han_rank", "gibo_rank(gibo_fact(g.tags_json, 'han'))", "the rank written in Han's tag, likewise"},
    {"cho_id", "gibo_identity(gibo_fact(g.tags_json, 'cho'), gibo_fact(g.tags_json, 'site'))",
     "Cho's identity as the ratings count it: the name, a nickname as NAME@SITE at an online site, or an alias "
     "(the built-in table); '' for none"},
    {"han_id", "gibo_identity(gibo_fact(g.tags_json, 'han'), gibo_fact(g.tags_json, 'site'))",
     "Han's identity, likewise"},
    {"round", "gibo_fact(g.tags_json, 'round')", "회전 (PGN Round) verbatim; '' when absent"},
    {"cho_setup", "g.cho_setup", "Cho's setup: HEEH EHHE HEHE EHEH (as seen from Cho); NULL for a custom start"},
    {"han_setup", "g.han_setup", "Han's setup, likewise"},
    {"custom_start", "(g.start_fen IS NOT NULL)", "1 for a game from a custom position ([판] or FEN), else 0"},
    {"plies", "g.plies", "plies as recorded"},
    {"valid_plies", "g.valid_plies", "plies that replayed legally"},
    {"valid", "(g.status = 'valid')", "1 when the game has no error, else 0"},
    {"error_code", "g.error_code", "the first error's code; NULL for a valid game"},
    {"annotated", "{annotated}",
     "1 when the record marks captures and checks, 0 when it marks none (unannotated); NULL when unknown "
     "(archives imported before schema version 2)"},
    {"result", "g.result_text", "대국결과 verbatim; NULL when absent"},
    {"winner", "CASE WHEN g.result_text IS NULL THEN 'none' ELSE g.result_winner END",
     "cho, han, draw, void, unknown, or none (no stored result)"},
    {"method", "g.result_method",
     "outright, checkmate, resignation, time, points, bikjang, ... (none without a winner)"},
    {"margin", "g.result_margin / 2.0", "points margin of a point win (2.5); NULL when none"},
    {"profile", "g.profile_id", "the rules profile the game was validated under"},
    // Play quality (issue 30): from the game's newest complete stored analysis (gibo
    // analyze --db), as the stats report's play-quality tables count it; NULL without one.
    {"analysed", "{analyses:(SELECT count(*) > 0 FROM main.analysis_games AS a WHERE a.game_id = g.id AND a.error IS NULL "
                 "AND a.failed_positions = 0)}",
     "1 when the game has a complete stored engine analysis, else 0 (NULL before schema version 3)"},
    {"cho_accuracy", "{analyses:gibo_quality(g.id, 'cho', 'accuracy')}",
     "Cho's accuracy in percent in the newest complete analysis; NULL without one"},
    {"han_accuracy", "{analyses:gibo_quality(g.id, 'han', 'accuracy')}", "Han's accuracy, likewise"},
    {"cho_loss", "{analyses:gibo_quality(g.id, 'cho', 'loss')}", "Cho's average loss in centipawns, likewise"},
    {"han_loss", "{analyses:gibo_quality(g.id, 'han', 'loss')}", "Han's average loss, likewise"},
    {"cho_best_percent", "{analyses:gibo_quality(g.id, 'cho', 'best')}",
     "the share of Cho's judged moves equal to the engine's first choice, in percent, likewise"},
    {"han_best_percent", "{analyses:gibo_quality(g.id, 'han', 'best')}", "Han's, likewise"},
    {"cho_blunders", "{analyses:gibo_quality(g.id, 'cho', 'blunders')}", "Cho's blunders, likewise"},
    {"han_blunders", "{analyses:gibo_quality(g.id, 'han', 'blunders')}", "Han's blunders, likewise"},
    {"engine_verdict", "{analyses:(SELECT v.verdict FROM main.engine_verdicts AS v WHERE v.game_id = g.id "
                       "ORDER BY v.computed_at DESC, v.profile_version DESC LIMIT 1)}",
     "the newest engine verdict (gibo rescore --engine): engine-supports, engine-contradicts, engine-unclear; NULL "
     "without one"},
};

// The fact a gibo_fact() key names.
std::optional<FactTag> fact_of(std::string_view key) {
  if (key == "event") return FactTag::Event;
  if (key == "site") return FactTag::Site;
  if (key == "date") return FactTag::Date;
  if (key == "cho") return FactTag::Cho;
  if (key == "han") return FactTag::Han;
  if (key == "round") return FactTag::Round;
  return std::nullopt;
}

std::string_view arg_text(sqlite3_value* v) {
  const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(v));
  return p ? std::string_view(p, static_cast<std::size_t>(sqlite3_value_bytes(v))) : std::string_view();
}

// Sets a text result ('' for an empty view: SQLite reads a null pointer as NULL).
void result_text(sqlite3_context* ctx, std::string_view s) {
  sqlite3_result_text(ctx, s.empty() ? "" : s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
}

}  // namespace

namespace facts {

// The tags of the row being read, decoded once for all of its gibo_fact() calls; the side
// summaries of the game gibo_quality() read last (game_id 0: none).
struct FunctionState {
  std::string json;
  std::vector<Tag> tags;
  std::int64_t quality_game = 0;
  std::optional<std::array<analysis::SideSummary, 2>> quality;
};

void FunctionStateDeleter::operator()(FunctionState* s) const { delete s; }

namespace {

// gibo_fact(tags_json, key): the value of the fact's tag (fact_tags.h), '' when absent.
void sql_fact(sqlite3_context* ctx, int, sqlite3_value** argv) {
  auto* state = static_cast<FunctionState*>(sqlite3_user_data(ctx));
  const std::string_view json = arg_text(argv[0]);
  const auto fact = fact_of(arg_text(argv[1]));
  if (!fact) {
    sqlite3_result_error(ctx, "gibo_fact: unknown fact", -1);
    return;
  }
  if (json != state->json) {
    state->json.assign(json);
    auto tags = decode_tags(json);
    state->tags = tags ? std::move(*tags) : std::vector<Tag>{};
  }
  const std::string* value = fact_tag(state->tags, *fact);
  result_text(ctx, value ? std::string_view(*value) : std::string_view());
}

// gibo_date(text): parse_game_date's key, NULL when unknown.
void sql_date(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const GameDate d = parse_game_date(arg_text(argv[0]));
  if (d.year) result_text(ctx, d.key);
  else sqlite3_result_null(ctx);
}

// gibo_year(text): parse_game_date's year, NULL when unknown.
void sql_year(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const GameDate d = parse_game_date(arg_text(argv[0]));
  if (d.year) sqlite3_result_int(ctx, *d.year);
  else sqlite3_result_null(ctx);
}

// gibo_player(tag value): player_name().
void sql_player(sqlite3_context* ctx, int, sqlite3_value** argv) { result_text(ctx, player_name(arg_text(argv[0]))); }

// gibo_rank(tag value): split_player's rank label ('' when none).
void sql_rank(sqlite3_context* ctx, int, sqlite3_value** argv) { result_text(ctx, split_player(arg_text(argv[0])).rank); }

// gibo_identity(player tag, site tag): the player's identity under the built-in alias table
// ('' when the tag names no one).
void sql_identity(sqlite3_context* ctx, int, sqlite3_value** argv) {
  result_text(ctx, identify_player(arg_text(argv[0]), arg_text(argv[1]), NameAliases::builtin()).display);
}

// gibo_site(tag value), gibo_event(tag value): the name the built-in alias table counts
// it under (name_aliases.h), '' when it says nothing.
void sql_site(sqlite3_context* ctx, int, sqlite3_value** argv) {
  result_text(ctx, NameAliases::builtin().count_as(true, arg_text(argv[0])).display);
}
void sql_event(sqlite3_context* ctx, int, sqlite3_value** argv) {
  result_text(ctx, NameAliases::builtin().count_as(false, arg_text(argv[0])).display);
}

// The side summaries of game `id`'s newest complete stored analysis (judge_positions over
// its stored positions); nullopt without one.
std::optional<std::array<analysis::SideSummary, 2>> stored_quality(sqlite3* h, std::int64_t id) {
  sqlite3_stmt* st = nullptr;
  const char* sql =
      "SELECT to_move, played, cp, mate, mate_winner, best, error FROM main.analysis_positions WHERE game_id = ?1 AND "
      "request_id = (SELECT max(request_id) FROM main.analysis_games WHERE game_id = ?1 AND error IS NULL AND "
      "failed_positions = 0) ORDER BY ply";
  if (sqlite3_prepare_v2(h, sql, -1, &st, nullptr) != SQLITE_OK) return std::nullopt;
  sqlite3_bind_int64(st, 1, id);
  analysis::GameAnalysis a;
  while (sqlite3_step(st) == SQLITE_ROW) {
    analysis::PositionEval p;
    p.to_move = arg_text(sqlite3_column_value(st, 0)) == "han" ? Side::Han : Side::Cho;
    p.played = std::string(arg_text(sqlite3_column_value(st, 1)));
    p.ok = sqlite3_column_type(st, 6) == SQLITE_NULL;
    analysis::Score& s = p.result.score;
    if (sqlite3_column_type(st, 3) != SQLITE_NULL) {
      s.mate = true;
      s.mate_moves = sqlite3_column_int(st, 3);
      s.winner = arg_text(sqlite3_column_value(st, 4)) == "han" ? Side::Han : Side::Cho;
    } else {
      s.cp = sqlite3_column_int(st, 2);
    }
    p.result.best_move = std::string(arg_text(sqlite3_column_value(st, 5)));
    a.positions.push_back(std::move(p));
  }
  sqlite3_finalize(st);
  if (a.positions.empty() || !a.positions.back().played.empty()) return std::nullopt;
  analysis::judge_positions(a);
  return a.sides;
}

// gibo_quality(game_id, side, metric): `side`'s (cho, han) accuracy, loss, best (percent of
// judged moves equal to the engine's first choice) or blunders in the game's newest
// complete stored analysis; NULL without one or without a judged move.
void sql_quality(sqlite3_context* ctx, int, sqlite3_value** argv) {
  auto* state = static_cast<FunctionState*>(sqlite3_user_data(ctx));
  const std::int64_t id = sqlite3_value_int64(argv[0]);
  if (id != state->quality_game) {
    state->quality_game = id;
    state->quality = stored_quality(sqlite3_context_db_handle(ctx), id);
  }
  const std::string_view metric = arg_text(argv[2]);
  if (!state->quality) return sqlite3_result_null(ctx);
  const analysis::SideSummary& s = (*state->quality)[arg_text(argv[1]) == "han" ? 1 : 0];
  if (metric == "blunders") return sqlite3_result_int(ctx, s.counts[3]);
  if (s.moves == 0) return sqlite3_result_null(ctx);
  if (metric == "accuracy") return sqlite3_result_double(ctx, s.accuracy);
  if (metric == "loss") return sqlite3_result_double(ctx, s.average_loss);
  if (metric == "best") return sqlite3_result_double(ctx, 100.0 * s.best_moves / s.moves);
  sqlite3_result_error(ctx, "gibo_quality: unknown metric", -1);
}

// The authorizer of user SQL: reading, functions and (recursive) SELECTs only.
int read_only_authorizer(void*, int action, const char*, const char*, const char*, const char*) {
  switch (action) {
    case SQLITE_SELECT:
    case SQLITE_READ:
    case SQLITE_FUNCTION:
    case SQLITE_RECURSIVE: return SQLITE_OK;
    default: return SQLITE_DENY;
  }
}

}  // namespace

std::optional<Error> install(sql::Connection& db, int schema_version, FunctionStatePtr& state) {
  state.reset(new FunctionState);
  const int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC;
  sqlite3* h = db.get();
  if (sqlite3_create_function(h, "gibo_fact", 2, flags, state.get(), sql_fact, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_create_function(h, "gibo_date", 1, flags, nullptr, sql_date, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_create_function(h, "gibo_year", 1, flags, nullptr, sql_year, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_create_function(h, "gibo_player", 1, flags, nullptr, sql_player, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_create_function(h, "gibo_site", 1, flags, nullptr, sql_site, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_create_function(h, "gibo_event", 1, flags, nullptr, sql_event, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_create_function(h, "gibo_rank", 1, flags, nullptr, sql_rank, nullptr, nullptr) != SQLITE_OK ||
      sqlite3_create_function(h, "gibo_identity", 2, flags, nullptr, sql_identity, nullptr, nullptr) != SQLITE_OK ||
      // Reads the analyses as they stand: not deterministic.
      sqlite3_create_function(h, "gibo_quality", 3, SQLITE_UTF8, state.get(), sql_quality, nullptr, nullptr) != SQLITE_OK)
    return Error{"cannot register the facts functions: " + db.current_error()};
  std::string sql = "CREATE TEMP VIEW IF NOT EXISTS facts AS SELECT ";
  bool first = true;
  for (const Column& c : kColumns) {
    if (!first) sql += ", ";
    first = false;
    std::string expression = c.sql;
    if (expression == "{annotated}") expression = schema_version >= 2 ? "g.annotated" : "NULL";
    if (expression.rfind("{analyses:", 0) == 0)  // the analysis tables came with version 3
      expression = schema_version >= 3 ? expression.substr(10, expression.size() - 11) : "NULL";
    sql += expression + " AS " + c.name;
  }
  sql += " FROM main.games AS g JOIN main.sources AS s ON s.id = g.source_id";
  auto e = db.exec("PRAGMA temp_store = MEMORY");
  if (!e) e = db.exec(sql);
  if (e) return Error{"cannot create the facts view: " + e->message};
  return std::nullopt;
}

ReadOnlyGuard::ReadOnlyGuard(sql::Connection& db) : db_(db) {
  sqlite3_set_authorizer(db_.get(), read_only_authorizer, nullptr);
}
ReadOnlyGuard::~ReadOnlyGuard() { sqlite3_set_authorizer(db_.get(), nullptr, nullptr); }

}  // namespace facts

const std::vector<FactField>& fact_fields() {
  static const std::vector<FactField> fields = [] {
    std::vector<FactField> out;
    for (const Column& c : kColumns) out.push_back({c.name, c.meaning});
    return out;
  }();
  return fields;
}

}  // namespace gibo::archive
