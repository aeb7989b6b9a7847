// gibo import: load game files into an archive, SQLite or PostgreSQL (the archive layer's
// import_files, gibo/archive/import.h), every record kept and each game once, resumable,
// with a progress bar on a terminal and a summary, in text or JSON Lines (the report
// layer's words, gibo/report/import_text.h). This file parses the options, expands the
// inputs and prints.
//
// Input policy: PATHS are files, directories (searched recursively for game files),
// "-" for standard input, and glob patterns (`'archive/*.gib'`, expanded here with
// glob(3) when the shell left them alone). A pattern that matches nothing is reported
// like a missing file.
#include <glob.h>

#include <filesystem>
#include <iostream>

#include "command.h"
#include "common_options.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/import.h"
#include "gibo/report/i18n.h"
#include "gibo/report/import_text.h"
#include "inputs.h"
#include "outputs.h"
#include "reporter.h"

namespace gibo::cli {
namespace {

// Expands glob patterns that do not name an existing path; other arguments pass as they are.
std::vector<std::string> expand_globs(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const std::string& a : args) {
    std::error_code ec;
    const bool pattern = a.find_first_of("*?[") != std::string::npos;
    if (a == "-" || !pattern || std::filesystem::exists(a, ec)) {
      out.push_back(a);
      continue;
    }
    glob_t g{};
    if (::glob(a.c_str(), GLOB_TILDE | GLOB_BRACE, nullptr, &g) == 0) {
      for (std::size_t i = 0; i < g.gl_pathc; ++i) out.emplace_back(g.gl_pathv[i]);
    } else {
      out.push_back(a);  // no match: expand_inputs reports it as missing
    }
    ::globfree(&g);
  }
  return out;
}

// The options of a run: the library's (archive::ImportOptions), the paths and the report's form.
struct ImportArgs {
  archive::ImportOptions options;
  std::vector<std::string> paths;
  bool jsonl = false;
};

constexpr const char* kSynopsis = "gibo import [OPTIONS] --db FILE PATHS...";

// Parses import's command line into `a`; the exit status when the run ends here.
std::optional<int> parse_import(const std::vector<std::string>& args, ImportArgs& a) {
  po::options_description opts("options");
  std::string db, rules_id = default_profile().id, format = "text", encoding = "auto";
  int jobs = 1, batch = 5000;
  bool strict = false;
  std::vector<std::string> opening_books;
  const SharedOptions shared{.db = &db, .creates_db = true, .rules = &rules_id, .format = &format, .jobs = &jobs,
                             .encoding = &encoding, .strict = &strict, .opening_books = &opening_books};
  add_shared_options(opts, shared);
  opts.add_options()("valid-only", "store only games that replay without error (the others are counted)")(
      "batch", po::value(&batch), "games per transaction (default 5000)");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("import", kSynopsis, args, opts, a.paths, vm)) return *rc;
  archive::ImportOptions& options = a.options;
  options.fallback = profile_or_usage("import", rules_id);
  if (!options.fallback) return kExitUsage;
  auto usage = [&](const std::string& message) { return usage_error("import", message, kSynopsis); };
  if (db.empty()) return usage("--db FILE is required");
  if (const auto e = shared.format_error()) return usage(*e);
  set_output_audience_for(format);
  if (const auto e = jobs_error(jobs)) return usage(*e);
  if (batch < 1) return usage("--batch must be at least 1");
  const auto input_enc = input_encoding_option("--encoding", encoding);
  if (!input_enc) return usage(input_enc.error().message);
  options.encoding = *input_enc;
  // The archive's own opening book (formats/openings/README.md): the rows of the files given
  // replace those it had, and its games are named again when that changes its book; alone,
  // with no PATHS, that is all the run does.
  if (a.paths.empty() && opening_books.empty()) return usage("no input");
  if (!opening_books.empty()) {
    int book_status = kExitOk;
    std::string rows;
    if (!opening_book_or_error("import", opening_books, book_status, &rows)) return book_status;
    options.opening_rows = rows;
  }
  options.db_path = db;
  options.jobs = jobs;
  options.batch_games = batch;
  options.valid_only = vm.count("valid-only") > 0;
  options.strict_annotations = strict;
  a.jsonl = format == "jsonl";
  return std::nullopt;
}

// Imports `files` (archive::import_files), printing each file's lines as it is done and a
// progress bar on a terminal; the summary.
std::pair<std::optional<Error>, archive::ImportSummary> import_printing(const std::vector<std::string>& files,
                                                                        const ImportArgs& a) {
  archive::ImportCallbacks callbacks;
  bool bar_shown = false;
  callbacks.on_file = [&](const archive::FileReport& r) {
    const std::string lines = import_text::file_lines(r, a.jsonl);
    if (lines.empty()) return;
    if (bar_shown) terminal_control() << "\r\033[K";  // the bar is redrawn below the lines
    std::cout << lines << std::flush;
  };
  if (stderr_is_terminal())
    callbacks.on_progress = [&](const archive::ImportProgress& p) {
      terminal_control() << "\r";
      std::cerr << import_text::progress_bar(p) << std::flush;
      bar_shown = true;
    };
  archive::ImportSummary summary;
  keep_freed_memory();
  const std::optional<Error> error = archive::import_files(files, a.options, callbacks, summary);
  if (bar_shown) terminal_control() << "\r\033[K";
  return {error, std::move(summary)};
}

}  // namespace

int run_import(const std::vector<std::string>& args) {
  ImportArgs a;
  if (auto rc = parse_import(args, a)) return *rc;
  const std::string& db = a.options.db_path;
  const Reporter reporter(a.jsonl ? ReportFormat::Jsonl : ReportFormat::Text);
  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;
  const std::vector<InputFile> inputs = expand_inputs(expand_globs(a.paths), missing, not_game);
  std::cout << reporter.inputs(missing, not_game);
  std::vector<std::string> files;
  for (const InputFile& f : inputs) files.push_back(f.path);
  // The archive is never one of the inputs (outputs.h), and no input at all is no reason
  // to create an empty archive.
  ProtectedFiles protect;
  for (const std::string& f : files) protect.add_input(f);
  if (!archive::is_server_archive(db))
    if (auto why = protect.archive_conflict(db)) return usage_error("import", why->message, kSynopsis);
  if (files.empty() && !a.paths.empty()) {
    std::cerr << "gibo import: " << i18n::translate(missing.empty() ? "no game file found" : "no input could be read") << "; "
              << i18n::format("{1} is left as it was", {db}) << "\n";
    return missing.empty() ? kExitFindings : kExitIo;
  }
  const auto [error, summary] = import_printing(files, a);
  // A database that could not be opened at all gets the error alone; otherwise the
  // summary says what was committed before the error.
  if (!error || summary.files > 0)
    std::cout << import_text::summary(summary, {static_cast<long>(missing.size()), static_cast<long>(not_game.size())}, db,
                                      a.jsonl);
  if (error) {
    std::cerr << "gibo import: " << error->message << "\n";
    return kExitIo;
  }
  if (!missing.empty() || summary.unreadable) return kExitIo;
  return summary.invalid || !summary.file_errors_by_code.empty() ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
