// gibo analyze: every position of each game searched by a UCI engine; per ply the evaluation, best line and
// judgement of the move played, per game and side the average loss, accuracy, class counts and largest swing.
#include <cstdio>
#include <iostream>
#include <mutex>
#include <sstream>

#include "archive_input.h"
#include "command.h"
#include "gibo/analysis/game_analysis.h"
#include "gibo/archive/archive.h"
#include "gibo/formats/json_writer.h"
#include "gibo/formats/pgn.h"
#include "gibo/record/replay.h"
#include "inputs.h"
#include "common_options.h"
#include "outputs.h"
#include "parallel.h"

namespace gibo::cli {
namespace {

using namespace gibo::analysis;

enum class Output { Text, Jsonl };

struct Item {
  std::string file;
  Game game;
  const Profile* profile = nullptr;
};

struct Done {
  std::string output, pgn;
  std::vector<std::string> messages;  // for stderr
  bool failed = false;                // the game, or one of its positions
};

const char* side_name(Side s) { return s == Side::Cho ? "cho" : "han"; }

void write_score(json::Writer& w, const Score& s) {
  w.begin_object();
  if (s.mate) {
    w.field("mate", s.winner == Side::Cho ? s.mate_moves : -s.mate_moves).field("winner", side_name(s.winner));
  } else {
    w.field("cp", s.cp);
  }
  w.end_object();
}

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

void write_side(json::Writer& w, const SideSummary& s) {
  w.begin_object()
      .field("moves", s.moves)
      .field("average_loss", s.average_loss)
      .field("accuracy", s.accuracy)
      .field("inaccuracies", s.counts[1])
      .field("mistakes", s.counts[2])
      .field("blunders", s.counts[3])
      .field("largest_swing", s.largest_swing)
      .field("largest_swing_ply", s.largest_swing_ply)
      .end_object();
}

std::string render(const std::string& ref, const GameAnalysis& a, const std::string& engine, const Limit& limit,
                   Output out) {
  std::string s;
  if (out == Output::Jsonl) {
    for (const PlyAnalysis& p : a.plies) {
      std::string line;
      json::Writer w(line);
      w.begin_object().field("type", "ply").field("game", ref).field("ply", p.ply).field("side", side_name(p.mover))
          .field("move", p.played).field("judged", p.judged);
      if (p.judged) {
        w.key("eval_before");
        write_score(w, p.before);
        w.key("eval_after");
        write_score(w, p.after);
        w.field("best", p.best).key("pv").begin_array();
        for (const std::string& m : p.pv) w.value(m);
        w.end_array().field("depth", p.depth).field("loss_cp", p.loss_cp).field("win_drop", p.drop)
            .field("class", class_name(p.judgement));
      }
      w.end_object();
      s += line + "\n";
    }
    std::string line;
    json::Writer w(line);
    w.begin_object().field("type", "game").field("game", ref).field("engine", engine).field("limit", limit.text());
    if (!a.error.empty()) {
      w.field("error", a.error).end_object();
      return s + line + "\n";
    }
    w.field("variant", a.variant).field("plies", static_cast<int>(a.plies.size()))
        .field("failed_positions", a.failed_positions).key("cho");
    write_side(w, a.sides[0]);
    w.key("han");
    write_side(w, a.sides[1]);
    w.end_object();
    return s + line + "\n";
  }
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

// The evaluation as PGN's %eval command reads it: pawns from Cho's (White's) view, "#N" / "#-N" for mates.
std::string pgn_eval(const Score& s) {
  char buf[32];
  if (s.mate) std::snprintf(buf, sizeof buf, "#%s%d", s.winner == Side::Cho ? "" : "-", s.mate_moves);
  else std::snprintf(buf, sizeof buf, "%.2f", s.cp / 100.0);
  return buf;
}

// The game as PGN with, after each judged ply, a comment "[%eval E]" (the position after
// the move) and, for an inaccuracy, mistake or blunder, its class and the best move.
std::string annotated_pgn(Game game, const GameAnalysis& a, const Profile& profile) {
  for (const PlyAnalysis& p : a.plies) {
    if (!p.judged) continue;
    std::string c = "[%eval " + pgn_eval(p.after) + "]";
    if (p.judgement != MoveClass::Good) {
      c += ' ';
      c += class_name(p.judgement);
      c += "; best ";
      c += p.best;
    }
    game.plies[static_cast<std::size_t>(p.ply - 1)].comments.push_back(c);
  }
  PgnWriteOptions o;
  o.profile = &profile;
  std::string out;
  write_pgn_game(out, game, o);
  return out;
}

// The games of an archive (--db, --where) as games to analyse: start, tags, saved rules and
// the moves that replayed at import.
std::optional<Error> archive_items(const std::string& db, const std::string& where, const Profile* forced,
                                   const Profile& fallback, std::vector<Item>& items, bool& bad_where) {
  const auto opened = archive::Archive::open(db, archive::OpenMode::ReadOnly);
  if (!opened) return opened.error();
  const auto ids = (*opened)->select_games(where);
  if (!ids) {
    bad_where = true;
    return Error{"--where: " + ids.error().message};
  }
  for (std::int64_t id : *ids) {
    const auto sg = (*opened)->stored_game(id);
    if (!sg) return sg.error();
    Item item;
    item.file = sg->file;
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
    items.push_back(std::move(item));
  }
  return std::nullopt;
}

std::vector<std::string> split_command(const std::string& cmd) {
  std::vector<std::string> argv;
  std::istringstream in(cmd);
  for (std::string w; in >> w;) argv.push_back(w);
  return argv;
}

}  // namespace

int run_analyze(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo analyze [OPTIONS] (PATHS... | --db FILE [--where EXPR])";
  po::options_description opts("options");
  std::string engine_cmd = "fairy-stockfish", rules_id, format = "text", pgn_path, db, where;
  std::vector<std::string> option_texts, paths;
  std::int64_t depth = 0, nodes = 0, movetime = 0;
  int jobs = 1, timeout_s = 60;
  opts.add_options()("engine", po::value(&engine_cmd), "UCI engine command (words split on spaces); default fairy-stockfish")(
      "depth", po::value(&depth), "search each position to this depth (default 10)")(
      "nodes", po::value(&nodes), "search each position this many nodes")(
      "movetime", po::value(&movetime), "search each position this many milliseconds")(
      "option", po::value(&option_texts)->composing(), "engine option NAME=VALUE (setoption), repeatable")(
      "pgn", po::value(&pgn_path), "also write the games as PGN annotated with {[%eval E]} comments")(
      "timeout", po::value(&timeout_s), "seconds a position may take beyond --movetime before the engine is stopped (default 60)");
  const SharedOptions shared{.db = &db, .db_note = "; read only", .where = &where, .rules = &rules_id,
                             .rules_note = ", which no engine plays", .format = &format,
                             .formats = {"text (a summary per game)", "jsonl (a line per ply and per game)"}, .jobs = &jobs};
  add_shared_options(opts, shared);
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("analyze", synopsis, args, opts, paths, vm))
    return *rc;
  if (!db.empty() && !paths.empty()) return usage_error("analyze", "give PATHS or --db, not both");
  if (db.empty() && !where.empty()) return usage_error("analyze", "--where needs --db");
  if (db.empty() && paths.empty()) return no_input_error("analyze", synopsis);
  Limit limit;
  limit.value = 10;
  const int given = (depth > 0) + (nodes > 0) + (movetime > 0);
  if (given > 1) return usage_error("analyze", "give one of --depth, --nodes, --movetime");
  if (vm.count("depth") && depth <= 0) return usage_error("analyze", "--depth must be positive");
  if (vm.count("nodes") && nodes <= 0) return usage_error("analyze", "--nodes must be positive");
  if (vm.count("movetime") && movetime <= 0) return usage_error("analyze", "--movetime must be positive");
  if (depth > 0) limit.value = depth;
  if (nodes > 0) limit.kind = Limit::Kind::Nodes, limit.value = nodes;
  if (movetime > 0) limit.kind = Limit::Kind::Movetime, limit.value = movetime;
  if (timeout_s <= 0) return usage_error("analyze", "--timeout must be positive");
  const int timeout_ms = timeout_s * 1000 + (movetime > 0 ? static_cast<int>(movetime) : 0);
  if (const auto e = jobs_error(jobs)) return usage_error("analyze", *e);
  Output out;
  if (format == "text") out = Output::Text;
  else if (format == "jsonl") out = Output::Jsonl;
  else return usage_error("analyze", "--format must be text or jsonl");
  const Profile* forced = nullptr;
  if (!rules_id.empty() && !(forced = profile_or_usage("analyze", rules_id))) return kExitUsage;
  const Profile& fallback = forced ? *forced : default_profile();

