// gibo validate: read every game (any format), replay every ply under the game's rules
// profile, and report each problem compiler-style (or as JSON Lines), with a summary. The
// work is the formats layer's (validate_files, gibo/formats/validate_run.h); this file
// parses the options and prints.
#include <chrono>
#include <iostream>

#include "command.h"
#include "common_options.h"
#include "counts.h"
#include "gibo/formats/json.h"
#include "gibo/formats/json_writer.h"
#include "gibo/formats/validate_run.h"
#include "gibo/report/i18n.h"
#include "gibo/report/opening_text.h"
#include "inputs.h"
#include "outputs.h"
#include "progress.h"
#include "reporter.h"

namespace gibo::cli {
namespace {

struct Settings {
  Reporter reporter{ReportFormat::Text};
  const OpeningBook* openings = nullptr;  // names each game's opening (JSON Lines; text with --list-openings)
  bool list_openings = false;
  bool jsonl() const { return reporter.jsonl(); }
};

// A game's lines: its diagnostics (text), or its JSON Lines record.
void describe_game(const Settings& s, const std::string& path, const Game& g, const Profile& profile,
                   std::string& out) {
  if (s.jsonl()) {
    json::Writer w(out);
    Reporter::begin_game(w, "game", path, g.source.game_index)
        .field("line", g.source.line)
        .field("plies", static_cast<int>(g.plies.size()))
        .field("valid_plies", g.valid_plies)
        .field("valid", !g.has_errors())
        .field("annotated", g.annotated)
        .field("profile", profile.id)
        .field("result", g.result_text);
    w.key("opening");
    write_json_opening(w, name_opening(g, *s.openings));
    Reporter::diagnostics(w, "errors", g.diagnostics, Severity::Error);
    Reporter::diagnostics(w, "warnings", g.diagnostics, Severity::Warning);
    Reporter::diagnostics(w, "notes", g.diagnostics, Severity::Note);
    w.end_object();
    out += '\n';
    return;
  }
  for (const Diagnostic& d : g.diagnostics)
    if (d.severity != Severity::Note) out += Reporter::diagnostic_line(d);
  if (s.list_openings) {
    const Opening o = name_opening(g, *s.openings);
    out.append(path).append(":").append(std::to_string(g.source.game_index + 1)).append(": ");
    out.append(i18n::format("opening {1}: {2}", {opening_code(o), opening_text::name(o)})).append("\n");
  }
}

// A file's summary line (or JSON Lines record), or its I/O error.
void describe_file(const Settings& s, const ValidatedFile& file, std::string& out) {
  if (file.io_error) {
    out += s.reporter.unreadable(file.path, *file.io_error);
    return;
  }
  const ReadInfo& info = file.info;
  const ValidateCounts& games = file.games;
  if (s.jsonl()) {
    json::Writer w(out);
    Reporter::begin_file(w, file.path)
        .field("format", format_name(info.format))
        .field("encoding", text::encoding_name(info.encoding))
        .field("bom", info.bom)
        .field("games", games.games)
        .field("plies", games.plies)
        .field("valid", games.valid)
        .key("filler_runs")
        .begin_array();
    for (const FillerRun& f : info.filler_runs)
      w.begin_object().field("offset", f.offset).field("length", static_cast<int>(f.length)).field("byte", static_cast<int>(f.byte)).end_object();
    w.end_array();
    Reporter::diagnostics(w, "errors", info.diagnostics, Severity::Error);
    Reporter::diagnostics(w, "warnings", info.diagnostics, Severity::Warning);
    w.end_object();
    out += '\n';
    return;
  }
  using i18n::number;
  std::string how = std::string(format_name(info.format)) + ", " + std::string(text::encoding_name(info.encoding));
  if (info.bom) how += ", BOM";
  if (!info.filler_runs.empty())
    how += ", " + i18n::format("{1} filler runs removed", {number(static_cast<long long>(info.filler_runs.size()))});
  out += file.path + ": " +
         i18n::format("{1} games, {2} plies, {3} valid, {4} rejected ({5})",
                      {number(games.games), number(games.plies), number(games.valid),
                       number(games.games - games.valid), how}) +
         "\n";
}

// Validates `files` (ValidateRun), writing each file's lines in input order.
ValidateCounts validate(const std::vector<InputFile>& files, const ValidateOptions& options, const Settings& s) {
  Progress progress;
  ValidateHooks hooks;
  hooks.game = [&](const std::string& path, const Game& g, const Profile& profile, std::string& out) {
    describe_game(s, path, g, profile, out);
  };
  if (!s.jsonl())  // the file's own diagnostics before its games'
    hooks.file_start = [](const ReadInfo& info, std::string& out) {
      for (const Diagnostic& d : info.diagnostics) out += Reporter::diagnostic_line(d);
    };
  hooks.file_end = [&](const ValidatedFile& file, std::string& out) { describe_file(s, file, out); };
  hooks.emit = [&](std::string&& out, const ValidateCounts& so_far, std::size_t files_done) {
    progress.write(out);
    // "FILES/TOTAL files, N games"
    progress.draw(std::to_string(files_done) + "/" + std::to_string(files.size()) + " files, " +
                  std::to_string(so_far.games) + " games");
  };
  return validate_files(files, options, hooks);
}

// The summary: one line (or JSON Lines record), then the counts by code. `not_game_files`:
// the files a directory search listed as not game files.
void print_summary(const ValidateCounts& totals, long not_game_files, double seconds, const Settings& s) {
  if (s.jsonl()) {
    std::string line;
    json::Writer w(line);
    w.begin_object()
        .field("type", "summary")
        .field("files", totals.files)
        .field("games", totals.games)
        .field("plies", totals.plies)
        .field("valid", totals.valid)
        .field("rejected", totals.rejected)
        .field("io_errors", totals.io_errors);
    Reporter::input_counts(w, totals.io_errors, not_game_files);
    w.field("unannotated", totals.unannotated).field("seconds", seconds);
    write_counts(w, "rejected_by_code", totals.rejected_by_code);
    write_counts(w, "warnings_by_code", totals.warnings_by_code);
    write_counts(w, "notes_by_code", totals.notes_by_code);
    w.end_object();
    std::cout << line << "\n";
    return;
  }
  using i18n::number;
  std::cout << i18n::format("summary: {1} files, {2} games, {3} plies, {4} valid, {5} rejected",
                            {number(totals.files), number(totals.games), number(totals.plies), number(totals.valid),
                             number(totals.rejected)})
            << Reporter::input_counts_text(totals.io_errors, not_game_files) << "\n";
  print_counts(std::cout, "rejected by code", totals.rejected_by_code);
  print_counts(std::cout, "warnings by code", totals.warnings_by_code);
  print_counts(std::cout, "notes by code", totals.notes_by_code);
}

}  // namespace

int run_validate(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo validate [OPTIONS] PATHS...";
  po::options_description opts("options");
  std::string rules_id = default_profile().id, encoding = "auto", format = "text";
  int jobs = 1;
  bool strict = false, list_openings = false;
  std::vector<std::string> paths, opening_books;
  const SharedOptions shared{.rules = &rules_id,
                             .format = &format,
                             .jobs = &jobs,
                             .encoding = &encoding,
                             .strict = &strict,
                             .opening_books = &opening_books};
  add_shared_options(opts, shared);
  opts.add_options()("list-openings", po::bool_switch(&list_openings),
                     "text: also name each game's opening (FILE:GAME: opening CODE: NAME; formats/openings/README.md)");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("validate", synopsis, args, opts, paths, vm)) return *rc;

