// Engine analyses in the archive: requests, each game's analysis row and searched positions,
// the engine verdicts of rescore --engine, and the per-player sums of the stored analyses.
#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>

#include "archive_impl.h"

namespace gibo::archive {

namespace {

using sql::Statement;
using analysis::Score;

const char* side_text(Side s) { return s == Side::Cho ? "cho" : "han"; }

std::string_view limit_kind(analysis::Limit::Kind k) {
  switch (k) {
    case analysis::Limit::Kind::Depth: return "depth";
    case analysis::Limit::Kind::Nodes: return "nodes";
    case analysis::Limit::Kind::Movetime: return "movetime";
  }
  return "depth";
}

// The first version with the analysis tables.
constexpr int kAnalysesSince = 3;

// A score's three columns (cp, mate, mate_winner), each bound on its own: cp for a
// centipawn score, mate and mate_winner for a mate; NULL where the score has none.
void bind_cp(Statement& s, int i, const std::optional<Score>& score) {
  if (score && !score->mate) s.bind(i, score->cp);
  else s.bind_null(i);
}
void bind_mate(Statement& s, int i, const std::optional<Score>& score) {
  if (score && score->mate) s.bind(i, score->mate_moves);
  else s.bind_null(i);
}
void bind_mate_winner(Statement& s, int i, const std::optional<Score>& score) {
  if (score && score->mate) s.bind_text(i, side_text(score->winner));
  else s.bind_null(i);
}

// The score in columns cp, mate, mate_winner from `first` on; nullopt when all are NULL.
std::optional<Score> read_score(const Statement& s, int first) {
  Score score;
  if (!s.is_null(first)) {
    score.cp = s.integer(first);
    return score;
  }
  if (s.is_null(first + 1)) return std::nullopt;
  score.mate = true;
  score.mate_moves = s.integer(first + 1);
  score.winner = s.text(first + 2) == "han" ? Side::Han : Side::Cho;
  return score;
}

std::string join_words(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

// An analysed position's row, bound by name (kPositionParams). A searched position is
// never rewritten; a failed one is replaced by a later search.
struct PositionRow {
  std::int64_t request_id = 0, game_id = 0;
  int ply = 0;
  const analysis::PositionEval& p;
  std::string pv;  // the principal variation as stored (bound without a copy, so kept here)
  std::optional<Score> score() const { return p.ok ? std::optional<Score>(p.result.score) : std::nullopt; }
};
constexpr sql::Param<PositionRow> kPositionParams[] = {
    {"request_id", [](Statement& s, int i, const PositionRow& r) { s.bind(i, r.request_id); }},
    {"game_id", [](Statement& s, int i, const PositionRow& r) { s.bind(i, r.game_id); }},
    {"ply", [](Statement& s, int i, const PositionRow& r) { s.bind(i, r.ply); }},
    {"to_move", [](Statement& s, int i, const PositionRow& r) { s.bind_text(i, side_text(r.p.to_move)); }},
    {"played",
     [](Statement& s, int i, const PositionRow& r) {
       if (r.p.played.empty()) s.bind_null(i);
       else s.bind_text(i, r.p.played);
     }},
    {"cp", [](Statement& s, int i, const PositionRow& r) { bind_cp(s, i, r.score()); }},
    {"mate", [](Statement& s, int i, const PositionRow& r) { bind_mate(s, i, r.score()); }},
    {"mate_winner", [](Statement& s, int i, const PositionRow& r) { bind_mate_winner(s, i, r.score()); }},
    {"depth", [](Statement& s, int i, const PositionRow& r) { s.bind(i, r.p.ok ? r.p.result.depth : 0); }},
    {"best",
     [](Statement& s, int i, const PositionRow& r) {
       s.bind_text(i, r.p.ok ? std::string_view(r.p.result.best_move) : std::string_view(""));
     }},
    {"pv", [](Statement& s, int i, const PositionRow& r) { s.bind_text(i, r.pv); }},
    {"error",
     [](Statement& s, int i, const PositionRow& r) {
       if (r.p.ok) s.bind_null(i);
       else s.bind_text(i, r.p.error.empty() ? std::string_view("failed") : std::string_view(r.p.error));
     }},
};
constexpr const char* kPositionConflict =
    "ON CONFLICT (request_id, game_id, ply) DO UPDATE SET cp = excluded.cp, mate = excluded.mate, "
    "mate_winner = excluded.mate_winner, depth = excluded.depth, best = excluded.best, pv = excluded.pv, "
    "error = excluded.error WHERE analysis_positions.error IS NOT NULL";

// The row of position `p` at `ply` of a game's analysis.
PositionRow position_row(std::int64_t request_id, std::int64_t game_id, int ply, const analysis::PositionEval& p) {
  return PositionRow{request_id, game_id, ply, p, p.ok ? join_words(p.result.pv) : std::string()};
}

// Prepares the analysed-position insert in `ins`; an Error when it does not prepare.
std::optional<Error> prepare_position_insert(sql::Connection& db, sql::Bound<PositionRow>& ins) {
  return ins.prepare_insert_with(db, "analysis_positions", kPositionParams, kPositionConflict);
}

// An engine verdict's row, bound by name.
constexpr sql::Param<EngineVerdictRow> kEngineVerdictParams[] = {
    {"game_id", [](Statement& s, int i, const EngineVerdictRow& v) { s.bind(i, v.game_id); }},
    {"profile_id", [](Statement& s, int i, const EngineVerdictRow& v) { s.bind_text(i, v.profile_id); }},
    {"profile_version", [](Statement& s, int i, const EngineVerdictRow& v) { s.bind(i, v.profile_version); }},
    {"request_id", [](Statement& s, int i, const EngineVerdictRow& v) { s.bind_optional(i, v.request_id); }},
    {"margin", [](Statement& s, int i, const EngineVerdictRow& v) { s.bind(i, v.margin); }},
    {"verdict", [](Statement& s, int i, const EngineVerdictRow& v) { s.bind_text(i, v.verdict); }},
    {"ply", [](Statement& s, int i, const EngineVerdictRow& v) { s.bind_optional(i, v.ply); }},
    {"cp", [](Statement& s, int i, const EngineVerdictRow& v) { bind_cp(s, i, v.score); }},
    {"mate", [](Statement& s, int i, const EngineVerdictRow& v) { bind_mate(s, i, v.score); }},
    {"mate_winner", [](Statement& s, int i, const EngineVerdictRow& v) { bind_mate_winner(s, i, v.score); }},
    {"depth", [](Statement& s, int i, const EngineVerdictRow& v) { s.bind(i, v.depth); }},
    {"note", [](Statement& s, int i, const EngineVerdictRow& v) { s.bind_text(i, v.note); }},
    {"computed_at", [](Statement& s, int i, const EngineVerdictRow&) { s.bind_now(i); }},
};
constexpr const char* kEngineVerdictConflict =
    "ON CONFLICT (game_id, profile_id, profile_version) DO UPDATE SET request_id = excluded.request_id, "
    "margin = excluded.margin, verdict = excluded.verdict, ply = excluded.ply, cp = excluded.cp, "
    "mate = excluded.mate, mate_winner = excluded.mate_winner, depth = excluded.depth, note = excluded.note, "
    "computed_at = excluded.computed_at";

// The columns for_each_engine_verdict reads.
constexpr std::array<sql::Selected, 14> kEngineVerdictColumns = {
    {{"v.game_id"}, {"v.profile_id"}, {"v.profile_version"}, {"v.request_id"}, {"v.margin"}, {"v.verdict"},
     {"v.ply"}, {"v.cp"}, {"v.mate"}, {"v.mate_winner"}, {"v.depth"}, {"v.note"}, {"r.engine"},
     {"r.engine_version"}}};
consteval int col(std::string_view expr) { return sql::column(kEngineVerdictColumns, expr); }

}  // namespace

std::pair<std::string, std::string> split_engine_name(const std::string& id_name) {
  const std::vector<std::string> w = analysis::split_words(id_name);
  std::size_t at = 0;
  auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  while (at < w.size() && !(digit(w[at][0]) || (w[at].size() > 1 && (w[at][0] == 'v' || w[at][0] == 'V') && digit(w[at][1]))))
    ++at;
  if (at == 0) at = std::min<std::size_t>(1, w.size());  // a name that starts with a digit is a name
  std::vector<std::string> name(w.begin(), w.begin() + static_cast<std::ptrdiff_t>(at));
  std::vector<std::string> version(w.begin() + static_cast<std::ptrdiff_t>(at), w.end());
  return {join_words(name), join_words(version)};
}

std::string canonical_options(const std::vector<std::pair<std::string, std::string>>& options) {
  auto lower = [](std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  };
  std::vector<std::pair<std::string, std::string>> sorted = options;
  std::stable_sort(sorted.begin(), sorted.end(), [&](const auto& a, const auto& b) { return lower(a.first) < lower(b.first); });
  std::string out;
  for (const auto& [name, value] : sorted) {
    if (!out.empty()) out += ' ';
    out += name + "=" + value;
  }
  return out;
}

Expected<std::int64_t> Archive::analysis_request(const AnalysisRequest& r, bool create) {
  Impl& m = *impl_;
  if (m.schema_version < kAnalysesSince) return std::int64_t{0};
  const std::string kind(limit_kind(r.limit.kind));
  auto bind_key = [&](Statement& s) {
    s.bind_text(":engine", r.engine);
    s.bind_text(":engine_version", r.engine_version);
    s.bind_text(":options", r.options);
    s.bind_text(":limit_kind", kind);
    s.bind(":limit_value", r.limit.value);
    s.bind_text(":variant", r.variant);
  };
  {
    Statement s = m.db.prepare(
        "SELECT id FROM analysis_requests WHERE engine = :engine AND engine_version = :engine_version AND options = :options AND "
        "limit_kind = :limit_kind AND limit_value = :limit_value AND variant = :variant");
    if (!s.prepared()) return m.fail("cannot read analysis requests");
    bind_key(s);
    if (s.step() == sql::kRow) return s.int64(0);
  }
  if (!create) return std::int64_t{0};
  Statement s = m.db.prepare(
      "INSERT INTO analysis_requests (engine, engine_version, options, limit_kind, limit_value, variant, created_at) "
      "VALUES (:engine, :engine_version, :options, :limit_kind, :limit_value, :variant, :created_at) RETURNING id");
  if (!s.prepared()) return m.fail("cannot store an analysis request");
  bind_key(s);
  s.bind_now(":created_at");
  if (s.step() != sql::kRow) return m.fail("cannot store an analysis request");
  return s.int64(0);
}

Expected<std::optional<AnalysisRequest>> Archive::stored_request(std::int64_t id) {
  Impl& m = *impl_;
  if (m.schema_version < kAnalysesSince) return std::optional<AnalysisRequest>();
  Statement s = m.db.prepare(
      "SELECT engine, engine_version, options, limit_kind, limit_value, variant FROM analysis_requests WHERE id = :id");
  if (!s.prepared()) return m.fail("cannot read analysis requests");
  s.bind(":id", id);
  if (s.step() != sql::kRow) return std::optional<AnalysisRequest>();
  AnalysisRequest r;
  r.engine = std::string(s.text(0));
  r.engine_version = std::string(s.text(1));
  r.options = std::string(s.text(2));
  const std::string_view kind = s.text(3);
  r.limit.kind = kind == "depth"   ? analysis::Limit::Kind::Depth
                 : kind == "nodes" ? analysis::Limit::Kind::Nodes
                                   : analysis::Limit::Kind::Movetime;
  r.limit.value = s.int64(4);
  r.variant = std::string(s.text(5));
  return std::optional<AnalysisRequest>(std::move(r));
}

Expected<std::optional<StoredAnalysisGame>> Archive::analysis_game(std::int64_t request_id, std::int64_t game_id) {
  Impl& m = *impl_;
  if (m.schema_version < kAnalysesSince || request_id == 0) return std::optional<StoredAnalysisGame>();
  Statement s =
      m.db.prepare("SELECT error, failed_positions FROM analysis_games WHERE request_id = :request_id AND game_id = :game_id");
  if (!s.prepared()) return m.fail("cannot read analyses");
  s.bind(":request_id", request_id);
  s.bind(":game_id", game_id);
  if (s.step() != sql::kRow) return std::optional<StoredAnalysisGame>();
  StoredAnalysisGame g;
  g.request_id = request_id;
  g.game_id = game_id;
  g.error = s.optional_text(0).value_or("");
  g.failed_positions = s.integer(1);
  return std::optional<StoredAnalysisGame>(std::move(g));
}

namespace {

// The columns read of an analysed position.
constexpr std::array<sql::Selected, 10> kPositionColumns = {{{"ply"}, {"to_move"}, {"played"}, {"cp"}, {"mate"},
                                                             {"mate_winner"}, {"depth"}, {"best"}, {"pv"}, {"error"}}};
consteval int pos_col(std::string_view expr) { return sql::column(kPositionColumns, expr); }

// The statement reading the analysed positions of one game under one request (`also`: more
// conditions, " AND ..."), in ply order, its parameters bound; not prepared when the
// conditions are wrong.
Statement positions_of(sql::Connection& db, int schema_version, const std::string& also, std::int64_t request_id,
                       std::int64_t game_id) {
  Statement s = db.prepare("SELECT " + sql::select_list(kPositionColumns, schema_version) +
                           " FROM analysis_positions WHERE request_id = :request_id AND game_id = :game_id" + also +
                           " ORDER BY ply");
  if (!s.prepared()) return s;
  s.bind(":request_id", request_id);
  s.bind(":game_id", game_id);
  return s;
}

// The search result stored in the current row of a positions_of statement.
analysis::SearchResult stored_result(const Statement& s) {
  analysis::SearchResult r;
  if (auto score = read_score(s, pos_col("cp"))) r.score = *score;
  r.depth = s.integer(pos_col("depth"));
  r.best_move = std::string(s.text(pos_col("best")));
  r.pv = analysis::split_words(s.text(pos_col("pv")));
  return r;
}

}  // namespace

Expected<analysis::KnownPositions> Archive::analysis_positions(std::int64_t request_id, std::int64_t game_id) {
  Impl& m = *impl_;
  analysis::KnownPositions out;
  if (m.schema_version < kAnalysesSince || request_id == 0) return out;
  Statement s = positions_of(m.db, m.schema_version, " AND error IS NULL", request_id, game_id);
  if (!s.prepared()) return m.fail("cannot read analysed positions");
  int rc;
  while ((rc = s.step()) == sql::kRow) out.emplace(s.integer(pos_col("ply")), stored_result(s));
  if (rc != sql::kDone) return m.fail("reading analysed positions failed");
  return out;
}

Expected<std::optional<analysis::SearchResult>> Archive::analysis_position(std::int64_t request_id,
                                                                           std::int64_t game_id, int ply) {
  auto all = analysis_positions(request_id, game_id);
  if (!all) return all.error();
  const auto it = all->find(ply);
  if (it == all->end()) return std::optional<analysis::SearchResult>();
  return std::optional<analysis::SearchResult>(it->second);
}

Expected<std::optional<analysis::GameAnalysis>> Archive::load_analysis(std::int64_t request_id, std::int64_t game_id) {
  Impl& m = *impl_;
  using Result = std::optional<analysis::GameAnalysis>;
  const auto row = analysis_game(request_id, game_id);
  if (!row) return row.error();
  if (!*row) return Result();
  analysis::GameAnalysis a;
  a.error = (*row)->error;
  a.failed_positions = (*row)->failed_positions;
  {
    Statement s = m.db.prepare("SELECT variant FROM analysis_requests WHERE id = :request_id");
    if (!s.prepared()) return m.fail("cannot read analysis requests");
    s.bind(":request_id", request_id);
    if (s.step() == sql::kRow) a.variant = std::string(s.text(0));
  }
  if (!a.error.empty()) return Result(std::move(a));
  Statement s = positions_of(m.db, m.schema_version, "", request_id, game_id);
  if (!s.prepared()) return m.fail("cannot read analysed positions");
  int rc;
  while ((rc = s.step()) == sql::kRow) {
    if (s.integer(pos_col("ply")) != static_cast<int>(a.positions.size()))
      return Error{"the analysed positions of game " + std::to_string(game_id) + " have a gap"};
    analysis::PositionEval p;
    p.stored = true;
    p.to_move = s.text(pos_col("to_move")) == "han" ? Side::Han : Side::Cho;
    p.played = s.optional_text(pos_col("played")).value_or("");
    p.error = s.optional_text(pos_col("error")).value_or("");
    p.ok = p.error.empty();
    p.result = stored_result(s);
    a.positions.push_back(std::move(p));
  }
  if (rc != sql::kDone) return m.fail("reading analysed positions failed");
  if (a.positions.empty() || !a.positions.back().played.empty()) return Result();  // not all stored
  analysis::judge_positions(a);
  return Result(std::move(a));
}

std::optional<Error> Archive::store_position(std::int64_t request_id, std::int64_t game_id,
                                             const analysis::PositionEval& p, int ply) {
  Impl& m = *impl_;
  if (p.stored || !p.ok) return std::nullopt;
  sql::Bound<PositionRow> ins;
  if (prepare_position_insert(m.db, ins) || !ins.run(position_row(request_id, game_id, ply, p)))
    return m.fail("cannot store an analysed position of game " + std::to_string(game_id));
  return std::nullopt;
}

std::optional<Error> Archive::store_analysis(std::int64_t request_id, std::int64_t game_id,
                                             const analysis::GameAnalysis& a) {
  Impl& m = *impl_;
  return in_own_transaction(*this, m.in_transaction, [&]() -> std::optional<Error> {
    sql::Bound<PositionRow> ins;
    if (prepare_position_insert(m.db, ins)) return m.fail("cannot prepare the position insert");
    for (std::size_t k = 0; k < a.positions.size(); ++k) {
      const analysis::PositionEval& p = a.positions[k];
      if (p.stored && p.ok) continue;
      if (!ins.run(position_row(request_id, game_id, static_cast<int>(k), p)))
        return m.fail("cannot store an analysed position of game " + std::to_string(game_id));
    }
    Statement row = m.db.prepare(
        "INSERT INTO analysis_games (request_id, game_id, error, failed_positions, analysed_at) "
        "VALUES (:request_id, :game_id, :error, :failed_positions, :analysed_at) ON CONFLICT (request_id, game_id) DO UPDATE "
        "SET error = excluded.error, failed_positions = excluded.failed_positions, analysed_at = excluded.analysed_at");
    if (!row.prepared()) return m.fail("cannot prepare the analysis insert");
    row.bind(":request_id", request_id);
    row.bind(":game_id", game_id);
    if (a.error.empty()) row.bind_null(":error");
    else row.bind_text(":error", a.error);
    row.bind(":failed_positions", a.failed_positions);
    row.bind_now(":analysed_at");
    if (!row.run()) return m.fail("cannot store the analysis of game " + std::to_string(game_id));
    if (m.schema_version < derived::kSince) return std::nullopt;
    return derived::store_quality(m.db, request_id, game_id);
  });
}

std::optional<Error> Archive::store_engine_verdicts(const std::vector<EngineVerdictRow>& verdicts,
                                                    const std::vector<EngineVerdictRow>& none) {
  Impl& m = *impl_;
  return in_own_transaction(*this, m.in_transaction, [&]() -> std::optional<Error> {
    sql::Bound<EngineVerdictRow> ins;
    if (ins.prepare_insert_with(m.db, "engine_verdicts", kEngineVerdictParams, kEngineVerdictConflict))
      return m.fail("cannot prepare the engine verdict insert");
    for (const EngineVerdictRow& v : verdicts)
      if (!ins.run(v)) return m.fail("cannot store an engine verdict for game " + std::to_string(v.game_id));
    if (none.empty()) return std::nullopt;
    Statement del = m.db.prepare(
        "DELETE FROM engine_verdicts WHERE game_id = :game_id AND profile_id = :profile_id AND profile_version = :profile_version");
    if (!del.prepared()) return m.fail("cannot prepare the engine verdict removal");
    for (const EngineVerdictRow& v : none) {
      del.reset();
      del.bind(":game_id", v.game_id);
      del.bind_text(":profile_id", v.profile_id);
      del.bind(":profile_version", v.profile_version);
      if (!del.run()) return m.fail("cannot remove the engine verdict of game " + std::to_string(v.game_id));
    }
    return std::nullopt;
  });
}

std::optional<Error> Archive::for_each_engine_verdict(const std::function<void(const EngineVerdictRow&)>& fn,
                                                     std::optional<std::int64_t> game) {
  Impl& m = *impl_;
  if (m.schema_version < kAnalysesSince) return std::nullopt;
  return sql::for_each_row(
      m.db, kEngineVerdictColumns, m.schema_version,
      "FROM engine_verdicts AS v LEFT JOIN analysis_requests AS r ON r.id = v.request_id " +
          (game ? "WHERE v.game_id = " + std::to_string(*game) + " " : std::string()) +
          "ORDER BY v.game_id, v.profile_id, v.profile_version",
      "engine verdicts", [&](const Statement& s) {
        EngineVerdictRow v;
        v.game_id = s.int64(col("v.game_id"));
        v.profile_id = std::string(s.text(col("v.profile_id")));
        v.profile_version = s.integer(col("v.profile_version"));
        if (!s.is_null(col("v.request_id"))) v.request_id = s.int64(col("v.request_id"));
        v.margin = s.integer(col("v.margin"));
        v.verdict = std::string(s.text(col("v.verdict")));
        v.ply = s.optional_int(col("v.ply"));
        v.score = read_score(s, col("v.cp"));
        v.depth = s.integer(col("v.depth"));
        v.note = std::string(s.text(col("v.note")));
        if (!s.is_null(col("r.engine"))) {
          AnalysisRequest r;
          r.engine = std::string(s.text(col("r.engine")));
          r.engine_version = std::string(s.text(col("r.engine_version")));
          v.engine = r.engine_text();
        }
        fn(v);
      });
}

Expected<std::vector<AnalysedGame>> Archive::analysed_games(const std::vector<std::int64_t>& game_ids) {
  Impl& m = *impl_;
  std::vector<AnalysedGame> out;
  if (m.schema_version < kAnalysesSince) return out;
  std::map<std::int64_t, std::int64_t> newest;  // game id -> request id
  {
    Statement s = m.db.prepare("SELECT game_id, max(request_id) FROM analysis_games WHERE error IS NULL GROUP BY game_id");
    if (!s.prepared()) return m.fail("cannot read analyses");
    while (s.step() == sql::kRow) newest.emplace(s.int64(0), s.int64(1));
  }
  for (std::int64_t id : game_ids) {
    const auto it = newest.find(id);
    if (it == newest.end()) continue;
    const auto a = load_analysis(it->second, id);
    if (!a) return a.error();
    if (*a) out.push_back({id, it->second, (*a)->sides});
  }
  return out;
}

}  // namespace gibo::archive
