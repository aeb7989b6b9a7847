// What gibo import says of a run (gibo/report/import_text.h): the progress bar and the summary.
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <utility>

#include "gibo/archive/archive.h"
#include "gibo/formats/json_writer.h"
#include "gibo/report/i18n.h"
#include "gibo/report/import_text.h"
#include "gibo/report/run_words.h"

namespace gibo::import_text {
namespace {

// The one game reference: FILE:GAME (GAME from 1).
std::string origin(const std::string& path, int index) { return path + ":" + std::to_string(index + 1); }

// The summary in JSON Lines: a line per prefix, then the summary object.
std::string summary_json(const archive::ImportSummary& s, const SkippedInputs& skipped, const std::string& db,
                         double rate) {
  std::string out;
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
    out += line + "\n";
  }
  std::string line;
  json::Writer w(line);
  w.begin_object().field("type", "summary").field("db", archive::archive_name(db));
  for (const auto& [key, n] : std::initializer_list<std::pair<const char*, long>>{
           {"files", s.files + skipped.unreadable}, {"imported", s.imported}, {"resumed", s.resumed},
           {"skipped", s.skipped}, {"unreadable", s.unreadable + skipped.unreadable},
           {"not_game_files", skipped.not_game_files}, {"games", s.games}, {"plies", s.plies}, {"added", s.added},
           {"duplicates", s.duplicates}, {"twins", s.twins}, {"conflicts", s.conflicts}, {"restored", s.restored},
           {"replaced", s.replaced}, {"invalid", s.invalid}, {"rejected", s.rejected}, {"lost", s.lost},
           {"prefixes", static_cast<long>(s.prefixes.size())}})
    w.field(key, static_cast<std::int64_t>(n));
  w.field("games_in_archive", s.games_in_archive)
      .field("openings_renamed", s.openings_renamed)
      .field("seconds", s.seconds)
      .field("games_per_second", rate);
  run_words::counts(w, "invalid_by_code", s.invalid_by_code);
  run_words::counts(w, "file_errors_by_code", s.file_errors_by_code);
  w.end_object();
  return out + line + "\n";
}

// The prefixes in text: a line saying how many, then the first kListed.
std::string prefix_lines(const archive::ImportSummary& s) {
  constexpr std::size_t kListed = 20;
  if (s.prefixes.empty()) return "";
  std::string out = (s.prefixes.size() == 1 ? i18n::translate("prefixes: 1 new game is a prefix of another")
                                            : i18n::format("prefixes: {1} new games are a prefix of another",
                                                           {i18n::number(static_cast<long long>(s.prefixes.size()))})) +
                    "\n";
  for (std::size_t i = 0; i < s.prefixes.size() && i < kListed; ++i) {
    const archive::PrefixReport& p = s.prefixes[i];
    out += "  " +
           i18n::format("{1} ({2} plies, archive id {3}) is a prefix of {4} ({5} plies, archive id {6})",
                        {origin(p.path, p.game_index), std::to_string(p.plies), std::to_string(p.game_id),
                         origin(p.longer_path, p.longer_game_index), std::to_string(p.longer_plies),
                         std::to_string(p.longer_game_id)}) +
           "\n";
  }
  if (s.prefixes.size() > kListed)
    out += "  " + i18n::format("... and {1} more", {i18n::number(static_cast<long long>(s.prefixes.size() - kListed))}) +
           "\n";
  return out;
}

}  // namespace

std::string progress_bar(const archive::ImportProgress& p) {
  constexpr int kWidth = 24;
  const int filled = p.files_total ? static_cast<int>(kWidth * p.files_done / p.files_total) : kWidth;
  std::string bar(static_cast<std::size_t>(filled), '=');
  bar.resize(kWidth, ' ');
  const long rate = p.seconds > 0 ? static_cast<long>(static_cast<double>(p.games) / p.seconds) : 0;
  using i18n::number;
  return "[" + bar + "] " +
         i18n::format("{1}/{2} files  {3} games  {4} games/s  {5} errors",
                      {std::to_string(p.files_done), std::to_string(p.files_total), number(p.games), number(rate),
                       number(p.invalid)}) +
         " ";
}

std::string summary(const archive::ImportSummary& s, const SkippedInputs& skipped, const std::string& db, bool jsonl) {
  const double rate = s.seconds > 0 ? static_cast<double>(s.games) / s.seconds : 0;
  if (jsonl) return summary_json(s, skipped, db, rate);
  using i18n::format;
  using i18n::number;
  std::string out = prefix_lines(s);
  out += format("summary: {1} files ({2} imported, {3} resumed, {4} skipped, {5} unreadable)",
                {number(s.files + skipped.unreadable), number(s.imported), number(s.resumed), number(s.skipped),
                 number(s.unreadable + skipped.unreadable)}) +
         run_words::input_counts_text(0, skipped.not_game_files) + ", ";
  if (s.restored) out += format("{1} imported before whose copies not kept then were stored", {number(s.restored)}) + ", ";
  out += format("{1} games read: {2} added, {3} copies", {number(s.games), number(s.added), number(s.duplicates)}) + ", ";
  if (s.twins) out += format("{1} twins (other games with the moves of one stored)", {number(s.twins)}) + ", ";
  if (s.conflicts) out += format("{1} copies that say otherwise", {number(s.conflicts)}) + ", ";
  if (s.replaced) out += format("{1} stored in place of a broken copy", {number(s.replaced)}) + ", ";
  out += format("{1} invalid", {number(s.invalid)});
  if (s.rejected) out += " (" + format("{1} rejected by --valid-only", {number(s.rejected)}) + ")";
  if (s.lost) out += "; " + format("{1} not stored (their batch was rolled back after the error)", {number(s.lost)});
  out += "\n";
  out += run_words::counts_line("invalid by code", s.invalid_by_code);
  out += run_words::counts_line("files without games by code", s.file_errors_by_code);
  if (s.openings_renamed)
    out += format("opening names: {1} games stored before named again with the archive's new opening book",
                  {number(s.openings_renamed)}) +
           "\n";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.2f", s.seconds);
  if (s.games_in_archive >= 0)  // (not when the archive could not say: the error tells why)
    out += format("archive: {1} holds {2} games ({3} s, {4} games/s)",
                  {archive::archive_name(db), number(s.games_in_archive), seconds, number(static_cast<long>(rate))}) +
           "\n";
  return out;
}

}  // namespace gibo::import_text
