// gibo import: load game files into an archive, SQLite or PostgreSQL (gibo/archive/import.h),
// every record kept and each game once, resumable, with a progress bar on a terminal and a
// summary (text or
// JSON Lines).
//
// Input policy: PATHS are files, directories (searched recursively for game files),
// "-" for standard input, and glob patterns (`'archive/*.gib'`, expanded here with
// glob(3) when the shell left them alone). A pattern that matches nothing is reported
// like a missing file.
#include <glob.h>

#include <filesystem>
#include <iostream>

#include "command.h"
#include "gibo/report/copy_text.h"
#include "gibo/report/i18n.h"
#include "counts.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/import.h"
#include "gibo/formats/json_writer.h"
#include "inputs.h"
#include "common_options.h"
#include "outputs.h"
#include "reporter.h"
#include "gibo/record/first_error.h"

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

void progress_bar(const archive::ImportProgress& p) {
  constexpr int kWidth = 24;
  const int filled = p.files_total ? static_cast<int>(kWidth * p.files_done / p.files_total) : kWidth;
  std::string bar(static_cast<std::size_t>(filled), '=');
  bar.resize(kWidth, ' ');
  const long rate = p.seconds > 0 ? static_cast<long>(static_cast<double>(p.games) / p.seconds) : 0;
  using i18n::number;
  terminal_control() << "\r";
  std::cerr << "[" << bar << "] "
            << i18n::format("{1}/{2} files  {3} games  {4} games/s  {5} errors",
                            {std::to_string(p.files_done), std::to_string(p.files_total), number(p.games), number(rate),
                             number(p.invalid)})
            << " " << std::flush;
}

// A game with errors as its diagnostics say it: the file and the game's rank in it (the
// FILE:GAME reference), whatever the reader of the format put there.
Diagnostic in_game(Diagnostic d, const std::string& path, int game_index) {
  d.file = path;
  d.game = game_index;
  return d;
}

// The JSON Lines objects of a file's records stored beside a game of the same moves:
// replaced, twin, conflict.
void copy_objects(const archive::FileReport& r, std::string& line) {
  for (const archive::ReplacedGame& g : r.replacements) {
    json::Writer rw(line);
    Reporter::begin_game(rw, "replaced", r.path, g.game_index)
        .field("game_id", g.game_id)
        .field("broken_file", g.path)
        .field("broken_index", g.broken_game_index)
        .field("broken_error_code", g.error_code)
        .field("broken_error_ply", g.error_ply)
        .end_object();
    line += '\n';
  }
  for (const archive::TwinReport& t : r.twins) {
    json::Writer w(line);
    Reporter::begin_game(w, "twin", r.path, t.game_index)
        .field("game_id", t.game_id)
        .field("twin_of", t.twin_of)
        .field("twin_file", t.path)
        .field("twin_index", t.twin_index)
        .field("conflicts", archive::conflict_words(t.conflicts))
        .end_object();
    line += '\n';
  }
  for (const archive::ConflictReport& c : r.conflicts) {
    json::Writer w(line);
    Reporter::begin_game(w, "conflict", r.path, c.game_index)
        .field("copy_of", c.game_id)
        .field("game_file", c.path)
        .field("game_index", c.kept_index)
        .field("conflicts", archive::conflict_words(c.conflicts))
        .end_object();
    line += '\n';
  }
}

// The text lines of a file's records stored beside a game of the same moves: each valid
// one stored in place of a broken copy, each twin, each copy that says otherwise.
std::string copy_lines(const archive::FileReport& r) {
  std::string out;
  for (const archive::ReplacedGame& g : r.replacements) {
    std::string broken = g.path;
    broken += ':';
    broken += std::to_string(g.broken_game_index + 1);
    std::string why = "error[";
    why += g.error_code;
    why += ']';
    if (g.error_ply > 0) {
      why += ' ';
      why += i18n::format("at ply {1}", {std::to_string(g.error_ply)});
    }
    out += r.path + ":" + std::to_string(g.game_index + 1) + ": " +
           i18n::format("stored in place of its broken copy {1} ({2}), now kept as its copy", {broken, why}) + "\n";
  }
  for (const archive::TwinReport& t : r.twins)
    out += r.path + ":" + std::to_string(t.game_index + 1) + ": " +
           i18n::format("another game with the moves of {1} (archive id {2}): it names {3} otherwise, and a game this "
                        "short can be played twice",
                        {t.path + ":" + std::to_string(t.twin_index + 1), std::to_string(t.twin_of),
                         conflicts_text(t.conflicts)}) +
           "\n";
  for (const archive::ConflictReport& c : r.conflicts)
    out += r.path + ":" + std::to_string(c.game_index + 1) + ": " +
           i18n::format("kept as a copy of {1} (archive id {2}), which it says otherwise: {3}",
                        {c.path + ":" + std::to_string(c.kept_index + 1), std::to_string(c.game_id),
                         conflicts_text(c.conflicts)}) +
           "\n";
  return out;
}

