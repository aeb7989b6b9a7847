// gibo analyze: every position of each game searched by a UCI engine; per ply the evaluation, best line and
// judgement of the move played, per game and side the average loss, accuracy, class counts and largest swing.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <mutex>

#include "archive_input.h"
#include "command.h"
#include "engine_options.h"
#include "gibo/analysis/analysis_jsonl.h"
#include "gibo/analysis/game_analysis.h"
#include "gibo/archive/archive.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/notation.h"
#include "gibo/formats/pgn.h"
#include "gibo/record/replay.h"
#include "gibo/report/i18n.h"
#include "inputs.h"
#include "common_options.h"
#include "outputs.h"
#include "parallel.h"
#include "progress.h"

namespace gibo::cli {
namespace {

using namespace gibo::analysis;

enum class Output { Text, Jsonl };

struct Item {
  std::string file;
  Game game;
  const Profile* profile = nullptr;
  // --db: the stored game, the request its analysis is stored under (0: not stored), its
  // analysis when the archive already holds it (shown, not searched), else its positions
  // already stored (not searched again).
  std::int64_t game_id = 0, request_id = 0;
  std::optional<GameAnalysis> stored;
  KnownPositions known;
};

struct Done {
  // --db: the analysis to store (emit(), one transaction per game) under request_id.
  std::optional<GameAnalysis> to_store;
  std::int64_t game_id = 0, request_id = 0;
  bool from_archive = false;  // --db: shown from the archive, not searched
  std::string output, pgn, gib;
  std::vector<std::string> messages;  // for stderr
  bool failed = false;                // the game, or one of its positions
  int positions = 0;                  // searched
};

std::string score_text(const Score& s) {
  if (s.mate) return std::string(s.winner == Side::Cho ? "+" : "-") + "M" + std::to_string(s.mate_moves);
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.2f", s.cp / 100.0);
  return buf;
}

std::string fixed1(double d) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", d);
  return buf;
}

std::string render(const std::string& ref, const GameAnalysis& a, const std::string& engine, const Limit& limit,
                   Output out) {
  if (out == Output::Jsonl) return analysis_jsonl(ref, a, engine, limit);
  // The text in the run's language (the limit in UCI's own words: "depth 10").
  using i18n::format;
  std::string s;
  if (!a.error.empty()) return ref + "  " + format("error: {1}", {i18n::message(a.error)}) + "\n";
  s = ref + "  " +
      format("variant {1}  engine {2}  {3}  plies {4}", {a.variant, engine, limit.text(), std::to_string(a.plies.size())}) +
      (a.failed_positions ? "  " + format("failed positions {1}", {std::to_string(a.failed_positions)}) : "") + "\n";
  if (!a.positions.empty() && a.positions.back().ok)
    s += "  " + format("final evaluation {1} (Cho's view)", {score_text(a.positions.back().result.score)}) + "\n";
  for (Side side : {Side::Cho, Side::Han}) {
    const SideSummary& m = a.sides[static_cast<std::size_t>(index(side))];
    s += "  " + format("{1}: {2} moves, accuracy {3}%, average loss {4} cp, {5} inaccuracies, {6} mistakes, {7} blunders",
                       {i18n::translate(side == Side::Cho ? "Cho" : "Han"), std::to_string(m.moves), fixed1(m.accuracy),
                        fixed1(m.average_loss), std::to_string(m.counts[1]), std::to_string(m.counts[2]),
                        std::to_string(m.counts[3])});
    if (m.largest_swing_ply)
      s += ", " + format("largest swing {1} at ply {2}", {fixed1(m.largest_swing), std::to_string(m.largest_swing_ply)});
    s += "\n";
  }
  return s;
}

// The evaluation as PGN's %eval command reads it: pawns from Cho's (White's) view, "#N" / "#-N" for mates;
// the annotated .gib's comments write it the same way.
std::string pgn_eval(const Score& s) {
  char buf[32];
  if (s.mate) std::snprintf(buf, sizeof buf, "#%s%d", s.winner == Side::Cho ? "" : "-", s.mate_moves);
  else std::snprintf(buf, sizeof buf, "%.2f", s.cp / 100.0);
  return buf;
}

// The engine's best move before each judged ply that was not it, written by `name(before,
// best)` (SAN, or .gib notation); "" where there is none.
template <class Name>
std::vector<std::string> best_moves(const Game& game, const GameAnalysis& a, const Profile& profile, Name name) {
  std::vector<std::string> out(a.plies.size());
  Position pos;
  if (start_position(game, game_legality_rules(game, profile), pos)) return out;
  for (std::size_t k = 0; k < a.plies.size(); ++k) {
    const PlyAnalysis& p = a.plies[k];
    if (p.judged && !p.best.empty() && p.best != p.played) {
      const Move best = parse_uci_move(p.best);
      if (!best.is_none() && pos.is_legal(best)) out[k] = name(pos, best);  // analyze_game checked it
    }
    pos.do_move(game.plies[k].move);
  }
  return out;
}

// The game as PGN with, after each judged ply, the NAG of its class ($6 inaccuracy, $2
// mistake, $4 blunder) and a comment "[%eval E]" (the position after the move) followed,
// for those, by the class and the engine's best move in SAN: {[%eval -1.20] mistake; best Hb7}.
std::string annotated_pgn(Game game, const GameAnalysis& a, const Profile& profile) {
  const std::vector<std::string> best = best_moves(game, a, profile, [](const Position& p, Move m) { return write_san(p, m); });
  for (const PlyAnalysis& p : a.plies) {
    if (!p.judged) continue;
    RecordedPly& rp = game.plies[static_cast<std::size_t>(p.ply - 1)];
    std::string c = "[%eval ";
    c += pgn_eval(p.after);
    c += ']';
    if (p.judgement != MoveClass::Good) {
      const std::string_view nag = class_nag(p.judgement);  // "$6"
      rp.nags.push_back(std::stoi(std::string(nag.substr(1))));
      c += ' ';
      c += class_name(p.judgement);
      if (const std::string& b = best[static_cast<std::size_t>(p.ply - 1)]; !b.empty()) c += "; best ", c += b;
    }
    rp.comments.push_back(c);
  }
  PgnWriteOptions o;
  o.profile = &profile;
  std::string out;
  write_pgn_game(out, game, o);
  return out;
}

// The game as .gib with, after each judged ply, a comment (formats/gib/README.md
// "Analysis comments"): {eval E}, then "best M" (.gib notation) when the engine preferred
// another move, then the class unless the move was good: {eval -1.20 best 79졸78 mistake}.
std::string annotated_gib(Game game, const GameAnalysis& a, const Profile& profile) {
  const std::vector<std::string> best = best_moves(game, a, profile, [](const Position& p, Move m) { return gib_move_text(p, m); });
  for (const PlyAnalysis& p : a.plies) {
    if (!p.judged) continue;
    std::string c = "eval ";
    c += pgn_eval(p.after);
    if (const std::string& b = best[static_cast<std::size_t>(p.ply - 1)]; !b.empty()) c += " best ", c += b;
    if (p.judgement != MoveClass::Good) c += ' ', c += class_name(p.judgement);
    game.plies[static_cast<std::size_t>(p.ply - 1)].comments.push_back(c);
  }
  GibWriteOptions o;
  o.profile = &profile;
  std::string out;
  write_gib_game(out, game, o);
  return out;
}

// The games of an archive (--db, --where) as games to analyse: start, tags, saved rules and
// the moves that replayed at import.
class ArchiveGames {
 public:
  // Opens the archive and selects the games; an Error (`bad_where` set for an expression
  // that does not compile).
  std::optional<Error> open(const std::string& db, const std::string& where, bool& bad_where) {
    // Read-write: the analyses are stored in it.
    auto opened = archive::Archive::open(db, archive::OpenMode::ReadWrite);
    if (!opened) return opened.error();
    archive_ = std::move(*opened);
    auto ids = archive_->select_games(where);
    if (!ids) {
      bad_where = true;
      return Error{"--where: " + ids.error().message};
    }
    ids_ = std::move(*ids);
    return std::nullopt;
  }
  std::size_t size() const { return ids_.size(); }
  archive::Archive* archive() const { return archive_.get(); }
  // The k-th game selected; an Error if it cannot be read.
  Expected<Item> item(std::size_t k, const Profile* forced, const Profile& fallback) {
    const auto sg = archive_->stored_game(ids_[k]);
    if (!sg) return sg.error();
    Item item;
    item.file = sg->file;
    item.game_id = ids_[k];
    Game& g = item.game;
    g.start = sg->start;
    g.tags = sg->tags;
    g.saved_profile_id = sg->saved_rules;
    g.saved_bikjang_option = sg->saved_bikjang;
    g.source.file = sg->file;
    g.source.game_index = sg->game_index;
    if (sg->result_text) g.result_text = *sg->result_text, g.has_result = true;
    for (Move m : sg->moves) {
      RecordedPly p;
      p.move = m;
      p.pass = m.is_pass();
      g.plies.push_back(p);
    }
    g.valid_plies = std::min<int>(sg->valid_plies, static_cast<int>(g.plies.size()));
    g.played_plies = g.valid_plies;
    g.replayed = true;
    item.profile = forced ? forced : &game_profile(g, fallback);
    return item;
  }

