// The loader of `gibo stats` (stats_load.h): the archive's games, read through the
// archive layer, turned into the report's facts; game files go through a temporary
// archive first.
#include "stats_load.h"

#include <set>
#include <algorithm>
#include <atomic>
#include <map>
#include <thread>
#include <tuple>
#include <unordered_map>

#include "gibo/adjudication/verdict.h"
#include "gibo/archive/import.h"

namespace gibo::stats {
namespace {

// What judging one game needs beyond its facts (the start is GameFacts::start_fen).
struct Board {
  std::size_t game = 0;  // index in Dataset::games
  std::vector<Move> moves;  // every ply whose squares are known (the adjudicator plays
                            // on past an illegal move when it is pseudo-legal: decision 7,
                            // src/adjudication/README.md "Decisions")
  std::optional<bool> saved_bikjang;  // the record's bikjang option; nullopt: not stated
};

// Fills the facts of `f` that come from the stored row, and with `board` its board facts
// (start FEN, the valid prefix, the opening plies named). Returns false when there is no
// board (not asked for, or a start that does not set up).
bool fill_facts(const archive::StoredGame& g, bool board, int opening_plies, const OpeningBook& book, GameFacts& f,
                Position& start) {
  f.named = archive::opening_of(g.opening, book);  // as the archive stores it
  f.id = g.game_id;
  f.file = g.file;
  f.index = g.game_index;
  tag_facts(g.tags, f);
  // A custom start that sets up a pair's start counts as that pair (record/opening.h).
  const auto pair = setup_pair_of(g.start);
  f.custom_start = !pair;
  if (pair) {
    f.cho_setup = pair->first;
    f.han_setup = pair->second;
  }
  f.plies = g.plies;
  f.valid_plies = g.valid_plies;
  f.valid = g.valid;
  f.annotated = g.annotated;
  f.has_result = g.result_text.has_value();
  if (f.has_result) {
    f.result_text = *g.result_text;
    f.result = g.stored_result.value_or(NormalizedResult{});
  }
  f.profile = g.profile_id;
  if (!board) return false;

  const std::string& fen = g.start.custom ? g.start.fen : g.start_key;
  if (fen.empty() || start.set_fen(fen)) return false;
  f.start_fen = start.fen();
  Position pos = start;
  const int valid = std::min(g.valid_plies, static_cast<int>(g.moves.size()));
  f.moves.reserve(static_cast<std::size_t>(std::max(valid, 0)));
  for (int i = 0; i < valid; ++i) {
    const Move m = g.moves[static_cast<std::size_t>(i)];
    if (!pos.is_pseudo_legal(m)) {  // a blob that does not match its start: stop naming
      f.valid_plies = i;
      break;
    }
    if (i < opening_plies) f.opening.push_back(ply_name(pos.piece_on(m.from()), m));
    f.moves.push_back(m);
    pos.do_move(m);
  }
  return true;
}

// The profiles a game is judged under: its own (the one it was validated under, else the
// fallback) first, then the chosen ones, each once.
std::vector<const Profile*> judged_profiles(const GameFacts& g, const AdjudicationChoice& choice,
                                            const Profile& fallback) {
  std::vector<const Profile*> profiles;
  if (choice.own) {
    const Profile* own = find_profile(g.profile);
    profiles.push_back(own ? own : &fallback);
  }
  for (const Profile* p : choice.profiles) {
    bool seen = !p;
    for (const Profile* q : profiles) seen |= q->id == p->id;
    if (!seen) profiles.push_back(p);
  }
  return profiles;
}

// Judges every board under the chosen profiles (a rejected record gets the verdict
// invalid), on `jobs` threads.
void judge_all(std::vector<Board>& boards, Dataset& out, const AdjudicationChoice& choice, const Profile& fallback,
               int jobs) {
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < boards.size();) {
      const Board& b = boards[i];
      GameFacts& g = out.games[b.game];
      Position start;
      if (start.set_fen(g.start_fen)) continue;  // fill_facts set it up once: cannot fail
      std::optional<NormalizedResult> stored;
      if (g.has_result) stored = g.result;
      for (const Profile* p : judged_profiles(g, choice, fallback)) {
        if (!g.valid) {  // a rejected record: its ending is not judged (as rescore_game says)
          g.verdicts.push_back(rejected_verdict(*p));
          continue;
        }
        g.verdicts.push_back(judge_game(*p, b.saved_bikjang, start, b.moves, g.plies, stored));
      }
    }
  };
  const int threads = std::clamp(jobs, 1, 256);
  std::vector<std::thread> pool;
  for (int t = 1; t < threads && static_cast<std::size_t>(t) < boards.size(); ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
}

std::optional<LoadError> io_error(const Error& error) { return LoadError{false, error.message}; }

// Where a loaded game (by id) and a source (by id) are in the Dataset.
using GameAt = std::unordered_map<std::int64_t, std::size_t>;

// The diagnostics of the loaded games and of the files. A copy's own findings (its row's,
// or game_id NULL and game_index set from an import before schema version 9) are not
// counted: the report describes each game once.
std::optional<LoadError> load_diagnostics(archive::Archive& db, const GameAt& game_at, const GameAt& source_at,
                                          Dataset& out) {
  const std::optional<Error> unread = db.for_each_diagnostic([&](const archive::StoredDiagnostic& d) {
    if (d.game_id) {
      if (auto it = game_at.find(*d.game_id); it != game_at.end())
        out.games[it->second].diagnostics.push_back({d.code, d.severity});
    } else if (!d.game_index) {
      if (auto it = source_at.find(d.source_id); it != source_at.end())
        out.sources[it->second].diagnostics.push_back({d.code, d.severity});
    }
  });
  if (unread) return io_error(*unread);
  return std::nullopt;
}

// The archive's verdicts of the loaded games, the latest profile version of each.
std::optional<LoadError> load_stored_verdicts(archive::Archive& db, const GameAt& game_at, Dataset& out) {
  const std::optional<Error> unread = db.for_each_verdict([&](const archive::VerdictRow& row) {
    const auto it = game_at.find(row.game_id);
    if (it == game_at.end()) return;
    VerdictFact v;
    v.profile = row.profile_id;
    v.verdict = row.verdict;
    v.board_winner = row.reason ? row.winner : "";
    v.board_reason = row.reason.value_or("");
    v.board_ply = row.ply.value_or(0);
    v.cho_score = row.cho_score;
    v.han_score = row.han_score;
    v.note = row.note;
    std::vector<VerdictFact>& list = out.games[it->second].verdicts;
    if (!list.empty() && list.back().profile == v.profile) list.back() = std::move(v);  // a later version
    else list.push_back(std::move(v));
  });
  if (unread) return io_error(*unread);
  return std::nullopt;
}

// The engine verdicts of the loaded games (the latest profile version of each), and the
// players' stored analyses (the evaluations of the first kGraphedGames analysed games).
std::optional<LoadError> load_engine_facts(archive::Archive& db, const GameAt& game_at, Dataset& out) {
  std::vector<std::int64_t> loaded_ids;
  loaded_ids.reserve(out.games.size());
  for (const GameFacts& g : out.games) loaded_ids.push_back(g.id);
  const std::optional<Error> unread_engine = db.for_each_engine_verdict([&](const archive::EngineVerdictRow& row) {
    const auto it = game_at.find(row.game_id);
    if (it == game_at.end()) return;
    std::vector<EngineVerdictFact>& list = out.games[it->second].engine_verdicts;
    EngineVerdictFact v{row.profile_id, row.verdict, row.ply, row.score, row.note, row.margin};
    if (!list.empty() && list.back().profile == v.profile) list.back() = std::move(v);
    else list.push_back(std::move(v));
  });
  if (unread_engine) return io_error(*unread_engine);
  const auto analysed = db.analysed_games(loaded_ids);
  if (!analysed) return io_error(analysed.error());
  std::size_t graphed = 0;
  std::set<std::int64_t> requests;
  for (const archive::AnalysedGame& a : *analysed) requests.insert(a.request_id);
  out.analysis_requests = static_cast<long>(requests.size());
  for (const archive::AnalysedGame& a : *analysed) {
    GameFacts& g = out.games[game_at.at(a.game_id)];
    g.analysis = a.sides;
    if (graphed == kGraphedGames) continue;
    const auto full = db.load_analysis(a.request_id, a.game_id);
    if (!full) return io_error(full.error());
    if (*full) g.evaluations = analysis::evaluations(**full), ++graphed;
  }
  return std::nullopt;
}

}  // namespace

