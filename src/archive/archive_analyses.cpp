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

// Binds a score's three columns (cp, mate, mate_winner) at the parameters `at`.
void bind_score(Statement& s, int cp, int mate, int winner, const std::optional<Score>& score) {
  if (!score) {
    s.bind_null(cp), s.bind_null(mate), s.bind_null(winner);
  } else if (score->mate) {
    s.bind_null(cp);
    s.bind(mate, score->mate_moves);
    s.bind_text(winner, side_text(score->winner));
  } else {
    s.bind(cp, score->cp);
    s.bind_null(mate), s.bind_null(winner);
  }
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

// A position row's parameters in order: request_id, game_id, ply, to_move, played, cp, mate,
// mate_winner, depth, best, pv, error. A searched position is never rewritten; a failed
// one is replaced by a later search.
constexpr const char* kInsertPosition =
    "INSERT INTO analysis_positions (request_id, game_id, ply, to_move, played, cp, mate, mate_winner, depth, best, pv, "
    "error) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12) ON CONFLICT (request_id, game_id, ply) DO UPDATE "
    "SET cp = excluded.cp, mate = excluded.mate, mate_winner = excluded.mate_winner, depth = excluded.depth, "
    "best = excluded.best, pv = excluded.pv, error = excluded.error WHERE analysis_positions.error IS NOT NULL";

bool insert_position(Statement& s, std::int64_t request_id, std::int64_t game_id, int ply,
                     const analysis::PositionEval& p) {
  s.bind(1, request_id);
  s.bind(2, game_id);
  s.bind(3, ply);
  s.bind_text(4, side_text(p.to_move));
  if (p.played.empty()) s.bind_null(5);
  else s.bind_text(5, p.played);
  if (p.ok) bind_score(s, 6, 7, 8, p.result.score);
  else bind_score(s, 6, 7, 8, std::nullopt);
  s.bind(9, p.ok ? p.result.depth : 0);
  s.bind_text(10, p.ok ? std::string_view(p.result.best_move) : std::string_view(""));
  const std::string pv = p.ok ? join_words(p.result.pv) : std::string();
  s.bind_text(11, pv);
  if (p.ok) s.bind_null(12);
  else s.bind_text(12, p.error.empty() ? std::string_view("failed") : std::string_view(p.error));
  return s.run();
}

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
    s.bind_text(1, r.engine);
    s.bind_text(2, r.engine_version);
    s.bind_text(3, r.options);
    s.bind_text(4, kind);
    s.bind(5, r.limit.value);
    s.bind_text(6, r.variant);
  };
  {
    Statement s = m.db.prepare(
        "SELECT id FROM analysis_requests WHERE engine = ?1 AND engine_version = ?2 AND options = ?3 AND "
        "limit_kind = ?4 AND limit_value = ?5 AND variant = ?6");
    if (!s.prepared()) return m.fail("cannot read analysis requests");
    bind_key(s);
    if (s.step() == SQLITE_ROW) return s.int64(0);
  }
  if (!create) return std::int64_t{0};
  Statement s = m.db.prepare(
      "INSERT INTO analysis_requests (engine, engine_version, options, limit_kind, limit_value, variant, created_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))");
  if (!s.prepared()) return m.fail("cannot store an analysis request");
  bind_key(s);
  if (!s.run()) return m.fail("cannot store an analysis request");
  return static_cast<std::int64_t>(sqlite3_last_insert_rowid(m.db.get()));
}

Expected<std::optional<StoredAnalysisGame>> Archive::analysis_game(std::int64_t request_id, std::int64_t game_id) {
  Impl& m = *impl_;
  if (m.schema_version < kAnalysesSince || request_id == 0) return std::optional<StoredAnalysisGame>();
  Statement s =
      m.db.prepare("SELECT error, failed_positions FROM analysis_games WHERE request_id = ?1 AND game_id = ?2");
  if (!s.prepared()) return m.fail("cannot read analyses");
  s.bind(1, request_id);
  s.bind(2, game_id);
  if (s.step() != SQLITE_ROW) return std::optional<StoredAnalysisGame>();
  StoredAnalysisGame g;
  g.request_id = request_id;
  g.game_id = game_id;
  g.error = s.optional_text(0).value_or("");
  g.failed_positions = s.integer(1);
  return std::optional<StoredAnalysisGame>(std::move(g));
}