 private:
  std::unique_ptr<archive::Archive> archive_;
  std::vector<std::int64_t> ids_;
};

// --db: finds (or makes) the request of `it`'s engine variant (none: a game error, not
// stored) and reads what the archive holds of it: its whole analysis when the game is
// analysed under the request without failed positions, else its stored positions.
// `requests` caches the ids by variant.
std::optional<Error> plan_stored(archive::Archive& db, const EngineChoice& engine,
                                 std::map<std::string, std::int64_t>& requests, Item& it) {
  const auto variant = engine_variant(*it.profile);
  if (!variant) return std::nullopt;
  auto [at, fresh] = requests.emplace(*variant, 0);
  if (fresh) {
    const auto id = db.analysis_request(analysis_request(engine, *variant), true);
    if (!id) return id.error();
    at->second = *id;
  }
  it.request_id = at->second;
  const auto row = db.analysis_game(it.request_id, it.game_id);
  if (!row) return row.error();
  if (*row && (*row)->failed_positions == 0) {
    auto loaded = db.load_analysis(it.request_id, it.game_id);
    if (!loaded) return loaded.error();
    if (*loaded) {
      it.stored = std::move(*loaded);
      return std::nullopt;
    }
  }
  auto known = db.analysis_positions(it.request_id, it.game_id);
  if (!known) return known.error();
  it.known = std::move(*known);
  return std::nullopt;
}

}  // namespace