std::optional<LoadError> load_archive(archive::Archive& db, const std::string& where, const LoadOptions& options,
                                      Dataset& out) {
  const Profile& fallback = options.fallback ? *options.fallback : default_profile();
  // Sources, in import order.
  const auto sources = db.sources();
  if (!sources) return io_error(sources.error());
  std::unordered_map<std::int64_t, std::size_t> source_at;
  for (const archive::SourceState& s : *sources) {
    SourceFacts f;
    f.path = s.path;
    f.encoding = s.encoding;
    source_at[s.id] = out.sources.size();
    out.sources.push_back(std::move(f));
  }

  // Where the verdicts come from: the archive's table, or judging now.
  const AdjudicationChoice& choice = options.adjudication;
  bool use_stored = false, judge = false;
  AdjudicationChoice judging = choice;
  if (choice.stored) {
    const auto stored = db.verdict_count();
    if (!stored) return io_error(stored.error());
    use_stored = *stored > 0;
    if (!use_stored) judging = AdjudicationChoice{};  // none stored: each game's own profile
  }
  if (!use_stored) judge = options.boards && (judging.own || !judging.profiles.empty());
  out.verdicts_from = use_stored ? "archive" : judge ? "computed" : "";
  const auto book = db.opening_book();
  if (!book) return io_error(book.error());
  out.openings = *book;
  if (judge)
    for (const Profile* p : judging.profiles) out.adjudication_profiles.push_back(p->id);

  // The selected games' facts (one stored row at a time), then in source order.
  const auto ids = db.select_games(where);
  if (!ids) return LoadError{true, "--where: " + ids.error().message};
  struct Entry {
    std::size_t source = 0;
    int index = 0;
    GameFacts facts;
    std::optional<Board> board;
  };
  std::vector<Entry> entries;
  entries.reserve(ids->size());
  for (std::int64_t id : *ids) {
    auto g = db.stored_game(id);
    if (!g) return io_error(g.error());
    const auto at = source_at.find(g->source_id);
    Entry e{at == source_at.end() ? out.sources.size() : at->second, g->game_index, {}, std::nullopt};
    Position start;
    if (fill_facts(*g, options.boards, options.opening_plies, **book, e.facts, start) && judge)
      e.board = Board{0, std::move(g->moves), g->saved_bikjang};
    entries.push_back(std::move(e));
  }
  std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.source, a.index) < std::tie(b.source, b.index);
  });
  std::unordered_map<std::int64_t, std::size_t> game_at;
  std::vector<Board> boards;
  out.games.reserve(entries.size());
  for (Entry& e : entries) {
    if (e.source < out.sources.size()) ++out.sources[e.source].games;
    game_at[e.facts.id] = out.games.size();
    if (e.board) {
      e.board->game = out.games.size();
      boards.push_back(std::move(*e.board));
    }
    out.games.push_back(std::move(e.facts));
  }
  entries = {};
  if (judge) judge_all(boards, out, judging, fallback, options.jobs);

  if (auto e = load_diagnostics(db, game_at, source_at, out)) return e;
  // The copies of the loaded games.
  const auto copies = db.copies();
  if (!copies) return io_error(copies.error());
  for (const archive::Archive::GameCopy& c : *copies) {
    const auto at = game_at.find(c.game_id);
    if (at == game_at.end()) continue;
    ++out.duplicates;
    if (c.conflicts) out.conflicts.push_back({at->second, c.file, c.game_index, c.conflicts});
  }
  if (use_stored)
    if (auto e = load_stored_verdicts(db, game_at, out)) return e;
  return load_engine_facts(db, game_at, out);
}

