// gibo analyze: every position of each game searched by a UCI engine; per ply the evaluation, best line and
// judgement of the move played, per game and side the average loss, accuracy, class counts and largest swing.
// The work is the analysis layer's (AnalysisRun over file_jobs; with --db the archive's ArchiveAnalysis, which
// stores the analyses, and its analysis queue); this file parses the options and prints.
#include <chrono>
#include <cstdio>
#include <iostream>

#include "archive_input.h"
#include "command.h"
#include "common_options.h"
#include "engine_options.h"
#include "gibo/analysis/analysis_jsonl.h"
#include "gibo/analysis/analysis_run.h"
#include "gibo/analysis/analysis_tally.h"
#include "gibo/analysis/annotated_files.h"
#include "gibo/archive/archive_analysis.h"
#include "gibo/archive/analysis_worker.h"
#include "gibo/report/i18n.h"
#include "inputs.h"
#include "outputs.h"
#include "progress.h"
#include "warning_tally.h"
#include "gibo/report/analysis_text.h"

namespace gibo::cli {
namespace {

using namespace gibo::analysis;

enum class Output { Text, Jsonl };

std::string render(const std::string& ref, const GameAnalysis& a, const std::string& engine, const Limit& limit,
                   Output out) {
  return out == Output::Jsonl ? analysis_jsonl(ref, a, engine, limit) : analysis_text(ref, a, engine, limit);
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
  AnalyzePrinter(const AnalyzeOptions& o, GamesTotal total) : o_(o), total_(std::move(total)) {}
  std::optional<Error> open_outputs() { return annotated_.open(o_.pgn_path, o_.gib_path, o_.out == Output::Text); }
  void emit(AnalysedJob&& d);
  void file_read(const InputFile& f, std::size_t games) { total_.file_read(f, games); }
  void add_to_total(std::size_t games) { total_.add(games); }
  // --db: a game could not be stored (the run stopped there); printed as it happened.
  void store_failed(const Error& e) {
    progress_.write_error("gibo analyze: " + archive::archive_name(o_.db) + ": " + e.message + "\n");
    store_failed_ = true;
  }
  // The summary, the annotated files committed: the exit status.
  int finish(long io_errors);
  Progress& progress() { return progress_; }

 private:
  void draw_progress();
  void summary();
  const AnalyzeOptions& o_;
  GamesTotal total_;
  Progress progress_;
  AnnotatedFiles annotated_;  // --pgn, --gib
  AnalysisTally tally_;
  // The diagnostics for standard error, each cause once with its count, at the end.
  WarningTally errors_, warnings_;
  bool store_failed_ = false;  // --db: a game could not be stored (the run stops there)
  const std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

void AnalyzePrinter::emit(AnalysedJob&& d) {
  const GameAnalysis& a = d.analysis;
  tally_.add(d);
  progress_.write(render(d.job.ref, a, o_.engine.engine_name, o_.engine.limit, o_.out));
  if (!a.error.empty()) errors_.add(d.job.ref, {AnalysisWarning{-1, a.error, ""}});
  warnings_.add(d.job.ref, a.warnings);
  annotated_.add(d);
  draw_progress();
}

// "3/10 games, 41.5 positions/s, ETA 2:05"
void AnalyzePrinter::draw_progress() {
  if (!progress_.shown()) return;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  progress_.draw(games_progress_text(tally_.games, total_.value(), seconds,
                                     one_decimal(seconds > 0 ? static_cast<double>(tally_.positions) / seconds : 0)));
}

void AnalyzePrinter::summary() {
  progress_.draw("");
  for (const WarningTally* t : {&errors_, &warnings_})
    for (const std::string& line : t->lines(t == &errors_ ? "error[analysis]" : "warning[engine]"))
      progress_.write_error(line + "\n");
  if (o_.out == Output::Text) progress_.write(analysis_summary_text(tally_, !o_.db.empty()));
  if (o_.db.empty() || store_failed_) return;
  const std::string already = already_analysed_text(archive::archive_name(o_.db), tally_.from_archive, tally_.games,
                                                    o_.engine.engine_name, o_.engine.limit);
  if (!already.empty()) progress_.write_error("gibo analyze: " + already + "\n");
}

int AnalyzePrinter::finish(long io_errors) {
  summary();
  if (auto e = annotated_.commit()) return std::cerr << "gibo analyze: " << e->message << "\n", kExitIo;
  if (!std::cout.flush()) return kExitIo;
  if (io_errors || store_failed_) return kExitIo;
  return tally_.failed() ? kExitFindings : kExitOk;
}

// --db: the games --where selects analysed, each analysis stored (the archive's
// ArchiveAnalysis).
int analyse_archive(const AnalyzeOptions& o, const Profile& fallback) {
  if (const auto refused = refuse_unreadable_archive(o.db)) return *refused;
  auto db = archive::Archive::open(o.db, archive::OpenMode::ReadWrite);  // the analyses are stored in it
  if (!db) return std::cerr << "gibo analyze: " << db.error().message << "\n", kExitIo;
  archive::ArchiveAnalysis analysis(**db, o.engine, o.jobs);
  const auto selected = analysis.select(o.where);
  if (!selected) return usage_error("analyze", "--where: " + selected.error().message);
  AnalyzePrinter printer(o, GamesTotal({}));
  printer.add_to_total(*selected);
  if (auto e = printer.open_outputs()) return std::cerr << "gibo analyze: " << e->message << "\n", kExitIo;
  const auto failed = analysis.run(o.forced, fallback, [&](AnalysedJob&& d) { printer.emit(std::move(d)); });
  using Step = archive::ArchiveAnalysis::Failure::Step;
  if (failed && failed->step == Step::Reading) {
    printer.progress().write_error("gibo analyze: " + archive::archive_name(o.db) + ": " + failed->error.message + "\n");
    return kExitIo;
  }
  if (failed) printer.store_failed(failed->error);
  return printer.finish(0);
}

// --status: the archive's analysis queue.
int show_queue(const AnalyzeOptions& o) {
  const auto opened = open_archive("analyze", o.db);
  if (!opened) return kExitIo;
  const auto st = opened->queue_status();
  if (!st) return std::cerr << "gibo analyze: " << archive::archive_name(o.db) << ": " << st.error().message << "\n", kExitIo;
  std::cout << queue_status_text(archive::archive_name(o.db), *st);
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
    std::cerr << "gibo analyze: " << nothing_queued_text(archive::archive_name(o.db), o.engine.engine_name, o.engine.limit)
              << "\n";
  if (o.out == Output::Text) progress.write(queue_worker_text(summary) + "\n");
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
  if (!o.db.empty()) return analyse_archive(o, fallback);
  AnalyzePrinter printer(o, GamesTotal(files));
  // The annotated outputs are written as the games are done (committed at the end).
  if (auto e = printer.open_outputs()) return std::cerr << "gibo analyze: " << e->message << "\n", kExitIo;
  // Each game is analysed on a worker while the inputs are still being read, and its lines
  // are written in input order.
  AnalysisRun run(o.engine, o.jobs, [&](AnalysedJob&& d) { printer.emit(std::move(d)); });
  for (const InputFile& f : files) {
    auto jobs = file_jobs(f.path, fallback);
    printer.file_read(f, jobs ? jobs->size() : 0);
    if (!jobs) {
      ++io_errors;
      printer.progress().write_error(InputError{f.path, jobs.error().message}.text() + "\n");
      continue;
    }
    for (AnalysisJob& job : *jobs) run.push(std::move(job));
  }
  run.finish();
  return printer.finish(io_errors);
}

}  // namespace gibo::cli
