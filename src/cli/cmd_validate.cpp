// gibo validate: read every game, replay every ply under the game's rules profile, and
// report each problem compiler-style (or as JSON Lines), with a summary.
#include <chrono>
#include <iostream>
#include <map>

#include "command.h"
#include "gibo/formats/gib.h"
#include "gibo/formats/json_writer.h"
#include "gibo/record/replay.h"
#include "inputs.h"
#include "options.h"
#include "parallel.h"

namespace gibo::cli {
namespace {

struct Totals {
  long files = 0, games = 0, plies = 0, valid = 0, rejected = 0, io_errors = 0;
  std::map<std::string, long> rejected_by_code, warnings_by_code;
};

struct FileResult {
  std::string output;  // rendered diagnostics and status (text or jsonl)
  Totals totals;
};

struct Settings {
  const Profile* profile = nullptr;
  text::Encoding encoding = text::Encoding::Auto;
  bool jsonl = false;
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

FileResult validate_file(const std::string& path, const Settings& s) {
  FileResult r;
  r.totals.files = 1;
  std::string error;
  auto bytes = read_input(path, error);
  if (!bytes) {
    r.totals.io_errors = 1;
    if (s.jsonl) {
      json::Writer w(r.output);
      w.begin_object().field("type", "file").field("file", path).field("error", error).end_object();
      r.output += '\n';
    } else {
      r.output = path + ": error[io]: " + error + "\n";
    }
    return r;
  }
  GibReadOptions options;
  options.encoding = s.encoding;
  options.file_name = path;
  options.original_text = false;  // not reported
  GibFileInfo info;
  long file_games = 0, file_plies = 0, file_valid = 0;
  read_gib(*bytes, options, info, [&](Game&& g) {
    const Profile& profile = game_profile(g, *s.profile);
    replay(g, legality_rules(profile, game_bikjang_option(g, false)));
    ++file_games;
    file_plies += static_cast<long>(g.plies.size());
    const bool valid = !g.has_errors();
    file_valid += valid;
    bool first_error = true;
    for (const Diagnostic& d : g.diagnostics) {
      if (d.severity == Severity::Warning) ++r.totals.warnings_by_code[d.code];
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
          .field("profile", profile.id)
          .field("result", g.result_text);
      json_diagnostics(w, "errors", g.diagnostics, Severity::Error);
      json_diagnostics(w, "warnings", g.diagnostics, Severity::Warning);
      w.end_object();
      r.output += '\n';
    } else {
      for (const Diagnostic& d : g.diagnostics)
        if (d.severity != Severity::Note) r.output += format_diagnostic(d) + "\n";
    }
  });
  bool file_rejected = false;
  for (const Diagnostic& d : info.diagnostics) {
    if (d.severity == Severity::Warning) ++r.totals.warnings_by_code[d.code];
    if (d.severity == Severity::Error) {
      if (!file_rejected && file_games == 0) ++r.totals.rejected_by_code[d.code];
      file_rejected = true;
    }
  }
  r.totals.games = file_games;
  r.totals.plies = file_plies;
  r.totals.valid = file_valid;
  r.totals.rejected = file_games - file_valid + ((file_rejected && file_games == 0) ? 1 : 0);
  if (s.jsonl) {
    json::Writer w(r.output);
    w.begin_object()
        .field("type", "file")
        .field("file", path)
        .field("encoding", text::encoding_name(info.encoding))
        .field("games", file_games)
        .field("plies", file_plies)
        .field("valid", file_valid)
        .key("filler_runs")
        .begin_array();
    for (const FillerRun& f : info.filler_runs)
      w.begin_object().field("offset", f.offset).field("length", static_cast<int>(f.length)).field("byte", static_cast<int>(f.byte)).end_object();
    w.end_array();
    json_diagnostics(w, "errors", info.diagnostics, Severity::Error);
    json_diagnostics(w, "warnings", info.diagnostics, Severity::Warning);
    w.end_object();
    r.output += '\n';
  } else {
    std::string diags;
    for (const Diagnostic& d : info.diagnostics) diags += format_diagnostic(d) + "\n";
    r.output = diags + r.output;
    r.output += path + ": " + std::to_string(file_games) + " games, " + std::to_string(file_plies) + " plies, " +
                std::to_string(file_valid) + " valid, " + std::to_string(file_games - file_valid) + " rejected (" +
                std::string(text::encoding_name(info.encoding)) +
                (info.filler_runs.empty() ? "" : ", " + std::to_string(info.filler_runs.size()) + " filler runs removed") +
                ")\n";
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
  for (const auto& [k, v] : x.rejected_by_code) t.rejected_by_code[k] += v;
  for (const auto& [k, v] : x.warnings_by_code) t.warnings_by_code[k] += v;
}

}  // namespace

int run_validate(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo validate [--rules ID] [--encoding auto|utf-8|cp949] [--jobs N] [--format text|jsonl] PATHS|-";
  po::options_description opts("options");
  std::string rules_id = default_profile().id, encoding = "auto", format = "text";
  int jobs = 1;
  std::vector<std::string> paths;
  opts.add_options()("rules", po::value(&rules_id), "profile for records that name none (default janggi-gg)")(
      "encoding", po::value(&encoding), "auto (UTF-8 if valid, else CP949), utf-8 or cp949")(
      "jobs,j", po::value(&jobs), "worker threads (default 1)")("format", po::value(&format), "text or jsonl")(
      "paths", po::value(&paths), "files, directories (searched recursively), or - for stdin");
  po::positional_options_description pos_opts;
  pos_opts.add("paths", -1);
  po::variables_map vm;
  if (auto rc = parse_command_line("validate", synopsis, args, opts, pos_opts, vm)) return *rc;

  Settings s;
  s.profile = profile_or_usage("validate", rules_id);
  if (!s.profile) return kExitUsage;
  if (encoding == "auto") s.encoding = text::Encoding::Auto;
  else if (encoding == "utf-8" || encoding == "utf8") s.encoding = text::Encoding::Utf8;
  else if (encoding == "cp949" || encoding == "euc-kr") s.encoding = text::Encoding::Cp949;
  else {
    std::cerr << "gibo validate: --encoding must be auto, utf-8 or cp949\n";
    return kExitUsage;
  }
  if (format != "text" && format != "jsonl") {
    std::cerr << "gibo validate: --format must be text or jsonl\n";
    return kExitUsage;
  }
  s.jsonl = format == "jsonl";
  if (jobs < 1 || jobs > 256) {
    std::cerr << "gibo validate: --jobs must be between 1 and 256\n";
    return kExitUsage;
  }
  if (paths.empty()) {
    std::cerr << "gibo validate: no input; usage: " << synopsis << "\n";
    return kExitUsage;
  }
  std::vector<std::string> missing;
  const std::vector<InputFile> files = expand_inputs(paths, missing);

  Totals totals;
  totals.io_errors = static_cast<long>(missing.size());
  for (const std::string& m : missing) {
    if (s.jsonl) {
      std::string line;
      json::Writer(line).begin_object().field("type", "file").field("error", m).end_object();
      std::cout << line << "\n";
    } else {
      std::cout << m << ": error[io]: cannot read\n";
    }
  }
  const bool progress = stderr_is_terminal();
  const auto start = std::chrono::steady_clock::now();
  ordered_parallel<FileResult>(
      files.size(), jobs, [&](std::size_t i) { return validate_file(files[i].path, s); },
      [&](std::size_t i, FileResult&& r) {
        std::cout << r.output;
        add(totals, r.totals);
        if (progress)
          std::cerr << "\r" << (i + 1) << "/" << files.size() << " files, " << totals.games << " games" << std::flush;
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
        .field("seconds", seconds)
        .key("rejected_by_code")
        .begin_object();
    for (const auto& [k, v] : totals.rejected_by_code) w.field(k, static_cast<std::int64_t>(v));
    w.end_object().key("warnings_by_code").begin_object();
    for (const auto& [k, v] : totals.warnings_by_code) w.field(k, static_cast<std::int64_t>(v));
    w.end_object().end_object();
    std::cout << line << "\n";
  } else {
    std::cout << "summary: " << totals.files << " files, " << totals.games << " games, " << totals.plies
              << " plies, " << totals.valid << " valid, " << totals.rejected << " rejected";
    if (totals.io_errors) std::cout << ", " << totals.io_errors << " unreadable";
    std::cout << "\n";
    if (!totals.rejected_by_code.empty()) {
      std::cout << "rejected by code:";
      for (const auto& [k, v] : totals.rejected_by_code) std::cout << " " << k << "=" << v;
      std::cout << "\n";
    }
    if (!totals.warnings_by_code.empty()) {
      std::cout << "warnings by code:";
      for (const auto& [k, v] : totals.warnings_by_code) std::cout << " " << k << "=" << v;
      std::cout << "\n";
    }
  }
  if (totals.io_errors) return kExitIo;
  return totals.rejected ? kExitFindings : kExitOk;
}

}  // namespace gibo::cli
