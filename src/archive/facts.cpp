// The facts view: its columns (name, SQL over the archive's tables, meaning), and the
// quoting of a literal for expressions over it. What the code derives (the
// tags' facts, the play quality) the view reads from the derived tables
// (derived_facts.h), the same SQL on every backend.
#include "gibo/archive/facts.h"

#include <string>

#include "gibo/archive/archive.h"

#include "derived_facts.h"
#include "derived_openings.h"
#include "dialect.h"
#include "facts_view.h"

namespace gibo::archive {
namespace {

struct Column {
  const char* name;
  // Over {main}games AS g, {main}sources AS s and {derived}game_facts AS f (the prefixes
  // of the archive's tables and of the derived ones); {annotated}, {analyses:...} and
  // {quality:COLUMN} are replaced as the archive's version has them (view_select).
  const char* sql;
  const char* meaning;
};

// The view, column by column (the one definition of every --where field).
constexpr Column kColumns[] = {
    {"id", "g.id", "the game's id in the archive (on files: in the temporary archive, in input order)"},
    {"file", "s.path", "source path"},
    {"game", "g.game_index + 1", "game number in its file, from 1"},
    {"event", "f.event", "대회명 (PGN Event); '' when absent"},
    {"site", "f.site", "대국장소 (PGN Site)"},
    {"site_name", "f.site_name", "the site as gibo stats counts it (spellings and aliases one name; '' for none, 미상 or ?)"},
    {"event_name", "f.event_name", "the event as gibo stats counts it, likewise"},
    {"date", "f.date", "대국일자 (PGN Date) read leniently: 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD'; NULL when unknown"},
    {"date_text", "f.date_text", "대국일자 verbatim"},
    {"year", "f.year", "year of 대국일자; NULL when unknown"},
    {"cho", "f.cho", "Cho's player name (rank removed; '' for none, 미상, ? or -)"},
    {"han", "f.han", "Han's player name, likewise"},
    {"cho_tag", "f.cho_tag", "초대국자 (PGN White) verbatim"},
    {"han_tag", "f.han_tag", "한대국자 (PGN Black) verbatim"},
    {"cho_rank", "f.cho_rank",
     "the rank written in Cho's tag, in one spelling: '9단', '18급', '프로', '프로 5단', '아마 3단' (四단 is '4단'); "
     "'' when none"},
    {"han_rank", "f.han_rank", "the rank written in Han's tag, likewise"},
    {"cho_id", "f.cho_id",
     "Cho's identity as the ratings count it: the name, a nickname as NAME@SITE at an online site, or an alias "
     "(the built-in table); '' for none"},
    {"han_id", "f.han_id", "Han's identity, likewise"},
    {"round", "f.round", "회전 (PGN Round) verbatim; '' when absent"},
    {"cho_setup", "g.cho_setup", "Cho's setup: HEEH EHHE HEHE EHEH (as seen from Cho); NULL for a custom start"},
    {"han_setup", "g.han_setup", "Han's setup, likewise"},
    {"custom_start", "CASE WHEN g.start_fen IS NOT NULL THEN 1 ELSE 0 END",
     "1 for a game from a custom position ([판] or FEN), else 0"},
    // Opening names (formats/openings/README.md), named with the archive's opening book.
    {"opening", "o.code",
     "the opening's code: the set-up pair, each side's formations, the named line (HEEH,EHHE:MP:YG+MP:YG-MJ; "
     "'other' for a custom start)"},
    {"cho_setup_name", "o.cho_setup_name",
     "Cho's set-up by its name, from Cho's seat: 안상, 바깥상, 왼상 or 오른상 (the last two disputed); NULL for a "
     "custom start"},
    {"han_setup_name", "o.han_setup_name", "Han's, from Han's seat, likewise"},
    {"elephant_pair", "o.elephant_pair", "맞상 or 엇상 when both sides' set-ups are asymmetric, else ''; NULL for a custom start"},
    {"cho_formations", "o.cho_formations",
     "the codes of Cho's formations in the first 24 plies, joined by + (GL+MP); '' for none (unknown); NULL for a "
     "custom start"},
    {"han_formations", "o.han_formations", "Han's, likewise"},
    {"opening_line", "o.line", "the code of the named line the game reaches (YG-MJ); NULL for none"},
    {"plies", "g.plies", "plies as recorded"},
    {"valid_plies", "g.valid_plies", "plies that replayed legally"},
    {"valid", "CASE WHEN g.status = 'valid' THEN 1 ELSE 0 END", "1 when the game has no error, else 0"},
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
    // Copies and twins (copies.h): the game's other records, and the other games of its
    // start and moves.
    {"copies",
     "(SELECT count(*) FROM {main}duplicates AS d WHERE d.game_id = g.id){copies: + (SELECT count(*) FROM {main}games "
     "AS c WHERE c.copy_of = g.id)}",
     "the game's other records, kept as its copies (the same game published again; those an import before schema "
     "version 9 found are counted, not kept)"},
    {"conflicts", "{copies:(SELECT count(*) FROM {derived}copy_conflicts AS x WHERE x.copy_of = g.id)}",
     "how many of its copies say otherwise than it (another player, date or winner): 0 when none; NULL before "
     "schema version 9"},
    {"twins", "{copies:(SELECT count(*) FROM {main}games AS t WHERE t.hash = g.hash AND t.start_id = g.start_id AND "
              "t.copy_of IS NULL AND t.id <> g.id)}",
     "the other games with the same start and moves (short games that say otherwise: another game each); NULL "
     "before schema version 9"},
    // Play quality (issue 30): from the game's newest complete stored analysis (gibo
    // analyze --db), as the stats report's play-quality tables count it; NULL without one.
    {"analysed", "{analyses:CASE WHEN EXISTS (SELECT 1 FROM {main}analysis_games AS a WHERE a.game_id = g.id AND "
                 "a.error IS NULL AND a.failed_positions = 0) THEN 1 ELSE 0 END}",
     "1 when the game has a complete stored engine analysis, else 0 (NULL before schema version 3)"},
    {"cho_accuracy", "{quality:cho_accuracy}", "Cho's accuracy in percent in the newest complete analysis; NULL without one"},
    {"han_accuracy", "{quality:han_accuracy}", "Han's accuracy, likewise"},
    {"cho_loss", "{quality:cho_loss}", "Cho's average loss in centipawns, likewise"},
    {"han_loss", "{quality:han_loss}", "Han's average loss, likewise"},
    {"cho_best_percent", "{quality:cho_best_percent}",
     "the share of Cho's judged moves equal to the engine's first choice, in percent, likewise"},
    {"han_best_percent", "{quality:han_best_percent}", "Han's, likewise"},
    {"cho_blunders", "{quality:cho_blunders}", "Cho's blunders, likewise"},
    {"han_blunders", "{quality:han_blunders}", "Han's blunders, likewise"},
    {"engine_verdict", "{analyses:(SELECT v.verdict FROM {main}engine_verdicts AS v WHERE v.game_id = g.id "
                       "ORDER BY v.computed_at DESC, v.profile_version DESC LIMIT 1)}",
     "the newest engine verdict (gibo rescore --engine): engine-supports, engine-contradicts, engine-unclear; NULL "
     "without one"},
};

// `expression` with each "{copies:X}" in it as X when the archive keeps copies (schema
// version 9 on), else left out (a whole expression "{copies:X}": NULL). X may hold braces.
std::string gated_on_copies(std::string expression, bool copies) {
  constexpr std::string_view kOpen = "{copies:";
  for (std::size_t at; (at = expression.find(kOpen)) != std::string::npos;) {
    std::size_t end = at + kOpen.size();  // to the brace that closes the one at `at`
    for (int depth = 1; end < expression.size(); ++end) {
      if (expression[end] == '{') ++depth;
      if (expression[end] == '}' && --depth == 0) break;
    }
    const std::string inner = expression.substr(at + kOpen.size(), end - at - kOpen.size());
    const bool whole = at == 0 && end + 1 >= expression.size();
    expression.replace(at, end + 1 - at, copies ? inner : whole ? "NULL" : "");
  }
  return expression;
}

// The SELECT of the view: each column's SQL as an archive of `schema_version` has it,
// its tables under the prefix `main` (as schema_prefix gives it), the derived ones under
// `derived`, the games' opening names under `openings`.
std::string view_select(int schema_version, const std::string& main, const std::string& derived,
                        const std::string& openings) {
  auto replace_all = [](std::string& text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
      text.replace(at, from.size(), to);
  };
  std::string sql = "SELECT ";
  bool first = true;
  for (const Column& c : kColumns) {
    if (!first) sql += ", ";
    first = false;
    std::string expression = c.sql;
    if (expression == "{annotated}") expression = schema_version >= 2 ? "g.annotated" : "NULL";
    if (expression.rfind("{analyses:", 0) == 0)  // the analysis tables came with version 3
      expression = schema_version >= 3 ? expression.substr(10, expression.size() - 11) : "NULL";
    expression = gated_on_copies(expression, schema_version >= kCopiesSince);
    if (expression.rfind("{quality:", 0) == 0)  // each game's newest complete analysis
      expression = schema_version >= 3 ? "(SELECT q." + expression.substr(9, expression.size() - 10) +
                                              " FROM {derived}analysis_quality AS q WHERE q.game_id = g.id "
                                              "ORDER BY q.request_id DESC LIMIT 1)"
                                        : "NULL";
    replace_all(expression, "{main}", main);
    replace_all(expression, "{derived}", derived);
    sql += expression + " AS " + c.name;
  }
  // One row a game: a copy (schema version 9 on) is its game's.
  return sql + " FROM " + main + "games AS g JOIN " + main + "sources AS s ON s.id = g.source_id LEFT JOIN " +
         derived + "game_facts AS f ON f.game_id = g.id LEFT JOIN " + openings + "game_openings AS o ON o.game_id = g.id" +
         (schema_version >= kCopiesSince ? " WHERE g.copy_of IS NULL" : "");
}

}  // namespace

namespace facts {

std::optional<Error> install(sql::Connection& db, int schema_version, bool stored, bool stored_openings) {
  // (Setting SQLite's temp_store drops the TEMP tables made before: it comes first.)
  if (auto e = db.impl()->tune(sql::Tuning::TempInMemory)) return e;
  if (!stored)
    if (auto e = derived::create_temp(db)) return e;
  if (!stored_openings)
    if (auto e = openings::create_temp(db)) return e;
  const std::string main = sql::schema_prefix(db, false), temp = sql::schema_prefix(db, true);
  const std::string view = "CREATE TEMP VIEW facts AS " +
                           view_select(schema_version, main, stored ? main : temp, stored_openings ? main : temp);
  std::optional<Error> e = db.exec(view);
  if (e) return Error{"cannot create the facts view: " + e->message};
  return std::nullopt;
}

}  // namespace facts

std::string sql_string(std::string_view text) {
  std::string out = "'";
  for (char c : text) {
    if (c == '\'') out += '\'';
    out += c;
  }
  return out + "'";
}

const std::vector<FactField>& fact_fields() {
  static const std::vector<FactField> fields = [] {
    std::vector<FactField> out;
    for (const Column& c : kColumns) out.push_back({c.name, c.meaning});
    return out;
  }();
  return fields;
}

}  // namespace gibo::archive
