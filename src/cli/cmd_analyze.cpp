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
#include "inputs.h"
#include "options.h"
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
  std::int64_t game_id = 0;     // --db: the stored game
  std::int64_t request_id = 0;  // --db: the request its analysis is stored under (0: not stored)
  bool stored = false;          // --db: already analysed under the request (shown from the archive)
  KnownPositions known;         // --db: its positions already stored
};

struct Done {
  Item item;
  GameAnalysis analysis;
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
  std::string s;
  if (!a.error.empty()) return ref + "  error: " + a.error + "\n";
  s = ref + "  variant " + a.variant + "  engine " + engine + "  " + limit.text() + "  plies " +
      std::to_string(a.plies.size()) + (a.failed_positions ? "  failed positions " + std::to_string(a.failed_positions) : "") +
      "\n";
  if (!a.positions.empty() && a.positions.back().ok)
    s += "  final evaluation " + score_text(a.positions.back().result.score) + " (Cho's view)\n";
  for (Side side : {Side::Cho, Side::Han}) {
    const SideSummary& m = a.sides[static_cast<std::size_t>(index(side))];
    s += std::string("  ") + (side == Side::Cho ? "Cho" : "Han") + ": " + std::to_string(m.moves) + " moves, accuracy " +
         fixed1(m.accuracy) + "%, average loss " + fixed1(m.average_loss) + " cp, " + std::to_string(m.counts[1]) +
         " inaccuracies, " + std::to_string(m.counts[2]) + " mistakes, " + std::to_string(m.counts[3]) + " blunders";
    if (m.largest_swing_ply) s += ", largest swing " + fixed1(m.largest_swing) + " at ply " + std::to_string(m.largest_swing_ply);
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
  std::optional<Error> open(archive::Archive& db, const std::string& where, bool& bad_where) {
    archive_ = &db;
    auto ids = archive_->select_games(where);
    if (!ids) {
      bad_where = true;
      return Error{"--where: " + ids.error().message};
    }
    ids_ = std::move(*ids);
    return std::nullopt;
  }
  std::size_t size() const { return ids_.size(); }
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
  archive::Archive* archive_ = nullptr;
  std::vector<std::int64_t> ids_;
};

// --db: where each selected game's analysis is stored.
struct StorePlan {
  std::int64_t request_id = 0;  // 0: a game without an engine variant (an error, not stored)
  bool stored = false;          // analysed under the request already (a row without failed positions)
};

// The request of each selected game with an engine variant (created when new) and whether
// it is already analysed under it (a pass over the games that keeps none of them).
Expected<std::vector<StorePlan>> plan_stored(archive::Archive& db, ArchiveGames& games, const EngineChoice& engine,
                                             const Profile* forced, const Profile& fallback, long& already) {
  std::map<std::string, std::int64_t> requests;  // by variant
  std::vector<StorePlan> plans(games.size());
  for (std::size_t k = 0; k < games.size(); ++k) {
    auto it = games.item(k, forced, fallback);
    if (!it) return it.error();
    const auto variant = engine_variant(*it->profile);
    if (!variant) continue;
    auto [at, fresh] = requests.emplace(*variant, 0);
    if (fresh) {
      const auto id = db.analysis_request(analysis_request(engine, *variant), true);
      if (!id) return id.error();
      at->second = *id;
    }
    plans[k].request_id = at->second;
    const auto row = db.analysis_game(at->second, it->game_id);
    if (!row) return row.error();
    if (*row && (*row)->failed_positions == 0) plans[k].stored = true, ++already;
  }
  return plans;
}

}  // namespace