// The lines a file report prints (possibly none): in text, the file's problems and, for
// every game with errors, its first error as validate prints it; in JSON Lines, one file
// object and one object per game with errors, with its diagnostics.
std::string file_lines(const archive::FileReport& r, const Reporter& reporter) {
  using archive::FileStatus;
  if (r.status == FileStatus::Unreadable) return reporter.unreadable(r.path, r.detail);
  if (reporter.jsonl()) {
    std::string line;
    json::Writer w(line);
    Reporter::begin_file(w, r.path).field("status", archive::file_status_name(r.status));
    if (!r.detail.empty()) w.field("detail", r.detail);
    w.field("content_hash", r.content_hash);
    if (!r.encoding.empty()) w.field("encoding", r.encoding);
    w.field("games", static_cast<std::int64_t>(r.games))
        .field("resumed_after", static_cast<std::int64_t>(r.resumed_after))
        .field("added", static_cast<std::int64_t>(r.added))
        .field("duplicates", static_cast<std::int64_t>(r.duplicates))
        .field("twins", static_cast<std::int64_t>(r.twins.size()))
        .field("conflicts", static_cast<std::int64_t>(r.conflicts.size()))
        .field("replaced", static_cast<std::int64_t>(r.replaced))
        .field("invalid", static_cast<std::int64_t>(r.invalid))
        .field("rejected", static_cast<std::int64_t>(r.rejected));
    Reporter::diagnostics(w, "diagnostics", r.file_diagnostics);
    w.end_object();
    line += '\n';
    for (const archive::InvalidGame& g : r.invalid_games) {
      json::Writer gw(line);
      Reporter::begin_game(gw, "game", r.path, g.game_index)
          .field("status", g.stored ? "invalid" : "rejected")
          .key("diagnostics")
          .begin_array();
      for (const Diagnostic& d : g.diagnostics) Reporter::diagnostic(gw, in_game(d, r.path, g.game_index));
      gw.end_array().end_object();
      line += '\n';
    }
    copy_objects(r, line);
    return line;
  }
  // Text: only what needs a reader's attention; the summary covers the rest.
  std::string out;
  switch (r.status) {
    case FileStatus::Unreadable: break;  // above
    case FileStatus::AlreadyImported: return "";  // counted in the summary
    case FileStatus::SameContent: return r.path + ": " + i18n::format("same content as {1}; skipped", {r.detail}) + "\n";
    case FileStatus::Resumed:
      out = r.path + ": " +
            i18n::format("resumed after game {1} of an interrupted import", {std::to_string(r.resumed_after)}) + "\n";
      break;
    case FileStatus::Restored:
      out = r.path + ": " +
            i18n::format("imported before by a gibo that kept no copies: its {1} records not kept then are stored now",
                         {std::to_string(r.games)}) +
            "\n";
      break;
    case FileStatus::Imported: break;
  }
  // The file's first error, if any; all its diagnostics are in the archive.
  long errors = 0;
  for (const Diagnostic& d : r.file_diagnostics) errors += d.severity == Severity::Error;
  if (const Diagnostic* error = first_error(r.file_diagnostics)) {
    out += Reporter::diagnostic_line(*error);
    out.pop_back();  // the '\n'
    if (errors > 1)
      out += " (" + i18n::format("and {1} more errors, stored in the archive", {std::to_string(errors - 1)}) + ")";
    out += "\n";
  }
  out += copy_lines(r);
  // Every game with errors: its first error (the rest are in the archive).
  for (const archive::InvalidGame& g : r.invalid_games)
    if (const Diagnostic* error = first_error(g.diagnostics))
      out += Reporter::diagnostic_line(in_game(*error, r.path, g.game_index));
  return out;
}

// The one game reference: FILE:GAME (GAME from 1).
std::string origin(const std::string& path, int index) { return path + ":" + std::to_string(index + 1); }

