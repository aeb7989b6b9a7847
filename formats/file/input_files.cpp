// The game files that paths name: the directory search (gibo/formats/input_files.h).
#include "gibo/formats/input_files.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "gibo/formats/detect.h"
#include "gibo/formats/file_bytes.h"

namespace gibo {

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

}  // namespace gibo
