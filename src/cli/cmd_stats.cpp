// gibo stats: what a collection of records holds (results, setups, openings, lengths,
// years, players, verdicts, data quality) as text, CSV, JSON or one HTML page, from
// game files or from an archive built by `gibo import`.
#include <iostream>
#include <sstream>
#include <thread>

#include "command.h"
#include "gibo/report/stats.h"
#include "gibo/report/stats_filter.h"
#include "gibo/report/stats_load.h"
#include "gibo/report/stats_render.h"
#include "inputs.h"
#include "options.h"
#include "outputs.h"
#include "parallel.h"

namespace gibo::cli {
namespace {

// Parses `--profiles`: "stored" (archive only), "own", "all", "none", or a comma-separated
// list of ids that may include "own". Prints the error and returns false on an unknown id.
bool parse_profiles(const std::string& spec, stats::AdjudicationChoice& out) {
  out = {};
  out.own = false;
  std::stringstream in(spec);
  for (std::string item; std::getline(in, item, ',');) {
    if (item == "own") out.own = true;
    else if (item == "stored") out.stored = true;
    else if (item == "none") continue;
    else if (item == "all")
      for (const Profile& p : all_profiles()) out.profiles.push_back(&p);
    else if (const Profile* p = profile_or_usage("stats", item)) out.profiles.push_back(p);
    else return false;
  }
  return true;
}

// What --help prints after the options: the --where fields and the output formats.
std::string more_help() {
  std::string s =
      "\n--where on files: an SQL-like expression (= != < <= > >= LIKE IN IS NULL AND OR NOT, 'text', numbers)\n"
      "over these fields:\n";
  for (const stats::FilterField& f : stats::filter_fields())
    s += "  " + f.name + std::string(f.name.size() < 14 ? 14 - f.name.size() : 1, ' ') + f.meaning + "\n";
  s += "--where with --db: an SQL expression over the games table's columns (README \"Database schema\"),\n"
       "and the names above (computed from the other tables).\n"
       "\n"
       "Formats: text (aligned tables), csv (one block per table: a header row \"table,<columns>\", then rows\n"
       "led by the table id; blocks separated by an empty line), json (\"games\", \"results\" {cho, han, draw,\n"
       "other, ...} and \"tables\" {id: {title, columns, rows}}), html (one self-contained page, no script).\n"
       "Results count the stored results (대국결과) as recorded; \"other\" is void, unknown or none. Players are\n"
       "grouped by name with a trailing rank word removed (\"김동학 四단\" -> 김동학; \"(프로)\" is kept).\n"
       "An input that cannot be read is reported and counted; the report is still written (exit status 3).\n";
  return s;
}

}  // namespace

int run_stats(const std::vector<std::string>& args) {
  const std::string synopsis =
      "gibo stats (--db FILE | PATHS...) [--where EXPR] [--format text|csv|json|html] [-o FILE]";
  po::options_description opts("options");
  std::string db, where, format = "text", output, rules_id = default_profile().id, encoding = "auto",
                     profiles;
  int jobs = static_cast<int>(std::max(1u, std::min(8u, std::thread::hardware_concurrency())));
  stats::ReportOptions ro;
  std::vector<std::string> paths;
  opts.add_options()("db", po::value(&db), "an archive written by gibo import")(
      "where", po::value(&where), "select games (see below)")("format", po::value(&format), "text, csv, json or html")(
      "output,o", po::value(&output), "write the report to FILE (default: standard output)")(
      "rules", po::value(&rules_id), "profile for records that name none (default janggi-gg; files only)")(
      "profiles", po::value(&profiles),
      "verdicts under: own (each game's profile; the default for files), all, none, IDs (comma-separated), or "
      "stored (the archive's verdicts table, else own; the default for --db)")(
      "encoding", po::value(&encoding), "auto, utf-8 or cp949 (files only)")(
      "jobs,j", po::value(&jobs), "worker threads reading files (default: the cores, at most 8)")(
      "openings", po::value(&ro.opening_depth), "plies in the openings tree (default 6)")(
      "opening-min", po::value(&ro.opening_min_games), "games a line needs to be shown (default 2)")(
      "top", po::value(&ro.top_players), "rows of the top-players table (default 20)")(
      "paths", po::value(&paths), "files or directories (searched recursively)");
  po::positional_options_description pos_opts;
  pos_opts.add("paths", -1);
  po::variables_map vm;
  if (auto rc = parse_command_line("stats", synopsis, args, opts, pos_opts, vm)) {
    if (*rc == kExitOk) std::cout << more_help();
    return *rc;
  }

  if (format != "text" && format != "csv" && format != "json" && format != "html") {
    std::cerr << "gibo stats: --format must be text, csv, json or html\n";
    return kExitUsage;
  }
  if (db.empty() == paths.empty()) {
    std::cerr << "gibo stats: give either --db FILE or PATHS; usage: " << synopsis << "\n";
    return kExitUsage;
  }
  if (jobs < 1 || jobs > 256) {
    std::cerr << "gibo stats: --jobs must be between 1 and 256\n";
    return kExitUsage;
  }
  if (ro.opening_depth < 0 || ro.opening_depth > 40 || ro.opening_min_games < 1 || ro.top_players < 0) {
    std::cerr << "gibo stats: --openings must be 0..40, --opening-min at least 1, --top at least 0\n";
    return kExitUsage;
  }
  stats::LoadOptions lo;
  lo.fallback = profile_or_usage("stats", rules_id);
  if (!lo.fallback) return kExitUsage;
  if (profiles.empty()) profiles = db.empty() ? "own" : "stored";
  if (!parse_profiles(profiles, lo.adjudication)) return kExitUsage;
  if (lo.adjudication.stored && db.empty()) {
    std::cerr << "gibo stats: --profiles stored needs --db\n";
    return kExitUsage;
  }
  lo.opening_plies = ro.opening_depth;
  if (const auto e = input_encoding(encoding)) {
    lo.encoding = *e;
  } else {
    std::cerr << "gibo stats: --encoding must be auto, utf-8 or cp949\n";
    return kExitUsage;
  }

  // The report never replaces what it reports on (outputs.h).
  std::vector<InputError> missing;
  const std::vector<InputFile> files = db.empty() ? expand_inputs(paths, missing) : std::vector<InputFile>{};
  ProtectedFiles protect;
  if (!db.empty()) protect.add_archive(db);
  for (const InputFile& f : files) protect.add_input(f.path);
  if (output != "-")
    if (auto why = protect.conflict(output)) {
      std::cerr << "gibo stats: " << *why << "\n";
      return kExitUsage;
    }

  stats::Dataset data;
  int status = kExitOk;
  if (!db.empty()) {
    if (auto error = stats::load_database(db, where, lo, data)) {
      std::cerr << "gibo stats: " << db << ": " << *error << "\n";
      return error->rfind("--where", 0) == 0 ? kExitUsage : kExitIo;
    }
  } else {
    std::optional<stats::GameFilter> filter;
    if (!where.empty()) {
      std::string error;
      filter = stats::GameFilter::compile(where, error);
      if (!filter) {
        std::cerr << "gibo stats: --where: " << error << "\n";
        return kExitUsage;
      }
    }
    for (std::size_t i = 0; i < paths.size() && i < 3; ++i) data.origin += (i ? ", " : "") + paths[i];
    if (paths.size() > 3) data.origin += " and " + std::to_string(paths.size() - 3) + " more";
    for (const InputError& m : missing) {
      std::cerr << "gibo stats: " << m.path << ": " << m.reason << "\n";
      const stats::FileFacts f = stats::unreadable_file(m.path, m.reason);
      data.sources.push_back(f.source);
      status = kExitIo;
    }
    for (const Profile* p : lo.adjudication.profiles) data.adjudication_profiles.push_back(p->id);
    if (lo.adjudication.own || !lo.adjudication.profiles.empty()) data.verdicts_from = "computed";
    ordered_parallel<stats::FileFacts>(
        files.size(), jobs,
        [&](std::size_t i) {
          std::string error;
          const auto bytes = read_input(files[i].path, error);
          if (!bytes) return stats::unreadable_file(files[i].path, error);
          return stats::file_facts(files[i].path, *bytes, lo);
        },
        [&](std::size_t, stats::FileFacts&& f) {
          if (!f.source.readable) {
            std::cerr << "gibo stats: " << f.source.path << ": " << f.source.io_error << "\n";
            status = kExitIo;
          }
          data.sources.push_back(std::move(f.source));
          for (stats::GameFacts& g : f.games)
            if (!filter || filter->matches(g)) data.games.push_back(std::move(g));
        });
  }

  const stats::Report report = stats::aggregate(data, ro);
  std::string text = format == "text"  ? stats::render_text(report)
                     : format == "csv" ? stats::render_csv(report)
                     : format == "json" ? stats::render_json(report)
                                        : stats::render_html(report);
  if (output.empty() || output == "-") {
    std::cout << text;
    return status;  // main checks standard output
  }
  OutputFile out;
  std::string error;
  if (!out.open(output, error)) {
    std::cerr << "gibo stats: " << error << "\n";
    return kExitIo;
  }
  out.stream() << text;
  if (!out.commit(error)) {
    std::cerr << "gibo stats: " << error << "\n";
    return kExitIo;
  }
  return status;
}

}  // namespace gibo::cli
