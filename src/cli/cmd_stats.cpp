// gibo stats: what a collection of records holds (results, setups, openings, lengths,
// years, players, verdicts, data quality) as text, CSV, JSON or one HTML page, from
// game files or from an archive built by `gibo import`.
#include <cerrno>
#include <cstring>
#include <iostream>

#include "archive_input.h"
#include "command.h"
#include "gibo/report/i18n.h"
#include "gibo/archive/facts.h"
#include "gibo/formats/file_bytes.h"
#include "gibo/record/name_aliases.h"
#include "gibo/report/crosstable.h"
#include "report/stats.h"
#include "report/stats_load.h"
#include "report/stats_render.h"
#include "inputs.h"
#include "reporter.h"
#include "common_options.h"
#include "outputs.h"

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

// What -h and --help print after the options: the fields of --where, from the facts view
// itself (the reference page, src/cli/help/stats.md, says what --where does with them).
std::string more_help() {
  using i18n::translate;
  std::string s = "\n" + translate("fields of --where (gibo stats, export and rescore --db; \"Selecting games\" below):") + "\n";
  for (const archive::FactField& f : archive::fact_fields())
    s += "  " + f.name + std::string(f.name.size() < 14 ? 14 - f.name.size() : 1, ' ') + translate(f.meaning.c_str()) + "\n";
  return s;
}

// A run's options.
struct StatsOptions {
  std::string db, where, format = "text", output;
  std::vector<std::string> paths;
  stats::ReportOptions report;
  stats::LoadOptions load;
  NameAliases aliases = NameAliases::builtin();  // report.aliases points here
};

constexpr const char* kSynopsis = "gibo stats [OPTIONS] (--db FILE | PATHS...)";

// Parses stats' command line into `o`; the exit status when the run ends here (help, a
// usage error, an --aliases file that cannot be read).
std::optional<int> parse_stats(const std::vector<std::string>& args, StatsOptions& o) {
  po::options_description opts("options");
  std::string rules_id = default_profile().id, encoding = "auto", profiles, aliases_file, points = "classic";
  std::vector<std::string> opening_books;
  int jobs = 1;
  stats::ReportOptions& ro = o.report;
  const SharedOptions shared{.db = &o.db, .where = &o.where, .rules = &rules_id, .rules_note = "; files only",
                             .format = &o.format, .formats = {"text", "csv", "json", "html"}, .jobs = &jobs,
                             .jobs_cores = true, .encoding = &encoding, .output = &o.output,
                             .opening_books = &opening_books, .min_games = &ro.min_games,
                             .rating_prior = &ro.rating_prior};
  add_shared_options(opts, shared);
  opts.add_options()("profiles", po::value(&profiles),
      "verdicts under: own (each game's profile; the default for files), all, none, IDs (comma-separated), or "
      "stored (the archive's verdicts table, else own; the default for --db)")(
      "openings", po::value(&ro.opening_depth), "plies in the openings tree (default 6)")(
      "opening-min", po::value(&ro.opening_min_games), "games a line needs to be shown (default 2)")(
      "top", po::value<int>(), "rows text and HTML show of the players, sites and events tables (default 20 players, "
                                  "15 sites and events; 0: all); CSV and JSON always hold every row")(
      "aliases", po::value(&aliases_file),
      "an alias table of site, event and player spellings (KIND<TAB>SPELLING<TAB>NAME lines) added to the "
      "built-in one (src/record/aliases.tsv)")(
      "points", po::value(&points), "how the events' games score: classic (1, 1/2, 0; the default) or janggi (7 for a "
                                    "win, 4 and 2 for a win on points, 3.5 a draw)")(
      "by-verdict", po::bool_switch(&ro.by_verdict),
      "score the ratings and events by the ending the board shows under each game's own profile, where it shows "
      "one, instead of the stored result (the report says so)");
  po::variables_map vm;
  if (auto rc = parse_command_line_with_paths("stats", kSynopsis, args, opts, o.paths, vm, more_help())) return rc;

  if (const auto e = shared.format_error()) return usage_error("stats", *e);
  set_output_audience_for(o.format);
  if (o.db.empty() == o.paths.empty()) {
    std::cerr << "gibo stats: give either --db FILE or PATHS; usage: " << kSynopsis << "\n";
    return kExitUsage;
  }
  if (const auto e = jobs_error(jobs)) return usage_error("stats", *e);
  if (vm.count("top")) ro.top_players = ro.top_sites = vm["top"].as<int>();
  if (ro.opening_depth < 0 || ro.opening_depth > 40 || ro.opening_min_games < 1 || ro.top_players < 0)
    return usage_error("stats", "--openings must be 0..40, --opening-min at least 1, --top at least 0");
  if (const auto e = shared.rating_error()) return usage_error("stats", *e);
  if (const auto system = crosstable::point_system_named(points)) ro.points = *system;
  else return usage_error("stats", i18n::format("--points must be classic or janggi, not '{1}'", {points}));
  // Sites and events: the built-in alias table, and the user's lines after it.
  if (!aliases_file.empty()) {
    const Expected<FileBytes> text = read_file_bytes(aliases_file, -1, FileKind::Table);
    if (!text) {
      std::cerr << "gibo stats: --aliases " << aliases_file << ": " << i18n::message(text.error().message) << "\n";
      return kExitIo;
    }
    if (auto bad = o.aliases.add(text->view(), aliases_file)) return usage_error("stats", bad->message);
  }
  ro.aliases = &o.aliases;
  stats::LoadOptions& lo = o.load;
  lo.fallback = profile_or_usage("stats", rules_id);
  if (!lo.fallback) return kExitUsage;
  if (profiles.empty()) profiles = o.db.empty() ? "own" : "stored";
  if (!parse_profiles(profiles, lo.adjudication)) return kExitUsage;
  if (lo.adjudication.stored && o.db.empty()) return usage_error("stats", "--profiles stored needs --db");
  lo.opening_plies = ro.opening_depth;
  // Opening names: an archive's are its own (gibo import --opening-book); files are named
  // with the built-in book and the rows given.
  if (!o.db.empty() && !opening_books.empty())
    return usage_error("stats", i18n::translate("--opening-book is for files: an archive's games are named with its own "
                                                "book (gibo import --db ARCHIVE --opening-book FILE changes it)"));
  int book_status = kExitOk;
  std::string rows;
  if (!opening_book_or_error("stats", opening_books, book_status, &rows)) return book_status;
  if (!rows.empty()) lo.opening_rows = rows;
  const auto input_enc = input_encoding_option("--encoding", encoding);
  if (!input_enc) return usage_error("stats", input_enc.error().message);
  lo.encoding = *input_enc;
  lo.jobs = jobs;
  return std::nullopt;
}

