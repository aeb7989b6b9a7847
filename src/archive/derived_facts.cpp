// The derived facts (derived_facts.h): the tags' facts of a game, the play quality of an
// analysis, and keeping the stored ones current.
#include "derived_facts.h"

#include <array>
#include <tuple>
#include <utility>
#include <vector>

#include "gibo/analysis/game_analysis.h"
#include "gibo/archive/codec.h"
#include "gibo/archive/copies.h"
#include "gibo/archive/sha256.h"
#include "gibo/record/aliases_tsv.h"
#include "gibo/record/fact_tags.h"
#include "gibo/record/game_date.h"
#include "gibo/record/name_aliases.h"
#include "gibo/record/player_identity.h"
#include "gibo/record/player_name.h"

#include "dialect.h"
#include "schema.h"

namespace gibo::archive {

TagFacts tag_facts(const std::vector<Tag>& tags) {
  auto value = [&](FactTag fact) {
    const std::string* v = fact_tag(tags, fact);
    return v ? *v : std::string();
  };
  TagFacts f;
  f.event = value(FactTag::Event);
  f.site = value(FactTag::Site);
  f.date_text = value(FactTag::Date);
  f.cho_tag = value(FactTag::Cho);
  f.han_tag = value(FactTag::Han);
  f.round = value(FactTag::Round);
  const NameAliases& aliases = NameAliases::builtin();
  const NameAliases::Counted site = aliases.count_as(true, f.site);
  f.site_name = site.display;
  f.event_name = aliases.count_as(false, f.event).display;
  const GameDate date = parse_game_date(f.date_text);
  if (date.year) {
    f.date = date.key;
    f.year = *date.year;
  }
  // Each tag split once: its name, its rank, its identity.
  for (auto [tag, name, rank, id] : {std::tuple{&f.cho_tag, &f.cho, &f.cho_rank, &f.cho_id},
                                     std::tuple{&f.han_tag, &f.han, &f.han_rank, &f.han_id}}) {
    const PlayerIdentity who = identify_player(*tag, site, aliases);
    *name = who.recorded.name;
    *rank = who.recorded.rank;
    *id = who.display;
  }
  return f;
}

namespace derived {
namespace {

using sql::Statement;

// The version of the rules the code derives the facts by: raised whenever one of them
// (derived_facts.h) reads a value otherwise, so that stored rows are derived again. The
// built-in alias table is part of the fingerprint by its bytes.
constexpr int kRules = 2;  // 2: the Gib<Name> tags of gibo's PGN read (fact_tags.h)
constexpr const char* kRulesKey = "derived_rules";

std::string rules_fingerprint() {
  return std::to_string(kRules) + " " + sha256_hex(kDefaultAliases);
}

constexpr sql::Param<FactsRow> kFactsParams[] = {
    {"game_id", [](Statement& s, int i, const FactsRow& r) { s.bind(i, r.game_id); }},
    {"event", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.event); }},
    {"site", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.site); }},
    {"site_name", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.site_name); }},
    {"event_name", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.event_name); }},
    {"date", [](Statement& s, int i, const FactsRow& r) { s.bind_optional_text(i, r.f.date); }},
    {"date_text", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.date_text); }},
    {"year", [](Statement& s, int i, const FactsRow& r) { s.bind_optional(i, r.f.year); }},
    {"cho", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.cho); }},
    {"han", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.han); }},
    {"cho_tag", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.cho_tag); }},
    {"han_tag", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.han_tag); }},
    {"cho_rank", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.cho_rank); }},
    {"han_rank", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.han_rank); }},
    {"cho_id", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.cho_id); }},
    {"han_id", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.han_id); }},
    {"round", [](Statement& s, int i, const FactsRow& r) { s.bind_text(i, r.f.round); }},
};

// The play quality of one analysis: each side's summary (cho, han), or nothing when its
// positions are not all stored.
using Quality = std::optional<std::array<analysis::SideSummary, 2>>;

// One analysis_quality row.
struct QualityRow {
  std::int64_t game_id = 0, request_id = 0;
  const Quality& q;
};

double accuracy(const analysis::SideSummary& s) { return s.accuracy; }
double average_loss(const analysis::SideSummary& s) { return s.average_loss; }
double best_percent(const analysis::SideSummary& s) { return 100.0 * s.best_moves / s.moves; }