  Settings s;
  ValidateOptions v;
  v.profile = profile_or_usage("validate", rules_id);
  if (!v.profile) return kExitUsage;
  const auto input_enc = input_encoding_option("--encoding", encoding);
  if (!input_enc) return usage_error("validate", input_enc.error().message);
  v.encoding = *input_enc;
  v.strict = strict;
  v.jobs = jobs;
  if (const auto e = shared.format_error()) return usage_error("validate", *e);
  set_output_audience_for(format);
  s.reporter = Reporter(format == "jsonl" ? ReportFormat::Jsonl : ReportFormat::Text);
  if (const auto e = jobs_error(jobs)) return usage_error("validate", *e);
  if (paths.empty()) return no_input_error("validate", synopsis);
  int book_status = kExitOk;
  const std::optional<OpeningBook> book = opening_book_or_error("validate", opening_books, book_status);
  if (!book) return book_status;
  s.openings = &*book;
  s.list_openings = list_openings;

  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;
  const std::vector<InputFile> files = expand_inputs(paths, missing, not_game);
  std::cout << s.reporter.inputs(missing, not_game);
  keep_freed_memory();
  const auto start = std::chrono::steady_clock::now();
  ValidateCounts totals = validate(files, v, s);
  totals.io_errors += static_cast<long>(missing.size());
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_summary(totals, static_cast<long>(not_game.size()), seconds, s);
  if (totals.io_errors) return kExitIo;
  return totals.rejected ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