std::optional<LoadError> load_files(const std::vector<std::string>& paths, const std::string& where,
                                    const LoadOptions& options, Dataset& out) {
  auto opened = archive::Archive::open_temporary();
  if (!opened) return io_error(opened.error());
  std::unique_ptr<archive::Archive> db = std::move(*opened);
  archive::ImportOptions import;
  import.archive = db.get();
  import.jobs = std::max(1, options.jobs);
  import.fallback = options.fallback;
  import.encoding = options.encoding;
  import.opening_rows = options.opening_rows;
  std::vector<archive::FileReport> files;
  archive::ImportCallbacks callbacks;
  callbacks.on_file = [&](const archive::FileReport& r) {
    archive::FileReport kept;
    kept.path = r.path;
    kept.status = r.status;
    kept.detail = r.detail;
    kept.bom = r.bom;
    kept.filler_runs = r.filler_runs;
    files.push_back(std::move(kept));
  };
  archive::ImportSummary summary;
  if (auto e = archive::import_files(paths, import, callbacks, summary)) return io_error(*e);

  Dataset loaded;
  if (auto e = load_archive(*db, where, options, loaded)) return e;
  // The sources in input order: the archive's, with what only the files tell (byte-order
  // marks, filler), and the files that could not be read.
  std::map<std::string, std::size_t> source_at;
  for (std::size_t i = 0; i < loaded.sources.size(); ++i) source_at.emplace(loaded.sources[i].path, i);
  for (const archive::FileReport& f : files) {
    if (f.status == archive::FileStatus::Unreadable) {
      SourceFacts s;
      s.path = f.path;
      s.readable = false;
      s.io_error = f.detail;
      out.sources.push_back(std::move(s));
      continue;
    }
    const auto at = source_at.find(f.path);
    if (at == source_at.end()) continue;  // the same bytes as an earlier file: skipped
    SourceFacts& s = loaded.sources[at->second];
    s.bom = f.bom;
    s.filler_runs = f.filler_runs;
    out.sources.push_back(std::move(s));
    source_at.erase(at);
  }
  out.games = std::move(loaded.games);
  out.adjudication_profiles = std::move(loaded.adjudication_profiles);
  out.duplicates = loaded.duplicates;
  out.conflicts = std::move(loaded.conflicts);
  out.verdicts_from = std::move(loaded.verdicts_from);
  out.openings = loaded.openings;
  return std::nullopt;
}

}  // namespace gibo::stats