// A side's mean over its judged moves; NULL without one.
template <int kSide, double (*kMetric)(const analysis::SideSummary&)>
void bind_judged(Statement& s, int i, const QualityRow& r) {
  if (r.q && (*r.q)[kSide].moves > 0) s.bind(i, kMetric((*r.q)[kSide]));
  else s.bind_null(i);
}
// A side's blunders (MoveClass::Blunder); 0 without a judged move.
template <int kSide>
void bind_blunders(Statement& s, int i, const QualityRow& r) {
  if (r.q) s.bind(i, (*r.q)[kSide].counts[3]);
  else s.bind_null(i);
}

constexpr sql::Param<QualityRow> kQualityParams[] = {
    {"game_id", [](Statement& s, int i, const QualityRow& r) { s.bind(i, r.game_id); }},
    {"request_id", [](Statement& s, int i, const QualityRow& r) { s.bind(i, r.request_id); }},
    {"cho_accuracy", bind_judged<0, accuracy>},
    {"han_accuracy", bind_judged<1, accuracy>},
    {"cho_loss", bind_judged<0, average_loss>},
    {"han_loss", bind_judged<1, average_loss>},
    {"cho_best_percent", bind_judged<0, best_percent>},
    {"han_best_percent", bind_judged<1, best_percent>},
    {"cho_blunders", bind_blunders<0>},
    {"han_blunders", bind_blunders<1>},
};

// The columns the quality is judged from: every complete analysis (with its positions
// in ply order; one row of NULLs for one without any).
constexpr std::array<sql::Selected, 9> kPositionColumns = {{{"a.request_id"},
                                                             {"a.game_id"},
                                                             {"p.to_move"},
                                                             {"p.played"},
                                                             {"p.cp"},
                                                             {"p.mate"},
                                                             {"p.mate_winner"},
                                                             {"p.best"},
                                                             {"p.error"}}};
consteval int col(std::string_view expr) { return sql::column(kPositionColumns, expr); }

// The position in the current row, as an analysis read back holds it.
analysis::PositionEval stored_position(const Statement& s) {
  analysis::PositionEval p;
  p.to_move = s.text(col("p.to_move")) == "han" ? Side::Han : Side::Cho;
  p.played = std::string(s.text(col("p.played")));
  p.ok = s.is_null(col("p.error"));
  analysis::Score& score = p.result.score;
  if (!s.is_null(col("p.mate"))) {
    score.mate = true;
    score.mate_moves = s.integer(col("p.mate"));
    score.winner = s.text(col("p.mate_winner")) == "han" ? Side::Han : Side::Cho;
  } else if (!s.is_null(col("p.cp"))) {
    score.cp = s.integer(col("p.cp"));
  }
  p.result.best_move = std::string(s.text(col("p.best")));
  return p;
}

// The play quality of the analysis whose positions `a` holds.
Quality judged(analysis::GameAnalysis& a) {
  if (a.positions.empty() || !a.positions.back().played.empty()) return std::nullopt;
  analysis::judge_positions(a);
  return a.sides;
}

// Derives the analysis_quality rows of the complete analyses in the archive's tables
// (`main`: their prefix), or of the one (request, game) `only` names, into the table
// analysis_quality under `into`.
std::optional<Error> derive_quality(sql::Connection& db, const std::string& main, const std::string& into,
                                    const std::optional<std::pair<std::int64_t, std::int64_t>>& only) {
  sql::Bound<QualityRow> insert;
  if (auto e = insert.prepare_insert(db, into + "analysis_quality", kQualityParams, false)) return e;
  const std::string sql = "SELECT " + sql::select_list(kPositionColumns, kSchemaVersion) + " FROM " + main +
                          "analysis_games AS a LEFT JOIN " + main +
                          "analysis_positions AS p ON p.request_id = a.request_id AND p.game_id = a.game_id "
                          "WHERE a.error IS NULL AND a.failed_positions = 0" +
                          (only ? " AND a.request_id = :request_id AND a.game_id = :game_id" : "") +
                          " ORDER BY a.request_id, a.game_id, p.ply";
  Statement s = only ? db.prepare(sql) : db.prepare_scan(sql);
  if (!s.prepared()) return Error{"cannot read the analyses: " + db.current_error()};
  if (only) {
    s.bind(":request_id", only->first);
    s.bind(":game_id", only->second);
  }
  std::int64_t request = 0, game = 0;
  analysis::GameAnalysis a;
  auto store = [&]() -> std::optional<Error> {
    if (game == 0) return std::nullopt;
    const Quality q = judged(a);
    if (!insert.run({game, request, q})) return Error{"cannot store the play quality: " + db.current_error()};
    return std::nullopt;
  };
  int rc;
  while ((rc = s.step()) == sql::kRow) {
    const std::int64_t r = s.int64(col("a.request_id")), g = s.int64(col("a.game_id"));
    if (r != request || g != game) {
      if (auto e = store()) return e;
      request = r;
      game = g;
      a = analysis::GameAnalysis();
    }
    if (!s.is_null(col("p.to_move"))) a.positions.push_back(stored_position(s));
  }
  if (rc != sql::kDone) return Error{"cannot read the analyses: " + db.current_error()};
  if (auto e = store()) return e;
  return db.send_held();
}