  EngineConfig config;
  config.command = split_command(engine_cmd);
  if (config.command.empty()) return usage_error("analyze", "--engine is empty");
  for (const std::string& o : option_texts) {
    const auto eq = o.find('=');
    if (eq == std::string::npos || eq == 0) return usage_error("analyze", "--option must be NAME=VALUE: '" + o + "'");
    config.options.emplace_back(o.substr(0, eq), o.substr(eq + 1));
  }
  if (find_executable(config.command.front()).empty()) {
    std::cerr << "gibo analyze: engine '" << config.command.front()
              << "' not found on PATH; install Fairy-Stockfish (Debian: apt-get install fairy-stockfish) "
                 "or give --engine with an engine's command or path\n";
    return kExitUsage;
  }
  // The engine is started once here so that an engine that does not speak UCI is one
  // clear error, not one per game.
  auto probe = UciEngine::start(config);
  if (!probe) {
    std::cerr << "gibo analyze: engine '" << engine_cmd << "': " << probe.error().message << "\n";
    return kExitUsage;
  }
  const std::string engine_name = (*probe)->name();

  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;  // a directory's other files: a note each, not read
  const std::vector<InputFile> files = expand_inputs(paths, missing, not_game);
  for (const InputError& m : missing) std::cerr << m.text() << "\n";
  for (const NotGameFile& n : not_game) std::cerr << n.text() << "\n";
  long io_errors = static_cast<long>(missing.size());
  ProtectedFiles protect;
  for (const InputFile& f : files) protect.add_input(f.path);
  if (!db.empty()) protect.add_archive(db);
  if (!pgn_path.empty())
    if (const auto e = protect.conflict(pgn_path)) return usage_error("analyze", e->message);
  std::vector<Item> items;
  if (!db.empty()) {
    bool bad_where = false;
    if (const auto refused = refuse_unreadable_archive(db)) return *refused;
    if (auto e = archive_items(db, where, forced, fallback, items, bad_where)) {
      if (bad_where) return usage_error("analyze", e->message);
      std::cerr << "gibo analyze: " << e->message << "\n";
      return kExitIo;
    }
  }
  for (const InputFile& f : files) {
    ReadOptions ro;
    ro.profile = &fallback;
    ReadInfo info;
    const auto error = read_input_games(f.path, ro, info, [&](Game&& g) {
      Item item;
      item.file = f.path;
      item.profile = &replay_under_profile(g, fallback);
      item.game = std::move(g);
      items.push_back(std::move(item));
    });
    if (error) {
      ++io_errors;
      std::cerr << InputError{f.path, error->message}.text() << "\n";
    }
  }

