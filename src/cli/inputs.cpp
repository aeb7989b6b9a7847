#include "inputs.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "command.h"
#include "gibo/formats/detect.h"
#include "gibo/record/replay.h"

namespace gibo::cli {
namespace fs = std::filesystem;

namespace {

bool game_file_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".gib" || ext == ".pgn" || ext == ".json" || ext == ".jsonl" || ext == ".fen" ||
         ext == ".uci";
}

}  // namespace

std::vector<InputFile> expand_inputs(const std::vector<std::string>& paths, std::vector<std::string>& errors) {
  std::vector<InputFile> out;
  for (const std::string& p : paths) {
    if (p == "-") {
      out.push_back({p});
      continue;
    }
    std::error_code ec;
    const fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      errors.push_back(p + ": no such file or directory");
      continue;
    }
    if (fs::is_directory(st)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && game_file_extension(it->path())) found.push_back(it->path().string());
      }
      if (ec) errors.push_back(p + ": " + ec.message());
      std::sort(found.begin(), found.end());
      for (auto& f : found) out.push_back({std::move(f)});
    } else {
      out.push_back({p});
    }
  }
  return out;
}

std::optional<std::string> read_input(const std::string& path, std::string& error) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = path + ": cannot open: " + std::strerror(errno);
    return std::nullopt;
  }
  std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    error = path + ": read error";
    return std::nullopt;
  }
  return data;
}

bool read_input_games(const std::string& path, ReadOptions options, ReadInfo& info, std::string& error,
                      const std::function<void(Game&&)>& on_game) {
  const std::optional<std::string> bytes = read_input(path, error);
  if (!bytes) return false;
  options.file_name = path;
  read_games(*bytes, options, info, on_game);
  return true;
}

std::optional<text::Encoding> input_encoding(const std::string& name) {
  if (name == "auto") return text::Encoding::Auto;
  if (name == "utf-8" || name == "utf8") return text::Encoding::Utf8;
  if (name == "cp949" || name == "euc-kr") return text::Encoding::Cp949;
  return std::nullopt;
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) != 0; }

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
  std::string error;
  ReadOptions ro;
  ro.profile = &fallback;
  ReadInfo info;
  std::vector<Game> games;
  if (!read_input_games(target.file, ro, info, error, [&](Game&& g) { games.push_back(std::move(g)); })) {
    std::cerr << "gibo " << command << ": " << error << "\n";
    status = kExitIo;
    return std::nullopt;
  }
  for (const Diagnostic& diag : info.diagnostics)
    if (diag.severity == Severity::Error) std::cerr << format_diagnostic(diag) << "\n";
  if (target.game < 1 || target.game > static_cast<int>(games.size())) {
    std::cerr << "gibo " << command << ": " << target.file << " has " << games.size() << " games; no game "
              << target.game << "\n";
    status = kExitUsage;
    return std::nullopt;
  }
  Game& g = games[static_cast<std::size_t>(target.game - 1)];
  replay_under_profile(g, fallback);
  rules = game_legality_rules(g, fallback);
  return std::move(g);
}

}  // namespace gibo::cli