// One copy_conflicts row: the copy, its game, and what it says otherwise (conflict_words).
struct ConflictRow {
  std::int64_t copy_id = 0, game_id = 0;
  std::string conflicts;
};
constexpr sql::Param<ConflictRow> kConflictParams[] = {
    {"game_id", [](Statement& s, int i, const ConflictRow& r) { s.bind(i, r.copy_id); }},
    {"copy_of", [](Statement& s, int i, const ConflictRow& r) { s.bind(i, r.game_id); }},
    {"conflicts", [](Statement& s, int i, const ConflictRow& r) { s.bind_text(i, r.conflicts); }},
};

// The claims of the record whose tags (JSON) and stored winner are `tags_json` and `winner`.
RecordClaims stored_claims(std::string_view tags_json, std::string_view winner) {
  const std::optional<std::vector<Tag>> tags = decode_tags(tags_json);
  return record_claims(tags ? *tags : std::vector<Tag>{}, winner_from_name(winner));
}

// Derives the copy_conflicts rows of the copies of game `only` (of every game when
// nullopt) in the archive's tables (`main`) into the table under `into`: one row for each
// copy that says otherwise than its game.
std::optional<Error> derive_conflicts(sql::Connection& db, const std::string& main, const std::string& into,
                                      std::optional<std::int64_t> only) {
  sql::Bound<ConflictRow> insert;
  if (auto e = insert.prepare_insert(db, into + "copy_conflicts", kConflictParams, false)) return e;
  const std::string sql = "SELECT c.id, c.copy_of, c.tags_json, c.result_winner, g.tags_json, g.result_winner FROM " +
                          main + "games AS c JOIN " + main + "games AS g ON g.id = c.copy_of" +
                          (only ? " WHERE c.copy_of = :copy_of" : " ORDER BY c.id");  // (by games_by_copy)
  Statement s = only ? db.prepare(sql) : db.prepare_scan(sql);
  if (!s.prepared()) return Error{"cannot read the copies: " + db.current_error()};
  if (only) s.bind(":copy_of", *only);
  int rc;
  while ((rc = s.step()) == sql::kRow) {
    const unsigned conflicts = conflicts_between(stored_claims(s.text(2), s.text(3)), stored_claims(s.text(4), s.text(5)));
    if (conflicts && !insert.run({s.int64(0), s.int64(1), conflict_words(conflicts)}))
      return Error{"cannot store what a copy says otherwise: " + db.current_error()};
  }
  if (rc != sql::kDone) return Error{"cannot read the copies: " + db.current_error()};
  return db.send_held();
}

// Derives the game_facts rows of every game in the archive's tables (`main`) into the
// table game_facts under `into`, then the analyses' quality (archives of version 3 on).
std::optional<Error> derive_all(sql::Connection& db, const std::string& main, const std::string& into,
                                int schema_version) {
  sql::Bound<FactsRow> insert;
  if (auto e = insert.prepare_insert(db, into + "game_facts", kFactsParams, false)) return e;
  Statement s = db.prepare_scan("SELECT id, tags_json FROM " + main + "games ORDER BY id");
  if (!s.prepared()) return Error{"cannot read the games: " + db.current_error()};
  int rc;
  while ((rc = s.step()) == sql::kRow) {
    const std::optional<std::vector<Tag>> tags = decode_tags(s.text(1));
    const TagFacts f = tag_facts(tags ? *tags : std::vector<Tag>{});
    if (!insert.run({s.int64(0), f})) return Error{"cannot store the facts of a game: " + db.current_error()};
  }
  if (rc != sql::kDone) return Error{"cannot read the games: " + db.current_error()};
  if (auto e = db.send_held()) return e;
  if (schema_version >= kCopiesSince)
    if (auto e = derive_conflicts(db, main, into, std::nullopt)) return e;
  if (schema_version < 3) return std::nullopt;  // no analyses
  return derive_quality(db, main, into, std::nullopt);
}

}  // namespace