int run_analyze(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo analyze (PATHS... | --db FILE [--where EXPR]) [--engine CMD] [--depth N | --nodes N | --movetime MS] [--option NAME=VALUE]... "
      "[--rules ID] [--format text|jsonl] [--pgn FILE] [--gib FILE] [--timeout S] [--jobs N]";
  po::options_description opts("options");
  std::string rules_id, format = "text", pgn_path, gib_path, db, where;
  std::vector<std::string> paths;
  EngineChoice engine;
  int jobs = 1;
  add_engine_options(opts, engine, false);
  opts.add_options()(
      "rules", po::value(&rules_id), "profile for records that name none (default janggi-gg, which no engine plays)")(
      "format", po::value(&format), "text (a summary per game) or jsonl (a line per ply and per game)")(
      "pgn", po::value(&pgn_path), "also write the games as PGN annotated with NAGs and {[%eval E]} comments")(
      "gib", po::value(&gib_path), "also write the games as .gib annotated with {eval E best M CLASS} comments")(
      "jobs,j", po::value(&jobs), "engine processes in parallel")(
      "db", po::value(&db),
      "analyse the games of a gibo database and store the analyses in it (a game already analysed under the same "
      "engine, options and limit is shown from the archive, not searched again)")(
      "where", po::value(&where), "with --db: an SQL expression over the facts of each game, as for gibo stats");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("analyze", synopsis, args, opts, paths, "files, directories, or - for stdin", vm))
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
  std::unique_ptr<archive::Archive> archive;  // --db: where the analyses are stored
  std::vector<StorePlan> plans;               // --db: by selected game
  long already = 0;                           // --db: games shown from the archive
  if (!db.empty()) {
    archive = open_archive("analyze", db, archive::OpenMode::ReadWrite);  // never created
    if (!archive) return kExitIo;
    bool bad_where = false;
    if (auto e = archive_games.open(*archive, where, bad_where)) {
      if (bad_where) return usage_error("analyze", e->message);
      std::cerr << "gibo analyze: " << e->message << "\n";
      return kExitIo;
    }
    auto planned = plan_stored(*archive, archive_games, engine, forced, fallback, already);
    if (!planned) {
      std::cerr << "gibo analyze: " << db << ": " << planned.error().message << "\n";
      return kExitIo;
    }
    plans = std::move(*planned);
    const std::size_t selected = archive_games.size();
    if (already > 0 && already == static_cast<long>(selected))
      std::cerr << "gibo analyze: every selected game is already analysed in " << db << " under this request ("
                << engine_name << ", " << limit.text() << "); nothing to search, the stored analyses are shown\n";
    else if (already > 0)
      std::cerr << "gibo analyze: " << already << " of " << selected << " games already analysed in " << db
                << " under this request; analysing the other " << selected - static_cast<std::size_t>(already) << "\n";
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
  bool store_failed = false;
  // The outputs and messages of a game's analysis.
  auto finish = [&](Done& d) {
    const Item& it = d.item;
    const GameAnalysis& a = d.analysis;
    const std::string ref = it.file + ":" + std::to_string(it.game.source.game_index + 1);
    d.output = render(ref, a, engine_name, limit, out);
    if (!pgn_path.empty() && a.error.empty()) d.pgn = annotated_pgn(it.game, a, *it.profile);
    if (!gib_path.empty() && a.error.empty()) d.gib = annotated_gib(it.game, a, *it.profile);
    d.failed = !a.error.empty() || a.failed_positions > 0;
    if (!a.error.empty()) d.messages.push_back(ref + ": error[analysis]: " + a.error);
    for (const std::string& w : a.warnings) d.messages.push_back(ref + ": warning[engine]: " + w);
  };
  bool first_pgn = true, first_gib = true;
  const auto started = std::chrono::steady_clock::now();
  // Each game is analysed on a worker while the inputs are still being read (at most
  // jobs * 4 games held at once), and its lines are written in input order.
  OrderedStream<Item, Done> stream(
      jobs,
      [&](Item& it) {
        Done d;
        if (!it.stored) {  // else shown from the archive (emit)
          auto session = acquire();
          d.analysis = analyze_game(it.game, *it.profile, *session, limit, timeout_ms, it.request_id ? &it.known : nullptr);
          release(std::move(session));
          for (const PositionEval& p : d.analysis.positions) d.positions += !p.stored;
        }
        d.item = std::move(it);
        if (!archive) finish(d);
        return d;
      },
      [&](Done&& d) {
        if (archive) {
          if (store_failed) return;  // the archive failed: nothing more is shown as if stored
          // One transaction per game: a killed run keeps every game emitted before it.
          std::optional<Error> e;
          const Item& it = d.item;
          if (it.stored) {
            auto loaded = archive->load_analysis(it.request_id, it.game_id);
            if (!loaded) e = loaded.error();
            else if (*loaded) d.analysis = std::move(**loaded);
          } else if (it.request_id) {
            e = archive->store_analysis(it.request_id, it.game_id, d.analysis);
          }
          if (e) {
            progress.write_error("gibo analyze: " + db + ": " + e->message + "\n");
            store_failed = true;
            return;
          }
          finish(d);
        }
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
        line += " games, ";
        line += fixed1(seconds > 0 ? static_cast<double>(positions) / seconds : 0);
        line += " positions/s";
        if (total && *total >= games)
          line += ", ETA ", line += clock_text(seconds / static_cast<double>(games) * static_cast<double>(*total - games));
        progress.draw(line);
      });
  for (std::size_t k = 0; k < archive_games.size() && !store_failed; ++k) {
    auto item = archive_games.item(k, forced, fallback);
    std::optional<Error> e;
    if (!item) {
      e = item.error();
    } else {
      item->request_id = plans[k].request_id;
      item->stored = plans[k].stored;
      if (item->request_id && !item->stored) {
        auto known = archive->analysis_positions(item->request_id, item->game_id);
        if (!known) e = known.error();
        else item->known = std::move(*known);
      }
    }
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
    progress.write("summary: " + std::to_string(games) + " games analysed, " + std::to_string(failed) +
                   " with errors or failed positions" +
                   (archive ? ", " + std::to_string(already) + " taken from the archive" : std::string()) + "\n");
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
