// gibo export: write games from an archive back to files. Games are rebuilt from the
// database (archive.h load_game) and written with the format writers, so what was
// imported exports to the same games (same start, same moves, same tags and result).
//
// Selection policy: --where is an SQL expression over the facts view (the fields `gibo
// stats --help` lists; archive/facts.h) and --query a whole SELECT whose first column is
// a game id; the database is opened read-only and only one read-only statement is
// accepted, so a selection cannot change the archive. Output policy: no -o writes to standard output; -o FILE writes one file;
// -o DIR (an existing directory, or a path ending in '/') writes one file per source
// file, named after it (`<stem>.<ext>`, `-2`, `-3`... when two sources share a stem).
// No output may be the archive (outputs.h); every output file is complete or absent.
// Memory policy: one game is loaded, written and let go at a time (GameWriter).
#include <filesystem>
#include <iostream>

#include "archive_input.h"
#include "command.h"
#include "gibo/archive/export_run.h"
#include "gibo/report/i18n.h"
#include "common_options.h"
#include "export_training.h"
#include "outputs.h"

namespace gibo::cli {
namespace {

// Prints why an export stopped; its exit status.
int export_failed(const archive::ExportFailure& f, const std::string& synopsis) {
  using Kind = archive::ExportFailure::Kind;
  if (f.kind == Kind::NotGameIds) return usage_error("export", f.error.message, synopsis);
  std::cerr << "gibo export: " << f.error.message << "\n";
  return f.kind == Kind::Usage ? kExitUsage : kExitIo;
}

// The line that says how many games were written, and how many only up to their last legal
// ply (a finding, as `convert --keep-broken` makes them: never cut short silently).
void print_written(const std::string& output, long written, long cut) {
  const std::string cut_note =
      cut ? " (" +
                i18n::format(cut == 1 ? "{1} game only up to the last legal ply, marked [Termination \"unterminated\"]"
                                      : "{1} games only up to the last legal ply, marked [Termination \"unterminated\"]",
                             {std::to_string(cut)}) +
                ")"
          : std::string();
  if (!output.empty())
    std::cerr << "gibo export: " << i18n::format("{1} games written to {2}", {std::to_string(written), output}) << cut_note
              << "\n";
  else if (cut) std::cerr << "gibo export: " << i18n::format("{1} games written", {std::to_string(written)}) << cut_note << "\n";
}

// Exports the games (archive::ExportRun) and says what was written; the exit status. On a
// failure the outputs are discarded: nothing half-written stays.
int export_games(archive::ExportSettings settings, const ProtectedFiles& protect, const std::string& synopsis) {
  const auto archive = open_archive("export", settings.db);
  if (!archive) return kExitIo;
  const std::string output = settings.output;
  const WriteOptions wo = settings.write;
  archive::ExportRun run(*archive, std::move(settings), protect, std::cout);
  if (auto failure = run.select()) return export_failed(*failure, synopsis);
  if (auto failure = run.write([&](const Game& g, const WriteLoss& loss) { report_write_loss(g, loss, wo); }))
    return export_failed(*failure, synopsis);
  long written = run.written(), cut = run.cut();
  bool failed = false;
  const long streamed = run.finish_stream();
  if (output.empty() && !flush_standard_output("export")) failed = true, written -= streamed;
  for (const archive::FailedOutput& f : run.close_files()) {
    std::cerr << "gibo export: " << f.error.message << "\n";
    failed = true;
    written -= f.games;
  }
  if (failed) cut = 0;
  print_written(output, written, cut);
  if (failed) return kExitIo;
  return cut ? kExitFindings : kExitOk;
}

}  // namespace

// --to positions | fsf-plain: the checks of their options, then export_training.
int export_training_run(const std::string& db, const std::string& where, const std::string& query,
                        const std::string& output, const std::string& to, const po::variables_map& vm,
                        TrainingExport& t, const std::string& synopsis) {
  auto usage = [&](const std::string& message) { return usage_error("export", message, synopsis); };
  if (!query.empty()) return usage("--to " + to + " takes --where, not --query");
  if (t.options.skip_plies < 0) return usage("--skip-plies must be 0 or more");
  if (!vm.count("validation-percent")) t.options.validation_percent = 10;
  if (t.options.validation_percent < 0 || t.options.validation_percent > 100)
    return usage("--validation-percent must be 0 to 100");
  if (vm.count("validation-percent") && t.validation_output.empty())
    return usage("--validation-percent needs --validation FILE");
  ProtectedFiles protect;
  protect.add_archive(db);
  for (const std::string& path : {output, t.validation_output})
    if (auto why = protect.conflict(path)) return usage(why->message);
  if (!output.empty() && output == t.validation_output) return usage("-o and --validation name the same file");
  if (std::filesystem::is_directory(output)) return usage("--to " + to + " writes one file: -o names a directory");
  set_output_audience(Audience::Programs);
  t.db = db;
  t.output = output;
  t.options.where = where;
  t.options.form = to == "positions" ? training::Form::Jsonl : training::Form::Plain;
  return export_training(t);
}

// The options of --to positions and fsf-plain, into `training`.
static po::options_description training_options(TrainingExport& training) {
  po::options_description train("training data (--to positions or fsf-plain)");
  train.add_options()("skip-plies", po::value(&training.options.skip_plies)->value_name("N"),
                      "leave out the positions before ply N")(
      "skip-check", po::bool_switch(&training.options.skip_check), "leave out positions whose side to move is in check")(
      "skip-captures", po::bool_switch(&training.options.skip_captures), "leave out positions right after a capture")(
      "distinct", po::bool_switch(&training.options.distinct),
      "one record a distinct position (its first occurrence), not one an occurrence")(
      "evaluated", po::bool_switch(&training.options.evaluated_only),
      "leave out positions without a stored evaluation (fsf-plain always does)")(
      "validation", po::value(&training.validation_output)->value_name("FILE"),
      "write the records of a share of the games here (by game, the same games every time)")(
      "validation-percent", po::value(&training.options.validation_percent)->value_name("N"),
      "the share of games --validation takes, in percent (default 10)");
  return train;
}

int run_export(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo export [OPTIONS] --db FILE --to gib|pgn|json|jsonl|fen|uci|positions|fsf-plain [--where EXPR | --query SQL] "
      "[--copies] "
      "[-o FILE|DIR]";
  po::options_description opts("options");
  archive::ExportSettings settings;
  std::string to, encoding = "utf-8";
  TrainingExport training;
  add_shared_options(opts, {.db = &settings.db, .where = &settings.where});
  opts.add_options()("query", po::value(&settings.query), "a SELECT whose first column is a game id")(
      "to", po::value(&to),
      "output format: gib, pgn, json (one array), jsonl (one game a line), fen or uci; positions (one JSON line a "
      "position, for training) or fsf-plain (variant-nnue-tools' plain text)")(
      "output,o", po::value(&settings.output), "output file, or directory for one file per source (default stdout)")(
      "encoding", po::value(&encoding), "gib output encoding: utf-8 or cp949")(
      "hanja", "gib output: hanja piece letters")(
      "positions", "json, jsonl output: one object a ply with the board's view of it and the FEN after it")(
      "copies", "also write each game's copies (its other records, the same game published again) after it");
  opts.add(training_options(training));
  po::positional_options_description pos_opts;
  po::variables_map vm;
  if (auto rc = parse_command_line("export", synopsis, args, opts, pos_opts, vm)) return *rc;
  auto usage = [&](const std::string& message) { return usage_error("export", message, synopsis); };
  if (settings.db.empty()) return usage("--db FILE is required");
  if (to.empty()) return usage("--to FORMAT is required");
  if (!settings.where.empty() && !settings.query.empty()) return usage("give --where or --query, not both");
  if (to == "positions" || to == "fsf-plain")
    return export_training_run(settings.db, settings.where, settings.query, settings.output, to, vm, training, synopsis);
  for (const char* only : {"skip-plies", "skip-check", "skip-captures", "distinct", "evaluated", "validation",
                           "validation-percent"})
    if (!vm[only].defaulted() && vm.count(only))
      return usage(std::string("--") + only + " is for --to positions or fsf-plain");
  const auto gib_enc = gib_encoding_option("--encoding", encoding);
  if (!gib_enc) return usage(gib_enc.error().message);
  settings.write.gib_encoding = *gib_enc;
  const std::optional<Format> format = format_from_name(to);
  if (!format) return usage("--to must be gib, pgn, json, jsonl, fen or uci");
  settings.write.format = *format;
  settings.write.hanja = vm.count("hanja") > 0;
  settings.write.positions = vm.count("positions") > 0;
  settings.copies = vm.count("copies") > 0;
  set_output_audience(Audience::Programs);  // records, written exactly
  ProtectedFiles protect;
  protect.add_archive(settings.db);
  if (auto why = protect.conflict(settings.output)) return usage(why->message);
  return export_games(std::move(settings), protect, synopsis);
}

}  // namespace gibo::cli
