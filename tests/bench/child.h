// Runs a program as a child process for the benchmarks, with its wall-clock time, CPU
// time (user + system) and peak memory.
#pragma once

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

namespace gibo::bench {

struct ChildRun {
  double wall = 0, cpu = 0;  // seconds
  long max_rss_kb = 0;
  int status = -1;  // exit status, or -1 if it did not exit normally (or did not start)
};

// Runs argv (argv[0] a path) with stdin from `in`, stdout to `out`, stderr to /dev/null.
// The child's peak memory includes this process's own peak at the time of the spawn
// (Linux carries it over exec), so a caller that measures memory stays small.
inline ChildRun run_child(std::vector<std::string> argv, const std::string& in = "/dev/null",
                          const std::string& out = "/dev/null") {
  ChildRun r;
  std::vector<char*> args;
  for (std::string& a : argv) args.push_back(a.data());
  args.push_back(nullptr);
  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, STDIN_FILENO, in.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, STDOUT_FILENO, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&files, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, args[0], &files, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&files);
  if (spawned != 0) return r;
  int status = 0;
  struct rusage usage {};
  ::wait4(pid, &status, 0, &usage);
  r.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.cpu = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
          static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  r.max_rss_kb = usage.ru_maxrss;
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// The value of `"key":N` in the last line of `text` holding `"type":"summary"` (the
// summary a gibo command prints with --format jsonl), or -1.
inline double summary_number(const std::string& text, const std::string& key) {
  const std::size_t line = text.rfind("\"type\":\"summary\"");
  if (line == std::string::npos) return -1;
  const std::size_t at = text.find("\"" + key + "\":", line);
  return at == std::string::npos ? -1 : std::atof(text.c_str() + at + key.size() + 3);
}

}  // namespace gibo::bench