  std::mutex pool_mutex;
  std::vector<std::unique_ptr<EngineSession>> pool;
  probe->reset();  // workers start their own engines (EngineSession)
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
  long games = 0, failed = 0;
  std::string pgn;
  ordered_parallel<Done>(
      items.size(), jobs,
      [&](std::size_t i) {
        const Item& it = items[i];
        const std::string ref = it.file + ":" + std::to_string(it.game.source.game_index + 1);
        auto session = acquire();
        const GameAnalysis a = analyze_game(it.game, *it.profile, *session, limit, timeout_ms);
        release(std::move(session));
        Done d;
        d.output = render(ref, a, engine_name, limit, out);
        if (!pgn_path.empty() && a.error.empty()) d.pgn = annotated_pgn(it.game, a, *it.profile);
        d.failed = !a.error.empty() || a.failed_positions > 0;
        if (!a.error.empty()) d.messages.push_back(ref + ": error[analysis]: " + a.error);
        for (const std::string& w : a.warnings) d.messages.push_back(ref + ": warning[engine]: " + w);
        return d;
      },
      [&](std::size_t, Done&& d) {
        ++games;
        failed += d.failed;
        std::cout << d.output;
        if (!d.pgn.empty()) {
          if (!pgn.empty()) pgn += '\n';
          pgn += d.pgn;
        }
        for (const std::string& m : d.messages) std::cerr << m << "\n";
      });
  if (out == Output::Text)
    std::cout << "summary: " << games << " games analysed, " << failed << " with errors or failed positions\n";
  if (!pgn_path.empty())
    if (const int rc = write_text_output("analyze", pgn_path, pgn); rc != kExitOk) return rc;
  if (!std::cout.flush()) return kExitIo;
  if (io_errors) return kExitIo;
  return failed ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
