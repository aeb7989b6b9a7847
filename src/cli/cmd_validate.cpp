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
#include "gibo/formats/gib.h"
#include "gibo/formats/json_writer.h"
#include "gibo/record/replay.h"
#include "inputs.h"
#include "options.h"
#include "counts.h"
#include "parallel.h"

namespace gibo::cli {
namespace {

struct Totals {
  long files = 0, games = 0, plies = 0, valid = 0, rejected = 0, io_errors = 0, unannotated = 0;
  std::map<std::string, long> rejected_by_code, warnings_by_code, notes_by_code;
};

struct FileResult {
  std::string output;  // rendered diagnostics and status (text or jsonl)
  Totals totals;
};

struct Settings {
  const Profile* profile = nullptr;
  text::Encoding encoding = text::Encoding::Auto;
  bool jsonl = false;
  bool strict = false;  // missing capture/check marks are errors (annotation policy)
};

void json_diagnostics(json::Writer& w, const char* key, const std::vector<Diagnostic>& ds, Severity severity) {
  w.key(key).begin_array();
  for (const Diagnostic& d : ds) {
    if (d.severity != severity) continue;
    w.begin_object()
        .field("code", d.code)
        .field("line", d.line)
        .field("col", d.column)
        .field("ply", d.ply)
        .field("token", d.token)
        .field("message", d.message)
        .end_object();
  }
  w.end_array();
}

// A share of the work: a whole file, or with --jobs a part of a big .gib file's games
// (the parts of one file read its bytes and scan it once, and replay their own games).
struct Unit {
  std::size_t file = 0;
  int part = 0, parts = 1;
  std::size_t files_end = 0;  // whole files: this one up to files_end (small files go in batches)
};

// What the parts of one file share, made by whichever part starts first. A .gib file is
// scanned (GibFile) so that each part can read its own games; a file in another format
// is read whole, in order, by its first part.
struct SharedFile {
  std::once_flag once;
  std::optional<std::string> io_error;
  std::string bytes;
  std::unique_ptr<GibFile> gib;
  ReadInfo info;  // complete once the last part is done
};

// Files this large are split into parts of about this size when --jobs > 1; smaller ones
// are handed to the threads in batches of about this size (at most kBatchFiles files),
// so that the threads do not hand over every few kilobytes.
constexpr std::uintmax_t kPartBytes = 128 * 1024;
constexpr std::size_t kBatchFiles = 64;

ReadOptions read_options(const Settings& s, const std::string& path) {
  ReadOptions options;
  options.encoding = s.encoding;
  options.profile = s.profile;
  options.file_name = path;
  options.original_text = false;  // not reported
  return options;
}

// Replays and reports this part's games; the first part of a file starts (in text form)
// with the file's own diagnostics when they are known first (.gib).
FileResult validate_part(const InputFile& file, const Unit& u, SharedFile& shared, const Settings& s) {
  const std::string& path = file.path;
  const ReadOptions options = read_options(s, path);
  auto load = [&] {
    if (auto bytes = read_input(path, file.size)) {
      shared.bytes = std::move(*bytes);
      if (detect_format(shared.bytes) == Format::Gib) {
        shared.gib = std::make_unique<GibFile>(shared.bytes, gib_read_options(options));
        shared.info = read_info(shared.gib->info());
      }
    } else {
      shared.io_error = bytes.error().message;
    }
  };
  if (u.parts == 1) load();  // a whole file: this part alone reads it
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
    bool first_error = true;
    for (const Diagnostic& d : g.diagnostics) {
      if (d.severity == Severity::Warning) ++r.totals.warnings_by_code[d.code];
      if (d.severity == Severity::Note) ++r.totals.notes_by_code[d.code];
      if (d.severity == Severity::Error && first_error) {
        ++r.totals.rejected_by_code[d.code];
        first_error = false;
      }
    }
    if (s.jsonl) {
      json::Writer w(r.output);
      w.begin_object()
          .field("type", "game")
          .field("file", path)
          .field("index", g.source.game_index)
          .field("line", g.source.line)
          .field("plies", static_cast<int>(g.plies.size()))
          .field("valid_plies", g.valid_plies)
          .field("valid", valid)
          .field("annotated", g.annotated)
          .field("profile", profile.id)
          .field("result", g.result_text);
      json_diagnostics(w, "errors", g.diagnostics, Severity::Error);
      json_diagnostics(w, "warnings", g.diagnostics, Severity::Warning);
      json_diagnostics(w, "notes", g.diagnostics, Severity::Note);
      w.end_object();
      r.output += '\n';
    } else {
      for (const Diagnostic& d : g.diagnostics)
        if (d.severity != Severity::Note) r.output += format_diagnostic(d) + "\n";
    }
  };
  if (shared.gib) {
    const GibFile& file = *shared.gib;
    if (u.part == 0 && !s.jsonl)
      for (const Diagnostic& d : shared.info.diagnostics) r.output += format_diagnostic(d) + "\n";
    const int first = static_cast<int>(static_cast<long>(file.games()) * u.part / u.parts);
    const int last = static_cast<int>(static_cast<long>(file.games()) * (u.part + 1) / u.parts);
    for (int k = first; k < last; ++k) report(file.game(k));
  } else if (u.part == 0) {
    read_games(shared.bytes, options, shared.info, report);
    if (!s.jsonl) {  // the file's own diagnostics before its games'
      std::string diags;
      for (const Diagnostic& d : shared.info.diagnostics) diags += format_diagnostic(d) + "\n";
      r.output = diags + r.output;
    }
  }
  r.totals.rejected = r.totals.games - r.totals.valid;
  return r;
}

// After a file's last part: the file's own counts (files, unreadable, a file rejected as
// a whole) into `t`, and its summary line (or its I/O error). `games`, `plies`, `valid`
// are its parts' sums.
void finish_file(const std::string& path, const SharedFile& shared, long games, long plies, long valid,
                 const Settings& s, Totals& t, std::string& out) {
  t.files = 1;
  if (shared.io_error) {
    t.io_errors = 1;
    if (s.jsonl) {
      json::Writer w(out);
      w.begin_object().field("type", "file").field("file", path).field("error", *shared.io_error).end_object();
      out += '\n';
    } else {
      out += path + ": error[io]: " + *shared.io_error + "\n";
    }
    return;
  }
  const ReadInfo& info = shared.info;
  bool file_rejected = false;
  for (const Diagnostic& d : info.diagnostics) {
    if (d.severity == Severity::Warning) ++t.warnings_by_code[d.code];
    if (d.severity == Severity::Error) {
      if (!file_rejected && games == 0) ++t.rejected_by_code[d.code];
      file_rejected = true;
    }
  }
  if (file_rejected && games == 0) t.rejected = 1;
  if (s.jsonl) {
    json::Writer w(out);
    w.begin_object()
        .field("type", "file")
        .field("file", path)
        .field("format", format_name(info.format))
        .field("encoding", text::encoding_name(info.encoding))
        .field("bom", info.bom)
        .field("games", games)
        .field("plies", plies)
        .field("valid", valid)
        .key("filler_runs")
        .begin_array();
    for (const FillerRun& f : info.filler_runs)
      w.begin_object().field("offset", f.offset).field("length", static_cast<int>(f.length)).field("byte", static_cast<int>(f.byte)).end_object();
    w.end_array();
    json_diagnostics(w, "errors", info.diagnostics, Severity::Error);
    json_diagnostics(w, "warnings", info.diagnostics, Severity::Warning);
    w.end_object();
    out += '\n';
  } else {
    out += path + ": " + std::to_string(games) + " games, " + std::to_string(plies) + " plies, " +
           std::to_string(valid) + " valid, " + std::to_string(games - valid) + " rejected (" +
           std::string(format_name(info.format)) + ", " + std::string(text::encoding_name(info.encoding)) +
           (info.bom ? ", BOM" : "") +
           (info.filler_runs.empty() ? "" : ", " + std::to_string(info.filler_runs.size()) + " filler runs removed") +
           ")\n";
  }
}

void add(Totals& t, const Totals& x) {
  t.files += x.files;
  t.games += x.games;
  t.plies += x.plies;
  t.valid += x.valid;
  t.rejected += x.rejected;
  t.io_errors += x.io_errors;
  t.unannotated += x.unannotated;
  add_counts(t.rejected_by_code, x.rejected_by_code);
  add_counts(t.warnings_by_code, x.warnings_by_code);
  add_counts(t.notes_by_code, x.notes_by_code);
}

}  // namespace

