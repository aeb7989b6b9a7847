// Runs the built `gibo` program (GIBO_BINARY) as a user would: through the shell, with
// stdout and stderr captured in temporary files and stdin from a file or /dev/null; and
// temporary directories. With it come tests/test_data.h's paths and file helpers: a test
// file says `using namespace gibo::testing;`.
#pragma once

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <iostream>
#include <sstream>
#include <sstream>
#include <string>
#include <vector>

#include "../required_tool.h"
#include "../test_data.h"

namespace gibo::testing {

struct Result {
  int status = -1;  // exit status, or -1 if the program did not exit normally
  std::string out, err;
  std::vector<std::string> out_lines() const {
    std::vector<std::string> lines;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
  }
};

// Is `page` a whole HTML document that loads nothing from elsewhere (no script, no src=,
// no href or url() to the web, no @import)? gibo's pages work offline.
inline ::testing::AssertionResult is_offline_page(const std::string& page) {
  if (page.rfind("<!DOCTYPE html>", 0) != 0) return ::testing::AssertionFailure() << "no <!DOCTYPE html> first";
  for (const char* loads : {"<script", "src=", "href=\"http", "url(http", "@import"})
    if (page.find(loads) != std::string::npos) return ::testing::AssertionFailure() << "the page holds " << loads;
  return ::testing::AssertionSuccess();
}

// Each of `words` is in `text`, and none of `absent` (the English labels a Korean page
// must not keep, say); failures name `where` and the word.
inline void expect_words(const std::string& text, std::initializer_list<const char*> words,
                         std::initializer_list<const char*> absent, const std::string& where) {
  SCOPED_TRACE(where);
  for (const char* w : words) EXPECT_NE(text.find(w), std::string::npos) << w;
  for (const char* a : absent) EXPECT_EQ(text.find(a), std::string::npos) << a;
}

// Single-quotes one argument for /bin/sh.
inline std::string shell_quote(const std::string& arg) {
  std::string q(1, '\'');
  for (char c : arg) {
    if (c == '\'') q.append("'\\''");
    else q.push_back(c);
  }
  q.push_back('\'');
  return q;
}

// A fresh temporary directory, removed when the object goes away.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("gibo-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Runs gibo with `args` in the working directory `cwd` (the test's own when empty);
// stdin from `stdin_file` (or /dev/null when empty); standard output to `stdout_path`
// when given (e.g. /dev/full; Result::out is then empty); `shell_prefix` runs first in
// the same shell (e.g. "trap '' XFSZ; ulimit -f 1;").
inline Result run_gibo_in(const std::filesystem::path& cwd, const std::vector<std::string>& args,
                          const std::string& stdin_file = "", const std::string& stdout_path = "",
                          const std::string& shell_prefix = "") {
  TempDir dir;
  std::string cmd = shell_prefix;
  if (!cwd.empty()) {
    cmd += " cd ";
    cmd += shell_quote(cwd.string());
    cmd += " &&";
  }
  cmd += " exec ";
  cmd += shell_quote(GIBO_BINARY);
  for (const std::string& a : args) {
    cmd += ' ';
    cmd += shell_quote(a);
  }
  cmd += " >";
  cmd += shell_quote(stdout_path.empty() ? (dir.path() / "out").string() : stdout_path);
  cmd += " 2>";
  cmd += shell_quote((dir.path() / "err").string());
  cmd += " <";
  cmd += stdin_file.empty() ? std::string("/dev/null") : shell_quote(stdin_file);
  const int raw = std::system(cmd.c_str());
  Result r;
  if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  r.out = slurp(dir.path() / "out");
  r.err = slurp(dir.path() / "err");
  return r;
}

// Runs gibo with `args` in the test's working directory; the rest as run_gibo_in.
inline Result run_gibo(const std::vector<std::string>& args, const std::string& stdin_file = "",
                       const std::string& stdout_path = "", const std::string& shell_prefix = "") {
  return run_gibo_in({}, args, stdin_file, stdout_path, shell_prefix);
}

// tests/data/corpus_sample: 66 more real games; with kCorpus's 84, the 150 real games.
inline const std::string kCorpusSample = kData + "/corpus_sample";

// The archive `name` in `dir`, imported from `paths`; "" (after a test failure) when the
// import fails.
inline std::string imported_archive(const TempDir& dir, const std::vector<std::string>& paths,
                                    const std::string& name = "a.db") {
  const std::string db = (dir.path() / name).string();
  std::vector<std::string> args = {"import", "--db", db};
  args.insert(args.end(), paths.begin(), paths.end());
  const Result r = run_gibo(args);
  EXPECT_EQ(r.status, 0) << r.err;
  return r.status == 0 ? db : "";
}

// Starts gibo with `args` as a child process, its standard output and error sent to
// /dev/null, and returns its pid (the caller waits for it).
inline pid_t spawn_gibo(const std::vector<std::string>& args) {
  std::cout << std::flush;  // the child must not inherit unflushed output
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::string binary = GIBO_BINARY;
    std::vector<std::string> copy = args;
    std::vector<char*> argv = {binary.data()};
    for (std::string& a : copy) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, STDOUT_FILENO);
    ::dup2(null, STDERR_FILENO);
    ::execv(binary.c_str(), argv.data());
    std::_Exit(127);
  }
  return pid;
}

// What a terminal shows of a typescript (util-linux `script`) of a run whose progress line
// is redrawn with "\r\033[K": each line as it stands after its last carriage return, from
// the script's second line up to the run's last "summary: " line.
inline std::vector<std::string> terminal_lines(const std::string& raw) {
  std::vector<std::string> shown;
  std::istringstream in(raw);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (const auto cr = line.rfind('\r'); cr != std::string::npos) line.erase(0, cr + 1);
    if (line.rfind("\033[K", 0) == 0) line.erase(0, 3);
    shown.push_back(line);
  }
  while (!shown.empty() && shown.back().rfind("summary: ", 0) != 0) shown.pop_back();  // script's last lines
  if (!shown.empty()) shown.erase(shown.begin());  // script's first line
  return shown;
}


// The 150 real games (kCorpus and kCorpusSample) imported into the archive `db` in `dir`
// before each test, for the tests that run the engine over them (skipped as
// GIBO_REQUIRE_FAIRY_STOCKFISH skips).
class RealGamesArchive : public ::testing::Test {
 protected:
  void SetUp() override {
    GIBO_REQUIRE_FAIRY_STOCKFISH();
    db = imported_archive(dir, {kCorpus, kCorpusSample});
    ASSERT_FALSE(db.empty());
  }
  TempDir dir;
  std::string db;
};

}  // namespace gibo::testing
