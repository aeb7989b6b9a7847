// The validation run (gibo/formats/validate_run.h): the same counts and the same text in
// the same order on one thread and on several (a big .gib file cut into parts), every file
// summed up once, an unreadable file an I/O error.
#include "gibo/formats/validate_run.h"
#include "gibo/formats/work_plan.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using namespace gibo;

struct Validation {
  ValidateCounts counts;
  std::string text;
  std::vector<std::string> ended;  // the files file_end saw, in emit order
};

Validation validate(const std::vector<InputFile>& files, int jobs) {
  ValidateOptions options;
  options.profile = &default_profile();
  options.jobs = jobs;
  Validation run;
  ValidateHooks hooks;
  hooks.game = [](const std::string& path, const Game& g, const Profile&, std::string& out) {
    out += path + ":" + std::to_string(g.source.game_index) + (g.has_errors() ? " rejected\n" : " valid\n");
  };
  hooks.file_end = [](const ValidatedFile& f, std::string& out) {
    out += "end " + f.path + " " + std::to_string(f.games.games) + (f.io_error ? " unreadable" : "") + "\n";
  };
  hooks.emit = [&](std::string&& out, const ValidateCounts&, std::size_t) { run.text += out; };
  run.counts = validate_files(files, options, hooks);
  return run;
}

TEST(ValidateRun, SameCountsAndOrderOnOneThreadAndOnSeveral) {
  std::vector<InputFile> files;
  for (const auto& e : std::filesystem::directory_iterator(GIBO_TEST_DATA "/corpus"))
    if (e.path().extension() == ".gib")
      files.push_back({e.path().string(), static_cast<std::int64_t>(e.file_size())});
  std::sort(files.begin(), files.end(), [](const InputFile& a, const InputFile& b) { return a.path < b.path; });
  ASSERT_GT(files.size(), 3u);
  // A .gib file big enough to be cut into parts on several threads (plan_work): the
  // corpus's files one after another, several times.
  const std::string big = (std::filesystem::temp_directory_path() / ("validate_run_" + std::to_string(::getpid()) + ".gib")).string();
  {
    std::ofstream out(big, std::ios::binary);
    for (int k = 0; k < 6; ++k)
      for (const InputFile& f : files) {
        std::ifstream in(f.path, std::ios::binary);
        out << std::string(std::istreambuf_iterator<char>(in), {}) << "\n";
      }
  }
  files.push_back({big, static_cast<std::int64_t>(std::filesystem::file_size(big))});
  ASSERT_GT(files.back().size, 2 * kPartBytes);
  files.push_back({GIBO_TEST_DATA "/corpus/no-such-file.gib", -1});
  const Validation one = validate(files, 1), four = validate(files, 4);
  EXPECT_EQ(one.counts.files, static_cast<long>(files.size()));
  EXPECT_EQ(one.counts.io_errors, 1);
  EXPECT_GT(one.counts.games, 0);
  long rejected_by_code = 0;
  for (const auto& [code, n] : one.counts.rejected_by_code) rejected_by_code += n;
  EXPECT_EQ(rejected_by_code, one.counts.rejected);
  EXPECT_TRUE(four.counts == one.counts);  // every count, the files' and unreadables' too
  EXPECT_EQ(four.text, one.text);
  EXPECT_NE(one.text.find("no-such-file.gib 0 unreadable\n"), std::string::npos);
  // Each file summed up once, after its games.
  for (const InputFile& f : files) {
    const std::string end = "end " + f.path + " ";
    const auto at = one.text.find(end);
    ASSERT_NE(at, std::string::npos) << f.path;
    EXPECT_EQ(one.text.find(end, at + 1), std::string::npos) << f.path;
  }
  std::filesystem::remove(big);
}

}  // namespace
