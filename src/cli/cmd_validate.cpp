// gibo validate: read every game (any format, through read_games), replay every ply
// under the game's rules profile, and report each problem compiler-style (or as JSON
// Lines), with a summary.
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <optional>

#include "command.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/file_bytes.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/json.h"
#include "gibo/formats/json_writer.h"
#include "gibo/record/replay.h"
#include "gibo/report/i18n.h"
#include "gibo/report/opening_text.h"
#include "inputs.h"
#include "common_options.h"
#include "counts.h"
#include "parallel.h"
#include "progress.h"
#include "reporter.h"
#include "work_plan.h"
#include "outputs.h"
#include "gibo/record/first_error.h"

namespace gibo::cli {
namespace {

struct Totals {
  long files = 0, games = 0, plies = 0, valid = 0, rejected = 0, io_errors = 0, unannotated = 0, not_game_files = 0;
  std::map<std::string, long> rejected_by_code, warnings_by_code, notes_by_code;
};

struct FileResult {
  std::string output;  // rendered diagnostics and status (text or jsonl)
  Totals totals;
};

struct Settings {
  const Profile* profile = nullptr;
  text::Encoding encoding = text::Encoding::Auto;
  Reporter reporter{ReportFormat::Text};
  bool strict = false;  // missing capture/check marks are errors (annotation policy)
  const OpeningBook* openings = nullptr;  // names each game's opening (JSON Lines; text with --list-openings)
  bool list_openings = false;
  bool jsonl() const { return reporter.jsonl(); }
};

// What the parts of one file share, made by whichever part starts first. A .gib file is
// scanned (GibFile) so that each part can read its own games; a file in another format
// is read whole, in order, by its first part.
struct SharedFile {
  std::once_flag once;
  std::optional<std::string> io_error;
  FileBytes bytes;
  std::unique_ptr<GibFile> gib;
  ReadInfo info;  // complete once the last part is done
};

ReadOptions read_options(const Settings& s, const std::string& path) {
  ReadOptions options;
  options.encoding = s.encoding;
  options.profile = s.profile;
  options.file_name = path;
  options.original_text = false;  // not reported
  return options;
}

// Replays and reports part `part` of `parts` of a file's games (a whole file: 0 of 1); the
// first part of a file starts (in text form) with the file's own diagnostics when they are
// known first (.gib).
FileResult validate_part(const InputFile& file, int part, int parts, SharedFile& shared, const Settings& s) {
  const std::string& path = file.path;
  const ReadOptions options = read_options(s, path);
  auto load = [&] {
    if (auto bytes = read_file_bytes(path, file.size)) {
      shared.bytes = std::move(*bytes);
      if (detect_format(shared.bytes.view()) == Format::Gib) {
        shared.gib = std::make_unique<GibFile>(shared.bytes.view(), gib_read_options(options));
        shared.info = read_info(shared.gib->info());
      }
    } else {
      shared.io_error = bytes.error().message;
    }
  };
  if (parts == 1) load();  // a whole file: this part alone reads it
  else std::call_once(shared.once, load);
  FileResult r;
  if (shared.io_error) return r;
  ReplayOptions replay_options;
  replay_options.strict_annotations = s.strict;
  auto report = [&](Game&& g) {
    const Profile& profile = replay_under_profile(g, *s.profile, replay_options);
    ++r.totals.games;
    r.totals.plies += static_cast<long>(g.plies.size());
    const bool valid = !g.has_errors();
    r.totals.valid += valid;
    r.totals.unannotated += !g.annotated;
    for (const Diagnostic& d : g.diagnostics) {
      if (d.severity == Severity::Warning) ++r.totals.warnings_by_code[d.code];
      if (d.severity == Severity::Note) ++r.totals.notes_by_code[d.code];
    }
    if (const Diagnostic* error = first_error(g.diagnostics)) ++r.totals.rejected_by_code[error->code];
    if (s.jsonl()) {
      json::Writer w(r.output);
      Reporter::begin_game(w, "game", path, g.source.game_index)
          .field("line", g.source.line)
          .field("plies", static_cast<int>(g.plies.size()))
          .field("valid_plies", g.valid_plies)
          .field("valid", valid)
          .field("annotated", g.annotated)
          .field("profile", profile.id)
          .field("result", g.result_text);
      w.key("opening");
      write_json_opening(w, name_opening(g, *s.openings));
      Reporter::diagnostics(w, "errors", g.diagnostics, Severity::Error);
      Reporter::diagnostics(w, "warnings", g.diagnostics, Severity::Warning);
      Reporter::diagnostics(w, "notes", g.diagnostics, Severity::Note);
      w.end_object();
      r.output += '\n';
    } else {
      for (const Diagnostic& d : g.diagnostics)
        if (d.severity != Severity::Note) r.output += Reporter::diagnostic_line(d);
      if (s.list_openings) {
        const Opening o = name_opening(g, *s.openings);
        r.output.append(path).append(":").append(std::to_string(g.source.game_index + 1)).append(": ");
        r.output.append(i18n::format("opening {1}: {2}", {opening_code(o), opening_text::name(o)})).append("\n");
      }
    }
  };
  if (shared.gib) {
    const GibFile& file = *shared.gib;
    if (part == 0 && !s.jsonl())
      for (const Diagnostic& d : shared.info.diagnostics) r.output += Reporter::diagnostic_line(d);
    const int first = static_cast<int>(static_cast<long>(file.games()) * part / parts);
    const int last = static_cast<int>(static_cast<long>(file.games()) * (part + 1) / parts);
    for (int k = first; k < last; ++k) report(file.game(k));
  } else if (part == 0) {
    read_games(shared.bytes.view(), options, shared.info, report);
    if (!s.jsonl()) {  // the file's own diagnostics before its games'
      std::string diags;
      for (const Diagnostic& d : shared.info.diagnostics) diags += Reporter::diagnostic_line(d);
      r.output = diags + r.output;
    }
  }
  r.totals.rejected = r.totals.games - r.totals.valid;
  return r;
}

// After a file's last part: the file's own counts (files, unreadable, a file rejected as
// a whole) and its summary line (or its I/O error). `games` holds its parts' sums of
// games, plies and valid games.
FileResult finish_file(const std::string& path, const SharedFile& shared, const Totals& games, const Settings& s) {
  FileResult r;
  Totals& t = r.totals;
  t.files = 1;
  if (shared.io_error) {
    t.io_errors = 1;
    r.output = s.reporter.unreadable(path, *shared.io_error);
    return r;
  }
  const ReadInfo& info = shared.info;
  bool file_rejected = false;
  for (const Diagnostic& d : info.diagnostics) {
    if (d.severity == Severity::Warning) ++t.warnings_by_code[d.code];
    if (d.severity == Severity::Error) {
      if (!file_rejected && games.games == 0) ++t.rejected_by_code[d.code];
      file_rejected = true;
    }
  }
  if (file_rejected && games.games == 0) t.rejected = 1;
  std::string& out = r.output;
  if (s.jsonl()) {
    json::Writer w(out);
    Reporter::begin_file(w, path)
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
  } else {
    using i18n::number;
    std::string how = std::string(format_name(info.format)) + ", " + std::string(text::encoding_name(info.encoding));
    if (info.bom) how += ", BOM";
    if (!info.filler_runs.empty())
      how += ", " + i18n::format("{1} filler runs removed", {number(static_cast<long long>(info.filler_runs.size()))});
    out += path + ": " +
           i18n::format("{1} games, {2} plies, {3} valid, {4} rejected ({5})",
                        {number(games.games), number(games.plies), number(games.valid),
                         number(games.games - games.valid), how}) +
           "\n";
  }
  return r;
}

void add(Totals& t, const Totals& x) {
  t.files += x.files;
  t.games += x.games;
  t.plies += x.plies;
  t.valid += x.valid;
  t.rejected += x.rejected;
  t.io_errors += x.io_errors;
  t.not_game_files += x.not_game_files;
  t.unannotated += x.unannotated;
  add_counts(t.rejected_by_code, x.rejected_by_code);
  add_counts(t.warnings_by_code, x.warnings_by_code);
  add_counts(t.notes_by_code, x.notes_by_code);
}

// Validates `files` with `jobs` threads (the work cut by plan_work), writing each file's
// lines in input order and adding its counts to `totals`.
void validate_files(const std::vector<InputFile>& files, int jobs, const Settings& s, Totals& totals) {
  std::vector<std::int64_t> sizes;
  sizes.reserve(files.size());
  for (const InputFile& f : files) sizes.push_back(f.size);  // the size the search saw
  const std::vector<WorkUnit> units = plan_work(sizes, jobs);
  // A batch of whole files is read, reported and summed up by its worker; the parts of a
  // split file share a SharedFile, and the last one emitted sums the file up.
  std::map<std::size_t, SharedFile> shared;
  for (const WorkUnit& u : units)
    if (u.split()) shared.try_emplace(u.first);
  Totals split_file;  // the current split file's parts so far
  Progress progress;
  ordered_parallel<FileResult>(
      units.size(), jobs,
      [&](std::size_t i) {
        const WorkUnit& u = units[i];
        if (u.split()) return validate_part(files[u.first], u.part, u.parts, shared.at(u.first), s);
        FileResult batch;
        for (std::size_t f = u.first; f < u.end; ++f) {
          SharedFile whole;
          const FileResult r = validate_part(files[f], 0, 1, whole, s);
          const FileResult end = finish_file(files[f].path, whole, r.totals, s);
          add(batch.totals, r.totals);
          add(batch.totals, end.totals);
          batch.output += r.output;
          batch.output += end.output;
        }
        return batch;
      },
      [&](std::size_t i, FileResult&& r) {
        const WorkUnit& u = units[i];
        add(totals, r.totals);
        if (u.split()) {
          add(split_file, r.totals);
          if (u.part + 1 == u.parts) {
            const FileResult end = finish_file(files[u.first].path, shared.at(u.first), split_file, s);
            add(totals, end.totals);
            r.output += end.output;
            split_file = {};
            shared.erase(u.first);  // every part is done with it
          }
        }
        progress.write(r.output);
        // "FILES/TOTAL files, N games"
        progress.draw(std::to_string(u.end) + "/" + std::to_string(files.size()) + " files, " +
                      std::to_string(totals.games) + " games");
      });
}

void print_summary(const Totals& totals, double seconds, const Settings& s) {
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
    Reporter::input_counts(w, totals.io_errors, totals.not_game_files);
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
            << Reporter::input_counts_text(totals.io_errors, totals.not_game_files) << "\n";
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
  s.profile = profile_or_usage("validate", rules_id);
  if (!s.profile) return kExitUsage;
  const auto input_enc = input_encoding_option("--encoding", encoding);
  if (!input_enc) return usage_error("validate", input_enc.error().message);
  s.encoding = *input_enc;
  s.strict = strict;
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
  Totals totals;
  totals.io_errors = static_cast<long>(missing.size());
  totals.not_game_files = static_cast<long>(not_game.size());
  keep_freed_memory();
  const auto start = std::chrono::steady_clock::now();
  validate_files(files, jobs, s, totals);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  print_summary(totals, seconds, s);
  if (totals.io_errors) return kExitIo;
  return totals.rejected ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
