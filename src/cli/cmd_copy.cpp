// gibo copy: an archive copied whole into another, between SQLite and PostgreSQL or within
// one (gibo/archive/copy.h): the tables' rows as they are, resumable.
#include <cstdio>
#include <iostream>

#include "archive_input.h"
#include "command.h"
#include "gibo/archive/archive.h"
#include "gibo/archive/copy.h"
#include "gibo/report/i18n.h"
#include "options.h"
#include "outputs.h"

namespace gibo::cli {

int run_copy(const std::vector<std::string>& args) {
  const std::string synopsis = "gibo copy [OPTIONS] FROM TO";
  po::options_description opts("options");
  std::vector<std::string> archives;
  po::variables_map vm;
  if (const auto rc = parse_command_line_with_list("copy", synopsis, args, opts, "archives", "FROM TO",
                                                   "the archive to copy, then the archive to copy it into", archives,
                                                   vm))
    return *rc;
  if (archives.size() != 2) return usage_error("copy", "give FROM and TO, two archives", synopsis);
  const std::string& from = archives[0];
  const std::string& to = archives[1];
  if (const auto refused = refuse_unreadable_archive(from)) return *refused;
  // Copying an archive onto itself would write over what it reads: a usage error, as
  // every command's output onto its input is.
  ProtectedFiles protect;
  protect.add_archive(from);
  if (const auto clash = protect.conflict(to)) return usage_error("copy", clash->message, synopsis);
  if (archive::is_server_archive(from) && archive::archive_name(from) == archive::archive_name(to))
    return usage_error("copy", "FROM and TO name the same archive " + archive::archive_name(from), synopsis);
  archive::CopySummary summary;
  const auto failed = archive::copy_archive(from, to, summary, [](const std::string& table, std::int64_t rows) {
    std::cout << "  " << table << std::string(table.size() < 20 ? 20 - table.size() : 1, ' ')
              << i18n::grouped(std::to_string(rows)) << "\n";
  });
  if (failed) {
    std::cerr << "gibo copy: " << i18n::message(failed->message) << "\n";
    return kExitIo;
  }
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f", summary.seconds);
  const std::string a = archive::archive_name(from), b = archive::archive_name(to),
                    rows = i18n::grouped(std::to_string(summary.rows));
  if (summary.resumed)
    std::cout << i18n::format("{1} -> {2}: {3} rows copied, the copy taken up where it stopped ({4} s)",
                              {a, b, rows, seconds})
              << "\n";
  else
    std::cout << i18n::format("{1} -> {2}: {3} rows copied ({4} s)", {a, b, rows, seconds}) << "\n";
  return kExitOk;
}

}  // namespace gibo::cli
