// The options several commands share, declared once with one description each (common_options.h).
#include "common_options.h"

#include <algorithm>
#include <iostream>
#include <thread>

#include "gibo/formats/file_bytes.h"
#include "gibo/formats/openings.h"
#include "command.h"
#include "gibo/report/i18n.h"
#include "reporter.h"

namespace gibo::cli {

const char* const kInputEncodingHelp = "auto (UTF-8 if valid, else CP949), utf-8 or cp949";

namespace {

// "a", "a or b", "a, b or c".
std::string listed(const std::vector<std::string>& words) {
  std::string text;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) text += i + 1 == words.size() ? " or " : ", ";
    text += words[i];
  }
  return text;
}

// The names of `formats` ("jsonl (a line per ply)" -> "jsonl").
std::vector<std::string> format_names(const std::vector<std::string>& formats) {
  std::vector<std::string> names;
  for (const std::string& f : formats) names.push_back(f.substr(0, f.find(' ')));
  return names;
}

}  // namespace

void add_shared_options(po::options_description& opts, const SharedOptions& shared) {
  auto add = opts.add_options();
  if (shared.db)
    add("db", po::value(shared.db),
        (std::string("the archive (a SQLite file or a PostgreSQL database, postgresql://...") +
         (shared.creates_db ? "; created when missing" : ", written by gibo import") +
         shared.db_note + ")")
            .c_str());
  if (shared.where)
    add("where", po::value(shared.where),
        "select games: an SQL expression over each game's facts (the fields: gibo stats --help)");
  if (shared.rules)
    add("rules", po::value(shared.rules),
        (shared.rules_help ? std::string(shared.rules_help)
                           : "profile for records that name none (default " + default_profile().id + shared.rules_note +
                                 ")")
            .c_str());
  if (shared.format) add("format", po::value(shared.format), listed(shared.formats).c_str());
  if (shared.jobs) {
    if (shared.jobs_cores) *shared.jobs = static_cast<int>(std::max(1u, std::min(8u, std::thread::hardware_concurrency())));
    add("jobs,j", po::value(shared.jobs),
        (shared.jobs_cores ? std::string("worker threads (default: the cores, at most 8)")
                           : "worker threads (default " + std::to_string(*shared.jobs) + ")")
            .c_str());
  }
  if (shared.encoding) add("encoding", po::value(shared.encoding), kInputEncodingHelp);
  if (shared.strict) add("strict", po::bool_switch(shared.strict), "a capture or check the record does not mark is an error");
  if (shared.output) add("output,o", po::value(shared.output), "write to FILE (default: standard output)");
  if (shared.opening_books)
    add("opening-book", po::value(shared.opening_books)->composing()->value_name("FILE"),
        "opening names of your own: rows of an opening book (formats/openings/README.md) added to the built-in one; "
        "repeatable");
  if (shared.min_games)
    add("min-games", po::value(shared.min_games),
        ("games in the rated group a player needs to be ranked (default " + std::to_string(*shared.min_games) +
         "); with a prior the games must also weigh at least as much as the prior")
            .c_str());
  if (shared.rating_prior)
    add("rating-prior", po::value(shared.rating_prior),
        ("a normal prior on the ratings, its standard deviation in Elo (default " +
         std::to_string(static_cast<int>(*shared.rating_prior)) +
         "): every player with a decided game is rated, the few-games ones drawn towards the mean; 0: none, maximum "
         "likelihood over the players held from both sides by wins")
            .c_str());
}

// The problems of a book said one by one; the rest are counted (a refused book of a
// million rows says so in a screenful).
constexpr std::size_t kBookProblemsShown = 20;

std::optional<OpeningBook> opening_book_or_error(const std::string& command, const std::vector<std::string>& files,
                                                 int& status, std::string* rows) {
  OpeningBook book = builtin_opening_book();
  for (const std::string& path : files) {
    auto bytes = read_file_bytes(path, -1, FileKind::Table);
    if (!bytes) {
      std::cerr << "gibo " << command << ": --opening-book " << path << ": " << i18n::message(bytes.error().message)
                << "\n";
      status = kExitIo;
      return std::nullopt;
    }
    bool bad = false;
    const std::vector<Diagnostic> problems = read_opening_book(bytes->view(), path, book);
    for (std::size_t i = 0; i < problems.size(); ++i) {
      if (i < kBookProblemsShown) std::cerr << Reporter::diagnostic_line(problems[i]);
      bad = bad || problems[i].severity == Severity::Error;
    }
    if (problems.size() > kBookProblemsShown)
      std::cerr << "gibo " << command << ": "
                << i18n::format("--opening-book {1}: {2} more problems not shown",
                                {path, std::to_string(problems.size() - kBookProblemsShown)})
                << "\n";
    if (bad) {
      std::cerr << "gibo " << command << ": " << i18n::format("--opening-book {1}: bad rows; nothing was done", {path})
                << "\n";
      status = kExitUsage;
      return std::nullopt;
    }
    if (rows) {
      std::string_view text = bytes->view();
      if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
      rows->append(text);
      if (!text.empty() && text.back() != '\n') *rows += '\n';
    }
  }
  return book;
}

std::optional<std::string> SharedOptions::format_error() const {
  const std::vector<std::string> names = format_names(formats);
  if (!format || std::find(names.begin(), names.end(), *format) != names.end()) return std::nullopt;
  return "--format must be " + listed(names);
}

std::optional<std::string> SharedOptions::rating_error() const {
  if (min_games && *min_games < 1) return "--min-games must be at least 1";
  if (rating_prior && !(*rating_prior >= 0 && *rating_prior <= 10000)) return "--rating-prior must be 0 (none) up to 10000 Elo";
  return std::nullopt;
}

}  // namespace gibo::cli