// The summary in JSON Lines: a line per prefix, then the summary object.
void print_summary_json(const archive::ImportSummary& s, long unreadable_inputs, long not_game_files,
                        const std::string& db, double rate) {
  for (const archive::PrefixReport& p : s.prefixes) {
    std::string line;
    json::Writer(line)
        .begin_object()
        .field("type", "prefix")
        .field("game_id", static_cast<std::int64_t>(p.game_id))
        .field("file", p.path)
        .field("index", p.game_index)
        .field("plies", p.plies)
        .field("longer_game_id", static_cast<std::int64_t>(p.longer_game_id))
        .field("longer_file", p.longer_path)
        .field("longer_index", p.longer_game_index)
        .field("longer_plies", p.longer_plies)
        .end_object();
    std::cout << line << "\n";
  }
  std::string line;
  json::Writer w(line);
  w.begin_object()
      .field("type", "summary")
      .field("db", archive::archive_name(db))
      .field("files", static_cast<std::int64_t>(s.files + unreadable_inputs))
      .field("imported", static_cast<std::int64_t>(s.imported))
      .field("resumed", static_cast<std::int64_t>(s.resumed))
      .field("skipped", static_cast<std::int64_t>(s.skipped))
      .field("unreadable", static_cast<std::int64_t>(s.unreadable + unreadable_inputs))
      .field("not_game_files", static_cast<std::int64_t>(not_game_files))
      .field("games", static_cast<std::int64_t>(s.games))
      .field("plies", static_cast<std::int64_t>(s.plies))
      .field("added", static_cast<std::int64_t>(s.added))
      .field("duplicates", static_cast<std::int64_t>(s.duplicates))
      .field("twins", static_cast<std::int64_t>(s.twins))
      .field("conflicts", static_cast<std::int64_t>(s.conflicts))
      .field("restored", static_cast<std::int64_t>(s.restored))
      .field("replaced", static_cast<std::int64_t>(s.replaced))
      .field("invalid", static_cast<std::int64_t>(s.invalid))
      .field("rejected", static_cast<std::int64_t>(s.rejected))
      .field("lost", static_cast<std::int64_t>(s.lost))
      .field("prefixes", static_cast<std::int64_t>(s.prefixes.size()))
      .field("games_in_archive", static_cast<std::int64_t>(s.games_in_archive))
      .field("openings_renamed", s.openings_renamed)
      .field("seconds", s.seconds)
      .field("games_per_second", rate);
  write_counts(w, "invalid_by_code", s.invalid_by_code);
  write_counts(w, "file_errors_by_code", s.file_errors_by_code);
  w.end_object();
  std::cout << line << "\n";
}

void print_summary(const archive::ImportSummary& s, long unreadable_inputs, long not_game_files,
                   const std::string& db, bool jsonl) {
  const double rate = s.seconds > 0 ? static_cast<double>(s.games) / s.seconds : 0;
  if (jsonl) {
    print_summary_json(s, unreadable_inputs, not_game_files, db, rate);
    return;
  }
  constexpr std::size_t kListed = 20;
  if (!s.prefixes.empty()) {
    std::cout << (s.prefixes.size() == 1 ? i18n::translate("prefixes: 1 new game is a prefix of another")
                                         : i18n::format("prefixes: {1} new games are a prefix of another",
                                                        {i18n::number(static_cast<long long>(s.prefixes.size()))}))
              << "\n";
    for (std::size_t i = 0; i < s.prefixes.size() && i < kListed; ++i) {
      const archive::PrefixReport& p = s.prefixes[i];
      std::cout << "  "
                << i18n::format("{1} ({2} plies, archive id {3}) is a prefix of {4} ({5} plies, archive id {6})",
                                {origin(p.path, p.game_index), std::to_string(p.plies), std::to_string(p.game_id),
                                 origin(p.longer_path, p.longer_game_index), std::to_string(p.longer_plies),
                                 std::to_string(p.longer_game_id)})
                << "\n";
    }
    if (s.prefixes.size() > kListed)
      std::cout << "  " << i18n::format("... and {1} more", {i18n::number(static_cast<long long>(s.prefixes.size() - kListed))})
                << "\n";
  }
  using i18n::format;
  using i18n::number;
  std::cout << format("summary: {1} files ({2} imported, {3} resumed, {4} skipped, {5} unreadable)",
                      {number(s.files + unreadable_inputs), number(s.imported), number(s.resumed), number(s.skipped),
                       number(s.unreadable + unreadable_inputs)})
            << Reporter::input_counts_text(0, not_game_files) << ", ";
  if (s.restored)
    std::cout << format("{1} imported before whose copies not kept then were stored", {number(s.restored)}) << ", ";
  std::cout << format("{1} games read: {2} added, {3} copies",
                      {number(s.games), number(s.added), number(s.duplicates)})
            << ", ";
  if (s.twins) std::cout << format("{1} twins (other games with the moves of one stored)", {number(s.twins)}) << ", ";
  if (s.conflicts) std::cout << format("{1} copies that say otherwise", {number(s.conflicts)}) << ", ";
  if (s.replaced) std::cout << format("{1} stored in place of a broken copy", {number(s.replaced)}) << ", ";
  std::cout << format("{1} invalid", {number(s.invalid)});
  if (s.rejected) std::cout << " (" << format("{1} rejected by --valid-only", {number(s.rejected)}) << ")";
  if (s.lost) std::cout << "; " << format("{1} not stored (their batch was rolled back after the error)", {number(s.lost)});
  std::cout << "\n";
  print_counts(std::cout, "invalid by code", s.invalid_by_code);
  print_counts(std::cout, "files without games by code", s.file_errors_by_code);
  if (s.openings_renamed)
    std::cout << format("opening names: {1} games stored before named again with the archive's new opening book",
                        {number(s.openings_renamed)})
              << "\n";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f", s.seconds);
  if (s.games_in_archive >= 0)  // (not when the archive could not say: the error tells why)
    std::cout << format("archive: {1} holds {2} games ({3} s, {4} games/s)",
                        {archive::archive_name(db), number(s.games_in_archive), seconds, number(static_cast<long>(rate))})
              << "\n";
}

}  // namespace

