#include "inputs.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

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
  // One read(2) into a buffer of the file's size (more reads if it grows meanwhile).
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = path + ": cannot open: " + std::strerror(errno);
    return std::nullopt;
  }
  struct stat st {};
  std::string data;
  if (::fstat(fd, &st) == 0 && st.st_size > 0) data.resize(static_cast<std::size_t>(st.st_size));
  std::size_t have = 0;
  for (;;) {
    if (have == data.size()) data.resize(std::max<std::size_t>(4096, data.size() * 2));
    const ssize_t n = ::read(fd, data.data() + have, data.size() - have);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = path + ": read error: " + std::strerror(errno);
      ::close(fd);
      return std::nullopt;
    }
    if (n == 0) break;
    have += static_cast<std::size_t>(n);
  }
  ::close(fd);
  data.resize(have);
  return data;
}

bool stderr_is_terminal() { return isatty(STDERR_FILENO) != 0; }

}  // namespace gibo::cli