namespace {

// The statement reading `columns` of the analysed positions of one game under one request
// (`also`: more conditions, " AND ..."), in ply order, its parameters bound; not prepared
// when the columns or conditions are wrong.
Statement positions_of(sql::Connection& db, const std::string& columns, const std::string& also,
                       std::int64_t request_id, std::int64_t game_id) {
  Statement s = db.prepare("SELECT " + columns + " FROM analysis_positions WHERE request_id = ?1 AND game_id = ?2" +
                           also + " ORDER BY ply");
  if (!s.prepared()) return s;
  s.bind(1, request_id);
  s.bind(2, game_id);
  return s;
}

}  // namespace

Expected<analysis::KnownPositions> Archive::analysis_positions(std::int64_t request_id, std::int64_t game_id) {
  Impl& m = *impl_;
  analysis::KnownPositions out;
  if (m.schema_version < kAnalysesSince || request_id == 0) return out;
  Statement s = positions_of(m.db, "ply, cp, mate, mate_winner, depth, best, pv", " AND error IS NULL", request_id,
                             game_id);
  if (!s.prepared()) return m.fail("cannot read analysed positions");
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) {
    analysis::SearchResult r;
    if (auto score = read_score(s, 1)) r.score = *score;
    r.depth = s.integer(4);
    r.best_move = std::string(s.text(5));
    r.pv = analysis::split_words(s.text(6));
    out.emplace(s.integer(0), std::move(r));
  }
  if (rc != SQLITE_DONE) return m.fail("reading analysed positions failed");
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
    Statement s = m.db.prepare("SELECT variant FROM analysis_requests WHERE id = ?1");
    if (!s.prepared()) return m.fail("cannot read analysis requests");
    s.bind(1, request_id);
    if (s.step() == SQLITE_ROW) a.variant = std::string(s.text(0));
  }
  if (!a.error.empty()) return Result(std::move(a));
  Statement s = positions_of(m.db, "ply, to_move, played, cp, mate, mate_winner, depth, best, pv, error", "",
                             request_id, game_id);
  if (!s.prepared()) return m.fail("cannot read analysed positions");
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) {
    if (s.integer(0) != static_cast<int>(a.positions.size()))
      return Error{"the analysed positions of game " + std::to_string(game_id) + " have a gap"};
    analysis::PositionEval p;
    p.stored = true;
    p.to_move = s.text(1) == "han" ? Side::Han : Side::Cho;
    p.played = s.optional_text(2).value_or("");
    p.error = s.optional_text(9).value_or("");
    p.ok = p.error.empty();
    if (auto score = read_score(s, 3)) p.result.score = *score;
    p.result.depth = s.integer(6);
    p.result.best_move = std::string(s.text(7));
    p.result.pv = analysis::split_words(s.text(8));
    a.positions.push_back(std::move(p));
  }
  if (rc != SQLITE_DONE) return m.fail("reading analysed positions failed");
  if (a.positions.empty() || !a.positions.back().played.empty()) return Result();  // not all stored
  analysis::judge_positions(a);
  return Result(std::move(a));
}

std::optional<Error> Archive::store_position(std::int64_t request_id, std::int64_t game_id,
                                             const analysis::PositionEval& p, int ply) {
  Impl& m = *impl_;
  if (p.stored || !p.ok) return std::nullopt;
  Statement s = m.db.prepare(kInsertPosition);
  if (!s.prepared() || !insert_position(s, request_id, game_id, ply, p))
    return m.fail("cannot store an analysed position of game " + std::to_string(game_id));
  return std::nullopt;
}

std::optional<Error> Archive::store_analysis(std::int64_t request_id, std::int64_t game_id,
                                             const analysis::GameAnalysis& a) {
  Impl& m = *impl_;
  return in_own_transaction(*this, m.in_transaction, [&]() -> std::optional<Error> {
    Statement pos = m.db.prepare(kInsertPosition);
    if (!pos.prepared()) return m.fail("cannot prepare the position insert");
    for (std::size_t k = 0; k < a.positions.size(); ++k) {
      const analysis::PositionEval& p = a.positions[k];
      if (p.stored && p.ok) continue;
      if (!insert_position(pos, request_id, game_id, static_cast<int>(k), p))
        return m.fail("cannot store an analysed position of game " + std::to_string(game_id));
    }
    Statement row = m.db.prepare(
        "INSERT INTO analysis_games (request_id, game_id, error, failed_positions, analysed_at) "
        "VALUES (?1, ?2, ?3, ?4, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) ON CONFLICT (request_id, game_id) DO UPDATE "
        "SET error = excluded.error, failed_positions = excluded.failed_positions, analysed_at = excluded.analysed_at");
    if (!row.prepared()) return m.fail("cannot prepare the analysis insert");
    row.bind(1, request_id);
    row.bind(2, game_id);
    if (a.error.empty()) row.bind_null(3);
    else row.bind_text(3, a.error);
    row.bind(4, a.failed_positions);
    if (!row.run()) return m.fail("cannot store the analysis of game " + std::to_string(game_id));
    return std::nullopt;
  });
}

