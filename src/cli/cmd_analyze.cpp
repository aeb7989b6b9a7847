// gibo analyze: every position of each game searched by a UCI engine; per ply the evaluation, best line and
// judgement of the move played, per game and side the average loss, accuracy, class counts and largest swing.
// The work is the analysis layer's (AnalysisRun; the archive's AnalysisStore with --db); this file parses the
// options and prints.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>

#include "archive_input.h"
#include "command.h"
#include "common_options.h"
#include "engine_options.h"
#include "gibo/analysis/analysis_jsonl.h"
#include "gibo/analysis/analysis_run.h"
#include "gibo/archive/analysis_store.h"
#include "gibo/archive/analysis_worker.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/pgn.h"
#include "gibo/record/replay.h"
#include "gibo/report/i18n.h"
#include "inputs.h"
#include "outputs.h"
#include "progress.h"
#include "warning_tally.h"
#include "gibo/analysis/pawns_text.h"

namespace gibo::cli {
namespace {

using namespace gibo::analysis;

enum class Output { Text, Jsonl };

std::string score_text(const Score& s) {
  if (s.mate) return std::string(s.winner == Side::Cho ? "+" : "-") + "M" + std::to_string(s.mate_moves);
  return pawns_text(s.cp);
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

struct AnalyzeOptions {
  std::string rules_id, format = "text", pgn_path, gib_path, db, where;
  std::vector<std::string> paths;
  EngineChoice engine;
  int jobs = 1;
  bool worker = false, status = false;  // --worker, --status: the archive's analysis queue
  int lease = 60;                       // --lease SECONDS
  Output out = Output::Text;
  const Profile* forced = nullptr;  // --rules
};

// Parses and checks the options and probes the engine; an exit status when the run stops there.
std::optional<int> parse_analyze(const std::vector<std::string>& args, AnalyzeOptions& o) {
  const std::string synopsis =
      "gibo analyze [OPTIONS] (PATHS... | --db FILE [--where EXPR] [--worker] | --db FILE --status)";
  po::options_description opts("options");
  add_engine_options(opts, o.engine, false);
  opts.add_options()(
      "pgn", po::value(&o.pgn_path), "also write the games as PGN annotated with NAGs and {[%eval E]} comments")(
      "gib", po::value(&o.gib_path), "also write the games as .gib annotated with {eval E best M CLASS} comments")(
      "worker", po::bool_switch(&o.worker),
      "with --db: take games from the archive's analysis queue (the --where selection queued first), with other "
      "workers on this or other machines, until it is empty")(
      "status", po::bool_switch(&o.status), "with --db: show the analysis queue: its games by state, leases, failures "
      "and workers")(
      "lease", po::value(&o.lease), "--worker: seconds a game is leased for, renewed while it is searched (default 60)");
  const SharedOptions shared{.db = &o.db,
                             .db_note = "; the analyses are stored in it and a stored one is not searched again",
                             .where = &o.where, .rules = &o.rules_id, .rules_note = ", which no engine plays",
                             .format = &o.format,
                             .formats = {"text (a summary per game)", "jsonl (a line per ply and per game)"}, .jobs = &o.jobs};
  add_shared_options(opts, shared);
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("analyze", synopsis, args, opts, o.paths, vm)) return *rc;
  if (!o.db.empty() && !o.paths.empty()) return usage_error("analyze", "give PATHS or --db, not both");
  if (o.db.empty() && !o.where.empty()) return usage_error("analyze", "--where needs --db");
  if (o.db.empty() && o.paths.empty()) return no_input_error("analyze", synopsis);
  if ((o.worker || o.status) && o.db.empty()) return usage_error("analyze", "--worker and --status need --db");
  if (o.worker && o.status) return usage_error("analyze", "give --worker or --status, not both");
  if ((o.worker || o.status) && (!o.pgn_path.empty() || !o.gib_path.empty()))
    return usage_error("analyze", "--pgn and --gib write the games of one run, not a queue's");
  if (o.lease < 1 || o.lease > 86400) return usage_error("analyze", "--lease must be 1 to 86400 seconds");
  if (o.status) return std::nullopt;  // reads the queue: no engine
  if (auto rc = resolve_engine_choice("analyze", vm, o.engine)) return *rc;
  if (const auto e = jobs_error(o.jobs)) return usage_error("analyze", *e);
  set_output_audience_for(o.format);
  if (o.format == "text") o.out = Output::Text;
  else if (o.format == "jsonl") o.out = Output::Jsonl;
  else return usage_error("analyze", "--format must be text or jsonl");
  if (!o.rules_id.empty() && !(o.forced = profile_or_usage("analyze", o.rules_id))) return kExitUsage;
  // The engine is started once here so that an engine that is missing or does not speak
  // UCI is one clear error, not one per game.
  return probe_engine("analyze", o.engine);
}

// What the run prints and writes as the games come back in order: the lines, the
// annotated files, the archive's rows, the progress line, the counts.
class AnalyzePrinter {
 public:
  AnalyzePrinter(const AnalyzeOptions& o, archive::AnalysisStore* store, std::optional<long> total)
      : o_(o), store_(store), total_(total) {}
  std::optional<Error> open_outputs() {
    for (auto [file, path] : {std::pair{&pgn_file_, &o_.pgn_path}, std::pair{&gib_file_, &o_.gib_path}})
      if (!path->empty())
        if (auto e = file->open(*path)) return e;
    return std::nullopt;
  }
  std::optional<Error> commit_outputs() {
    for (auto [file, path] : {std::pair{&pgn_file_, &o_.pgn_path}, std::pair{&gib_file_, &o_.gib_path}})
      if (!path->empty())
        if (auto e = file->commit()) return e;
    return std::nullopt;
  }
  void emit(AnalysedJob&& d);
  void summary();
  Progress& progress() { return progress_; }
  bool store_failed() const { return store_failed_; }
  long failed() const { return failed_; }

