// Command inputs: PATHS expanded into files, files read whole, FILE:GAME@PLY references (inputs.h).
#include "inputs.h"

#include <dirent.h>
#include <malloc.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "command.h"
#include "gibo/report/i18n.h"
#include "reporter.h"
#include "gibo/formats/detect.h"
#include "gibo/formats/file_bytes.h"
#include "gibo/record/replay.h"

namespace gibo::cli {
namespace fs = std::filesystem;

namespace {

// Bytes a directory search reads of a file not named as a game file to tell what it holds.
constexpr std::size_t kSniffBytes = 64 * 1024;

// Is the file `name` in the open directory `dfd` (a regular file of `size` bytes) a game
// file by its content? Unreadable: taken, so that reading it reports why.
bool sniff_game_file(int dfd, const char* name, std::int64_t size) {
  const int fd = ::openat(dfd, name, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return true;
  std::string head(kSniffBytes, '\0');
  std::size_t have = 0;
  while (have < head.size()) {
    const ssize_t n = ::read(fd, head.data() + have, head.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      ::close(fd);
      return true;
    }
    if (n == 0) break;
    have += static_cast<std::size_t>(n);
  }
  ::close(fd);
  head.resize(have);
  return looks_like_game_file(head, static_cast<std::int64_t>(have) >= size && have < kSniffBytes);
}

// Adds the game files under directory `dir` to `found` and the other files to
// `not_game`, reporting what cannot be read. Entries are examined relative to the open
// directory (no path lookup from the root for each file); a link is followed to a file,
// never to a directory.
void walk(const std::string& dir, std::vector<InputFile>& found, std::vector<InputError>& errors,
          std::vector<NotGameFile>& not_game) {
  DIR* d = ::opendir(dir.c_str());
  if (!d) {
    errors.push_back({dir, "cannot list the directory: " + why_unusable(dir, errno)});
    return;
  }
  const int dfd = ::dirfd(d);
  const std::string prefix = !dir.empty() && dir.back() == '/' ? dir : dir + '/';
  std::vector<std::string> subdirs;
  for (;;) {
    errno = 0;
    const dirent* e = ::readdir(d);
    if (!e) break;
    const std::string_view name = e->d_name;
    if (name == "." || name == "..") continue;
    unsigned char type = e->d_type;
    if (type == DT_UNKNOWN) {  // a file system that does not say: ask
      struct stat l {};
      if (::fstatat(dfd, e->d_name, &l, AT_SYMLINK_NOFOLLOW) == 0)
        type = S_ISDIR(l.st_mode) ? DT_DIR : S_ISLNK(l.st_mode) ? DT_LNK : DT_REG;
    }
    if (type == DT_DIR) {
      subdirs.push_back(prefix + e->d_name);
      continue;
    }
    std::string path = prefix + e->d_name;
    struct stat st {};
    if (::fstatat(dfd, e->d_name, &st, 0) != 0) {
      errors.push_back({path, why_unusable(path, errno)});
      continue;
    }
    if (S_ISDIR(st.st_mode)) continue;  // a link to a directory: not followed
    if (!S_ISREG(st.st_mode)) {
      errors.push_back({std::move(path), "not a regular file (a pipe, socket or device); not read"});
      continue;
    }
    const auto size = static_cast<std::int64_t>(st.st_size);
    if (format_of_name(name) == Format::Unknown && !sniff_game_file(dfd, e->d_name, size)) {
      not_game.push_back({std::move(path)});
      continue;
    }
    found.push_back({std::move(path), size});
  }
  if (errno) errors.push_back({dir, "cannot list the directory: " + why_unusable(dir, errno)});
  ::closedir(d);
  for (const std::string& sub : subdirs) walk(sub, found, errors, not_game);
}

}  // namespace

std::string NotGameFile::text() const {
  return path + ": note[not-a-game-file]: not a game file (no format gibo reads); not read";
}

void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
  mallopt(M_TOP_PAD, 64 << 20);
#endif
}

bool looks_like_game_file(std::string_view bytes, bool whole) {
  if (detect_format(bytes) != Format::Unknown) return true;
  if (whole) return false;
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  const std::size_t p = bytes.find_first_not_of(" \t\r\n");
  return p != std::string_view::npos && (bytes[p] == '{' || bytes[p] == '[');
}

std::vector<InputFile> expand_inputs(const std::vector<std::string>& paths, std::vector<InputError>& errors,
                                     std::vector<NotGameFile>& not_game_files) {
  std::vector<InputFile> out;
  for (const std::string& p : paths) {
    if (p == "-") {
      out.push_back({p});
      continue;
    }
    struct stat st {};
    if (::stat(p.c_str(), &st) != 0) {
      errors.push_back({p, why_unusable(p, errno)});
      continue;
    }
    if (S_ISDIR(st.st_mode)) {
      std::vector<InputFile> found;
      std::vector<NotGameFile> others;
      walk(p, found, errors, others);
      std::sort(found.begin(), found.end(), [](const InputFile& a, const InputFile& b) { return a.path < b.path; });
      std::sort(others.begin(), others.end(), [](const NotGameFile& a, const NotGameFile& b) { return a.path < b.path; });
      for (auto& f : others) not_game_files.push_back(std::move(f));
      for (auto& f : found) out.push_back(std::move(f));
    } else {
      // a file, or a pipe given on purpose (`<(...)`)
      out.push_back({p, S_ISREG(st.st_mode) ? static_cast<std::int64_t>(st.st_size) : -1});
    }
  }
  return out;
}

std::optional<Error> read_input_games(const std::string& path, ReadOptions options, ReadInfo& info,
                                      const std::function<void(Game&&)>& on_game) {
  const Expected<FileBytes> bytes = read_file_bytes(path);
  if (!bytes) return bytes.error();
  options.file_name = path;
  read_games(bytes->view(), options, info, on_game);
  return std::nullopt;
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
    read_input_games(f.path, ro, info, [&](Game&&) { ++total; });
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
  if (auto error = read_input_games(target.file, ro, info, [&](Game&& g) { games.push_back(std::move(g)); })) {
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