std::span<const sql::Param<FactsRow>> facts_params() { return kFactsParams; }

State meta_state(sql::Connection& db, std::initializer_list<std::string_view> keys,
                 const std::function<bool(const std::vector<std::string>&)>& current) {
  std::vector<std::string> values(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const auto value = schema::meta_value(db, keys.begin()[i]);
    if (!value) return State::Stale;
    values[i] = value->value_or("");
  }
  const auto copying = schema::meta_value(db, schema::kCopyMark);
  if (!copying) return State::Stale;
  if (*copying) return State::Copying;
  return current(values) ? State::Current : State::Stale;
}

State state(sql::Connection& db, int schema_version) {
  if (schema_version < kSince) return State::Stale;
  return meta_state(db, {kRulesKey}, [](const std::vector<std::string>& v) { return v[0] == rules_fingerprint(); });
}

std::optional<Error> refresh(sql::Connection& db) {
  const std::optional<Error> e = sql::in_write_transaction(db, [&]() -> std::optional<Error> {
    if (state(db, kSchemaVersion) != State::Stale) return std::nullopt;  // checked again under the lock
    const std::string main = sql::schema_prefix(db, false);
    if (auto e = db.exec("DELETE FROM game_facts; DELETE FROM analysis_quality; DELETE FROM copy_conflicts")) return e;
    if (auto e = derive_all(db, main, main, kSchemaVersion)) return e;
    return schema::set_meta(db, kRulesKey, rules_fingerprint());
  });
  if (e) return Error{"cannot derive the facts: " + e->message};
  return std::nullopt;
}

std::optional<Error> create_temp(sql::Connection& db) {
  if (auto e = db.exec(schema::derived_tables(db)))
    return Error{"cannot create the facts' tables: " + e->message};
  return std::nullopt;
}

std::optional<Error> fill_temp(sql::Connection& db, int schema_version) {
  if (auto e = derive_all(db, sql::schema_prefix(db, false), sql::schema_prefix(db, true), schema_version))
    return Error{"cannot derive the facts: " + e->message};
  return std::nullopt;
}

std::optional<Error> store_conflicts(sql::Connection& db, std::int64_t game_id) {
  Statement gone = db.prepare("DELETE FROM copy_conflicts WHERE copy_of = :copy_of");
  if (!gone.prepared()) return Error{"cannot store what copies say otherwise: " + db.current_error()};
  gone.bind(":copy_of", game_id);
  if (!gone.run()) return Error{"cannot store what copies say otherwise: " + db.current_error()};
  const std::string main = sql::schema_prefix(db, false);
  return derive_conflicts(db, main, main, game_id);
}

std::optional<Error> store_conflict(sql::Connection& db, std::int64_t copy_id, std::int64_t game_id, unsigned conflicts) {
  if (!conflicts) return std::nullopt;
  Statement s = db.prepare("INSERT INTO copy_conflicts (game_id, copy_of, conflicts) VALUES (:game_id, :copy_of, :conflicts)");
  if (!s.prepared()) return Error{"cannot store what a copy says otherwise: " + db.current_error()};
  const std::string words = conflict_words(conflicts);  // bound, not copied: it outlives the run
  s.bind(":game_id", copy_id);
  s.bind(":copy_of", game_id);
  s.bind_text(":conflicts", words);
  if (!s.run()) return Error{"cannot store what a copy says otherwise: " + db.current_error()};
  return std::nullopt;
}

std::optional<Error> store_quality(sql::Connection& db, std::int64_t request_id, std::int64_t game_id) {
  Statement gone = db.prepare("DELETE FROM analysis_quality WHERE game_id = :game_id AND request_id = :request_id");
  if (!gone.prepared()) return Error{"cannot store the play quality: " + db.current_error()};
  gone.bind(":game_id", game_id);
  gone.bind(":request_id", request_id);
  if (!gone.run()) return Error{"cannot store the play quality: " + db.current_error()};
  const std::string main = sql::schema_prefix(db, false);
  return derive_quality(db, main, main, std::pair{request_id, game_id});
}

}  // namespace derived
}  // namespace gibo::archive