std::optional<Error> Archive::store_engine_verdicts(const std::vector<EngineVerdictRow>& verdicts) {
  Impl& m = *impl_;
  return in_own_transaction(*this, m.in_transaction, [&]() -> std::optional<Error> {
    Statement s = m.db.prepare(
        "INSERT INTO engine_verdicts (game_id, profile_id, profile_version, request_id, margin, verdict, ply, cp, mate, "
        "mate_winner, depth, note, computed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
        "strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) ON CONFLICT (game_id, profile_id, profile_version) DO UPDATE SET "
        "request_id = excluded.request_id, margin = excluded.margin, verdict = excluded.verdict, ply = excluded.ply, "
        "cp = excluded.cp, mate = excluded.mate, mate_winner = excluded.mate_winner, depth = excluded.depth, "
        "note = excluded.note, computed_at = excluded.computed_at");
    if (!s.prepared()) return m.fail("cannot prepare the engine verdict insert");
    for (const EngineVerdictRow& v : verdicts) {
      s.bind(1, v.game_id);
      s.bind_text(2, v.profile_id);
      s.bind(3, v.profile_version);
      s.bind_optional(4, v.request_id);
      s.bind(5, v.margin);
      s.bind_text(6, v.verdict);
      s.bind_optional(7, v.ply);
      bind_score(s, 8, 9, 10, v.score);
      s.bind(11, v.depth);
      s.bind_text(12, v.note);
      if (!s.run()) return m.fail("cannot store an engine verdict for game " + std::to_string(v.game_id));
    }
    return std::nullopt;
  });
}

std::optional<Error> Archive::for_each_engine_verdict(const std::function<void(const EngineVerdictRow&)>& fn) {
  Impl& m = *impl_;
  if (m.schema_version < kAnalysesSince) return std::nullopt;
  Statement s = m.db.prepare(
      "SELECT v.game_id, v.profile_id, v.profile_version, v.request_id, v.margin, v.verdict, v.ply, v.cp, v.mate, "
      "v.mate_winner, v.depth, v.note, r.engine, r.engine_version FROM engine_verdicts AS v "
      "LEFT JOIN analysis_requests AS r ON r.id = v.request_id ORDER BY v.game_id, v.profile_id, v.profile_version");
  if (!s.prepared()) return m.fail("cannot read engine verdicts");
  int rc;
  while ((rc = s.step()) == SQLITE_ROW) {
    EngineVerdictRow v;
    v.game_id = s.int64(0);
    v.profile_id = std::string(s.text(1));
    v.profile_version = s.integer(2);
    if (!s.is_null(3)) v.request_id = s.int64(3);
    v.margin = s.integer(4);
    v.verdict = std::string(s.text(5));
    v.ply = s.optional_int(6);
    v.score = read_score(s, 7);
    v.depth = s.integer(10);
    v.note = std::string(s.text(11));
    if (!s.is_null(12)) {
      AnalysisRequest r;
      r.engine = std::string(s.text(12));
      r.engine_version = std::string(s.text(13));
      v.engine = r.engine_text();
    }
    fn(v);
  }
  if (rc != SQLITE_DONE) return m.fail("reading engine verdicts failed");
  return std::nullopt;
}

Expected<std::vector<AnalysedGame>> Archive::analysed_games(const std::vector<std::int64_t>& game_ids) {
  Impl& m = *impl_;
  std::vector<AnalysedGame> out;
  if (m.schema_version < kAnalysesSince) return out;
  std::map<std::int64_t, std::int64_t> newest;  // game id -> request id
  {
    Statement s = m.db.prepare("SELECT game_id, max(request_id) FROM analysis_games WHERE error IS NULL GROUP BY game_id");
    if (!s.prepared()) return m.fail("cannot read analyses");
    while (s.step() == SQLITE_ROW) newest.emplace(s.int64(0), s.int64(1));
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