int run_import(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo import [OPTIONS] --db FILE PATHS...";
  po::options_description opts("options");
  std::string db, rules_id = default_profile().id, format = "text", encoding = "auto";
  int jobs = 1, batch = 5000;
  bool strict = false;
  std::vector<std::string> paths, opening_books;
  const SharedOptions shared{.db = &db, .creates_db = true, .rules = &rules_id, .format = &format, .jobs = &jobs,
                             .encoding = &encoding, .strict = &strict, .opening_books = &opening_books};
  add_shared_options(opts, shared);
  opts.add_options()("valid-only", "store only games that replay without error (the others are counted)")(
      "batch", po::value(&batch), "games per transaction (default 5000)");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("import", synopsis, args, opts, paths, vm)) return *rc;

  archive::ImportOptions options;
  options.fallback = profile_or_usage("import", rules_id);
  if (!options.fallback) return kExitUsage;
  auto usage = [&](const std::string& message) { return usage_error("import", message, synopsis); };
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
  if (paths.empty() && opening_books.empty()) return usage("no input");
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
  const bool jsonl = format == "jsonl";

  const Reporter reporter(jsonl ? ReportFormat::Jsonl : ReportFormat::Text);
  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;
  const std::vector<InputFile> inputs = expand_inputs(expand_globs(paths), missing, not_game);
  std::cout << reporter.inputs(missing, not_game);
  std::vector<std::string> files;
  for (const InputFile& f : inputs) files.push_back(f.path);
  // The archive is never one of the inputs (outputs.h), and no input at all is no reason
  // to create an empty archive.
  ProtectedFiles protect;
  for (const std::string& f : files) protect.add_input(f);
  if (!archive::is_server_archive(db))
    for (const char* suffix : {"", "-wal", "-shm", "-journal", "-lock"})
      if (auto why = protect.conflict(db + suffix)) return usage(why->message);
  if (files.empty() && !paths.empty()) {
    std::cerr << "gibo import: " << i18n::translate(missing.empty() ? "no game file found" : "no input could be read") << "; "
              << i18n::format("{1} is left as it was", {db}) << "\n";
    return missing.empty() ? kExitFindings : kExitIo;
  }

  archive::ImportCallbacks callbacks;
  const bool bar = stderr_is_terminal();
  bool bar_shown = false;
  callbacks.on_file = [&](const archive::FileReport& r) {
    const std::string lines = file_lines(r, reporter);
    if (lines.empty()) return;
    if (bar_shown) terminal_control() << "\r\033[K";  // the bar is redrawn below the lines
    std::cout << lines << std::flush;
  };
  if (bar)
    callbacks.on_progress = [&](const archive::ImportProgress& p) {
      progress_bar(p);
      bar_shown = true;
    };
  archive::ImportSummary summary;
  keep_freed_memory();
  const std::optional<Error> error = archive::import_files(files, options, callbacks, summary);
  if (bar_shown) terminal_control() << "\r\033[K";
  // A database that could not be opened at all gets the error alone; otherwise the
  // summary says what was committed before the error.
  if (!error || summary.files > 0)
    print_summary(summary, static_cast<long>(missing.size()), static_cast<long>(not_game.size()), db, jsonl);
  if (error) {
    std::cerr << "gibo import: " << error->message << "\n";
    return kExitIo;
  }
  if (!missing.empty() || summary.unreadable) return kExitIo;
  return summary.invalid || !summary.file_errors_by_code.empty() ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