int run_analyze(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo analyze [OPTIONS] (PATHS... | --db FILE [--where EXPR])";
  po::options_description opts("options");
  std::string rules_id, format = "text", pgn_path, gib_path, db, where;
  std::vector<std::string> paths;
  EngineChoice engine;
  int jobs = 1;
  add_engine_options(opts, engine, false);
  opts.add_options()(
      "pgn", po::value(&pgn_path), "also write the games as PGN annotated with NAGs and {[%eval E]} comments")(
      "gib", po::value(&gib_path), "also write the games as .gib annotated with {eval E best M CLASS} comments");
  const SharedOptions shared{.db = &db,
                             .db_note = "; the analyses are stored in it and a stored one is not searched again",
                             .where = &where, .rules = &rules_id, .rules_note = ", which no engine plays",
                             .format = &format,
                             .formats = {"text (a summary per game)", "jsonl (a line per ply and per game)"}, .jobs = &jobs};
  add_shared_options(opts, shared);
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("analyze", synopsis, args, opts, paths, vm))
    return *rc;
  if (!db.empty() && !paths.empty()) return usage_error("analyze", "give PATHS or --db, not both");
  if (db.empty() && !where.empty()) return usage_error("analyze", "--where needs --db");
  if (db.empty() && paths.empty()) return no_input_error("analyze", synopsis);
  if (auto rc = resolve_engine_choice("analyze", vm, engine)) return *rc;
  const Limit& limit = engine.limit;
  const int timeout_ms = engine.timeout_ms;
  if (const auto e = jobs_error(jobs)) return usage_error("analyze", *e);
  Output out;
  if (format == "text") out = Output::Text;
  else if (format == "jsonl") out = Output::Jsonl;
  else return usage_error("analyze", "--format must be text or jsonl");
  const Profile* forced = nullptr;
  if (!rules_id.empty() && !(forced = profile_or_usage("analyze", rules_id))) return kExitUsage;
  const Profile& fallback = forced ? *forced : default_profile();
  // The engine is started once here so that an engine that is missing or does not speak
  // UCI is one clear error, not one per game.
  if (auto rc = probe_engine("analyze", engine)) return *rc;
  const EngineConfig& config = engine.config;
  const std::string& engine_name = engine.engine_name;

  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;  // a directory's other files: a note each, not read
  const std::vector<InputFile> files = expand_inputs(paths, missing, not_game);
  for (const InputError& m : missing) std::cerr << m.text() << "\n";
  for (const NotGameFile& n : not_game) std::cerr << n.text() << "\n";
  long io_errors = static_cast<long>(missing.size());
  ProtectedFiles protect;
  for (const InputFile& f : files) protect.add_input(f.path);
  if (!db.empty()) protect.add_archive(db);
  for (const std::string* path : {&pgn_path, &gib_path})
    if (!path->empty())
      if (const auto e = protect.conflict(*path)) return usage_error("analyze", e->message);
  if (!pgn_path.empty() && pgn_path == gib_path) return usage_error("analyze", "--pgn and --gib name the same file");
  ArchiveGames archive_games;
  if (!db.empty()) {
    bool bad_where = false;
    if (const auto refused = refuse_unreadable_archive(db)) return *refused;
    if (auto e = archive_games.open(db, where, bad_where)) {
      if (bad_where) return usage_error("analyze", e->message);
      std::cerr << "gibo analyze: " << e->message << "\n";
      return kExitIo;
    }
  }
  // The annotated outputs are written as the games are done (committed at the end).
  OutputFile pgn_file, gib_file;
  for (auto [file, path] : {std::pair{&pgn_file, &pgn_path}, std::pair{&gib_file, &gib_path}})
    if (!path->empty())
      if (auto e = file->open(*path)) {
        std::cerr << "gibo analyze: " << e->message << "\n";
        return kExitIo;
      }

  // The progress line (a terminal only) needs the number of games for its ETA: counted
  // beforehand by a reading pass that keeps no game (unknown when a file is standard input).
  Progress progress;
  std::optional<long> total;
  if (progress.shown()) {
    total = db.empty() ? 0 : static_cast<long>(archive_games.size());
    for (const InputFile& f : files) {
      if (f.path == "-") {
        total.reset();
        break;
      }
      ReadOptions ro;
      ro.profile = &fallback;
      ReadInfo info;
      read_input_games(f.path, ro, info, [&](Game&&) { ++*total; });
    }
  }

  std::mutex pool_mutex;
  std::vector<std::unique_ptr<EngineSession>> pool;  // workers start their own engines (EngineSession)
  auto acquire = [&]() {
    std::lock_guard<std::mutex> lock(pool_mutex);
    if (pool.empty()) return std::make_unique<EngineSession>(config);
    auto s = std::move(pool.back());
    pool.pop_back();
    return s;
  };
  auto release = [&](std::unique_ptr<EngineSession> s) {
    std::lock_guard<std::mutex> lock(pool_mutex);
    pool.push_back(std::move(s));
  };
  long games = 0, failed = 0, positions = 0;
  long from_archive = 0;       // --db: games shown from the archive
  bool store_failed = false;   // --db: a game could not be stored (the run stops there)
  bool first_pgn = true, first_gib = true;
  const auto started = std::chrono::steady_clock::now();
  // Each game is analysed on a worker while the inputs are still being read (at most
  // jobs * 4 games held at once), and its lines are written in input order.
  OrderedStream<Item, Done> stream(
      jobs,
      [&](Item& it) {
        const std::string ref = it.file + ":" + std::to_string(it.game.source.game_index + 1);
        Done d;
        GameAnalysis a;
        if (it.stored) {
          a = std::move(*it.stored);
          d.from_archive = true;
        } else {
          auto session = acquire();
          a = analyze_game(it.game, *it.profile, *session, limit, timeout_ms, it.request_id ? &it.known : nullptr);
          release(std::move(session));
          if (it.request_id) d.to_store = a, d.game_id = it.game_id, d.request_id = it.request_id;
        }
        d.output = render(ref, a, engine_name, limit, out);
        if (!pgn_path.empty() && a.error.empty()) d.pgn = annotated_pgn(it.game, a, *it.profile);
        if (!gib_path.empty() && a.error.empty()) d.gib = annotated_gib(it.game, a, *it.profile);
        d.failed = !a.error.empty() || a.failed_positions > 0;
        d.positions = it.stored ? 0 : static_cast<int>(a.positions.size());
        if (!a.error.empty()) d.messages.push_back(ref + ": error[analysis]: " + a.error);
        for (const std::string& w : a.warnings) d.messages.push_back(ref + ": warning[engine]: " + w);
        return d;
      },
      [&](Done&& d) {
        if (store_failed) return;  // nothing is shown as done after the archive failed
        if (d.to_store)
          // One transaction per game: a killed run keeps every game emitted before it.
          if (auto e = archive_games.archive()->store_analysis(d.request_id, d.game_id, *d.to_store)) {
            progress.write_error("gibo analyze: " + db + ": " + e->message + "\n");
            store_failed = true;
            return;
          }
        from_archive += d.from_archive;
        ++games;
        failed += d.failed;
        positions += d.positions;
        progress.write(d.output);
        for (const std::string& m : d.messages) progress.write_error(m + "\n");
        if (!d.pgn.empty()) pgn_file.stream() << (first_pgn ? "" : "\n") << d.pgn, first_pgn = false;
        if (!d.gib.empty()) gib_file.stream() << (first_gib ? "" : "\n") << d.gib, first_gib = false;
        if (!progress.shown()) return;
        // "3/10 games, 41.5 positions/s, ETA 2:05"
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        std::string line = std::to_string(games);
        if (total) line += '/', line += std::to_string(*total);
        line = i18n::format("{1} games, {2} positions/s",
                            {line, fixed1(seconds > 0 ? static_cast<double>(positions) / seconds : 0)});
        if (total && *total >= games)
          line += ", " + i18n::format("ETA {1}", {clock_text(seconds / static_cast<double>(games) *
                                                               static_cast<double>(*total - games))});
        progress.draw(line);
      });
  std::map<std::string, std::int64_t> requests;  // --db: by engine variant
  for (std::size_t k = 0; k < archive_games.size() && !store_failed; ++k) {
    auto item = archive_games.item(k, forced, fallback);
    std::optional<Error> e = item ? plan_stored(*archive_games.archive(), engine, requests, *item) : item.error();
    if (e) {
      stream.finish();
      progress.write_error("gibo analyze: " + db + ": " + e->message + "\n");
      return kExitIo;
    }
    stream.push(std::move(*item));
  }
  for (const InputFile& f : files) {
    ReadOptions ro;
    ro.profile = &fallback;
    ReadInfo info;
    const auto error = read_input_games(f.path, ro, info, [&](Game&& g) {
      Item item;
      item.file = f.path;
      item.profile = &replay_under_profile(g, fallback);
      g.original_text.clear();  // not needed: the outputs are written from the plies
      item.game = std::move(g);
      stream.push(std::move(item));
    });
    if (error) {
      ++io_errors;
      progress.write_error(InputError{f.path, error->message}.text() + "\n");
    }
  }
  stream.finish();
  progress.draw("");
  if (out == Output::Text)
    progress.write(i18n::format("summary: {1} games analysed, {2} with errors or failed positions",
                                {std::to_string(games), std::to_string(failed)}) +
                   (db.empty() ? std::string() : ", " + i18n::format("{1} taken from the archive", {std::to_string(from_archive)})) +
                   "\n");
  if (!db.empty() && !store_failed && from_archive > 0) {
    if (from_archive == games)
      progress.write_error("gibo analyze: " +
                           i18n::format("every selected game was already analysed in {1} under this request ({2}, {3}); "
                                        "nothing was searched, the stored analyses are shown",
                                        {archive::archive_name(db), engine_name, limit.text()}) +
                           "\n");
    else
      progress.write_error("gibo analyze: " +
                           i18n::format("{1} of {2} games were already analysed in {3} under this request; the others "
                                        "were analysed and stored",
                                        {std::to_string(from_archive), std::to_string(games), archive::archive_name(db)}) +
                           "\n");
  }
  for (auto [file, path] : {std::pair{&pgn_file, &pgn_path}, std::pair{&gib_file, &gib_path}})
    if (!path->empty())
      if (auto e = file->commit()) {
        std::cerr << "gibo analyze: " << e->message << "\n";
        return kExitIo;
      }
  if (!std::cout.flush()) return kExitIo;
  if (io_errors || store_failed) return kExitIo;
  return failed ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
