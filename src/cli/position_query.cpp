// The shared half of `gibo explore` and `gibo search` (position_query.h).
#include "position_query.h"

#include "gibo/report/i18n.h"

#include <chrono>
#include <iostream>
#include <sstream>
#include <thread>

#include "archive_input.h"
#include "command.h"
#include "gibo/formats/notation.h"
#include "gibo/archive/archive.h"
#include "gibo/report/explore.h"
#include "inputs.h"
#include "outputs.h"
#include "setup_names.h"
#include "common_options.h"

namespace gibo::cli {

namespace {

// Adds --db, --fen, --moves, --game, --where, --rules, --jobs and -o to `opts`.
void add_position_query_options(po::options_description& opts, PositionQuery& q) {
  add_shared_options(opts, {.db = &q.db, .where = &q.where, .rules = &q.rules_id,
                            .rules_help = "rules profile for reading --moves and --game (default janggi-gg)",
                            .jobs = &q.jobs, .jobs_cores = true, .output = &q.output});
  opts.add_options()(
      "fen", po::value(&q.fen), "the position as a FEN")(
      "setup", po::value(&q.setup), "CHO,HAN: the start of that set-up pair (HEEH or 마상상마 ..., as perft --setup)")(
      "moves", po::value(&q.moves), "moves played from the FEN, the set-ups or the start, in any notation, mixed: UCI c4c5, Korean 79졸78 "
      "or 7978 (hangul or hanja; a pass 한수쉼), SAN Hc3, JANGGI H02-83")(
      "game", po::value(&q.game), "FILE[:GAME]@PLY: the position of a record (GAME from 1, PLY 0 = start)");
}

}  // namespace

std::optional<int> parse_query_command_line(const std::string& command, const std::string& synopsis,
                                            const std::vector<std::string>& args, const char* formats,
                                            PositionQuery& q) {
  po::options_description opts("options");
  add_position_query_options(opts, q);
  opts.add_options()("format", po::value(&q.format), formats);
  if (command == "search") {
    opts.add_options()("pattern", po::value(&q.pattern),
                       "find the positions where a pattern holds instead of one position (the pattern language: "
                       "src/pattern/README.md)");
  }
  if (command == "explore") {
    opts.add_options()("notation", po::value(&q.notation),
                       "the text table's move columns: korean, uci, san, janggi, comma-separated (default korean,uci)");
  }
  po::variables_map vm;
  return parse_command_line(command, synopsis, args, opts, po::positional_options_description(), vm);
}

int query_error(const std::string& command, const PositionQuery& q, const Error& error) {
  std::cerr << "gibo " << command << ": " << archive::archive_name(q.db) << ": " << i18n::message(error.message) << "\n";
  return kExitIo;
}

std::optional<int> query_position(const std::string& command, const PositionQuery& q, Position& out,
                                  std::optional<std::pair<Setup, Setup>>* setups) {
  if (q.db.empty()) {
    std::cerr << "gibo " << command << ": " << i18n::translate("--db FILE is required (an archive written by gibo import)")
              << "\n";
    return kExitUsage;
  }
  const Profile* profile = profile_or_usage(command, q.rules_id);
  if (!profile) return kExitUsage;
  auto usage = [&](const std::string& message) {  // in the run's language (i18n.h message)
    std::cerr << "gibo " << command << ": " << i18n::message(message) << "\n";
    return kExitUsage;
  };
  if (!q.game.empty()) {
    if (!q.fen.empty() || !q.setup.empty() || !q.moves.empty())
      return usage("give --game, or --fen (or --setup) and/or --moves, not both");
    const RecordTarget t = parse_record_target(q.game);
    int status = kExitOk;
    LegalityRules rules;
    auto g = read_record_game(command, t, *profile, rules, status);
    if (!g) return status;
    const int plies = static_cast<int>(g->plies.size());
    const int want = t.ply.value_or(plies);
    if (want < 0 || want > plies)
      return usage("--game: game " + std::to_string(t.game) + " has " + std::to_string(plies) + " plies; no ply " +
                   std::to_string(want));
    if (want > g->valid_plies)
      return usage("--game: ply " + std::to_string(want) + " comes after the game's first invalid ply (" +
                   std::to_string(g->valid_plies + 1) + ")");
    if (auto e = start_position(*g, rules, out)) return usage("--game: " + e->message);
    for (int i = 0; i < want; ++i) out.do_move(g->plies[static_cast<std::size_t>(i)].move);
    if (setups && !g->start.custom) *setups = std::make_pair(g->start.cho, g->start.han);
    return std::nullopt;
  }
  if (!q.fen.empty() && !q.setup.empty()) return usage("give --fen or --setup, not both");
  if (!q.fen.empty())
    if (auto e = out.set_fen(q.fen)) return usage("--fen: " + e->message);
  if (setups && q.fen.empty()) *setups = std::make_pair(Setup::HEEH, Setup::HEEH);  // the standard start
  if (!q.setup.empty()) {
    const auto pair = explore::parse_setup_pair(q.setup);
    if (!pair) return usage(kSetupPairHelp);
    out.set_setups(pair->first, pair->second);
    if (setups) *setups = *pair;
  }
  out.set_rules(legality_rules(*profile, false));
  if (auto e = play_move_list(q.moves, out)) return usage("--moves: " + e->message);
  return std::nullopt;
}

std::optional<int> open_position_index(const std::string& command, const PositionQuery& q,
                                       std::unique_ptr<archive::PositionIndex>& index,
                                       std::optional<std::unordered_set<std::int64_t>>& selected,
                                       std::shared_ptr<const OpeningBook>* book) {
  if (const auto refused = refuse_unreadable_archive(q.db)) return refused;
  auto opened = archive::PositionIndex::open(q.db, archive::OpenMode::ReadWrite);
  if (!opened) {
    std::cerr << "gibo " << command << ": " << i18n::message(opened.error().message) << "\n";
    return kExitIo;
  }
  index = std::move(*opened);
  if (!index->has_games()) {
    std::cerr << "gibo " << command << ": " << archive::archive_name(q.db) << ": "
              << i18n::translate("the archive holds no games (add some with gibo import)") << "\n";
    return kExitFindings;
  }
  if (!q.where.empty() || book) {
    const auto archive = open_archive(command, q.db);
    if (!archive) return kExitIo;
    if (book) {  // the names of positions: the archive's opening book
      auto own = archive->opening_book();
      if (!own) return query_error(command, q, own.error());
      *book = std::move(*own);
    }
    // The one query language (decision 15, src/adjudication/README.md "Decisions"): the
    // archive's facts view.
    if (!q.where.empty()) {
      const auto ids = archive->select_games(q.where);
      if (!ids) {
        std::cerr << "gibo " << command << ": --where: " << i18n::message(ids.error().message) << "\n";
        return kExitUsage;
      }
      selected.emplace(ids->begin(), ids->end());
    }
  }
  const bool terminal = stderr_is_terminal();
  const auto start = std::chrono::steady_clock::now();
  bool shown = false;
  bool announced = false;
  const std::optional<Error> failed = index->update(q.jobs, [&](const archive::IndexProgress& p) {
    // gibo import indexes what it stores; an archive written by an older gibo (or one
    // whose index another key function wrote) is indexed here, once, and says so.
    if (!announced && p.games_total > 0 && !index->in_memory()) {
      std::cerr << "gibo " << command << ": " << archive::archive_name(q.db) << ": "
                << i18n::format("indexing the positions of {1} games not indexed yet (once; gibo import keeps the index "
                                "up to date)",
                                {i18n::number(p.games_total)})
                << "\n";
      announced = true;
    }
    if (!terminal || p.games_done == p.games_total) return;
    terminal_control() << "\r";
    std::cerr << "gibo " << command << ": "
              << i18n::format("indexing positions: {1} of {2} games", {i18n::number(p.games_done), i18n::number(p.games_total)})
              << std::flush;
    shown = true;
  });
  if (shown) terminal_control() << "\r\x1b[K";
  if (failed) {
    std::cerr << "gibo " << command << ": " << archive::archive_name(q.db) << ": "
              << i18n::format("cannot index positions: {1}", {i18n::message(failed->message)}) << "\n";
    return kExitIo;
  }
  if (index->in_memory()) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cerr << "gibo " << command << ": "
              << i18n::format("{1} is read-only: its position index was built in memory ({2} games, {3} ms)",
                              {q.db, std::to_string(index->game_count().value_or(0)),
                               std::to_string(static_cast<long>(seconds * 1000))})
              << "\n";
  }
  return std::nullopt;
}

