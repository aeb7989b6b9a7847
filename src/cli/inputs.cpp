// Command inputs: PATHS expanded into files, files read whole, FILE:GAME@PLY references (inputs.h).
#include "inputs.h"

#include <malloc.h>
#include <unistd.h>

#include <charconv>
#include <iostream>

#include "command.h"
#include "gibo/report/i18n.h"
#include "reporter.h"
#include "gibo/formats/detect.h"
#include "gibo/record/replay.h"

namespace gibo::cli {

void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
#endif
}

std::optional<text::Encoding> input_encoding(const std::string& name) {
  if (name == "auto") return text::Encoding::Auto;
  if (name == "utf-8" || name == "utf8") return text::Encoding::Utf8;
  if (name == "cp949" || name == "euc-kr") return text::Encoding::Cp949;
  return std::nullopt;
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) != 0; }

std::optional<long> count_input_games(const std::vector<InputFile>& files, const Profile& fallback) {
  long total = 0;
  for (const InputFile& f : files) {
    if (f.path == "-") return std::nullopt;
    ReadOptions ro;
    ro.profile = &fallback;
    ReadInfo info;
    read_file_games(f.path, ro, info, [&](Game&&) { ++total; });
  }
  return total;
}

namespace {

bool parse_number(std::string_view s, int& out) {
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && p == s.data() + s.size();
}

}  // namespace

RecordTarget parse_record_target(const std::string& spec) {
  RecordTarget t;
  std::string rest = spec;
  if (const auto at = rest.rfind('@'); at != std::string::npos) {
    int ply = 0;
    if (parse_number(std::string_view(rest).substr(at + 1), ply)) t.ply = ply, rest.resize(at);
  }
  if (const auto colon = rest.rfind(':'); colon != std::string::npos) {
    int game = 0;
    if (parse_number(std::string_view(rest).substr(colon + 1), game)) t.game = game, rest.resize(colon);
  }
  t.file = rest;
  return t;
}

std::optional<Game> read_record_game(const std::string& command, const RecordTarget& target, const Profile& fallback,
                                     LegalityRules& rules, int& status) {
  ReadOptions ro;
  ro.profile = &fallback;
  ReadInfo info;
  std::vector<Game> games;
  if (auto error = read_file_games(target.file, ro, info, [&](Game&& g) { games.push_back(std::move(g)); })) {
    std::cerr << InputError{target.file, error->message}.text() << "\n";
    status = kExitIo;
    return std::nullopt;
  }
  for (const Diagnostic& diag : info.diagnostics)
    if (diag.severity == Severity::Error) std::cerr << Reporter::diagnostic_line(diag);
  if (games.empty()) {  // an empty or unreadable record is a finding, like validate's
    std::cerr << "gibo " << command << ": " << i18n::format("{1} holds no game", {target.file}) << "\n";
    status = kExitFindings;
    return std::nullopt;
  }
  if (target.game < 1 || target.game > static_cast<int>(games.size())) {
    std::cerr << "gibo " << command << ": "
              << i18n::format("{1} has {2} games; no game {3}",
                              {target.file, std::to_string(games.size()), std::to_string(target.game)})
              << "\n";
    status = kExitUsage;
    return std::nullopt;
  }
  Game& g = games[static_cast<std::size_t>(target.game - 1)];
  replay_under_profile(g, fallback);
  rules = game_legality_rules(g, fallback);
  return std::move(g);
}

}  // namespace gibo::cli
