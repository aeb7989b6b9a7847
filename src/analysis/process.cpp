// A child process with piped stdin/stdout, read line by line with a time limit (posix_spawn, poll).
#include "gibo/analysis/process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace gibo::analysis {
namespace {

bool executable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

}  // namespace

std::string find_executable(const std::string& name) {
  if (name.empty()) return "";
  if (name.find('/') != std::string::npos) return executable(name) ? name : "";
  const char* env = std::getenv("PATH");
  std::string path = env ? env : "/usr/local/bin:/usr/bin:/bin";
  path += ":/usr/games";
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = path.find(':', start);
    if (end == std::string::npos) end = path.size();
    const std::string dir = end > start ? path.substr(start, end - start) : ".";
    const std::string candidate = dir + "/" + name;
    if (executable(candidate)) return candidate;
    start = end + 1;
  }
  return "";
}

Expected<std::unique_ptr<Process>> Process::spawn(const std::vector<std::string>& argv) {
  if (argv.empty()) return Error{"no engine command given"};
  // A child that dies while we write must give EPIPE, not end gibo.
  static const bool ignored = [] { ::signal(SIGPIPE, SIG_IGN); return true; }();
  (void)ignored;
  const std::string program = find_executable(argv[0]);
  if (program.empty()) return Error{"'" + argv[0] + "' not found (not on PATH or not executable)"};
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) return Error{std::string("pipe: ") + std::strerror(errno)};
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]), ::close(in[1]);
    return Error{std::string("pipe: ") + std::strerror(errno)};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], 0);
  posix_spawn_file_actions_adddup2(&actions, out[1], 1);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, program.c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  ::close(in[0]);
  ::close(out[1]);
  if (rc != 0) {
    ::close(in[1]), ::close(out[0]);
    return Error{"cannot start '" + program + "': " + std::strerror(rc)};
  }
  std::unique_ptr<Process> p(new Process());
  p->pid_ = pid;
  p->to_child_ = in[1];
  p->from_child_ = out[0];
  return p;
}

Process::~Process() { kill(); }

bool Process::write_line(const std::string& line) {
  if (to_child_ < 0) return false;
  const std::string text = line + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(to_child_, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<std::size_t>(n);
  }
  return true;
}

Process::Read Process::read_line(std::string& line, int timeout_ms) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::milliseconds(timeout_ms < 0 ? 0 : timeout_ms);
  for (;;) {
    const std::size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      line.assign(buffer_, 0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::Line;
    }
    if (eof_ || from_child_ < 0) {
      if (!buffer_.empty()) {
        line.swap(buffer_);
        buffer_.clear();
        return Read::Line;
      }
      return Read::Eof;
    }
    int wait = -1;
    if (timeout_ms >= 0) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return Read::Timeout;
      wait = static_cast<int>(left);
    }
    pollfd fd{from_child_, POLLIN, 0};
    const int r = ::poll(&fd, 1, wait);
    if (r < 0) {
      if (errno == EINTR) continue;
      eof_ = true;
      continue;
    }
    if (r == 0) return Read::Timeout;
    char chunk[4096];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      eof_ = true;
      continue;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

void Process::kill() {
  if (to_child_ >= 0) ::close(to_child_), to_child_ = -1;
  if (from_child_ >= 0) ::close(from_child_), from_child_ = -1;
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
}

}  // namespace gibo::analysis