// Loads the game files `files` (`missing` could not be found, `not_game` are no game
// files: listed on standard error, not read, the status unchanged) into `data`; kExitIo
// in `status` when an input cannot be read.
std::optional<stats::LoadError> load_game_files(const StatsOptions& o, const std::vector<InputFile>& files,
                                                const std::vector<InputError>& missing,
                                                const std::vector<NotGameFile>& not_game, stats::Dataset& data,
                                                int& status) {
  for (std::size_t i = 0; i < o.paths.size() && i < 3; ++i) data.origin += (i ? ", " : "") + o.paths[i];
  if (o.paths.size() > 3) data.origin += " and " + std::to_string(o.paths.size() - 3) + " more";
  for (const InputError& m : missing) {
    std::cerr << m.text() << "\n";
    stats::SourceFacts f;
    f.path = m.path;
    f.readable = false;
    f.io_error = m.reason;
    data.sources.push_back(std::move(f));
    status = kExitIo;
  }
  for (const NotGameFile& f : not_game) std::cerr << Reporter(ReportFormat::Text).not_game_file(f.path);  // as validate lists them
  if (!not_game.empty())
    std::cerr << "gibo stats: "
              << i18n::format(not_game.size() == 1 ? "1 file is not a game file; the report covers {2} game files"
                                                   : "{1} files are not a game file; the report covers {2} game files",
                              {std::to_string(not_game.size()), std::to_string(files.size())})
              << "\n";
  std::vector<std::string> file_paths;
  for (const InputFile& f : files) file_paths.push_back(f.path);
  const std::size_t first = data.sources.size();
  std::optional<stats::LoadError> error = stats::load_files(file_paths, o.where, o.load, data);
  for (std::size_t i = first; !error && i < data.sources.size(); ++i)
    if (!data.sources[i].readable) {
      std::cerr << InputError{data.sources[i].path, data.sources[i].io_error}.text() << "\n";
      status = kExitIo;
    }
  return error;
}

}  // namespace

int run_stats(const std::vector<std::string>& args) {
  StatsOptions o;
  if (auto rc = parse_stats(args, o)) return *rc;
  // The report never replaces what it reports on (outputs.h).
  std::vector<InputError> missing;
  std::vector<NotGameFile> not_game;  // listed on standard error, not read (a note: the status is unchanged)
  const std::vector<InputFile> files =
      o.db.empty() ? expand_inputs(o.paths, missing, not_game) : std::vector<InputFile>{};
  ProtectedFiles protect;
  if (!o.db.empty()) protect.add_archive(o.db);
  for (const InputFile& f : files) protect.add_input(f.path);
  if (!o.output.empty() && o.output != "-")
    if (auto why = protect.conflict(o.output)) return usage_error("stats", why->message);

  stats::Dataset data;
  int status = kExitOk;
  std::optional<stats::LoadError> error;
  if (!o.db.empty()) {
    const auto archive = open_archive("stats", o.db);
    if (!archive) return kExitIo;
    data.origin = archive::archive_name(o.db);
    error = stats::load_archive(*archive, o.where, o.load, data);
  } else {
    error = load_game_files(o, files, missing, not_game, data, status);
  }
  if (error) {
    std::cerr << "gibo stats: " << (o.db.empty() ? "" : archive::archive_name(o.db) + ": ") << i18n::message(error->message) << "\n";
    return error->usage ? kExitUsage : kExitIo;
  }

  const stats::Report report = stats::aggregate(data, o.report);
  std::string text = o.format == "text"   ? stats::render_text(report)
                     : o.format == "csv"  ? stats::render_csv(report)
                     : o.format == "json" ? stats::render_json(report)
                                          : stats::render_html(report);
  if (const int written = write_text_output("stats", o.output, text); written != kExitOk) return written;
  // Findings (README "Exit status"): a rejected game among those reported, or an input
  // file that holds no game (an error about the file: empty-file, no-games, …).
  bool file_error = false;
  if (o.db.empty())
    for (const stats::SourceFacts& f : data.sources)
      for (const stats::DiagnosticFact& d : f.diagnostics) file_error |= f.readable && d.severity == Severity::Error;
  if (status == kExitOk && (report.overview.rejected > 0 || file_error)) status = kExitFindings;
  return status;
}

}  // namespace gibo::cli