int run_validate(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo validate [--rules ID] [--encoding auto|utf-8|cp949] [--strict] [--jobs N] [--format text|jsonl] PATHS|-";
  po::options_description opts("options");
  std::string rules_id = default_profile().id, encoding = "auto", format = "text";
  int jobs = 1;
  bool strict = false;
  std::vector<std::string> paths;
  opts.add_options()("rules", po::value(&rules_id), "profile for records that name none (default janggi-gg)")(
      "encoding", po::value(&encoding), "auto (UTF-8 if valid, else CP949), utf-8 or cp949")(
      "strict", po::bool_switch(&strict), "a capture or check the record does not mark is an error")(
      "jobs,j", po::value(&jobs), "worker threads (default 1)")("format", po::value(&format), "text or jsonl");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("validate", synopsis, args, opts, paths,
                                              "files, directories (searched recursively), or - for stdin", vm))
    return *rc;

  Settings s;
  s.profile = profile_or_usage("validate", rules_id);
  if (!s.profile) return kExitUsage;
  const auto input_enc = input_encoding_option("--encoding", encoding);
  if (!input_enc) return usage_error("validate", input_enc.error().message);
  s.encoding = *input_enc;
  s.strict = strict;
  if (format != "text" && format != "jsonl") return usage_error("validate", "--format must be text or jsonl");
  s.jsonl = format == "jsonl";
  if (const auto e = jobs_error(jobs)) return usage_error("validate", *e);
  if (paths.empty()) return no_input_error("validate", synopsis);
  std::vector<InputError> missing;
  const std::vector<InputFile> files = expand_inputs(paths, missing);

  Totals totals;
  totals.io_errors = static_cast<long>(missing.size());
  for (const InputError& m : missing) {
    if (s.jsonl) {
      std::string line;
      json::Writer(line).begin_object().field("type", "file").field("file", m.path).field("error", m.reason).end_object();
      std::cout << line << "\n";
    } else {
      std::cout << m.text() << "\n";
    }
  }
  // The work: every file whole, except that with --jobs a big file is split into parts.
  std::vector<Unit> units;
  std::uintmax_t batch_bytes = 0;
  for (std::size_t f = 0; f < files.size(); ++f) {
    // the size the search saw (a file named on the command line: its stat there)
    const bool known = files[f].size >= 0;
    const std::uintmax_t size = known ? static_cast<std::uintmax_t>(files[f].size) : 0;
    const int parts =
        jobs > 1 && known ? static_cast<int>(std::clamp<std::uintmax_t>(size / kPartBytes, 1, 8 * static_cast<std::uintmax_t>(jobs)))
                        : 1;
    if (parts == 1 && !units.empty() && units.back().parts == 1 && batch_bytes + size <= kPartBytes &&
        units.back().files_end - units.back().file < kBatchFiles) {
      units.back().files_end = f + 1;  // joins the batch
      batch_bytes += size;
      continue;
    }
    for (int p = 0; p < parts; ++p) units.push_back({f, p, parts, f + 1});
    batch_bytes = size;
  }
  // A file in one part is read, reported and summed up by its worker; the parts of a
  // split file share a SharedFile, and the last one emitted sums the file up.
  std::map<std::size_t, SharedFile> shared;
  for (const Unit& u : units)
    if (u.parts > 1) shared.try_emplace(u.file);
  long file_games = 0, file_plies = 0, file_valid = 0;  // the current split file's parts so far
  const bool progress = stderr_is_terminal();
  const auto start = std::chrono::steady_clock::now();
  ordered_parallel<FileResult>(
      units.size(), jobs,
      [&](std::size_t i) {
        const Unit& u = units[i];
        if (u.parts > 1) return validate_part(files[u.file], u, shared.at(u.file), s);
        FileResult batch;
        for (std::size_t f = u.file; f < u.files_end; ++f) {
          SharedFile whole;
          FileResult r = validate_part(files[f], u, whole, s);
          Totals file_totals;
          finish_file(files[f].path, whole, r.totals.games, r.totals.plies, r.totals.valid, s, file_totals, r.output);
          add(batch.totals, r.totals);
          add(batch.totals, file_totals);
          batch.output += r.output;
        }
        return batch;
      },
      [&](std::size_t i, FileResult&& r) {
        const Unit& u = units[i];
        add(totals, r.totals);
        if (u.parts > 1) {
          file_games += r.totals.games;
          file_plies += r.totals.plies;
          file_valid += r.totals.valid;
          if (u.part + 1 == u.parts) {
            Totals file_totals;
            finish_file(files[u.file].path, shared.at(u.file), file_games, file_plies, file_valid, s, file_totals,
                        r.output);
            add(totals, file_totals);
            file_games = file_plies = file_valid = 0;
            shared.erase(u.file);  // every part is done with it
          }
        }
        std::cout << r.output;
        if (progress)
          std::cerr << "\r" << u.files_end << "/" << files.size() << " files, " << totals.games << " games" << std::flush;
      });
  if (progress) std::cerr << "\n";
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (s.jsonl) {
    std::string line;
    json::Writer w(line);
    w.begin_object()
        .field("type", "summary")
        .field("files", totals.files)
        .field("games", totals.games)
        .field("plies", totals.plies)
        .field("valid", totals.valid)
        .field("rejected", totals.rejected)
        .field("io_errors", totals.io_errors)
        .field("unannotated", totals.unannotated)
        .field("seconds", seconds);
    write_counts(w, "rejected_by_code", totals.rejected_by_code);
    write_counts(w, "warnings_by_code", totals.warnings_by_code);
    write_counts(w, "notes_by_code", totals.notes_by_code);
    w.end_object();
    std::cout << line << "\n";
  } else {
    std::cout << "summary: " << totals.files << " files, " << totals.games << " games, " << totals.plies
              << " plies, " << totals.valid << " valid, " << totals.rejected << " rejected";
    if (totals.io_errors) std::cout << ", " << totals.io_errors << " unreadable";
    std::cout << "\n";
    print_counts(std::cout, "rejected by code", totals.rejected_by_code);
    print_counts(std::cout, "warnings by code", totals.warnings_by_code);
    print_counts(std::cout, "notes by code", totals.notes_by_code);
  }
  if (totals.io_errors) return kExitIo;
  return totals.rejected ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
