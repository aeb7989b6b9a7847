// gibo rescore: re-score each game's ending under a rules profile, beside the stored
// historical result (which is never changed): one line (text), row (CSV) or object
// (JSON Lines) per game and a summary, on files and on a database (--db) alike; on a
// database the verdicts are also stored in the verdicts table. The work is the archive
// layer's (archive::RescoreRun, ArchiveRescore); this file parses the options and prints
// (rescore_output.h).
#include <chrono>
#include <iostream>

#include "archive_input.h"
#include "command.h"
#include "common_options.h"
#include "engine_options.h"
#include "gibo/archive/rescore_run.h"
#include "inputs.h"
#include "outputs.h"
#include "gibo/core/ordered_parallel.h"
#include "progress.h"
#include "reporter.h"
#include "rescore_output.h"
#include "warning_tally.h"

namespace gibo::cli {
namespace {

struct RescoreOptions {
  std::string rules_id, bikjang = "off", format = "text", db, where;
  std::vector<std::string> paths;
  EngineChoice engine;
  archive::RescoreSettings settings;
  RescoreFormat out = RescoreFormat::Text;
  bool use_engine() const { return settings.engine.has_value(); }
};

// Parses and checks the options (and probes the engine with --engine); an exit status
// when the run stops there.
std::optional<int> parse_rescore(const std::vector<std::string>& args, RescoreOptions& o) {
  const std::string synopsis = "gibo rescore [OPTIONS] (PATHS... | --db FILE [--where EXPR])";
  po::options_description opts("options");
  const SharedOptions shared{
      .db = &o.db, .db_note = "; its games are re-scored and the verdicts stored", .where = &o.where, .rules = &o.rules_id,
      .rules_help = "the profile that judges: on files, of records that save no rules; with --db, of every game. "
                    "Without it: each record's saved rules, else janggi-gg",
      .format = &o.format, .formats = {"text", "csv", "jsonl"}, .jobs = &o.settings.jobs};
  add_shared_options(opts, shared);
  opts.add_options()("bikjang", po::value(&o.bikjang), "bikjang option (janggi-gg) for records that state none: on or off");
  add_engine_options(opts, o.engine, true);
  opts.add_options()("margin", po::value(&o.settings.margin),
                     "with --engine: centipawns the stored winner must be ahead by (default 300)");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("rescore", synopsis, args, opts, o.paths, vm)) return *rc;
  if (!o.rules_id.empty() && !(o.settings.forced = profile_or_usage("rescore", o.rules_id))) return kExitUsage;
  if (o.bikjang != "on" && o.bikjang != "off") return usage_error("rescore", "--bikjang must be on or off");
  o.settings.bikjang_fallback = o.bikjang == "on";
  set_output_audience_for(o.format);
  if (o.format == "text") o.out = RescoreFormat::Text;
  else if (o.format == "csv") o.out = RescoreFormat::Csv;
  else if (o.format == "jsonl") o.out = RescoreFormat::Jsonl;
  else return usage_error("rescore", "--format must be text, csv or jsonl");
  if (const auto e = jobs_error(o.settings.jobs)) return usage_error("rescore", *e);
  const bool use_engine = vm.count("engine") > 0;
  if (use_engine) reclaim_engine_word(args, o.engine, o.paths);
  if (!use_engine)
    for (const char* name : {"depth", "nodes", "movetime", "option", "timeout", "margin"})
      if (vm.count(name) && !vm[name].defaulted()) return usage_error("rescore", std::string("--") + name + " needs --engine");
  if (use_engine) {
    if (o.settings.margin <= 0) return usage_error("rescore", "--margin must be positive");
    if (auto rc = resolve_engine_choice("rescore", vm, o.engine)) return *rc;
    if (o.db.empty() && o.paths.empty()) return no_input_error("rescore", synopsis);
    if (auto rc = probe_engine("rescore", o.engine)) return *rc;
    o.settings.engine = o.engine;
  }
  if (!o.db.empty() && !o.paths.empty()) return usage_error("rescore", "give PATHS or --db, not both");
  if (o.db.empty() && !o.where.empty()) return usage_error("rescore", "--where needs --db");
  if (o.db.empty() && o.paths.empty()) return no_input_error("rescore", synopsis);
  return std::nullopt;
}

// What a run over files prints and counts, in input order.
struct FilesPrinter {
  FilesPrinter(RescoreFormat out_, bool engine_, const Reporter* reporter_ = nullptr)
      : out(out_), engine(engine_), reporter(reporter_) {}
  RescoreFormat out;
  bool engine;
  const Reporter* reporter;
  archive::RescoreCounts counts;
  WarningTally warnings;  // --engine: the engine's diagnostics, each cause once, at the end
  long io_errors = 0, file_errors = 0;
  std::ostream& report_stream() const { return out == RescoreFormat::Jsonl ? std::cout : std::cerr; }
  // A file's end: why it could not be read, or its own errors.
  void file_end(const std::string& path, const archive::RescoredFileEnd& end) {
    if (end.unread) {
      ++io_errors;
      report_stream() << reporter->unreadable(path, end.unread->message);
      return;
    }
    const std::string errors = rescore_file_errors(path, end.info, out);
    report_stream() << errors;
    file_errors += !errors.empty();
  }
  // A game's line; counted.
  std::string game(const archive::RescoredGame& g) {
    if (g.engine) warnings.add(g.ref(), g.engine->warnings);
    counts.add(g);
    return render_rescored(g, out, engine);
  }
};

// The games of the files, -j N files at once (each read whole on a worker), printed in order.
void rescore_files_in_parallel(const std::vector<InputFile>& files, const RescoreOptions& o, FilesPrinter& printer) {
  struct FileDone {
    std::string output;
    archive::RescoreCounts counts;
    archive::RescoredFileEnd end;
  };
  ordered_parallel<FileDone>(
      files.size(), o.settings.jobs,
      [&](std::size_t i) {
        FileDone done;
        done.end = archive::rescore_file(files[i].path, o.settings, [&](archive::RescoredGame&& g) {
          done.counts.add(g);
          done.output += render_rescored(g, o.out, false);
        });
        return done;
      },
      [&](std::size_t i, FileDone&& done) {
        if (!done.end.unread) std::cout << done.output, printer.counts.add(done.counts);
        printer.file_end(files[i].path, done.end);
      });
}

// rescore --engine on files: the games read in order on this thread, their unverifiable
// endings judged by -j N engines, each game printed in order (a progress line on a terminal).
void rescore_files_with_engine(const std::vector<InputFile>& files, const RescoreOptions& o, FilesPrinter& printer) {
  Progress progress;  // on a terminal: games done of those the inputs hold, ETA
  std::optional<long> total;
  if (progress.shown()) total = count_input_games(files, o.settings.fallback());
  long done = 0;
  const auto started = std::chrono::steady_clock::now();
  archive::RescoreRun run(o.settings, [&](archive::RescoredGame&& g) {
    if (g.file_end) {
      progress.draw("");  // cleared before the file's own lines
      return printer.file_end(g.file, *g.file_end);
    }
    progress.write(printer.game(g));
    progress.draw(games_progress_text(
        ++done, total, std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()));
  });
  for (const InputFile& f : files) run.push_file(f.path);
  run.finish();
  progress.draw("");
}

// Re-scores the games of the files `o.paths` name: a line/row/object per game, then the summary.
int rescore_files(const RescoreOptions& o) {
  // Inputs that cannot be read and files that are not game files: in the JSON Lines
  // stream, or (text, CSV) on standard error.
  const Reporter reporter(o.out == RescoreFormat::Jsonl ? ReportFormat::Jsonl : ReportFormat::Text);
  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;
  const std::vector<InputFile> files = expand_inputs(o.paths, missing, not_game);
  FilesPrinter printer(o.out, o.use_engine(), &reporter);
  printer.report_stream() << reporter.inputs(missing, not_game);
  if (o.out == RescoreFormat::Csv) std::cout << rescore_csv_header(o.use_engine());
  printer.io_errors = static_cast<long>(missing.size());
  if (o.use_engine()) rescore_files_with_engine(files, o, printer);
  else rescore_files_in_parallel(files, o, printer);
  for (const std::string& line : printer.warnings.lines("warning[engine]")) std::cerr << line << "\n";
  return print_rescore_summary(printer.counts, printer.io_errors, static_cast<long>(not_game.size()), o.out,
                               printer.file_errors, o.use_engine());
}

// rescore --db: the games `o.where` selects re-scored and their verdicts stored (the
// archive's ArchiveRescore), a line/row/object per game as for files (a progress line on a
// terminal with --engine).
int rescore_database(const RescoreOptions& o) {
  const auto db = open_archive("rescore", o.db, archive::OpenMode::ReadWrite);  // stores verdicts
  if (!db) return kExitIo;
  archive::ArchiveRescore rescore(*db, o.settings);
  const auto total = rescore.select(o.where);
  if (!total) return usage_error("rescore", "--where: " + total.error().message);
  if (o.out == RescoreFormat::Csv) std::cout << rescore_csv_header(o.use_engine());
  FilesPrinter printer(o.out, o.use_engine());
  Progress progress;
  const bool live = o.use_engine() && progress.shown();
  std::string lines;
  long done = 0;
  const auto started = std::chrono::steady_clock::now();
  const auto failed = rescore.run([&](archive::RescoredGame&& g) {
    lines += printer.game(g);
    if (live || lines.size() >= (1u << 16)) progress.write(lines), lines.clear();
    if (live)
      progress.draw(games_progress_text(++done, static_cast<long>(*total),
                                        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()));
  });
  progress.draw("");
  progress.write(lines);
  for (const std::string& line : printer.warnings.lines("warning[engine]")) std::cerr << line << "\n";
  if (failed) {
    std::cerr << "gibo rescore: " << failed->message << "\n";
    return kExitIo;
  }
  return print_rescore_summary(printer.counts, 0, 0, o.out, 0, o.use_engine());
}

}  // namespace

int run_rescore(const std::vector<std::string>& args) {
  RescoreOptions o;
  if (auto rc = parse_rescore(args, o)) return *rc;
  return o.db.empty() ? rescore_files(o) : rescore_database(o);
}

}  // namespace gibo::cli