 private:
  void draw_progress();
  const AnalyzeOptions& o_;
  archive::AnalysisStore* store_;
  std::optional<long> total_;
  Progress progress_;
  OutputFile pgn_file_, gib_file_;
  long games_ = 0, failed_ = 0, positions_ = 0;
  long not_analysed_ = 0, with_failed_positions_ = 0;
  // Why games and positions failed, each cause once with its count (the summary's lines).
  std::map<std::string, long> game_causes_, position_causes_;
  // The diagnostics for standard error, each cause once with its count, at the end.
  WarningTally errors_, warnings_;
  long from_archive_ = 0;      // --db: games shown from the archive
  bool store_failed_ = false;  // --db: a game could not be stored (the run stops there)
  bool first_pgn_ = true, first_gib_ = true;
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

void AnalyzePrinter::emit(AnalysedJob&& d) {
  if (store_failed_) return;  // nothing is shown as done after the archive failed
  if (store_)
    if (auto e = store_->store(d)) {
      progress_.write_error("gibo analyze: " + archive::archive_name(o_.db) + ": " + e->message + "\n");
      store_failed_ = true;
      return;
    }
  const GameAnalysis& a = d.analysis;
  const Profile& profile = *d.job.profile;
  from_archive_ += d.from_store;
  ++games_;
  failed_ += !a.error.empty() || a.failed_positions > 0;
  if (!a.error.empty()) ++not_analysed_, ++game_causes_[a.error];
  else if (a.failed_positions > 0) ++with_failed_positions_;
  for (const PositionEval& p : a.positions)
    if (!p.ok) ++position_causes_[p.error];
  positions_ += d.searched;
  progress_.write(render(d.job.ref, a, o_.engine.engine_name, o_.engine.limit, o_.out));
  if (!a.error.empty()) errors_.add(d.job.ref, {AnalysisWarning{-1, a.error, ""}});
  warnings_.add(d.job.ref, a.warnings);
  if (!o_.pgn_path.empty() && a.error.empty()) {
    PgnWriteOptions w;
    w.profile = &profile;
    pgn_file_.stream() << (first_pgn_ ? "" : "\n") << write_annotated_pgn_game(d.job.game, ply_evaluations(a), w);
    first_pgn_ = false;
  }
  if (!o_.gib_path.empty() && a.error.empty()) {
    GibWriteOptions w;
    w.profile = &profile;
    gib_file_.stream() << (first_gib_ ? "" : "\n") << write_annotated_gib_game(d.job.game, ply_evaluations(a), w);
    first_gib_ = false;
  }
  draw_progress();
}

// "3/10 games, 41.5 positions/s, ETA 2:05"
void AnalyzePrinter::draw_progress() {
  if (!progress_.shown()) return;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  progress_.draw(games_progress_text(games_, total_, seconds,
                                     fixed1(seconds > 0 ? static_cast<double>(positions_) / seconds : 0)));
}

void AnalyzePrinter::summary() {
  progress_.draw("");
  for (const WarningTally* t : {&errors_, &warnings_})
    for (const std::string& line : t->lines(t == &errors_ ? "error[analysis]" : "warning[engine]"))
      progress_.write_error(line + "\n");
  if (o_.out == Output::Text) {
    // The causes first (the summary stays the last line): "3 games failed: …", "12 positions failed: …".
    for (const auto& [cause, n] : game_causes_)
      progress_.write("  " + i18n::format("{1} games failed: {2}", {std::to_string(n), i18n::message(cause)}) + "\n");
    for (const auto& [cause, n] : position_causes_)
      progress_.write("  " + i18n::format("{1} positions failed: {2}", {std::to_string(n), i18n::message(cause)}) + "\n");
  }
  if (o_.out == Output::Text)
    progress_.write(i18n::format("summary: {1} games analysed, {2} failed, {3} with failed positions",
                                 {std::to_string(games_ - not_analysed_), std::to_string(not_analysed_),
                                  std::to_string(with_failed_positions_)}) +
                    (o_.db.empty() ? std::string() : ", " + i18n::format("{1} taken from the archive", {std::to_string(from_archive_)})) +
                    "\n");
  if (o_.db.empty() || store_failed_ || from_archive_ == 0) return;
  if (from_archive_ == games_)
    progress_.write_error("gibo analyze: " +
                          i18n::format("every selected game was already analysed in {1} under this request ({2}, {3}); "
                                       "nothing was searched, the stored analyses are shown",
                                       {archive::archive_name(o_.db), o_.engine.engine_name, o_.engine.limit.text()}) +
                          "\n");
  else
    progress_.write_error("gibo analyze: " +
                          i18n::format("{1} of {2} games were already analysed in {3} under this request; the others "
                                       "were analysed and stored",
                                       {std::to_string(from_archive_), std::to_string(games_), archive::archive_name(o_.db)}) +
                          "\n");
}

// Seconds between two times of the queue's clock (milliseconds), as "12".
std::string seconds_between(std::int64_t from_ms, std::int64_t to_ms) {
  return std::to_string((to_ms - from_ms + 500) / 1000);
}

// --status: the archive's analysis queue.
int show_queue(const AnalyzeOptions& o) {
  using i18n::format;
  const auto opened = open_archive("analyze", o.db);
  if (!opened) return kExitIo;
  const auto st = opened->queue_status();
  if (!st) return std::cerr << "gibo analyze: " << archive::archive_name(o.db) << ": " << st.error().message << "\n", kExitIo;
  std::cout << format("analysis queue of {1}", {archive::archive_name(o.db)}) << "\n";
  if (st->requests.empty()) std::cout << "  " << i18n::translate("(no game queued)") << "\n";
  for (const auto& r : st->requests)
    std::cout << "  " << format("request {1}: {2}, {3}, {4}", {std::to_string(r.id), r.engine, r.limit, r.variant}) << ": "
              << format("{1} pending, {2} leased, {3} done, {4} failed",
                        {std::to_string(r.pending), std::to_string(r.leased), std::to_string(r.done), std::to_string(r.failed)})
              << "\n";
  if (!st->leases.empty()) std::cout << i18n::translate("leased:") << "\n";
  for (const auto& l : st->leases)
    std::cout << "  " << l.game << "  "
              << format("request {1}, by {2} for {3} s, lease runs out in {4} s, try {5}",
                        {std::to_string(l.request_id), l.worker, seconds_between(l.leased_at, st->now_ms),
                         seconds_between(st->now_ms, l.lease_until), std::to_string(l.tries)})
              << "\n";
  if (!st->failures.empty()) std::cout << i18n::translate("failed:") << "\n";
  for (const auto& f : st->failures)
    std::cout << "  " << f.game << "  "
              << format("request {1}, after {2} tries: {3}", {std::to_string(f.request_id), std::to_string(f.tries),
                                                              i18n::message(f.error)})
              << "\n";
  if (!st->workers.empty()) std::cout << i18n::translate("workers:") << "\n";
  for (const auto& w : st->workers) {
    const double rate = w.busy_ms > 0 ? static_cast<double>(w.positions) * 1000.0 / static_cast<double>(w.busy_ms) : 0;
    using State = archive::Archive::QueueStatus::Worker::State;
    const std::string state = w.state == State::Running   ? i18n::translate("running")
                              : w.state == State::Stopped ? i18n::translate("stopped")
                                                          : i18n::translate("lost (no renewal within its lease)");
    std::cout << "  " << w.worker << "  " << state << ", "
              << format("started {1} s ago, last seen {2} s ago: {3} games, {4} positions, {5} positions/s",
                        {seconds_between(w.started_at, st->now_ms), seconds_between(w.seen_at, st->now_ms),
                         std::to_string(w.games), std::to_string(w.positions), fixed1(rate)})
              << "\n";
  }
  return kExitOk;
}

// --worker: games from the archive's analysis queue until it is empty.
int work_queue(const AnalyzeOptions& o, const Profile& fallback) {
  if (const auto refused = refuse_unreadable_archive(o.db)) return *refused;
  archive::QueueWorkerOptions w;
  w.db = o.db;
  w.where = o.where;
  w.settings = o.engine;
  w.forced = o.forced;
  w.fallback = &fallback;
  w.jobs = o.jobs;
  w.lease_seconds = o.lease;
  archive::QueueWorkerSummary summary;
  Progress progress;
  WarningTally warnings;  // each cause said once, at the end (as a run's are)
  const auto failed = archive::run_queue_worker(w, [&](const archive::QueuedGame& q) {
    const analysis::AnalysedJob& d = q.done;
    using Outcome = archive::QueuedGame::Outcome;
    if (q.outcome == Outcome::Failed) {
      progress.write_error(d.job.ref + ": error[analysis]: " + q.error + "\n");
      return;
    }
    if (q.outcome == Outcome::TooLate) {
      progress.write_error(d.job.ref + ": " +
                           i18n::translate("its lease ran out and another worker took it: this result is not stored") +
                           "\n");
      return;
    }
    progress.write(render(d.job.ref, d.analysis, o.engine.engine_name, o.engine.limit, o.out));
    warnings.add(d.job.ref, d.analysis.warnings);
  }, summary);
  for (const std::string& line : warnings.lines("warning[engine]")) progress.write_error(line + "\n");
  if (failed) return std::cerr << "gibo analyze: " << failed->message << "\n", kExitIo;  // it names the archive
  if (summary.nothing_queued)
    std::cerr << "gibo analyze: "
              << i18n::format("nothing is queued in {1} for this engine and limit ({2}, {3}); queue games with --where",
                              {archive::archive_name(o.db), o.engine.engine_name, o.engine.limit.text()})
              << "\n";
  if (o.out == Output::Text)
    progress.write(i18n::format("worker {1}: {2} games queued, {3} analysed and stored, {4} too late, {5} failed",
                                {summary.worker, std::to_string(summary.queued), std::to_string(summary.stored),
                                 std::to_string(summary.too_late), std::to_string(summary.failed)}) +
                   "\n");
  if (!std::cout.flush()) return kExitIo;
  return summary.failed ? kExitFindings : kExitOk;
}

}  // namespace

int run_analyze(const std::vector<std::string>& args) {
  AnalyzeOptions o;
  if (auto rc = parse_analyze(args, o)) return *rc;
  if (o.status) return show_queue(o);
  const Profile& fallback = o.forced ? *o.forced : default_profile();
  if (o.worker) return work_queue(o, fallback);
  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;  // a directory's other files: a note each, not read
  const std::vector<InputFile> files = expand_inputs(o.paths, missing, not_game);
  for (const InputError& m : missing) std::cerr << m.text() << "\n";
  for (const NotGameFile& n : not_game) std::cerr << n.text() << "\n";
  long io_errors = static_cast<long>(missing.size());
  ProtectedFiles protect;
  for (const InputFile& f : files) protect.add_input(f.path);
  if (!o.db.empty()) protect.add_archive(o.db);
  for (const std::string* path : {&o.pgn_path, &o.gib_path})
    if (!path->empty())
      if (const auto e = protect.conflict(*path)) return usage_error("analyze", e->message);
  if (!o.pgn_path.empty() && o.pgn_path == o.gib_path) return usage_error("analyze", "--pgn and --gib name the same file");
  std::unique_ptr<archive::Archive> db;  // read-write: the analyses are stored in it
  std::vector<std::int64_t> ids;
  if (!o.db.empty()) {
    if (const auto refused = refuse_unreadable_archive(o.db)) return *refused;
    auto opened = archive::Archive::open(o.db, archive::OpenMode::ReadWrite);
    if (!opened) return std::cerr << "gibo analyze: " << opened.error().message << "\n", kExitIo;
    db = std::move(*opened);
    auto selected = db->select_games(o.where);
    if (!selected) return usage_error("analyze", "--where: " + selected.error().message);
    ids = std::move(*selected);
  }
  std::optional<archive::AnalysisStore> store;
  if (db) store.emplace(*db, o.engine);
  std::optional<long> total;
  if (stderr_is_terminal())  // the progress line's ETA (a terminal only)
    if ((total = count_input_games(files, fallback))) *total += static_cast<long>(ids.size());
  AnalyzePrinter printer(o, store ? &*store : nullptr, total);
  // The annotated outputs are written as the games are done (committed at the end).
  if (auto e = printer.open_outputs()) return std::cerr << "gibo analyze: " << e->message << "\n", kExitIo;
  // Each game is analysed on a worker while the inputs are still being read, and its lines
  // are written in input order.
  AnalysisRun run(o.engine, o.jobs, [&](AnalysedJob&& d) { printer.emit(std::move(d)); });
  for (std::size_t k = 0; k < ids.size() && !printer.store_failed(); ++k) {
    auto job = store->job(ids[k], o.forced, fallback);
    if (!job) {
      run.finish();
      printer.progress().write_error("gibo analyze: " + archive::archive_name(o.db) + ": " + job.error().message + "\n");
      return kExitIo;
    }
    run.push(std::move(*job));
  }
  for (const InputFile& f : files) {
    ReadOptions ro;
    ro.profile = &fallback;
    ReadInfo info;
    const auto error = read_input_games(f.path, ro, info, [&](Game&& g) {
      AnalysisJob job;
      job.ref = f.path + ":" + std::to_string(g.source.game_index + 1);
      job.profile = &replay_under_profile(g, fallback);
      g.original_text.clear();  // not needed: the outputs are written from the plies
      job.game = std::move(g);
      run.push(std::move(job));
    });
    if (error) {
      ++io_errors;
      printer.progress().write_error(InputError{f.path, error->message}.text() + "\n");
    }
  }
  run.finish();
  printer.summary();
  if (auto e = printer.commit_outputs()) return std::cerr << "gibo analyze: " << e->message << "\n", kExitIo;
  if (!std::cout.flush()) return kExitIo;
  if (io_errors || printer.store_failed()) return kExitIo;
  return printer.failed() ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