std::optional<int> check_query_output(const std::string& command, const PositionQuery& q) {
  if (q.output.empty() || q.output == "-") return std::nullopt;
  ProtectedFiles protect;
  protect.add_archive(q.db);
  if (!q.game.empty()) protect.add_input(parse_record_target(q.game).file);
  if (auto why = protect.conflict(q.output)) {
    std::cerr << "gibo " << command << ": " << i18n::message(why->message) << "\n";
    return kExitUsage;
  }
  return std::nullopt;
}

std::optional<int> prepare_archive_query(const std::string& command, const PositionQuery& q, PreparedQuery& out) {
  if (q.db.empty()) {
    std::cerr << "gibo " << command << ": " << i18n::translate("--db FILE is required (an archive written by gibo import)")
              << "\n";
    return kExitUsage;
  }
  if (auto rc = check_query_output(command, q)) return rc;
  return open_position_index(command, q, out.index, out.selected);
}

std::optional<int> prepare_query(const std::string& command, const PositionQuery& q, PreparedQuery& out, bool names) {
  if (auto rc = query_position(command, q, out.position, &out.setups)) return rc;
  if (auto rc = check_query_output(command, q)) return rc;
  return open_position_index(command, q, out.index, out.selected, names && out.setups ? &out.openings : nullptr);
}

}  // namespace gibo::cli
